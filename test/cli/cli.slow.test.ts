/**
 * `toolgate check`, `explain`, `hook` and the rest run as processes (the CLI built once for the
 * run): in the `slow` suite, as each test starts several processes. The call shorthand the CLI
 * reads is tested without a process in test/cli/shorthand.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { programArgs } from '../support/programs/run.js';

// Each test starts up to six processes: on a shared, loaded machine that takes more than 30 s.
vi.setConfig({ testTimeout: 90_000 });

let dir: string;
let settings: string;

/** Run the CLI, built once for the run from source. */
function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, programArgs('toolgate', args), {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, HOME: dir, CLAUDE_PROJECT_DIR: undefined },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-cli-'));
  mkdirSync(join(dir, '.claude'));
  settings = join(dir, '.claude', 'settings.json');
  writeFileSync(
    settings,
    JSON.stringify({ permissions: { allow: ['Bash(npm test *)'], ask: ['Bash(git push *)'], deny: ['Bash(rm *)', 'Read(./.env)'] } }),
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('toolgate check / explain', () => {
  it('exit codes tell allow, ask and deny apart', () => {
    expect(cli(['check', '--project', dir, 'Bash(npm test)']).code).toBe(0);
    expect(cli(['check', '--project', dir, 'Bash(git push origin main)']).code).toBe(3);
    const deny = cli(['check', '--project', dir, 'Bash(ls && rm -rf build)']);
    expect(deny.code).toBe(4);
    expect(deny.out).toContain('DENY');
    expect(deny.out).toContain('deny rule "Bash(rm *)"');
    expect(deny.out).toContain(settings);
  });
  it("a repository's own defaultMode bypassPermissions starts nothing in bypass (decision 0072); --mode and user settings still do", () => {
    const repo = mkdtempSync(join(tmpdir(), 'toolgate-repo-bypass-'));
    const home = mkdtempSync(join(tmpdir(), 'toolgate-repo-home-'));
    try {
      mkdirSync(join(repo, '.claude'));
      mkdirSync(join(home, '.claude'));
      writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'bypassPermissions' } }));
      const asked = cli(['check', '--project', repo, '--home', home, 'Bash(touch made.txt)']);
      expect(asked.code).toBe(3);
      expect(asked.err).toContain('defaultMode "bypassPermissions" is ignored in shared project settings');
      expect(cli(['check', '--project', repo, '--home', home, '--mode', 'bypassPermissions', 'Bash(touch made.txt)']).code).toBe(0);
      writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'bypassPermissions' } }));
      rmSync(join(repo, '.claude', 'settings.json'));
      expect(cli(['check', '--project', repo, '--home', home, 'Bash(touch made.txt)']).code).toBe(0);
    } finally {
      rmSync(repo, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  });
  it('usage errors exit 2 with a message', () => {
    const r = cli(['check', '--settings', settings, '--mode', 'yolo', 'Bash(ls)']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown mode "yolo"');
    expect(cli(['check', '--settings', settings]).code).toBe(2);
    expect(cli(['nonsense']).code).toBe(2);
  });
  it('a missing settings file, an unknown setting source or a malformed rule flag is a usage error', () => {
    const missing = cli(['check', '--settings', join(dir, 'typo.json'), 'Read(.env)']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('settings file not found');
    expect(cli(['check', '--project', dir, '--setting-sources', 'Project', 'Bash(ls)']).code).toBe(2);
    expect(cli(['check', '--settings', settings, '--disallowed-tools', 'Bash(rm *', 'Bash(ls)']).code).toBe(2);
    expect(cli(['check', '--settings', settings, '--home', '', 'Bash(ls)']).code).toBe(2);
    expect(cli(['check', '--settings', settings, '--call', '{"tool":"Bash","input":{"command":"ls"}}', 'Bash(ls)']).code).toBe(2);
  });
  it('--version prints the version', () => {
    const r = cli(['--version']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
  it('--json prints the whole Decision', () => {
    const r = cli(['check', '--settings', settings, '--json', '--call', '{"tool":"Read","input":{"file_path":".env"}}']);
    const d = JSON.parse(r.out) as { behavior: string; rule: { text: string }; trace: unknown[] };
    expect(d.behavior).toBe('deny');
    expect(d.rule.text).toBe('Read(./.env)');
    expect(d.trace.length).toBeGreaterThan(1);
  });
  it('explain prints every step', () => {
    const r = cli(['explain', '--settings', settings, 'Bash(git push origin main)']);
    expect(r.out).toMatch(/denyRules\s+pass/);
    expect(r.out).toMatch(/askRules\s+ask/);
    expect(r.out).toContain('=> ask (firm ask)');
  });
  it('--batch decides one JSON line per call and reports bad lines without stopping', () => {
    const lines = [
      JSON.stringify({ tool: 'Bash', input: { command: 'npm test' } }),
      'not json',
      JSON.stringify({ tool: 'Bash', input: { command: 'rm x' } }),
      JSON.stringify({ tool: 'Bash', input: { command: 'npm install' }, mode: 'dontAsk' }),
    ].join('\n');
    const r = cli(['check', '--batch', '--settings', settings], lines);
    const out = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; error?: string; decision?: { behavior: string } });
    expect(out.map((o) => o.decision?.behavior ?? 'error')).toEqual(['allow', 'error', 'deny', 'deny']);
    expect(out[1]?.line).toBe(2);
    expect(r.code).toBe(2);
  });
  it('--batch: a line naming a missing settings file is an error, not an empty policy', () => {
    const r = cli(
      ['check', '--batch', '--settings', settings],
      JSON.stringify({ settings: join(dir, 's1.jsn'), tool: 'Bash', input: { command: 'cat .env' } }),
    );
    const out = JSON.parse(r.out.trim()) as { error?: string };
    expect(out.error).toContain('settings file not found');
    expect(r.code).toBe(2);
  });
  it('a --settings file that cannot be read is a usage error naming the file, line and column', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"permissions": {"deny": ["Bash(curl *)",]}}');
    const r = cli(['check', '--settings', broken, '--settings', settings, 'Read(.env)']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`settings file ${broken}:1:41: not valid JSON at line 1, column 41: a trailing comma`);
    expect(r.err).toContain('[TG_SETTINGS_JSON]');
    const utf16 = join(dir, 'utf16.json');
    writeFileSync(utf16, Buffer.from('\ufeff{"permissions":{}}', 'utf16le'));
    const u = cli(['check', '--settings', utf16, 'Read(.env)']);
    expect(u.code).toBe(2);
    expect(u.err).toContain('the file is UTF-16');
    const d = cli(['check', '--settings', join(dir, '.claude'), 'Read(.env)']);
    expect(d.code).toBe(2);
    expect(d.err).toContain('it is a directory, not a file');
  });
  it('--batch: a line naming a broken settings file is an error for that line', () => {
    const broken = join(dir, 'broken-batch.json');
    writeFileSync(broken, '// nothing\n{}');
    const r = cli(
      ['check', '--batch', '--settings', settings],
      JSON.stringify({ settings: broken, tool: 'Read', input: { file_path: 'a' } }),
    );
    expect((JSON.parse(r.out.trim()) as { error?: string }).error).toContain('a comment');
    expect(r.code).toBe(2);
  });
});

describe('a discovered settings file that cannot be read', () => {
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'toolgate-broken-'));
    mkdirSync(join(project, '.claude'));
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Bash(npm test *)'], deny: ['Bash(rm *)'] } }),
    );
    writeFileSync(join(project, '.claude', 'settings.local.json'), '{\n  "permissions": {"allow": ["Bash"],}\n}');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  const local = () => join(project, '.claude', 'settings.local.json');

  it('check: what would be allowed asks (exit 3) naming the file; deny rules of the other files still deny', () => {
    const r = cli(['check', '--project', project, '--home', project, 'Bash(npm test)']);
    expect(r.code).toBe(3);
    expect(r.out).toContain(local());
    expect(r.err).toContain(`error: ${local()}: not valid JSON at line 2, column 36: a trailing comma`);
    expect(cli(['check', '--project', project, '--home', project, '--mode', 'bypassPermissions', 'Bash(ls)']).code).toBe(3);
    expect(cli(['check', '--project', project, '--home', project, 'Bash(rm -rf x)']).code).toBe(4);
  });
  it('hook: denies, with the file and the reason on stderr and in permissionDecisionReason', () => {
    const event = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, cwd: project });
    const r = cli(['hook', '--project', project, '--home', project], event);
    const out = JSON.parse(r.out) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain(
      `the settings file ${local()} cannot be read (not valid JSON at line 2, column 36: a trailing comma`,
    );
    expect(r.err).toContain(`the settings file ${local()} cannot be read (not valid JSON at line 2, column 36`);
    // A cached policy says the same.
    expect(JSON.parse(cli(['hook', '--project', project, '--home', project], event).out)).toEqual(out);
    const explicit = cli(['hook', '--project', dir, '--settings', local()], event);
    expect(JSON.parse(explicit.out)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(explicit.err).toContain('a trailing comma');
  });
  it('lint reports it', () => {
    const r = cli(['lint', '--project', project, '--home', project, '--no-public-schema']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('TG_LINT_JSON');
    const d = cli(['lint', join(project, '.claude')]);
    expect(d.out).toContain('TG_LINT_READ');
    expect(d.code).toBe(1);
  });
});

describe('--dialect', () => {
  it("decides with another system's rules and words", () => {
    const biu = join(dir, 'biu.json');
    writeFileSync(biu, JSON.stringify({ permissions: { allow: ['bash:git status'], deny: ['Bash(rm *)'] } }));
    expect(cli(['check', '--dialect', 'biu', '--settings', biu, 'Bash(git status)']).code).toBe(0);
    const robota = cli(['check', '--dialect', 'robota', '--settings', settings, '-q', 'Bash(npm install)']);
    expect(robota.code).toBe(3);
    expect(robota.out).toContain('[approve]');
    expect(cli(['check', '--dialect', 'nope', '--settings', settings, 'Bash(ls)']).code).toBe(2);
  });
});

describe('toolgate hook', () => {
  const event = (command: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
      cwd: dir,
      permission_mode: 'default',
      ...extra,
    });
  it('answers a PreToolUse event with permissionDecision', () => {
    const r = cli(['hook', '--project', dir], event('rm -rf x'));
    const out = JSON.parse(r.out) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('Bash(rm *)');
  });
  it('--decisions deny leaves everything else to Claude Code', () => {
    const r = cli(['hook', '--project', dir, '--decisions', 'deny'], event('npm test'));
    expect(JSON.parse(r.out)).toEqual({});
  });
  it('the working directories are the project, not the event cwd', () => {
    const r = cli(
      ['hook', '--project', dir, '--no-cache'],
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: '/etc/hostname' }, cwd: '/etc' }),
    );
    expect(JSON.parse(r.out)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'ask' } });
  });
  it('denies an event it cannot read', () => {
    const r = cli(['hook', '--project', dir], '{not json');
    const out = JSON.parse(r.out) as { hookSpecificOutput: { permissionDecision: string } };
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
  });
  it('follows symbolic links through the Node file system (check and hook)', () => {
    writeFileSync(join(dir, '.env'), 'SECRET=x');
    symlinkSync(join(dir, '.env'), join(dir, 'envlink'));
    expect(cli(['check', '--settings', settings, '--json', 'Bash(cat envlink)']).out).toMatch(/"behavior": "deny"/);
    const r = cli(['hook', '--project', dir, '--no-cache'], event('cat envlink'));
    expect(JSON.parse(r.out)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });
  it('answers PermissionRequest with a decision object, and says nothing for an ask', () => {
    const deny = cli(['hook', '--project', dir], event('rm x', { hook_event_name: 'PermissionRequest' }));
    expect(JSON.parse(deny.out)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } },
    });
    const ask = cli(['hook', '--project', dir], event('git push origin main', { hook_event_name: 'PermissionRequest' }));
    expect(JSON.parse(ask.out)).toEqual({});
  });
});
