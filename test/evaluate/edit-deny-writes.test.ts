/**
 * Edit deny rules and writes of names the command line does not give (DESIGN, "Which answer for
 * what cannot be seen"): a write that may reach an Edit-denied path where the file-system view
 * cannot settle it is a protected ask, never a firm one; where the view settles it (a destination
 * that does not exist or a regular file lands, a directory whose real tree holds no covered name,
 * a removal of what does not exist, a glob's real names) the Edit rule plays no part. An operand
 * given by a variable may name any path: a firm ask.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem, type MemoryEntry } from '../../src/testing/memory-fs.js';

const P = '/home/user/project';
/** The everyday corpus's `secrets` policy: Read and Edit deny rules only. */
const SECRETS = { deny: ['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)', 'Edit(./.env)', 'Edit(./secrets/**)'] };
const EDIT_ONLY = { deny: ['Edit(./.env)', 'Edit(./secrets/**)'] };
const policyOf = (permissions: Record<string, string[]>) => policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);

const TREE: Record<string, MemoryEntry> = {
  [`${P}/.env`]: 'SECRET=1\n',
  [`${P}/src/a.js`]: 'a\n',
  [`${P}/src/old.js`]: 'old\n',
  [`${P}/src/index.js`]: 'index\n',
  [`${P}/src/lib/helper.js`]: 'helper\n',
  [`${P}/test/run.js`]: 'ok\n',
  [`${P}/tmp/a.tmp`]: 'a\n',
  [`${P}/tmp/b.tmp`]: 'b\n',
  [`${P}/stage/.env`]: 'STAGED=1\n',
  [`${P}/secrets/api.key`]: 'k\n',
};

function decide(
  command: string,
  o: {
    permissions?: Record<string, string[]>;
    tree?: Record<string, MemoryEntry>;
    view?: ReadonlyFsView | null;
    mode?: PermissionMode;
  } = {},
) {
  const view = o.view === null ? undefined : (o.view ?? createMemoryFileSystem(o.tree ?? TREE).view());
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: o.mode ?? 'default',
      policy: policyOf(o.permissions ?? SECRETS),
      cwd: P,
      home: '/home/user',
      // Nothing set that moves git's work tree (an environment that may hold GIT_WORK_TREE asks for every git write).
      environment: { values: {}, complete: true },
      ...(view ? { fs: view } : {}),
    },
  );
}

beforeAll(async () => {
  await prepare();
});

describe('a write the view settles: the Edit rule plays no part, the call is decided as usual', () => {
  it.each([
    'mv src/a.js src/b.js',
    'git mv src/a.js src/b.js',
    'cp -r src src-copy',
    'ln -s src/index.js main.js',
    'rm -rf node_modules',
    'rm tmp/*.tmp',
    'npx prettier --check src',
    'node --test test/',
  ])('%s is a plain ask that offers a rule to remember', (command) => {
    const d = decide(command);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'plain']);
    expect(d.suggestions?.length ?? 0).toBeGreaterThan(0);
  });
  it('acceptEdits answers mv src/a.js src/b.js under the Edit deny rules', () => {
    expect(decide('mv src/a.js src/b.js', { mode: 'acceptEdits' }).behavior).toBe('allow');
  });
  it('the reason never names a path the view shows cannot be written (ln -s src/index.js main.js)', () => {
    const d = decide('ln -s src/index.js main.js', { permissions: EDIT_ONLY });
    expect(d.reason.message).not.toContain('main.js/src/index.js');
  });
});

describe('a write the view cannot settle, or one it shows reaches a covered name: a protected ask', () => {
  it.each(['git pull', 'git merge main', 'git rebase main', 'git reset --hard HEAD', 'tar xf a.tar'])(
    '%s writes names toolgate cannot see: protected, naming the Edit rule',
    (command) => {
      const d = decide(command, { permissions: EDIT_ONLY });
      expect([d.behavior, d.askKind, d.rule?.text]).toEqual(['ask', 'protected', 'Edit(./.env)']);
    },
  );
  it('no mode answers it: bypassPermissions and acceptEdits still ask', () => {
    for (const mode of ['bypassPermissions', 'acceptEdits'] as const)
      expect([decide('git pull', { permissions: EDIT_ONLY, mode }).behavior]).toEqual(['ask']);
  });
  it('a recursive copy of a tree that holds a covered name puts it under the destination', () => {
    const d = decide('cp -r stage out', { permissions: EDIT_ONLY });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
    expect(d.reason.message).toContain(`${P}/out/.env`);
  });
  it('a link to a directory that holds a covered name, then a removal through it', () => {
    const d = decide('ln -s stage nm && rm -rf nm/', { permissions: EDIT_ONLY, mode: 'bypassPermissions' });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });
  it('a destination that does not exist is settled only when no other part of the line writes (a link made first may lead anywhere)', () => {
    for (const command of ['cp -P l nm && rm -rf nm/', 'cp -P l tmp/c.tmp && rm -rf tmp/*.tmp/', 'rm -rf tmp/*.tmp/ | cp -P l tmp/c.tmp']) {
      const d = decide(command, { permissions: EDIT_ONLY, mode: 'bypassPermissions' });
      expect([command, d.behavior, d.askKind]).toEqual([command, 'ask', 'protected']);
    }
  });
  it('a moved link points elsewhere once moved: not settled by where it points now', () => {
    const tree = { ...TREE, [`${P}/deep/x/up`]: { symlink: '..' } };
    const d = decide('mv deep/x/up tmp/up', { permissions: EDIT_ONLY, tree, mode: 'bypassPermissions' });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });
  it('a glob whose real names lead to a covered path through a link writes that path: denied', () => {
    // The view expands the glob to tmp/c.tmp, a link to .env: bash writes .env, which the rule names.
    const tree = { ...TREE, [`${P}/tmp/c.tmp`]: { symlink: '../.env' } };
    const d = decide('echo x > tmp/c.tm?', { permissions: { deny: ['Edit(./.env)'] }, tree, mode: 'bypassPermissions' });
    expect([d.behavior, d.rule?.text]).toEqual(['deny', 'Edit(./.env)']);
  });
  it('without a file-system view, a write of unseen names is protected, not firm', () => {
    const d = decide('cp -r src src-copy', { permissions: EDIT_ONLY, view: null });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });
  it('a program given a directory that holds a covered name may write it', () => {
    const d = decide('npx prettier --write stage', { permissions: EDIT_ONLY });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });
});

describe('without a file-system view: a deny only where the rule names what the removal takes', () => {
  // DESIGN, "Which answer for what cannot be seen": a removal or move of a path that merely may
  // hold an Edit-denied path (`Edit(./.env)` matches `.env` at any depth, so `src/a.js` could be
  // a directory holding one) is a protected ask naming the rule, not a deny.
  it.each(['mv src/a.js src/b.js', 'rm src/old.js', 'rm -r src', 'rm -rf dist', 'git clean -fdx'])(
    '%s may remove a covered path: protected, naming the Edit rule',
    (command) => {
      const d = decide(command, { permissions: { deny: ['Edit(./.env)'] }, view: null });
      expect([d.behavior, d.askKind, d.rule?.text]).toEqual(['ask', 'protected', 'Edit(./.env)']);
      expect(d.reason.message).toContain('may hold a path the rule covers');
    },
  );
  it('no mode answers it', () => {
    for (const mode of ['bypassPermissions', 'acceptEdits'] as const)
      expect(decide('rm -r src', { permissions: EDIT_ONLY, mode, view: null }).behavior).toBe('ask');
  });
  it.each([
    ['rm .env', 'Edit(./.env)'],
    ['mv .env x', 'Edit(./.env)'],
    // The rule covers everything in secrets/: removing it removes whatever covered paths it holds.
    ['rm -rf secrets', 'Edit(./secrets/**)'],
    // The rule names ./.env, which is inside the directory removed whole.
    ['rm -rf .', 'Edit(./.env)'],
    ['mv src/a.js secrets', 'Edit(./secrets/**)'],
  ])('%s removes or writes what the rule names: denied by %s', (command, rule) => {
    const d = decide(command, { permissions: EDIT_ONLY, view: null });
    expect([d.behavior, d.rule?.text]).toEqual(['deny', rule]);
  });
});

describe('what stays firm or denied', () => {
  it('an operand given by a variable may name any path: firm', () => {
    expect(decide('rm -rf $X', { permissions: EDIT_ONLY }).askKind).toBe('firm');
  });
  it('a literal covered path is denied', () => {
    expect(decide('mv src/a.js secrets', { permissions: EDIT_ONLY }).behavior).toBe('deny');
    expect(decide('rm -rf secrets/*', { permissions: EDIT_ONLY }).behavior).toBe('deny');
  });
  it('a read the view cannot settle together with such a write: firm (no one standing answer holds for both)', () => {
    const d = decide('tar xf a.tar && grep -r x stage', { permissions: { deny: ['Read(./.env)', 'Edit(./.env)'] }, view: null });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    expect(d.reason.message).toContain('Read(./.env)');
    expect(d.reason.message).toContain('Edit(./.env)');
  });
});
