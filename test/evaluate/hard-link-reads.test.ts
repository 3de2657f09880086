/**
 * A read of a regular file with more than one name (a hard link) may read a file a Read deny rule
 * covers under another name: with a real file system, `cat src/hard.txt` where `src/hard.txt` is a
 * hard link of `secrets/key.txt` prints the secret. While a Read deny rule is in force, such a read
 * is a guarded-read ask in every mode and under prefix allow rules; a file with one name is
 * decided as before, and without Read deny rules hard links change nothing.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { PermissionMode } from '../../src/core/types.js';

let root: string;
let P: string;
let T: string;
let H: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-hardlink-')));
  P = join(root, 'project');
  H = join(root, 'home');
  T = join(root, 'tmp');
  mkdirSync(join(P, 'secrets'), { recursive: true });
  mkdirSync(join(P, 'src'), { recursive: true });
  mkdirSync(join(H, '.ssh'), { recursive: true });
  mkdirSync(T, { recursive: true });
  writeFileSync(join(P, 'secrets', 'key.txt'), 'secret');
  linkSync(join(P, 'secrets', 'key.txt'), join(P, 'src', 'hard.txt'));
  writeFileSync(join(P, 'src', 'plain.txt'), 'plain');
  writeFileSync(join(H, '.ssh', 'id_rsa'), 'key');
  linkSync(join(H, '.ssh', 'id_rsa'), join(T, 'hl_key'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decide = (command: string, mode: PermissionMode, permissions: { allow?: string[]; deny?: string[] }) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    { mode, policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions } }]), cwd: P, home: H, fs: nodeFsView() },
  );
const DENY = ['Read(./secrets/**)'];

describe('reads of a file with several names while a Read deny rule is in force', () => {
  const cases: [string, PermissionMode, string[]][] = [
    ['cat src/hard.txt', 'default', []],
    ['cat src/hard.txt', 'bypassPermissions', []],
    ['cat src/hard.txt', 'default', ['Bash(*)']],
    ['cat src/*', 'default', ['Bash(cat *)']],
    ['cat src/{hard,plain}.txt', 'acceptEdits', []],
    ['cp src/hard.txt /tmp/out.txt', 'bypassPermissions', []],
  ];
  for (const [command, mode, allow] of cases) {
    it(`${command} in ${mode}${allow.length > 0 ? ` under ${allow.join(', ')}` : ''} is a guarded-read ask`, () => {
      const d = decide(command, mode, { allow, deny: DENY });
      expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
      expect(d.reason.message).toMatch(
        /hard\.txt( \(named by the pattern src\/\*\))?, a file with 2 names \(hard links\) toolgate cannot trace/,
      );
      expect(d.reason.message).toContain('Read(./secrets/**)');
    });
  }
  it('a hard link outside the project of a denied file in the home folder asks', () => {
    const d = decide(`cat ${T}/hl_key`, 'bypassPermissions', { allow: [`Read(/${T}/**)`], deny: ['Read(~/.ssh/**)'] });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('hl_key, a file with 2 names');
  });
  it('an allow rule for the exact command answers it', () => {
    expect(decide('cat src/hard.txt', 'default', { allow: ['Bash(cat src/hard.txt)'], deny: DENY }).behavior).toBe('allow');
  });
  it('the covered name itself is still denied', () => {
    expect(decide('cat secrets/key.txt', 'bypassPermissions', { deny: DENY }).behavior).toBe('deny');
  });
  it('a file with one name is allowed as before', () => {
    expect(decide('cat src/plain.txt', 'default', { deny: DENY }).behavior).toBe('allow');
  });
  it('without Read deny rules a hard-linked file is read as before', () => {
    expect(decide('cat src/hard.txt', 'default', {}).behavior).toBe('allow');
    expect(decide('cat src/hard.txt', 'default', { deny: ['Edit(./secrets/**)'] }).behavior).toBe('allow');
  });
});

describe('the Read tool on a file with several names', () => {
  const read = (file: string, mode: PermissionMode, deny: string[]) =>
    evaluate(
      { tool: 'Read', input: { file_path: join(P, file) } },
      {
        mode,
        policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions: { deny, allow: ['Read(./src/**)'] } } }]),
        cwd: P,
        home: H,
        fs: nodeFsView(),
      },
    );
  it('is a guarded-read ask while a Read deny rule is in force', () => {
    const d = read('src/hard.txt', 'bypassPermissions', DENY);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('a file with 2 names (hard links)');
  });
  it('a file with one name, or no Read deny rule, is decided as before', () => {
    expect(read('src/plain.txt', 'default', DENY).behavior).toBe('allow');
    expect(read('src/hard.txt', 'default', []).behavior).toBe('allow');
  });
});
