/**
 * Rewordings of a denied action found by red-teaming toolgate: each must be denied, or at least
 * be a firm ask (no mode and no allow rule answers it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { mayMatchWithHoles } from '../../src/evaluate/holes.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { caseFsView } from '../../src/cases/case-fs.js';

const P = '/home/user/project';
const policy = policyFromObjects([
  { kind: 'projectSettings', settings: { permissions: { allow: ['Bash'], deny: ['Bash(git push *)', 'Bash(rm *)'] } } },
]);

beforeAll(async () => {
  await prepare();
});

function decide(command: string, mode: (typeof PERMISSION_MODES)[number]) {
  return evaluate({ tool: 'Bash', input: { command } }, { mode, policy, cwd: P, home: '/home/user' });
}

describe('denied commands reworded', () => {
  const denied = [
    'git {push,} origin main',
    'RM -rf build',
    'rm.exe -rf build',
    'git -C . push origin main',
    'git --no-pager push',
    'git --attr-source HEAD push origin main',
  ];
  const firm = ['P=push; git $P origin main', 'git $(echo push) origin main', 'git $CMD', "bash <<< 'rm x'", 'echo rm x | sh'];
  for (const mode of PERMISSION_MODES) {
    it(`${mode}: deny or firm ask, never allow`, () => {
      for (const c of denied) expect([c, decide(c, mode).behavior]).toEqual([c, 'deny']);
      for (const c of firm) {
        const d = decide(c, mode);
        expect([c, d.behavior === 'deny' || (d.behavior === 'ask' && d.askKind === 'firm')]).toEqual([c, true]);
      }
    });
  }
  it('commands no deny rule could match still run', () => {
    expect(decide('git status $X', 'default').behavior).toBe('allow');
    expect(decide('ls $DIR', 'default').behavior).toBe('allow');
  });
});

describe('a pattern against a command with holes', () => {
  const w = (...xs: (string | null)[]) => xs.map((x) => (x === null ? { hole: true as const } : { literal: x }));
  it('a hole may stand for none, one or several words', () => {
    expect(mayMatchWithHoles('git push *', w('git', null, 'origin'))).toBe(true);
    expect(mayMatchWithHoles('git push *', w('git', null))).toBe(true);
    expect(mayMatchWithHoles('git push origin main', w('git', null, 'main'))).toBe(true);
    expect(mayMatchWithHoles('git push *', w('git', 'status', null))).toBe(false);
    expect(mayMatchWithHoles('rm *', w('ls', null))).toBe(false);
    expect(mayMatchWithHoles('rm:*', w('rm', null))).toBe(true);
  });
});

describe('globbed and braced write targets meet protected paths', () => {
  const empty = policyFromObjects([]);
  for (const c of ['cp x .gi?/hooks/post-checkout', 'cp payload ~/.bash?c', 'cp x {y,.git}/config']) {
    it(c, () => {
      const d = evaluate({ tool: 'Bash', input: { command: c } }, { mode: 'bypassPermissions', policy: empty, cwd: P, home: '/home/user' });
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
    });
  }
  it('a glob that cannot name a protected path is not one', () => {
    const d = evaluate(
      { tool: 'Bash', input: { command: 'cp x build/*.css' } },
      { mode: 'bypassPermissions', policy: empty, cwd: P, home: '/home/user' },
    );
    expect(d.behavior).toBe('allow');
  });
  // `build/*.js` may name build/.lintstagedrc.js under dotglob (lint-staged reads a config in any
  // folder). A file-system view does not settle it: a link or folder made earlier on the same line,
  // or a `**` through a linked folder, reaches names the view does not show.
  it('a glob that may name a protected path by its spelling asks, with or without a view', () => {
    for (const fs of [
      undefined,
      caseFsView({ [`${P}/x`]: 'x', [`${P}/build/a.js`]: 'a' }, { cwd: P, home: '/home/user', platform: 'linux' }),
    ]) {
      const d = evaluate(
        { tool: 'Bash', input: { command: 'cp x build/*.js' } },
        { mode: 'bypassPermissions', policy: empty, cwd: P, home: '/home/user', ...(fs ? { fs } : {}) },
      );
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
    }
    const made = evaluate(
      { tool: 'Bash', input: { command: `ln -s ${P} build/up; printf x >> build/*/.g?t/config` } },
      {
        mode: 'bypassPermissions',
        policy: empty,
        cwd: P,
        home: '/home/user',
        fs: caseFsView({ [`${P}/build`]: 'directory', [`${P}/.git`]: 'directory' }, { cwd: P, home: '/home/user', platform: 'linux' }),
      },
    );
    expect([made.behavior, made.askKind]).toEqual(['ask', 'protected']);
  });
});

describe('Glob and Grep patterns meet Read deny rules and working directories', () => {
  const deny = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny: ['Read(./.env)', 'Read(~/.ssh/**)'] } } }]);
  const decide = (tool: string, input: Record<string, unknown>) =>
    evaluate({ tool, input }, { mode: 'default', policy: deny, cwd: P, home: '/home/user' });
  it('a search that may read a denied file is a firm ask or a deny', () => {
    expect(decide('Grep', { pattern: 'KEY', glob: '.env' })).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    expect(decide('Glob', { pattern: '/home/user/.ssh/*' }).behavior).toBe('deny');
  });
  it('an absolute pattern outside the working directories asks', () => {
    expect(decide('Glob', { pattern: '/etc/*' }).behavior).toBe('ask');
  });
  it('searches no denied path can match still run', () => {
    expect(decide('Grep', { pattern: 'KEY', glob: '*.ts' }).behavior).toBe('allow');
    expect(decide('Glob', { pattern: '**/*.ts' }).behavior).toBe('allow');
  });
});
