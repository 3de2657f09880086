/**
 * Which files of a tree ripgrep leaves out, settled through the file-system view: real trees
 * (a git repository with a .gitignore that takes a hidden file back, `.ignore` files, a global
 * excludes file), and every answer checked against what the installed rg itself walks
 * (`rg --files`, with no configuration and a home of the test's own).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFsView } from '../../../src/node/fs-view.js';
import { rgSkipsIn } from '../../../src/shell/programs/rg-skips.js';
import { evaluate } from '../../../src/evaluate/index.js';
import { policyFromObjects } from '../../../src/settings/index.js';
import { environmentFromProcess } from '../../../src/evaluate/door/environment.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-rg-skips-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const none = () => false;

let hasRg = true;
try {
  execFileSync('rg', ['--version'], { stdio: 'ignore' });
} catch {
  hasRg = false;
}

/** A home of its own and a tree under it; `.git` as `repository` makes a git repository's folder. */
function world(name: string, tree: Record<string, string>, homeFiles: Record<string, string> = {}): { home: string; dir: string } {
  const home = join(root, name, 'home');
  const dir = join(home, 'project');
  for (const [rel, text] of Object.entries({
    ...Object.fromEntries(Object.entries(homeFiles).map(([k, v]) => [join('..', k), v])),
    ...tree,
  })) {
    const path = join(dir, rel);
    if (text === 'repository') {
      mkdirSync(join(path, 'refs'), { recursive: true });
      mkdirSync(join(path, 'objects'), { recursive: true });
      writeFileSync(join(path, 'HEAD'), 'ref: refs/heads/main\n');
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return { home, dir };
}

/** The files rg walks in `tree` (cwd `dir`), as paths. */
function rgWalks(home: string, dir: string, tree = '.', extra: readonly string[] = []): Set<string> {
  let out = '';
  try {
    out = execFileSync('rg', ['--files', ...extra, tree], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home },
      encoding: 'utf8',
    });
  } catch (e) {
    // rg exits 1 when it finds no file.
    if ((e as { status?: number }).status !== 1) throw e;
  }
  return new Set(
    out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => join(dir, l)),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === '.git') return [];
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The decision on `command` in `cwd` under these Read deny rules, with the real file system and `env` as the environment. */
function decide(deny: string[], cwd: string, home: string, command: string, env: Record<string, string> = {}) {
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'default',
      policy: policyFromObjects([{ kind: 'inline', settings: { permissions: { deny } } }]),
      cwd,
      home,
      projectDir: cwd,
      fs: nodeFsView(),
      environment: environmentFromProcess({ PATH: '/usr/bin:/bin', ...env }),
    },
  );
}

const APP = {
  '.git': 'repository',
  '.gitignore': '.env\n.env.*\n!.env.example\nsecrets/\n',
  '.env': 'TODO\n',
  '.env.local': 'TODO\n',
  '.env.example': 'TODO\n',
  'secrets/api.key': 'TODO\n',
  'src/a.js': 'TODO\n',
  'src/.cache/x': 'TODO\n',
  'docs/.ignore': '!.notes\n',
  'docs/.notes': 'TODO\n',
};

describe.skipIf(!hasRg)('what rg skips, as rg itself walks', () => {
  it('never says skipped of a file rg walks, and skips the hidden and ignored ones', () => {
    const { home, dir } = world('app', APP);
    const walked = rgWalks(home, dir);
    const skips = rgSkipsIn(nodeFsView(), dir, home, none, false)!;
    for (const f of filesUnder(dir)) if (skips(f)) expect(walked.has(f), f).toBe(false);
    for (const rel of ['.env', '.env.local', 'secrets/api.key', 'src/.cache/x']) expect(skips(join(dir, rel)), rel).toBe(true);
    // Taken back by a negation (.gitignore's !.env.example, docs/.ignore's !.notes): rg reads them.
    for (const rel of ['.env.example', 'docs/.notes', 'src/a.js']) {
      expect(skips(join(dir, rel)), rel).toBe(false);
      expect(walked.has(join(dir, rel)), rel).toBe(true);
    }
  });

  it('with --hidden and !.git (the Grep tool): hidden names are walked, .git and ignored ones are not', () => {
    const { home, dir } = world('app-hidden', APP);
    const walked = rgWalks(home, dir, '.', ['--hidden', '--glob', '!.git']);
    const skips = rgSkipsIn(nodeFsView(), dir, home, none, false, { except: ['.git'] })!;
    for (const f of filesUnder(dir)) if (skips(f)) expect(walked.has(f), f).toBe(false);
    for (const rel of ['src/.cache/x', 'docs/.notes'])
      expect([skips(join(dir, rel)), walked.has(join(dir, rel))], rel).toEqual([false, true]);
    expect(skips(join(dir, 'secrets/api.key'))).toBe(true);
  });

  it('an ignore line matches by case: `Credentials.json` and `.ENV` skip neither credentials.json nor .env', () => {
    // A negation is still taken under either case rule (what it may take back is read).
    const { home, dir } = world('case', {
      '.git': 'repository',
      '.gitignore': 'Credentials.json\n.ENV\n',
      'credentials.json': 'TODO\n',
      '.env': 'TODO\n',
      'Other.txt': 'TODO\n',
      '.ignore': 'other.txt\n',
    });
    const walked = rgWalks(home, dir, '.', ['--hidden']);
    const skips = rgSkipsIn(nodeFsView(), dir, home, none, false, { except: ['.git'] })!;
    for (const rel of ['credentials.json', '.env', 'Other.txt'])
      expect([skips(join(dir, rel)), walked.has(join(dir, rel))], rel).toEqual([false, true]);
  });

  it('a folder given to rg is entered though .gitignore ignores it', () => {
    const { home, dir } = world('given', APP);
    const skips = rgSkipsIn(nodeFsView(), join(dir, 'secrets'), home, none, false)!;
    expect(skips(join(dir, 'secrets/api.key'))).toBe(false);
    expect(rgWalks(home, dir, 'secrets').has(join(dir, 'secrets/api.key'))).toBe(true);
  });

  it('outside a repository .gitignore counts for nothing; hidden names are still skipped', () => {
    const { '.git': _, ...plain } = APP;
    const { home, dir } = world('plain', plain);
    const walked = rgWalks(home, dir);
    const skips = rgSkipsIn(nodeFsView(), dir, home, none, false)!;
    expect(skips(join(dir, 'secrets/api.key'))).toBe(false);
    expect(walked.has(join(dir, 'secrets/api.key'))).toBe(true);
    expect(skips(join(dir, '.env'))).toBe(true);
    expect(walked.has(join(dir, '.env'))).toBe(false);
  });

  it('a negation in the global excludes file takes a hidden name back', () => {
    // No .gitignore matches .env here: the global file's negation decides (a .gitignore match would outrank it).
    const { home, dir } = world(
      'global',
      { '.git': 'repository', '.env': 'TODO\n', 'a.js': 'TODO\n' },
      { '.config/git/ignore': '!.env\n' },
    );
    expect(rgWalks(home, dir).has(join(dir, '.env'))).toBe(true);
    expect(rgSkipsIn(nodeFsView(), dir, home, none, false)!(join(dir, '.env'))).toBe(false);
  });

  it('settles nothing when the configuration may add options or git names another excludes file', () => {
    const { home, dir } = world('config', APP, { '.gitconfig': '[core]\n\texcludesFile = ~/ignores\n' });
    expect(rgSkipsIn(nodeFsView(), dir, home, none, false)).toBeUndefined();
    const other = world('env', APP);
    expect(rgSkipsIn(nodeFsView(), other.dir, other.home, (n) => n === 'RIPGREP_CONFIG_PATH', false)).toBeUndefined();
    expect(rgSkipsIn(nodeFsView(), other.dir, other.home, (n) => n === 'RIPGREP_CONFIG_PATH', true)).toBeDefined();
    expect(rgSkipsIn(nodeFsView(), other.dir, other.home, (n) => n === 'XDG_CONFIG_HOME', true)).toBeUndefined();
  });
});

describe('rg under Read deny rules', () => {
  it('rg TODO passes over a hidden, ignored .env and an ignored secrets/', () => {
    const { home, dir } = world('eval', APP);
    expect(decide(['Read(./.env)', 'Read(./secrets/**)'], dir, home, 'rg TODO').behavior).toBe('allow');
    expect(decide(['Read(./.env)'], dir, home, 'rg -n -i todo src .').behavior).toBe('allow');
  });

  it('asks (guarded read) where rg may read the covered file: a negation takes it back, an option or the environment changes the walk', () => {
    const { home, dir } = world('eval-ask', APP);
    const taken = decide(['Read(./.env.*)'], dir, home, 'rg TODO');
    expect([taken.behavior, taken.askKind]).toEqual(['ask', 'guardedRead']);
    expect(taken.reason.message).toContain('.env.example');
    // --hidden searches hidden names but still honours .gitignore (8393f7ea): what rg walks decides.
    const hiddenWalk = rgWalks(home, dir, '.', ['--hidden']);
    const hiddenReadsCovered = ['.env', 'secrets/api.key'].some((rel) => hiddenWalk.has(join(dir, rel)));
    expect(decide(['Read(./.env)', 'Read(./secrets/**)'], dir, home, 'rg --hidden TODO').behavior).toBe(hiddenReadsCovered ? 'ask' : 'allow');
    for (const command of ['rg -uu TODO', "rg -g '.env' TODO", 'rg --no-ignore-vcs TODO secrets/..', 'rg $OPT TODO']) {
      expect(decide(['Read(./.env)', 'Read(./secrets/**)'], dir, home, command).behavior, command).toBe('ask');
    }
    expect(decide(['Read(./.env)'], dir, home, 'rg TODO', { RIPGREP_CONFIG_PATH: '/tmp/rgrc' }).behavior).toBe('ask');
  });
});

describe.skipIf(!hasRg)('rg told which files to search by name (globs and types)', () => {
  const DENY = ['Read(./.env)', 'Read(./.env.local)', 'Read(./secrets/**)', 'Read(./src/.cache/**)'];
  const covered = ['.env', '.env.local', 'secrets/api.key', 'src/.cache/x'];
  // Each: rg's options (words as rg gets them) and the command line that gives them.
  const forms: [string[], string][] = [
    [['-t', 'js'], 'rg -t js TODO'],
    [['-tjs'], 'rg -tjs TODO'],
    [['--type=js'], 'rg --type=js TODO'],
    [['-g', '*.js'], "rg -g '*.js' TODO"],
    [['--iglob', '*.JS'], "rg --iglob '*.JS' TODO"],
    [['-g', '!x'], "rg -g '!x' TODO"],
    [['-T', 'js'], 'rg -T js TODO'],
    [['--type-add', 'web:*.html', '-t', 'web'], "rg --type-add 'web:*.html' -t web TODO"],
    [['--type-add', 'x:include:js,sh', '-t', 'x'], "rg --type-add 'x:include:js,sh' -t x TODO"],
    [['-t', 'all'], 'rg -t all TODO'],
    [['-g', '.env'], "rg -g '.env' TODO"],
    [['-g', '*'], "rg -g '*' TODO"],
    [['-g', '*.{js,local}'], "rg -g '*.{js,local}' TODO"],
    [['--type-add', 'e:.env*', '-t', 'e'], "rg --type-add 'e:.env*' -t e TODO"],
  ];

  it('never allows where the installed rg reads a covered file, and allows the globs and types that choose none', () => {
    const { home, dir } = world('chosen', APP);
    for (const [opts, command] of forms) {
      const walked = rgWalks(home, dir, '.', opts);
      const readsCovered = covered.some((rel) => walked.has(join(dir, rel)));
      const d = decide(DENY, dir, home, command);
      // A type is taken to whitelist ignored files too (an ignore file outranks it in rg): `e` asks though rg skips the ignored .env.
      const expected = readsCovered || command.includes("'e:") ? 'ask' : 'allow';
      expect([command, d.behavior], [...walked].join(' ')).toEqual([command, expected]);
    }
  });

  it('a type whose globs toolgate does not know, or a glob with a /, may choose any file', () => {
    const { home, dir } = world('chosen-unknown', APP);
    for (const command of ['rg -t nosuch TODO', "rg -g 'src/*.js' TODO", "rg --type-add 'x:src/*' -t x TODO"])
      expect(decide(DENY, dir, home, command).behavior, command).toBe('ask');
  });
});
