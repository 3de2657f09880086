/**
 * A glob a command writes through names what it matches in the real tree, and a match that is a
 * symbolic link writes where the link leads: with `build/y.sh -> ../.git/hooks/pre-commit`
 * committed, `echo evil > build/*.sh` rewrites a git hook although the spelling names no
 * protected path. With a file-system view, each match and its real path are judged as an explicit
 * write to them; what the view cannot settle may be a protected file. The view only adds asks: a
 * glob that may name a protected path by its spelling asks as it does without a view. Decided on
 * a real file system, in the modes and policies where a glob write is otherwise allowed.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-glob-links-')));
  P = join(root, 'project');
  for (const d of ['.git/hooks', 'build', 'out', 'docs']) mkdirSync(join(P, d), { recursive: true });
  mkdirSync(join(root, 'home'), { recursive: true });
  mkdirSync(join(root, 'elsewhere'), { recursive: true });
  writeFileSync(join(P, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n');
  writeFileSync(join(P, '.git', 'config'), '[core]\n');
  writeFileSync(join(P, 'x'), 'x');
  writeFileSync(join(P, 'build', 'a.txt'), 'a');
  writeFileSync(join(P, 'docs', 'a.md'), 'a');
  writeFileSync(join(P, 'docs', 'b.md'), 'b');
  writeFileSync(join(root, 'elsewhere', 'f.txt'), 'f');
  // A committed link into the repository's hooks, one leading out of the project, a linked
  // folder leading out, and a second name (hard link) of the repository's configuration.
  symlinkSync('../.git/hooks/pre-commit', join(P, 'build', 'y.sh'));
  symlinkSync(join(root, 'elsewhere', 'f.txt'), join(P, 'out', 'o.log'));
  symlinkSync(join(root, 'elsewhere'), join(P, 'out', 'ext'));
  linkSync(join(P, '.git', 'config'), join(P, 'out', 'h.cfg'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Settings = Record<string, unknown>;
const decide = (command: string, mode: PermissionMode, settings?: Settings) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
      policy: policyFromObjects(settings ? [{ kind: 'userSettings', settings }] : []),
      cwd: P,
      home: join(root, 'home'),
      fs: nodeFsView(),
    },
  );
const STAR = { permissions: { allow: ['Bash(*)'] } };
const BLOCK_OUTSIDE = { permissions: { blockWritesOutsideWorkingDirectories: true } };
const worlds: [string, PermissionMode, Settings | undefined][] = [
  ['default', 'default', undefined],
  ['acceptEdits', 'acceptEdits', undefined],
  ['bypassPermissions', 'bypassPermissions', undefined],
  ['Bash(*) in default', 'default', STAR],
  ['Bash(*) in acceptEdits', 'acceptEdits', STAR],
];

describe('a glob write through a link the tree holds', () => {
  const through = [
    'echo evil > build/*.sh',
    'cp x build/*.sh',
    'echo evil | tee build/*.sh',
    'printf x >> build/?.sh',
    "sed -i 's/^/evil;/' build/*.sh",
    'cp build/*.sh',
    'echo evil > build/{y,z}.sh',
    'echo evil > build/y.sh',
  ];
  for (const c of through) {
    for (const [name, mode, settings] of worlds) {
      it(`${c} asks as a protected write (${name})`, () => {
        const d = decide(c, mode, settings);
        expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
        expect(d.reason.message).toContain(join(P, '.git', 'hooks'));
      });
    }
  }
  it('a glob whose matches are plain files is decided as before', () => {
    for (const c of ['echo ok > build/*.txt', "sed -i 's/a/b/' docs/*.md", 'cp x build/*.txt', 'echo ok > build/*.none']) {
      expect(decide(c, 'bypassPermissions').behavior).toBe('allow');
      expect(decide(c, 'default', STAR).behavior).toBe('allow');
    }
  });
});

describe('a glob write matching a file with more than one name (hard link)', () => {
  it('asks as a protected write: another name may be a protected path', () => {
    for (const c of ['echo evil > out/*.cfg', "sed -i 's/a/b/' out/h.*"]) {
      const d = decide(c, 'bypassPermissions');
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
      expect(d.reason.message).toContain('hard links');
    }
  });
});

describe('a glob write through a link out of the working directories', () => {
  it('is refused under blockWritesOutsideWorkingDirectories, as the explicit path is', () => {
    for (const c of ['echo ok > out/o.log', 'echo ok > out/*.log', "sed -i 's/a/b/' out/**/*.txt", 'cp x out/e*']) {
      const d = decide(c, 'bypassPermissions', BLOCK_OUTSIDE);
      expect(d.behavior).toBe('deny');
      expect(d.reason.message).toContain(join(root, 'elsewhere'));
    }
  });
});

describe('what the view cannot settle', () => {
  it('a .. after a wild component (it goes up from where the match leads) asks as a protected write', () => {
    // `out/ext/..` is root, not the project: the lexical `out/x` is not where the write lands.
    const d = decide('echo x > out/*/../x', 'bypassPermissions');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
    expect(d.reason.message).toContain('cannot settle');
    const outside = decide('echo x > out/*/../x', 'bypassPermissions', BLOCK_OUTSIDE);
    expect([outside.behavior, outside.askKind]).toEqual(['ask', 'firm']);
  });
  it('a link or folder made earlier on the line is not in the view: the spelling still decides, and asks', () => {
    for (const c of [
      `ln -s ${P} build/up; printf x >> build/*/.g?t/config`,
      'mkdir build/d && printf x >> build/*/.g?t/config',
      'cp x build/*.js',
    ]) {
      for (const [name, mode, settings] of worlds) {
        const d = decide(c, mode, settings);
        expect([name, d.behavior, d.askKind]).toEqual([name, 'ask', 'protected']);
      }
    }
  });
  it('a ** through a linked folder reaches what is behind the link', () => {
    const link = join(P, 'build', 'up');
    symlinkSync(P, link);
    try {
      for (const c of ['printf x >> build/**/.gi?/config', 'printf x >> build/*/.g?t/config', 'echo evil > build/*/build/*.sh']) {
        const d = decide(c, 'bypassPermissions');
        expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
      }
    } finally {
      rmSync(link);
    }
  });
});
