import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SettingsSource } from '../../src/core/types.js';
import { compileHooks, createHookDispatcher, type HookDispatcherOptions, type HookGroupInput } from '../../src/hooks/index.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/hooks/', import.meta.url));
export const fixture = (name: string) => `${FIXTURES}${name}`;
export const projectSource: SettingsSource = { kind: 'projectSettings', file: '/p/.claude/settings.json' };

/** A dispatcher over settings-style hooks, with test defaults (cwd = fixtures folder). */
export function dispatcherFor(
  hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>,
  options: Partial<HookDispatcherOptions> = {},
) {
  const groups: HookGroupInput[] = Object.entries(hooks).flatMap(([event, list]) =>
    list.map((g) => ({ event, ...(g.matcher !== undefined ? { matcher: g.matcher } : {}), hooks: g.hooks, source: projectSource })),
  );
  const { registry, diagnostics } = compileHooks(groups);
  const dispatcher = createHookDispatcher({
    registry,
    projectDir: FIXTURES,
    cwd: FIXTURES,
    sessionId: 'sess-1',
    permissionMode: 'default',
    ...options,
  });
  return { dispatcher, diagnostics, registry };
}

export const bash = (command: string, id = 'toolu_1') => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: id });

/** Is `pid` running (a zombie waiting to be reaped counts as dead)? */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export async function waitFor(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
