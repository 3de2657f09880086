/**
 * The conformance cases that carry settings and one call, read as policies to decide with: every
 * case of test/cases/shared and every fourth of test/cases/everyday (they repeat a few policies).
 * Tests that compare a shortcut of the evaluator with `evaluate` itself run over these.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Decision, ToolCall } from '../../src/core/types.js';

const casesDir = fileURLToPath(new URL('../cases/', import.meta.url));

/** One case: its settings, mode, call, working directory and home. */
export interface PolicyCase {
  id: string;
  settings: Record<string, unknown>;
  mode: string;
  call: ToolCall;
  cwd: string;
  home: string;
}

/** The cases of the JSON Lines files under test/cases/shared (and every fourth under everyday) with settings and a call. */
export function policyCases(): PolicyCase[] {
  const out: PolicyCase[] = [];
  for (const dir of ['shared', 'everyday']) {
    const stride = dir === 'everyday' ? 4 : 1;
    for (const name of readdirSync(join(casesDir, dir))) {
      if (!name.endsWith('.jsonl')) continue;
      const lines = readFileSync(join(casesDir, dir, name), 'utf8').split('\n');
      for (let k = 0; k < lines.length; k += stride) {
        const line = lines[k]!;
        if (line.trim() === '') continue;
        const c = JSON.parse(line) as { id: string; case?: Record<string, unknown> };
        const settings = c.case?.['settings'];
        const call = c.case?.['call'] as ToolCall | undefined;
        if (typeof settings !== 'object' || settings === null || call === undefined) continue;
        out.push({
          id: c.id,
          settings: settings as Record<string, unknown>,
          mode: typeof c.case?.['mode'] === 'string' ? (c.case['mode'] as string) : 'default',
          call,
          cwd: typeof c.case?.['cwd'] === 'string' ? (c.case['cwd'] as string) : '/home/user/project',
          home: typeof c.case?.['home'] === 'string' ? (c.case['home'] as string) : '/home/user',
        });
      }
    }
  }
  return out;
}

/** The settings without allow rules, as lint's shadowed-allow check decides with. */
export function withoutAllow(settings: Record<string, unknown>): Record<string, unknown> {
  const permissions = settings['permissions'];
  if (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions)) return settings;
  const { allow: _allow, ...rest } = permissions as Record<string, unknown>;
  return { ...settings, permissions: rest };
}

/** Whether a decision is a deny or firm ask by a rule or a removed tool — what lint counts as settled. */
export function settledByRule(d: Decision): boolean {
  return (
    (d.behavior === 'deny' || (d.behavior === 'ask' && d.askKind === 'firm')) &&
    (d.reason.kind === 'rule' || d.reason.kind === 'toolRemoved')
  );
}
