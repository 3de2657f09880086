import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/program.js';
import { captureOutput } from './support/output.js';

const io = captureOutput();

function run(...args: string[]): Promise<number> {
  return main(['node', 'toolgate', ...args]);
}

const examples = fileURLToPath(new URL('../../examples/policy', import.meta.url));

function project(settings: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-lint-'));
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude', 'settings.json'), typeof settings === 'string' ? settings : JSON.stringify(settings, null, 2));
  return dir;
}

describe('toolgate lint', () => {
  it('lints a project and exits 0 without errors', async () => {
    const code = await run('lint', '--project', examples, '--home', '/nonexistent-home');
    expect(code).toBe(0);
    expect(io.out).toMatch(/1 file: 0 errors, 0 warnings/);
  });

  it('exits 1 on errors, prints file:line:col and codes; --fail-on warning', async () => {
    const dir = project({ permissions: { deny: ['Bash(rm -r /)*'], allow: ['Bash(python *)'] } });
    expect(await run('lint', '--settings', join(dir, '.claude', 'settings.json'))).toBe(1);
    expect(io.out).toMatch(/settings\.json:\d+:\d+: error: .*\[TG_LINT_RULE_UNPARSEABLE\]/);
    const warnOnly = project({ permissions: { allow: ['Bash(python *)'] } });
    io.out = '';
    expect(await run('lint', join(warnOnly, '.claude', 'settings.json'))).toBe(0);
    expect(await run('lint', join(warnOnly, '.claude', 'settings.json'), '--fail-on', 'warning')).toBe(1);
  });

  it('a mistyped deny rule fails the lint (exit 1, "did you mean"); --tools declares the agent\'s own tools', async () => {
    const dir = project({ permissions: { deny: ['Raed(./.env)', 'Deploy(prod)'] } });
    const file = join(dir, '.claude', 'settings.json');
    expect(await run('lint', file)).toBe(1);
    expect(io.out).toMatch(/error: "Raed\(\.\/\.env\)": .*did you mean "Read\(\.\/\.env\)"\? .*\[TG_LINT_TOOL_NEAR_MISS\]/);
    expect(io.out).toMatch(/error: "Deploy\(prod\)": .*\[TG_LINT_UNKNOWN_TOOL\]/);
    io.out = '';
    expect(await run('lint', file, '--tools', 'Deploy,Build', '--json')).toBe(1);
    expect((JSON.parse(io.out) as { counts: Record<string, number> }).counts).toEqual({ TG_LINT_TOOL_NEAR_MISS: 1 });
  });

  it('--json and --sarif', async () => {
    const dir = project({ permissions: { allow: ['Bash'] } });
    await run('lint', '--project', dir, '--home', '/nonexistent-home', '--json');
    const report = JSON.parse(io.out) as { counts: Record<string, number> };
    expect(report.counts['TG_LINT_BROAD_ALLOW']).toBe(1);
    io.out = '';
    const sarifFile = join(dir, 'out.sarif');
    await run('lint', '--project', dir, '--home', '/nonexistent-home', '--sarif', sarifFile);
    const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as { version: string; runs: { results: { ruleId: string }[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.results.map((r) => r.ruleId)).toContain('TG_LINT_BROAD_ALLOW');
  });

  it('--what-if names the smallest allow rule and what else it allows', async () => {
    await run('lint', '--project', examples, '--home', '/nonexistent-home', '--what-if', 'Bash(npm install lodash)');
    expect(io.out).toMatch(/smallest rule that allows it is "Bash\(npm install lodash\)"/);
    expect(io.out).toMatch(/Bash\(npm \*\)\n\s+would also allow: .*npm install some-package-from-the-registry/);
  });
});

describe('toolgate test', () => {
  it('runs the example and exits 0', async () => {
    expect(await run('test', examples)).toBe(0);
    expect(io.out).toMatch(/PASS example project policy/);
    expect(io.out.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  });

  it('exits 1 on a failing case, writes JUnit, prints JSON', async () => {
    const dir = project({ permissions: { deny: ['Bash(rm *)'] } });
    writeFileSync(
      join(dir, 'p.policy-test.json'),
      JSON.stringify({ settings: { project: '.' }, cases: [{ call: 'Bash(rm -rf x)', expect: 'allow' }] }),
    );
    const junit = join(dir, 'junit.xml');
    expect(await run('test', dir, '--junit', junit)).toBe(1);
    expect(io.out).toMatch(/✗ Bash\(rm -rf x\) → expected allow/);
    expect(io.out).toMatch(/trace:/);
    expect(readFileSync(junit, 'utf8')).toMatch(/<failure message="expected allow, got deny"/);
    io.out = '';
    await run('test', join(dir, 'p.policy-test.json'), '--json');
    expect((JSON.parse(io.out) as { failed: number }[])[0]?.failed).toBe(1);
  });

  it('exits 2 when no test file is found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-empty-'));
    expect(await run('test', dir)).toBe(2);
    expect(io.err).toMatch(/no \.policy-test\.json files found/);
  });
});

describe('toolgate lint --store', () => {
  it('reports grants broader than the call they were saved with and grants covering what an ask rule names', async () => {
    const { openStore } = await import('../../src/store/index.js');
    const { newAsk, pendingAsk } = await import('../store/suite.js');
    const dir = project({ permissions: { ask: ['Bash(curl -X POST *)'] } });
    const address = `sqlite:${join(mkdtempSync(join(tmpdir(), 'toolgate-lint-store-')), 'toolgate.db')}`;
    const store = await openStore(address);
    try {
      const pending = {
        ...pendingAsk('a1', 'curl https://x.example/y'),
        suggestions: [
          {
            type: 'addRules' as const,
            behavior: 'allow' as const,
            destination: 'localSettings' as const,
            rules: [{ toolName: 'Bash', ruleContent: 'curl *' }],
          },
        ],
      };
      await store.parkAsk({ ...newAsk('a1', { projectDir: dir, cwd: dir }), pending });
      await store.parkAsk({ ...newAsk('a2', { projectDir: dir, cwd: dir }), pending: { ...pending, id: 'a2' } });
      const g = { scope: 'project' as const, projectDir: dir, grantedBy: 'page:ann', createdAt: Date.now() };
      await store.answerAsk('a1', { answer: { behavior: 'allow' }, scope: 'project', answerer: 'page:ann', answeredAt: Date.now() }, [
        { ...g, id: 'g-broad', rule: 'Bash(curl *)', askId: 'a1' },
      ]);
      await store.answerAsk('a2', { answer: { behavior: 'allow' }, scope: 'project', answerer: 'page:ann', answeredAt: Date.now() }, [
        { ...g, id: 'g-exact', rule: 'Bash(curl https://x.example/y)', askId: 'a2' },
      ]);
    } finally {
      await store.close();
    }
    io.out = '';
    expect(await run('lint', '--store', address, '--home', '/nonexistent-home', '--json')).toBe(0);
    const report = JSON.parse(io.out) as {
      files: string[];
      counts: Record<string, number>;
      diagnostics: { code: string; message: string }[];
    };
    expect(report.files).toEqual([address]);
    expect(report.counts).toEqual({ TG_LINT_GRANT_BROADER: 1, TG_LINT_GRANT_SHADOWS_ASK: 1 });
    expect(report.diagnostics.every((d) => d.message.startsWith('grant g-broad '))).toBe(true);
    io.out = '';
    expect(await run('lint', '--store', address, '--home', '/nonexistent-home', '--fail-on', 'warning')).toBe(1);
    expect(io.out).toMatch(
      /warning: grant g-broad \(project, project .*\) "Bash\(curl \*\)" is broader than the call it was saved with \("curl https:\/\/x\.example\/y"\): it allows every curl command, whatever its arguments \(toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path\); the narrowest rule for that call is "Bash\(curl https:\/\/x\.example\/y\)" \[TG_LINT_GRANT_BROADER\]/,
    );
    expect(io.out).toMatch(/covers calls the ask rule "Bash\(curl -X POST \*\)" in .*settings\.json names \(for example "curl -X POST"\)/);
    expect(await run('lint', '--store', address, 'x.json')).toBe(2);
  });

  it("reads the store's rows: a grant inserted with SQL, bypassing serve, is judged by its rule", async () => {
    const { openStore } = await import('../../src/store/index.js');
    const { default: Database } = await import('better-sqlite3');
    const dir = project({});
    const file = join(mkdtempSync(join(tmpdir(), 'toolgate-lint-store-')), 'toolgate.db');
    await (await openStore(`sqlite:${file}`)).close();
    const db = new Database(file);
    try {
      const insert = db.prepare(
        "INSERT INTO grants (id, scope, project_dir, rule, granted_by, created_at) VALUES (?, 'project', ?, ?, 'sql', ?)",
      );
      insert.run('sql-star', dir, 'Bash(*)', Date.now());
      insert.run('sql-exact', dir, 'Bash(make test)', Date.now());
    } finally {
      db.close();
    }
    io.out = '';
    expect(await run('lint', '--store', `sqlite:${file}`, '--home', '/nonexistent-home', '--json')).toBe(0);
    const report = JSON.parse(io.out) as { counts: Record<string, number>; diagnostics: { code: string; message: string }[] };
    expect(report.diagnostics.map((d) => [d.code, d.message.split(' ')[1]])).toEqual([
      ['TG_LINT_GRANT_NO_CALL', 'sql-exact'],
      ['TG_LINT_GRANT_BROADER', 'sql-star'],
    ]);
    expect(report.diagnostics[1]?.message).toMatch(
      /it names no ask: no answer through toolgate serve saved it \(written to the store directly, given by "sql"\)/,
    );
  });
});
