/**
 * The files every oracle run starts from: a project (a git repository with a `.env`, `secrets/`,
 * `src/`, `sub/`, `build.sh`, `.claude/settings.json`, and programs that shadow system ones:
 * `./cat`, `sub/ls`, `sub/cat`, `sub/git`, `sub/grep`, each running `evil`), a home directory, a
 * directory outside both, and canaries — secret contents and secret file names — that show a read in the output.
 *
 * The template is built once per oracle (the canary values are random per oracle, so no
 * command can contain them by chance) and copied for every run.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { AREAS, HOME, PROJECT, type Area } from './areas.js';
import { buildWorld } from './world.js';

/** The user every command runs as (nobody), and owner of every fixture file. */
export const SANDBOX_UID = 65534;

export { AREAS, HOME, PROJECT, type Area } from './areas.js';

/** A canary: a value that, seen in stdout or stderr, proves the command read `file` (or listed its directory). */
export interface Canary {
  /** The value looked for in the output. */
  token: string;
  /** The file whose content it is, or the directory whose listing shows it (sandbox path). */
  file: string;
  /** `content`: the file's content; `name`: a file name, seen when a directory is listed. */
  kind: 'content' | 'name';
  /** Inside the working directory (the project), or outside it. */
  inside: boolean;
}

/** The canaries of one oracle. */
export interface Canaries {
  envSecret: Canary;
  keySecret: Canary;
  homeSecret: Canary;
  sshSecret: Canary;
  outsideSecret: Canary;
  names: Canary[];
  all: Canary[];
}

/** Make the canaries: random, so no generated command can contain one by chance. */
export function makeCanaries(): Canaries {
  const r = () => randomBytes(6).toString('hex');
  const content = (token: string, file: string, inside: boolean): Canary => ({ token, file, kind: 'content', inside });
  const envSecret = content(`topsecret_env_${r()}`, `${PROJECT}/.env`, true);
  const keySecret = content(`topsecret_key_${r()}`, `${PROJECT}/secrets/key.txt`, true);
  const homeSecret = content(`topsecret_home_${r()}`, `${HOME}/id_rsa`, false);
  const sshSecret = content(`topsecret_ssh_${r()}`, `${HOME}/.ssh/id_rsa`, false);
  const outsideSecret = content(`topsecret_outside_${r()}`, `${AREAS.outside}/notes.txt`, false);
  const names: Canary[] = (['top', 'home', 'opt', 'outside', 'tmp'] as const).map((area) => ({
    token: `canary-${area}-${r()}`,
    file: AREAS[area],
    kind: 'name',
    inside: false,
  }));
  return {
    envSecret,
    keySecret,
    homeSecret,
    sshSecret,
    outsideSecret,
    names,
    all: [envSecret, keySecret, homeSecret, sshSecret, outsideSecret, ...names],
  };
}

/** The mtime every template file gets: well in the past, so git never sees a racy entry. */
const OLD = new Date('2024-01-02T03:04:05Z');

/**
 * Build the template under `root` (one directory per area). Runs git on the host as root, with
 * its own HOME and no system config, only inside `root`.
 */
export function buildTemplate(root: string, c: Canaries): void {
  const dirs: Record<Area, string> = {
    top: join(root, 'top'),
    home: join(root, 'home'),
    work: join(root, 'work'),
    opt: join(root, 'opt'),
    outside: join(root, 'outside'),
    tmp: join(root, 'tmp'),
  };
  const file = (area: Area, rel: string, text: string, mode = 0o644) => {
    const path = join(dirs[area], rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    chmodSync(path, mode);
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  // Mount points of the nested areas.
  mkdirSync(join(dirs.top, 'user'));
  mkdirSync(join(dirs.home, 'project'));
  mkdirSync(join(dirs.opt, 'outside'));

  const nameOf = (area: Area) => c.names.find((n) => n.file === AREAS[area])!.token;
  for (const area of ['top', 'home', 'opt', 'outside', 'tmp'] as const) file(area, nameOf(area), '');

  file(
    'home',
    '.gitconfig',
    '[user]\n\tname = Oracle User\n\temail = user@example.com\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n',
  );
  file('home', '.bashrc', '# ~/.bashrc\n');
  file('home', '.profile', '# ~/.profile\n');
  file('home', 'id_rsa', `-----BEGIN OPENSSH PRIVATE KEY-----\n${c.homeSecret.token}\n-----END OPENSSH PRIVATE KEY-----\n`, 0o600);
  file('home', '.ssh/id_rsa', `-----BEGIN OPENSSH PRIVATE KEY-----\n${c.sshSecret.token}\n-----END OPENSSH PRIVATE KEY-----\n`, 0o600);
  file('outside', 'notes.txt', `outside notes ${c.outsideSecret.token}\n`);

  file('work', 'README.md', '# demo project\n\nA small project the oracle runs commands in.\n');
  file(
    'work',
    'package.json',
    `${JSON.stringify({ name: 'demo', version: '1.0.0', scripts: { test: 'echo test', build: 'echo build' } }, null, 2)}\n`,
  );
  file('work', '.gitignore', '.env\nnode_modules/\n');
  file('work', '.env', `SECRET=${c.envSecret.token}\n`);
  file('work', 'secrets/key.txt', `KEY=${c.keySecret.token}\n`);
  file('work', 'src/index.js', "const { greet } = require('./util');\nconsole.log(greet('world'));\n");
  file('work', 'src/util.js', 'exports.greet = (name) => `hello ${name}`;\n');
  file('work', 'sub/notes.txt', 'notes in a subdirectory\n');
  file('work', 'build.sh', '#!/bin/sh\necho building "$@"\n', 0o755);
  file('work', '.claude/settings.json', '{}\n');
  // A hostile checkout: programs in the project that shadow system ones (`./cat`, `PATH=sub:$PATH`).
  for (const rel of ['cat', 'sub/ls', 'sub/cat', 'sub/git', 'sub/grep']) file('work', rel, `#!/bin/sh\nexec evil ran-${rel} "$@"\n`, 0o755);

  const gitIn = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], {
      cwd,
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: dirs.home,
        GIT_CONFIG_NOSYSTEM: '1',
        LANG: 'C',
        GIT_COMMITTER_DATE: OLD.toISOString(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  const git = (...args: string[]) => gitIn(dirs.work, ...args);
  git('init', '-q', '--template=');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial commit', '--date', OLD.toISOString());
  buildWorld(dirs, gitIn);
  // One pack instead of hundreds of loose objects: every run copies the template.
  for (const repo of [dirs.work, join(dirs.work, 'vendor', 'lib')]) {
    gitIn(repo, 'repack', '-adq');
    gitIn(repo, 'prune-packed');
  }
  chmodSync(dirs.tmp, 0o1777);

  // Old mtimes everywhere, then one index refresh: the index now records these times, and is
  // itself newer, so `git status` in a run has nothing to refresh (nor in the nested work tree).
  walk(root, (path) => utimesSync(path, OLD, OLD), { skipSymlinks: true });
  git('update-index', '-q', '--really-refresh');
  gitIn(join(dirs.work, 'vendor', 'lib'), 'update-index', '-q', '--really-refresh');
  walk(root, (path) => lchownSync(path, SANDBOX_UID, SANDBOX_UID));
}

/** Call `fn` on every path under `dir` (children before their directory). */
function walk(dir: string, fn: (path: string) => void, opts: { skipSymlinks?: boolean } = {}): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isDirectory()) walk(path, fn, opts);
    if (st.isSymbolicLink() && opts.skipSymlinks) continue;
    fn(path);
  }
}

/** Copy a template tree to `to`, keeping modes, mtimes and the sandbox owner. */
export function copyTree(from: string, to: string): void {
  const st = lstatSync(from);
  mkdirSync(to, { mode: st.mode & 0o7777 });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    const s = lstatSync(src);
    if (s.isDirectory()) copyTree(src, dst);
    else if (s.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
    else {
      copyFileSync(src, dst);
      chmodSync(dst, s.mode & 0o7777);
      utimesSync(dst, s.atime, s.mtime);
    }
    lchownSync(dst, SANDBOX_UID, SANDBOX_UID);
  }
  chmodSync(to, st.mode & 0o7777);
  utimesSync(to, st.atime, st.mtime);
  lchownSync(to, SANDBOX_UID, SANDBOX_UID);
}
