/**
 * The oracle's own, deliberately simple reading of a settings object: which Bash rules allow or
 * deny, which paths Edit and Read rules cover. It does not reuse toolgate's matchers — the judge
 * must not share the defendant's mistakes — and it leans towards "covered" for allow rules and
 * towards "named" for deny rules, so that what it reports as a violation is one.
 */
import { readdirSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { HOME, PROJECT } from './fixture.js';
import { STUB_PROGRAMS } from './stubs.js';

/** The rules of a settings object that the invariant needs. */
export interface PolicyView {
  /** Bash allow rule contents (`*` = every command). */
  bashAllow: string[];
  /** Bash deny rule contents. */
  bashDeny: string[];
  /** Absolute path globs of Edit (and Write) allow rules. */
  editAllow: string[];
  /** Absolute path globs of Edit (and Write) deny rules. */
  editDeny: string[];
  /** Absolute path globs of Read deny rules. */
  readDeny: string[];
}

/** Read `permissions.allow` / `permissions.deny` of a settings object (other keys are ignored). */
export function policyView(settings: unknown): PolicyView {
  const perms = (settings as { permissions?: { allow?: unknown; deny?: unknown } } | undefined)?.permissions ?? {};
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const view: PolicyView = { bashAllow: [], bashDeny: [], editAllow: [], editDeny: [], readDeny: [] };
  for (const [which, rules] of [
    ['allow', list(perms.allow)],
    ['deny', list(perms.deny)],
  ] as const) {
    for (const rule of rules) {
      const m = /^\s*([A-Za-z]+)\s*(?:\(([\s\S]*)\))?\s*$/.exec(rule);
      if (!m) continue;
      const tool = m[1]!;
      const content = m[2];
      if (tool === 'Bash')
        (which === 'allow' ? view.bashAllow : view.bashDeny).push(content === undefined || content.trim() === '' ? '*' : content);
      else if ((tool === 'Edit' || tool === 'Write') && content !== undefined)
        (which === 'allow' ? view.editAllow : view.editDeny).push(absolutePattern(content));
      else if (tool === 'Read' && which === 'deny' && content !== undefined) view.readDeny.push(absolutePattern(content));
    }
  }
  return view;
}

/**
 * A path rule's content as an absolute glob: `//x` absolute, `~/x` under HOME, `/x`, `./x` and
 * `x/y` under the project, a bare name (`x`, `*.env`) at any depth of the project.
 */
function absolutePattern(content: string): string {
  const p = content.trim();
  if (p.startsWith('//')) return p.slice(1);
  if (p === '~' || p.startsWith('~/')) return HOME + p.slice(1);
  if (p.startsWith('/')) return PROJECT + p;
  if (p.startsWith('./')) return `${PROJECT}/${p.slice(2)}`;
  const bare = p.replace(/\/+$/, '');
  return bare.includes('/') ? `${PROJECT}/${p}` : `${PROJECT}/**/${p}`;
}

/** Whether `path` (absolute) or one of its parent directories matches the absolute glob. */
export function pathMatches(glob: string, path: string): boolean {
  const re = globRegex(glob);
  for (let p = posix.normalize(path); ; p = posix.dirname(p)) {
    if (re.test(p)) return true;
    if (p === '/' || p === '.') return false;
  }
}

function globRegex(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      // `/**/` may stand for a single `/`; a trailing `/**` for everything below.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 's');
}

/**
 * Whether a Bash rule's content matches a command line: `*` is any text, a trailing ` *` (or
 * the legacy `:*`) also matches nothing, the rest is literal. `fold` compares without case.
 */
export function bashRuleMatches(content: string, line: string, fold = false): boolean {
  let c = content.trim();
  if (c.endsWith(':*')) c = `${c.slice(0, -2)} *`;
  if (c === '*') return true;
  const trailing = c.endsWith(' *');
  const body = trailing ? c.slice(0, -2) : c;
  const re = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${re}${trailing ? '(?: .*)?' : ''}$`, fold ? 'si' : 's').test(line);
}

/** The command lines an exec can be matched as: argv as written, and with argv[0]'s base name. */
export function execLines(argv: readonly string[], path: string): string[] {
  const rest = argv.slice(1);
  const names = new Set([argv[0] ?? path, posix.basename(argv[0] ?? path), posix.basename(path), ...sameFileNames(path)]);
  // A word holding whitespace is one word to bash: quoted, so `./build.sh *` never covers the file `build.sh x`.
  const word = (w: string) => (/\s/.test(w) ? `'${w.replace(/'/g, `'\\''`)}'` : w);
  return [...names].map((name) => [name, ...rest].map(word).join(' '));
}

/**
 * The system's program folders, whose names may be one file (links, Debian's alternatives, git's
 * dashed commands in git-core). The sandbox mounts them from the host read-only, so the host's
 * files are the ones the run executed. `/usr/local/bin` is left out: the sandbox holds its stubs there.
 */
const PROGRAM_DIRS: readonly string[] = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/lib/git-core'];

/** Names per file (device and inode, links followed), built on first use. */
let namesByFile: Map<string, string[]> | undefined;

function fileKey(path: string): string | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? `${st.dev}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every name in the system's program folders that is the same file as the executed `path`: `awk`
 * and `nawk` for `/usr/bin/mawk`, `sh` for `/usr/bin/dash`, `git` for
 * `/usr/lib/git-core/git-status`. A deny rule names a program by any of them: the same bytes run
 * whatever the name (replay 21 NEW-S1: `dash -c …` ran under `Bash(sh *)`).
 */
export function sameFileNames(path: string): string[] {
  if (!PROGRAM_DIRS.some((d) => path.startsWith(d + '/'))) return [];
  if (namesByFile === undefined) {
    namesByFile = new Map();
    for (const dir of PROGRAM_DIRS) {
      let entries: string[];
      try {
        entries = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of entries) {
        const key = fileKey(`${dir}/${name}`);
        if (key === undefined) continue;
        // A stubbed name is the stub in the sandbox (`/usr/local/bin`, first on PATH), not this file.
        if (STUB_PROGRAMS.includes(name)) continue;
        const list = namesByFile.get(key) ?? [];
        if (!list.includes(name)) list.push(name);
        namesByFile.set(key, list);
      }
    }
  }
  const key = fileKey(path);
  return key === undefined ? [] : (namesByFile.get(key) ?? []);
}

/** Claude Code's protected directories (a path through one is protected; `.claude/worktrees` is not). */
export const PROTECTED_DIRS: readonly string[] = [
  '.git',
  '.vscode',
  '.idea',
  '.husky',
  '.cargo',
  '.devcontainer',
  '.yarn',
  '.mvn',
  '.claude',
];

/** Claude Code's protected files. */
export const PROTECTED_FILES: readonly string[] = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_aliases',
  '.bash_logout',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.zlogout',
  '.profile',
  '.envrc',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnp.cjs',
  '.pnp.loader.mjs',
  '.pnpmfile.cjs',
  'bunfig.toml',
  '.bunfig.toml',
  '.bazelrc',
  '.bazelversion',
  '.bazeliskrc',
  '.pre-commit-config.yaml',
  'lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yml',
  '.lefthook.yaml',
  'gradle-wrapper.properties',
  'maven-wrapper.properties',
  '.devcontainer.json',
  '.ripgreprc',
  'pyrightconfig.json',
  '.mcp.json',
  '.claude.json',
];

/**
 * Inside the project's `.git`, the parts that hold configuration or code: writing them changes
 * what git runs. git's object database, refs, index and logs are written by every git command
 * and are not guarded (nor is a repository a command creates from nothing).
 */
const GIT_GUARDED =
  /^\.git(?:$|\/(?:config|config\.worktree|hooks(?:\/.*)?|info\/attributes|modules\/.*\/(?:config|hooks(?:\/.*)?)|commondir|gitdir)$)/;

/**
 * Whether a path is protected: inside the project or HOME, through a protected directory
 * (`.config/git` too; for the project's `.git`, see {@link GIT_GUARDED}) or named as a protected file.
 */
export function isProtected(path: string): boolean {
  const inScope = path === PROJECT || path.startsWith(`${PROJECT}/`) || path === HOME || path.startsWith(`${HOME}/`);
  if (!inScope) return false;
  if (path === `${PROJECT}/.git` || path.startsWith(`${PROJECT}/.git/`)) return GIT_GUARDED.test(path.slice(PROJECT.length + 1));
  const segs = path.split('/').filter(Boolean);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (s === '.claude' && segs[i + 1] === 'worktrees') return false;
    if (s === '.git') continue;
    if (PROTECTED_DIRS.includes(s)) return true;
    if (s === '.config' && segs[i + 1] === 'git') return true;
  }
  return PROTECTED_FILES.includes(segs[segs.length - 1] ?? '');
}
