/** `toolgate diff`: the two policies from files, project directories or a git revision; exit status and output. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../src/cli/program.js';
import type { PolicyDiff } from '../../src/diff/index.js';
import { captureOutput } from './support/output.js';

const io = captureOutput();
let dir: string;
let home: string;

const write = (file: string, permissions: Record<string, unknown>) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify({ permissions }));
};
const diff = (...args: string[]) => main(['node', 'toolgate', 'diff', '--home', home, '--cwd', join(dir, 'new'), ...args]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-diff-'));
  home = join(dir, 'home');
  mkdirSync(home);
  write(join(dir, 'old', '.claude', 'settings.json'), { deny: ['Bash(curl *)'] });
  write(join(dir, 'new', '.claude', 'settings.json'), { allow: ['Bash(npm run *)'] });
  write(join(dir, 'same.json'), { allow: ['Bash(npm run *)'] });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolgate diff', { timeout: 120_000 }, () => {
  it('exits 1 and lists the widenings, grouped by rule, for two settings files', async () => {
    expect(await diff('--old', join(dir, 'old', '.claude', 'settings.json'), '--new', join(dir, 'new', '.claude', 'settings.json'))).toBe(
      1,
    );
    expect(io.out).toMatch(/^decided \d+ calls under both policies \(\d+ from the shipped corpus, \d+ generated from the rules\)/);
    expect(io.out).toContain('WIDENS: allow rule "Bash(npm run *)"');
    expect(io.out).toContain('WIDENS: deny rule "Bash(curl *)"');
    expect(io.out).toMatch(/\+ Bash\(npm run x\): ask → allow/);
  });

  it('exits 0 when nothing widens, and --fail-on any counts a narrowing', async () => {
    expect(
      await diff('--old', join(dir, 'new', '.claude', 'settings.json'), '--new', join(dir, 'old', '.claude', 'settings.json'), '--json'),
    ).toBe(0);
    const d = JSON.parse(io.out) as PolicyDiff;
    expect(d.widened).toBe(false);
    expect(d.counts.narrow).toBeGreaterThan(0);
    io.out = '';
    expect(
      await diff(
        '--old',
        join(dir, 'new', '.claude', 'settings.json'),
        '--new',
        join(dir, 'old', '.claude', 'settings.json'),
        '--fail-on',
        'any',
      ),
    ).toBe(1);
    expect(await diff('--old', join(dir, 'same.json'), '--new', join(dir, 'new', '.claude', 'settings.json'), '--fail-on', 'any')).toBe(0);
  });

  it('takes a layer for each file: a rule that moves from user to managed changes nothing', async () => {
    expect(await diff('--old', `user=${join(dir, 'same.json')}`, '--new', `managed=${join(dir, 'same.json')}`, '--json')).toBe(0);
    expect((JSON.parse(io.out) as PolicyDiff).groups).toEqual([]);
  });

  it('takes several files after one --old or --new, each its own layer', async () => {
    const ask = join(dir, 'ask.json');
    write(ask, { ask: ['Bash(npm run *)'] });
    // An ask rule in the user layer still asks over the project's allow (ask beats allow in any layer).
    expect(await diff('--old', join(dir, 'same.json'), `user=${ask}`, '--new', join(dir, 'same.json'), '--json')).toBe(1);
    expect((JSON.parse(io.out) as PolicyDiff).groups[0]!.responsible).toMatch(
      /^ask rule "Bash\(npm run \*\)" in .*ask\.json \(userSettings\) \(counts only in the old policy/,
    );
  });

  it('reads the layers of two project directories', async () => {
    expect(await diff('--old-project', join(dir, 'old'), '--new-project', join(dir, 'new'), '--json')).toBe(1);
    const d = JSON.parse(io.out) as PolicyDiff;
    expect(d.groups.map((g) => g.responsible)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^allow rule "Bash\(npm run \*\)" in .*new\/\.claude\/settings\.json \(projectSettings\)/),
      ]),
    );
  });

  it('reads the old policy at a git revision', async () => {
    const repo = join(dir, 'repo');
    const file = join(repo, '.claude', 'settings.json');
    write(file, { ask: ['Bash(git push *)'], allow: ['Bash(git *)'] });
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'policy');
    write(file, { allow: ['Bash(git *)'] });
    expect(await main(['node', 'toolgate', 'diff', '--home', home, '--cwd', repo, '--old-ref', 'HEAD', '--new', file])).toBe(1);
    expect(io.out).toContain('+ Bash(git push origin main): ask → allow');
    io.out = '';
    git('commit', '-qam', 'drop the ask');
    expect(await main(['node', 'toolgate', 'diff', '--home', home, '--cwd', repo, '--old-ref', 'HEAD', '--new', file])).toBe(0);
    expect(io.out).toContain('no call changes outcome');
    expect(await main(['node', 'toolgate', 'diff', '--home', home, '--cwd', repo, '--old-ref', 'no-such-ref', '--new', file])).toBe(
      EXIT.usage,
    );
    expect(io.err).toContain('--old-ref: no such revision "no-such-ref"');
  });

  it('decides the calls given with --calls too, and names a bad line', async () => {
    const calls = join(dir, 'calls.jsonl');
    writeFileSync(
      calls,
      `${JSON.stringify({ tool: 'Bash', input: { command: 'npm run deploy-prod' } })}\n\n${JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'curl example.org' } })}\n`,
    );
    expect(
      await diff(
        '--old',
        join(dir, 'old', '.claude', 'settings.json'),
        '--new',
        join(dir, 'new', '.claude', 'settings.json'),
        '--calls',
        calls,
        '--json',
      ),
    ).toBe(1);
    const d = JSON.parse(io.out) as PolicyDiff;
    expect(d.checked.given).toBe(2);
    const given = d.groups
      .flatMap((g) => g.changes)
      .filter((c) => c.origin === 'given')
      .map((c) => `${String(c.call.input['command'])}: ${c.old.behavior} → ${c.new.behavior}`);
    expect(given.sort()).toEqual(['curl example.org: deny → ask', 'npm run deploy-prod: ask → allow']);
    writeFileSync(calls, '{"tool":"Bash","input":{"command":"ls"}}\nnot json\n');
    expect(await diff('--old', join(dir, 'same.json'), '--new', join(dir, 'same.json'), '--calls', calls)).toBe(EXIT.usage);
    expect(io.err).toMatch(/--calls .*calls\.jsonl:2: not JSON/);
  });

  it('writes SARIF: one result per rule responsible, a widening at its line in the new file', async () => {
    const sarifFile = join(dir, 'diff.sarif');
    const newFile = join(dir, 'lines.json');
    writeFileSync(newFile, '{\n  "permissions": {\n    "allow": [\n      "Bash(ls)",\n      "Bash(npm run *)"\n    ]\n  }\n}\n');
    expect(await diff('--old', join(dir, 'old', '.claude', 'settings.json'), '--new', newFile, '--sarif', sarifFile)).toBe(1);
    expect(io.out).toContain('WIDENS:');
    const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as {
      runs: {
        results: {
          ruleId: string;
          level: string;
          message: { text: string };
          locations?: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
        }[];
      }[];
    };
    const results = sarif.runs[0]!.results;
    const npm = results.find((r) => r.message.text.includes('"Bash(npm run *)"'))!;
    expect(npm).toMatchObject({ ruleId: 'TG_DIFF_WIDEN', level: 'error' });
    expect(npm.locations?.[0]?.physicalLocation).toMatchObject({ artifactLocation: { uri: newFile }, region: { startLine: 5 } });
    expect(npm.message.text).toMatch(/^widens: allow rule "Bash\(npm run \*\)".* — Bash\(npm run/);
    const curl = results.find((r) => r.message.text.includes('"Bash(curl *)"'))!;
    expect(curl).toMatchObject({ ruleId: 'TG_DIFF_WIDEN' });
    expect(curl.locations).toBeUndefined();
    io.out = '';
    expect(await diff('--old', join(dir, 'same.json'), '--new', join(dir, 'same.json'), '--sarif')).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ version: '2.1.0', runs: [{ results: [] }] });
  });

  it('is a usage error without both policies, with a missing file or an unknown layer', async () => {
    expect(await diff('--new', join(dir, 'same.json'))).toBe(EXIT.usage);
    expect(io.err).toContain('name the old policy once');
    expect(await diff('--old', join(dir, 'nope.json'), '--new', join(dir, 'same.json'))).toBe(EXIT.usage);
    expect(io.err).toContain('settings file not found');
    expect(await diff('--old', `team=${join(dir, 'same.json')}`, '--new', join(dir, 'same.json'))).toBe(EXIT.usage);
    expect(io.err).toContain('unknown layer');
  });
});
