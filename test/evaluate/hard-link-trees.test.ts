/**
 * A recursive reader reads every file under the trees it is given: with a real file system, `grep
 * -r k src` where `src/hl` is a hard link of `~/.ssh/id_rsa` prints the key. While a user's Read
 * deny rule is in force, a tree holding a regular file with more than one name — walked as the
 * reader walks it — is a guarded-read ask; the hard-link check runs once per call, whatever the
 * number of Read deny rules.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import type { EnvironmentFacts } from '../../src/evaluate/types.js';
import type { PermissionMode } from '../../src/core/types.js';

let root: string;
let P: string;
let Q: string;
let H: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-hardlink-trees-')));
  P = join(root, 'project');
  Q = join(root, 'pnpm-project');
  H = join(root, 'home');
  for (const d of [
    join(P, 'src/deep'),
    join(P, 'clean/sub'),
    join(P, 'linkdir'),
    join(H, '.ssh'),
    join(H, 'store'),
    join(Q, '.git'),
    join(Q, 'src'),
    join(Q, 'node_modules/.pnpm/left-pad/node_modules/left-pad'),
  ])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(H, '.ssh/id_rsa'), 'key');
  linkSync(join(H, '.ssh/id_rsa'), join(P, 'src/deep/hl'));
  writeFileSync(join(P, 'src/plain.txt'), 'plain');
  writeFileSync(join(P, 'clean/a.txt'), 'a');
  writeFileSync(join(P, 'clean/sub/b.txt'), 'b');
  // A link to the hard-linked file, and a link to the folder holding it: read only by a reader that follows links.
  symlinkSync('../src/deep/hl', join(P, 'clean/ln'));
  symlinkSync('../src', join(P, 'linkdir/src'));
  // pnpm installs packages as hard links of its store's files; git ignores node_modules.
  writeFileSync(join(H, 'store/index.js'), 'module.exports = 1;');
  linkSync(join(H, 'store/index.js'), join(Q, 'node_modules/.pnpm/left-pad/node_modules/left-pad/index.js'));
  writeFileSync(join(Q, '.gitignore'), 'node_modules/\n');
  writeFileSync(join(Q, 'src/main.js'), 'x');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An environment known in full: no rg configuration, no other XDG folder; PATH without the project's tools. */
const KNOWN: EnvironmentFacts = { values: { PATH: '/usr/bin:/bin' }, complete: true };

const decide = (
  command: string,
  mode: PermissionMode,
  permissions: { allow?: string[]; deny?: string[] },
  opts: { cwd?: string; fs?: ReadonlyFsView; environment?: EnvironmentFacts } = {},
) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
      policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions } }]),
      cwd: opts.cwd ?? P,
      home: H,
      fs: opts.fs ?? nodeFsView(),
      environment: opts.environment ?? KNOWN,
    },
  );
const DENY = ['Read(~/.ssh/**)'];

describe('a recursive reader of a tree holding a file with several names, while a Read deny rule is in force', () => {
  const cases: [string, PermissionMode, string[]][] = [
    ['grep -r k src', 'default', []],
    ['grep -r k src', 'bypassPermissions', []],
    ['grep -R k .', 'default', ['Bash(*)']],
    ['rg k src', 'acceptEdits', []],
    ['grep -r k src/deep/hl', 'default', []],
    ['grep -r k s*', 'default', ['Bash(grep *)']],
    ['tar cf - src', 'bypassPermissions', []],
    ['cp -r src /tmp/out', 'bypassPermissions', []],
    ['zip -r /tmp/out.zip src', 'bypassPermissions', []],
    ['grep -R k linkdir', 'default', []],
    ['grep -R k clean', 'default', []],
  ];
  for (const [command, mode, allow] of cases) {
    it(`${command} in ${mode}${allow.length > 0 ? ` under ${allow.join(', ')}` : ''} is a guarded-read ask naming the file`, () => {
      const d = decide(command, mode, { allow, deny: DENY });
      expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
      expect(d.reason.message).toMatch(/(src\/deep\/hl|clean\/ln), a file with 2 names \(hard links\) toolgate cannot trace/);
      expect(d.reason.message).toContain('Read(~/.ssh/**)');
    });
  }
  it('an allow rule for the exact command answers it', () => {
    expect(decide('grep -r k src', 'default', { allow: ['Bash(grep -r k src)'], deny: DENY }).behavior).toBe('allow');
  });
});

describe('what a recursive reader does not read decides nothing', () => {
  it('a tree with one name per file is allowed as before', () => {
    expect(decide('grep -r k clean/sub', 'default', { deny: DENY }).behavior).toBe('allow');
  });
  it('links a reader does not follow (grep -r, rg) are not read', () => {
    expect(decide('grep -r k clean', 'default', { deny: DENY }).behavior).toBe('allow');
    expect(decide('grep -r k linkdir', 'default', { deny: DENY }).behavior).toBe('allow');
    expect(decide('rg k linkdir', 'default', { deny: DENY }).behavior).toBe('allow');
  });
  it('without a Read deny rule of the user, hard links change nothing', () => {
    expect(decide('grep -r k src', 'default', {}).behavior).toBe('allow');
    expect(decide('grep -r k src', 'default', { deny: ['Edit(~/.ssh/**)'] }).behavior).toBe('allow');
  });
  it("pnpm's hard-linked node_modules count only where the reader reads them", () => {
    // rg skips what git ignores; grep -r reads node_modules.
    expect(decide('rg left src', 'default', { deny: ['Read(./.env)'] }, { cwd: Q }).behavior).toBe('allow');
    expect(decide('rg left', 'default', { deny: ['Read(./.env)'] }, { cwd: Q }).behavior).toBe('allow');
    expect(decide('grep -r left src', 'default', { deny: ['Read(./.env)'] }, { cwd: Q }).behavior).toBe('allow');
    const d = decide('grep -r left .', 'default', { deny: ['Read(./.env)'] }, { cwd: Q });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('node_modules/.pnpm/left-pad/node_modules/left-pad/index.js');
  });
});

describe('a tree the view cannot settle (decision 0078)', () => {
  it('a folder it cannot list may hold a file with several names: a guarded read while a Read deny rule is in force', () => {
    const real = nodeFsView();
    const unlistable: ReadonlyFsView = { ...real, list: (p) => (p === join(P, 'src/deep') ? undefined : real.list?.(p)) };
    const d = decide('grep -r k src', 'default', { deny: DENY }, { fs: unlistable });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('cannot be listed');
    expect(decide('grep -r k src', 'default', {}, { fs: unlistable }).behavior).toBe('allow');
  });
  it('more entries than the bound before the hard link: a guarded read, not an allow', () => {
    const B = join(root, 'big-project');
    mkdirSync(join(B, 'src/big'), { recursive: true });
    mkdirSync(join(B, 'src/z'), { recursive: true });
    for (let i = 0; i < 10_001; i++) writeFileSync(join(B, 'src/big', `f${i}`), '');
    linkSync(join(H, '.ssh/id_rsa'), join(B, 'src/z/hl'));
    const d = decide('grep -r k src', 'default', { deny: DENY }, { cwd: B });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('more than 10000 entries');
    // Ten thousand files to write and walk: seconds on a loaded machine.
  }, 180_000);
});

describe('one pass per call', () => {
  it('the link counts asked of the view do not grow with the number of Read deny rules', () => {
    const counted = (deny: string[]): number => {
      const real = nodeFsView();
      let n = 0;
      const fs: ReadonlyFsView = { ...real, linkCount: (p) => (n++, real.linkCount?.(p)) };
      decide('grep -r k clean src/plain.txt', 'default', { deny }, { fs });
      return n;
    };
    const one = counted(['Read(~/.ssh/**)']);
    expect(one).toBeGreaterThan(0);
    expect(counted(['Read(~/.ssh/**)', 'Read(./.env)', 'Read(~/.aws/**)', 'Read(//etc/shadow)'])).toBe(one);
  });
});
