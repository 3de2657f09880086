/**
 * A rule refuses only what it names (DESIGN, "Which answer for what cannot be seen"): the
 * README's example policy on an everyday file tree, through the in-memory file-system view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem, type MemoryEntry } from '../../src/testing/memory-fs.js';
import { ENTRY_BOUND } from '../../src/evaluate/fs-reach.js';

const P = '/home/user/project';
const README = { allow: ['Bash(npm run test *)', 'Edit(src/**)'], ask: ['Bash(git push *)'], deny: ['Read(./.env)', 'Bash(rm -rf *)'] };
const policyOf = (permissions: Record<string, string[]>) => policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);

/** The everyday tree: sources, a build output, a script, and the secret the deny rule covers. */
const TREE: Record<string, MemoryEntry> = {
  [`${P}/.env`]: 'SECRET=1\n',
  [`${P}/package.json`]: '{}',
  [`${P}/x.js`]: 'console.log(1)\n',
  [`${P}/src/old.js`]: 'old\n',
  [`${P}/src/a.js`]: 'a\n',
  [`${P}/src/index.ts`]: 'export {}\n',
  [`${P}/dist/index.js`]: 'built\n',
  [`${P}/config/.env`]: 'NESTED=1\n',
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
    { mode: o.mode ?? 'default', policy: policyOf(o.permissions ?? README), cwd: P, home: '/home/user', ...(view ? { fs: view } : {}) },
  );
}

beforeAll(async () => {
  await prepare();
});

describe("the README policy on the everyday tree: the issue's table, right column", () => {
  it.each(['rm src/old.js', 'mv src/a.js src/b.js', 'rm -r dist'])('%s is a plain ask, as Claude Code', (command) => {
    const d = decide(command);
    expect([d.behavior, d.askKind, d.rule?.text]).toEqual(['ask', 'plain', undefined]);
  });
  it('node x.js with Bash(node *) allowed is allowed', () => {
    expect(decide('node x.js', { permissions: { ...README, allow: [...README.allow, 'Bash(node *)'] } }).behavior).toBe('allow');
  });
  it('grep -rn x src is allowed: src holds no covered path', () => {
    expect(decide('grep -rn x src').behavior).toBe('allow');
  });
  it('grep -rn x src is denied when src really holds a covered file, naming it', () => {
    const d = decide('grep -rn x src', { tree: { ...TREE, [`${P}/src/.env`]: 'S=1' } });
    expect(d.behavior).toBe('deny');
    expect(d.rule?.text).toBe('Read(./.env)');
    expect(d.reason.message).toContain(`${P}/src/.env`);
  });
  it("wc -l src/*.js under Read(./.env.*) is allowed: the pattern names only src's .js files", () => {
    const d = decide('wc -l src/*.js', { permissions: { deny: ['Read(./.env.*)'] } });
    expect(d.behavior).toBe('allow');
  });
  it('wc -l src/*.js under Read(./.env.*) is denied when src holds a .env.js (dotglob could name it)', () => {
    const d = decide('wc -l src/*.js', { permissions: { deny: ['Read(./.env.*)'] }, tree: { ...TREE, [`${P}/src/.env.js`]: 'x' } });
    expect(d.behavior).toBe('deny');
    expect(d.reason.message).toContain('.env.js');
  });
  it('rm -rf dist names Bash(rm -rf *), not Read(./.env)', () => {
    const d = decide('rm -rf dist');
    expect([d.behavior, d.rule?.text]).toEqual(['deny', 'Bash(rm -rf *)']);
  });
});

describe('a Read deny rule never denies removing or creating a path', () => {
  it.each(['rm .env', 'rm -r config', 'touch .env', 'rm -rf .', 'find . -name "*.tmp" -delete'])(
    '%s is not denied by Read(./.env)',
    (command) => {
      const d = decide(command, { permissions: { deny: ['Read(./.env)'] } });
      expect(d.behavior).not.toBe('deny');
    },
  );
  it('Edit deny rules still decide removal', () => {
    expect(decide('rm -r config', { permissions: { deny: ['Edit(config/**)'] } }).behavior).toBe('deny');
  });
});

describe('copying, moving, linking, archiving or sending a covered path is a read of it', () => {
  it.each([
    'cp .env /tmp/x',
    'mv .env old.env',
    'ln -s .env y',
    'tar czf a.tgz .',
    'cp -r config /tmp/c',
    'mv config cfg',
    'scp .env host:',
    'grep -r x .',
  ])('%s is denied', (command) => {
    const d = decide(command);
    expect([d.behavior, d.rule?.text]).toEqual(['deny', 'Read(./.env)']);
  });
});

describe('what the view cannot settle is a guarded-read ask', () => {
  it('rg walks past a covered file it may skip: a guarded read, not a deny', () => {
    const d = decide('rg TODO');
    expect([d.behavior, d.askKind, d.reason.kind]).toEqual(['ask', 'guardedRead', 'guardedRead']);
    expect(d.reason.message).toContain(`${P}/.env`);
  });
  it('rg over a tree without a covered file is allowed', () => {
    expect(decide('rg TODO src').behavior).toBe('allow');
  });
  it('without a view a recursive read that may reach a covered path is a guarded read', () => {
    const d = decide('grep -rn x src', { view: null });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('no file-system view');
  });
  it('the bound is named in the reason', () => {
    const big: Record<string, MemoryEntry> = { ...TREE };
    for (let i = 0; i <= ENTRY_BOUND; i++) big[`${P}/src/gen/f${i}.js`] = '';
    const d = decide('grep -rn x src', { tree: big });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain(String(ENTRY_BOUND));
  });
  it('no mode and no prefix rule answers it; dontAsk denies it; an exact-command rule does', () => {
    for (const mode of ['bypassPermissions', 'auto', 'acceptEdits'] as const) {
      expect([mode, decide('rg TODO', { mode }).behavior]).toEqual([mode, 'ask']);
    }
    expect(decide('rg TODO', { mode: 'dontAsk' }).behavior).toBe('deny');
    expect(decide('rg TODO', { permissions: { ...README, allow: ['Bash(rg *)'] } }).behavior).toBe('ask');
    const exact = decide('rg TODO', { permissions: { ...README, allow: ['Bash(rg TODO)'] } });
    expect([exact.behavior, exact.rule?.text]).toEqual(['allow', 'Bash(rg TODO)']);
  });
  it('offers the exact command as what to remember', () => {
    const d = decide('rg TODO');
    expect(d.suggestions).toEqual([
      { type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: 'Bash', ruleContent: 'rg TODO' }] },
    ]);
  });
});

describe('redirections into the working directories, as the Claude Code CLI 2.1.332 decides them', () => {
  it('a read-only command writing a file an Edit allow rule covers runs, naming the rule', () => {
    const d = decide("printf 'x\\n' > src/y.js");
    expect([d.behavior, d.rule?.text]).toEqual(['allow', 'Edit(src/**)']);
  });
  it('one writing elsewhere asks, offering acceptEdits for the session (which answers it)', () => {
    const d = decide('echo hello > notes.txt');
    expect([d.behavior, d.askKind, d.suggestions]).toEqual([
      'ask',
      'plain',
      [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    ]);
    expect(decide('echo hello > notes.txt', { mode: 'acceptEdits' }).behavior).toBe('allow');
  });
  it('a write outside the working directories offers no mode: acceptEdits would not answer it', () => {
    const d = decide('echo hello > /tmp/notes.txt');
    expect([d.behavior, d.suggestions ?? []]).toEqual(['ask', []]);
  });
});

describe('a read after a cd while a Read deny rule is configured asks, as the Claude Code CLI 2.1.332 does', () => {
  it.each(['cd src && ls', 'cd src && cat a.js', 'cd src && ls -la && cd ..'])('%s asks (plain)', (command) => {
    const d = decide(command);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'plain']);
  });
});

describe('grep -r --include chooses the files it reads', () => {
  it("grep -rn x --include='*.js' . is allowed: the covered .env and config/.env match no --include glob", () => {
    expect(decide("grep -rn x --include='*.js' .").behavior).toBe('allow');
    expect(decide("grep -rn x --include '*.js' --include='*.ts' .").behavior).toBe('allow');
    // No glob matches .env and the first option is --include: grep 3.8 leaves it out (verified, gnulib's rule).
    expect(decide("grep -rn x --include='*.js' --exclude='*.md' .").behavior).toBe('allow');
  });

  it.each([
    // A glob that may match the covered name, a case-folded one included.
    "grep -rn x --include='.env' .",
    "grep -rn x --include='*.ENV' .",
    "grep -rn x --include='*' .",
    // -R follows a link named a.js to any file.
    "grep -Rn x --include='*.js' .",
    // No glob matches .env and the first option is --exclude: grep 3.8 reads it (verified).
    "grep -rn x --exclude='*.md' --include='*.js' .",
  ])('%s still meets Read(./.env)', (command) => {
    expect(decide(command).behavior).not.toBe('allow');
  });

  it('a variable in the glob is no choice toolgate can read', () => {
    expect(decide('grep -rn x --include="$P" .').behavior).not.toBe('allow');
  });
});

describe('several directory changes in one command', () => {
  it.each(['cd src && ls -la && cd ..', 'cd src && cd .. && ls', 'pushd src && ls && popd'])(
    '%s asks with no rules, in default and acceptEdits, as the Claude Code CLI does',
    (command) => {
      for (const mode of ['default', 'acceptEdits'] as const) {
        const d = decide(command, { permissions: {}, mode });
        expect([d.behavior, d.askKind]).toEqual(['ask', 'plain']);
      }
    },
  );
});

describe('every reason is true: what stopped a covered command', () => {
  it('npm run test -- --run > out.txt names the write no Edit rule covers, not the program', () => {
    const d = decide('npm run test -- --run > out.txt');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'plain']);
    expect(d.reason.message).toContain('is covered by Bash(npm run test *)');
    expect(d.reason.message).toContain(`${P}/out.txt, which no Edit allow rule covers`);
    expect(d.reason.message).not.toContain('not a read-only command');
  });
  it('the same write into src/ is what Edit(src/**) approves', () => {
    expect(decide('npm run test -- --run > src/out.txt').behavior).toBe('allow');
  });
  // The part whose redirection writes is named, and "covered by" only for a part a rule covers
  // (strace: the process that opens x.json is the one that execs jq, in bash, dash and zsh).
  const CAT = { permissions: { allow: ['Bash(cat:*)'] } };
  it.each([
    ['cat package.json | jq .scripts > /tmp/x.json', '"jq .scripts" is read-only and needs no allow rule, but its redirection writes /tmp/x.json'],
    ['cat package.json && jq .scripts package.json > x.json', '"jq .scripts package.json" is read-only'],
    ['jq .scripts package.json > x.json && cat package.json', '"jq .scripts package.json" is read-only'],
    ['jq .scripts package.json | cat > x.json', '"cat" is covered by Bash(cat:*), but it writes'],
    ['cat package.json > x.json && jq .scripts package.json', '"cat package.json" is covered by Bash(cat:*), but it writes'],
    ['{ cat package.json; jq .scripts package.json; } > x.json', "a compound command's redirection writes"],
  ])('%s names the part whose redirection writes', (command, names) => {
    const d = decide(command, CAT);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'plain']);
    expect(d.reason.message).toContain(names);
    if (!names.includes('covered by')) expect(d.reason.message).not.toContain('" is covered by');
  });
});
