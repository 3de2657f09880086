import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isRequired } from '../support/required.js';
import { claudeBinary, type PageAnswer } from './fixtures/claude-run.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runner = join(root, 'test/serve/fixtures/claude-run.ts');
const tsx = join(root, 'node_modules/tsx/dist/esm/index.mjs');

/** Why the real-CLI tests cannot run here, if they cannot. */
function missing(): string | undefined {
  if (claudeBinary() === undefined) return 'the Claude Code binary (@anthropic-ai/claude-agent-sdk-linux-x64) is not installed';
  const ns = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8' });
  if (ns.error !== undefined || ns.status !== 0)
    return `no network namespace for the sandbox (unshare -n: ${ns.error?.message ?? ns.stderr.trim()})`;
  return undefined;
}
const why = missing();
const required = isRequired('claude-cli') || isRequired('netns');

interface Run {
  code: number | null;
  ms: number;
  toolResults: { toolUseId: string; isError: boolean; text: string }[];
  marker: boolean;
  audit: [string, string | null, string | null][];
  decisions: { event: string; command?: string; behavior?: string; decidedBy?: string; answerer?: string }[];
  answered: { command: string; action: string; status: number; ms: number }[];
  error?: string;
}

const dirs: string[] = [];
/** Wall time of each CLI run (the `-p` process from start to exit), printed at the end. */
const timings: [string, number, number[]][] = [];
afterAll(() => {
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  if (timings.length > 0)
    console.log(
      `real Claude Code CLI runs:\n${timings.map(([what, ms, answers]) => `  ${what}: ${ms} ms${answers.length > 0 ? ` (parked → answered on the page: ${answers.join(', ')} ms)` : ''}`).join('\n')}`,
    );
});

/** Run the CLI once inside a network namespace with only loopback, so nothing can reach out. */
function run(
  scenario: 'no-hooks' | 'server-down' | 'serve' | 'page',
  command: string | string[],
  projectSettings?: unknown,
  answers?: PageAnswer[],
): Run {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-claude-'));
  dirs.push(dir);
  const args = JSON.stringify({
    dir,
    scenario,
    ...(typeof command === 'string' ? { command } : { commands: command }),
    ...(projectSettings !== undefined ? { projectSettings } : {}),
    ...(answers !== undefined ? { answers } : {}),
  });
  const r = spawnSync(
    'unshare',
    ['-n', 'sh', '-c', `ip link set lo up && exec "${process.execPath}" --import "${tsx}" "${runner}" "$0"`, args],
    { cwd: root, encoding: 'utf8', timeout: 90_000 },
  );
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  const parsed = JSON.parse(line === '' ? '{"error":"no output"}' : line) as Run;
  if (parsed.error !== undefined) throw new Error(`${parsed.error}\n${r.stderr}`);
  if (scenario !== 'page') timings.push([`${scenario}: ${typeof command === 'string' ? command : command.join('; ')}`, parsed.ms, []]);
  return parsed;
}

describe('the real Claude Code CLI (2.1) against toolgate serve, offline', () => {
  if (why !== undefined && !required) {
    it.skip(`skipped: ${why}`, () => {});
    return;
  }

  it('needs what it runs on', () => {
    expect(why).toBeUndefined();
  });

  it('runs the Bash call when no hook is configured (the control: only a hook can stop it)', () => {
    const r = run('no-hooks', 'touch marker');
    expect(r.toolResults).toEqual([expect.objectContaining({ toolUseId: 'toolu_01', isError: false })]);
    expect(r.marker).toBe(true);
  }, 90_000);

  it('refuses the call when the server is stopped: the --print-hook-config snippet blocks on failure', () => {
    const r = run('server-down', 'touch marker');
    expect(r.marker).toBe(false);
    expect(r.toolResults).toEqual([expect.objectContaining({ isError: true, text: expect.stringMatching(/onFailure is "block"/) })]);
  }, 90_000);

  it('refuses a call serve denies and runs one it allows, recording both', () => {
    const denied = run('serve', 'touch marker', { permissions: { deny: ['Bash(touch *)'] } });
    expect(denied.marker).toBe(false);
    expect(denied.toolResults).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringMatching(/toolgate: .*Bash\(touch \*\)/) }),
    ]);
    expect(denied.audit).toContainEqual(['PreToolUse', 'Bash', 'deny']);
    const allowed = run('serve', 'touch marker', { permissions: { allow: ['Bash(touch *)', 'Edit(/marker)'] } });
    expect(allowed.marker).toBe(true);
    expect(allowed.audit).toEqual(
      expect.arrayContaining([
        ['PreToolUse', 'Bash', 'allow'],
        ['PostToolUse', 'Bash', null],
      ]),
    );
  }, 180_000);

  it('holds an ask until a person answers it on the approval page: approved, the tool runs; remembered, its repeat runs unasked; denied, it is refused with the message', () => {
    const r = run('page', ['touch marker', 'npm --version', 'npm --version', 'rm marker'], undefined, [
      { prefix: 'touch', action: 'approve' },
      { prefix: 'npm', action: 'remember', scope: 'session' },
      { prefix: 'rm', action: 'deny', message: 'keep the marker' },
    ]);
    timings.push(['page: approve, remember, deny (4 Bash calls)', r.ms, r.answered.map((a) => a.ms)]);
    expect(r.answered.map((a) => [a.command, a.action, a.status])).toEqual([
      ['touch marker', 'approve', 200],
      ['npm --version', 'remember', 200],
      ['rm marker', 'deny', 200],
    ]);
    expect(r.toolResults).toEqual([
      expect.objectContaining({ toolUseId: 'toolu_01', isError: false }),
      expect.objectContaining({ toolUseId: 'toolu_02', isError: false, text: expect.stringMatching(/^\d+\.\d+\.\d+/) }),
      expect.objectContaining({ toolUseId: 'toolu_03', isError: false, text: expect.stringMatching(/^\d+\.\d+\.\d+/) }),
      expect.objectContaining({ toolUseId: 'toolu_04', isError: true, text: expect.stringMatching(/keep the marker/) }),
    ]);
    expect(r.marker).toBe(true); // touched once approved; not removed once denied
    const pre = r.decisions.filter((d) => d.event === 'PreToolUse').map((d) => [d.command, d.behavior, d.decidedBy]);
    expect(pre).toEqual([
      ['touch marker', 'ask', 'rules'],
      ['touch marker', 'allow', 'answer'],
      ['npm --version', 'ask', 'rules'],
      ['npm --version', 'allow', 'answer'],
      ['npm --version', 'allow', 'grant'], // the repeat: no ask, no page visit
      ['rm marker', 'ask', 'rules'],
      ['rm marker', 'deny', 'answer'],
    ]);
    expect(r.decisions.filter((d) => d.event === 'answer').map((d) => d.answerer)).toEqual(['page:e2e', 'page:e2e', 'page:e2e']);
  }, 120_000);
});
