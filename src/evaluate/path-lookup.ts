/**
 * Which file a bare command name runs, decided with the world's facts: the shell looks the name
 * up along `PATH`, and the first directory that holds a file of that name wins. A name that is
 * found in a directory the agent may write without a person — a working directory (a project
 * virtualenv's `bin`, `node_modules/.bin`, direnv's `PATH_add bin`), a relative entry, a
 * temporary directory — runs a file the agent (or what it installed) may have written: a
 * program named by a path, opaque code (DESIGN, the opaque-code table), never the system's
 * read-only `cat`. The directories on `PATH` are where such a file would go: writes there are
 * protected asks (see {@link pathDirectoryWrite}).
 *
 * What is known of `PATH` comes through the one door (the context's environment facts: `hook`'s
 * own environment, serve's `X-Toolgate-Env`, `check --env`):
 * - known: its entries, in order (an empty or relative entry is relative to the working directory);
 * - known unset: the shell's default search path, the system's own directories;
 * - unknown: it may hold anything. toolgate cannot list every directory a front end might have
 *   put on it, so it looks where tools put a project's programs on `PATH` (a virtualenv's `bin`,
 *   `node_modules/.bin`, a project `bin`) in each working directory, and protects writes to
 *   those and to the home directory's program directories (`~/.local/bin`, `~/bin`). Pass `PATH`
 *   (`toolgate hook` and serve's `--print-hook-config` do) for the exact answer.
 *
 * Directories outside the working directories (the home's program directories, `/opt/homebrew/bin`)
 * hold the programs the user installed: a name found there is that program. The agent cannot
 * put a file there without a person, as every write into a `PATH` directory is a protected ask.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside, isInsideAny, normalizePath } from '../paths/index.js';
import { DEFAULT_SEARCH_PATH } from '../paths/search-path.js';
import type { Platform } from '../core/types.js';
import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import { pathFreeBuiltins, SHELL_PRECOMMANDS } from '../shell/programs/builtins.js';
import type { ContextShell } from './types.js';

/** Where tools put a project's programs on `PATH`, relative to the project: looked at when `PATH` is unknown. */
const PROJECT_PATH_DIRECTORIES: readonly string[] = ['.venv/bin', 'venv/bin', 'node_modules/.bin', 'bin'];

/**
 * The home directory's program directories, on most users' `PATH`: protected for writes when `PATH` is
 * unknown. `~/n/bin` is the n node version manager's (n-install's `N_PREFIX=~/n`); a name too common to
 * protect wherever it occurs, as the other managers' folders are (`src/paths/protected.ts`).
 */
const HOME_PATH_DIRECTORIES: readonly string[] = ['.local/bin', 'bin', 'n/bin'];

/** Directories anyone may write (a name found there is no installed program). */
const TEMPORARY = ['/tmp', '/var/tmp', '/dev/shm'];

/** The world a name is looked up in. */
export interface PathWorld {
  /** `PATH` as the environment facts give it: its value, `null` known unset, `undefined` unknown. */
  path: string | null | undefined;
  cwd: string;
  home: string;
  platform: Platform;
  workingDirectories: readonly string[];
  view: ReadonlyFsView | undefined;
  /** The shell that looks the name up (its builtins are never looked up); `unknown` when absent. */
  shell?: ContextShell;
}

/** One `PATH` directory, absolute, and whether it was written relative (`.`, `bin`, an empty entry). */
interface Entry {
  dir: string;
  relative: boolean;
}

/** The directories searched for a name, in order; `undefined` when `PATH` is unknown. */
function entries(world: PathWorld): Entry[] | undefined {
  if (world.path === undefined) return undefined;
  const raw = world.path === null ? DEFAULT_SEARCH_PATH : world.path.split(':');
  const norm = { cwd: world.cwd, home: world.home, platform: world.platform };
  return raw.map((e) => ({ dir: normalizePath(e === '' ? '.' : e, norm), relative: !e.startsWith('/') }));
}

/** Why a directory on `PATH` holds files the agent may have written, or `undefined` for an installed program's. */
function writableWhy(e: Entry, world: PathWorld): string | undefined {
  if (e.relative) return 'a relative PATH entry, so a directory the command runs in';
  if (isInsideAny(e.dir, world.workingDirectories)) return 'in the working directories';
  if (TEMPORARY.some((t) => isInside(e.dir, t))) return 'in a directory anyone may write';
  return undefined;
}

/** Whether the view shows a file (not a directory) at `p`; `undefined` without a view. */
function fileAt(view: ReadonlyFsView | undefined, p: string): boolean | undefined {
  if (view === undefined) return undefined;
  if (!view.exists(p)) return false;
  return view.isDirectory?.(p) !== true;
}

/**
 * Why the bare command name runs a file the agent may have written (the reason of opaque code),
 * or `undefined` when it runs a builtin or an installed program (or the view cannot tell and no
 * writable directory is on `PATH`). `byProgram`: the name is run by another program (`nice`,
 * `env`, `xargs`, `find -exec`, `exec`), which looks every name up along `PATH`, builtins' too.
 */
export function writableProgram(name: string, world: PathWorld, byProgram = false): string | undefined {
  if (name === '' || name.includes('/') || (!byProgram && pathFreeBuiltins(world.shell ?? 'unknown').has(name))) return undefined;
  const list = entries(world);
  if (list === undefined) {
    // PATH unknown: the directories tools put a project's programs in may be on it — a file there
    // counts only where the view shows one, so without a view no name is made to ask about.
    if (world.view === undefined) return undefined;
    for (const wd of world.workingDirectories) {
      for (const rel of PROJECT_PATH_DIRECTORIES) {
        const p = `${wd === '/' ? '' : wd}/${rel}/${name}`;
        if (fileAt(world.view, p) === true) {
          return `${name} may be found along PATH at ${p}, a file in the working directories whose code toolgate cannot see (PATH is not known; it may hold ${wd === '/' ? '' : wd}/${rel})`;
        }
      }
    }
    return undefined;
  }
  for (const e of list) {
    const p = `${e.dir === '/' ? '' : e.dir}/${name}`;
    const found = fileAt(world.view, p);
    const why = writableWhy(e, world);
    if (found === true)
      return why === undefined ? undefined : `${name} is found along PATH at ${p}, ${why}, whose code toolgate cannot see`;
    // No view: any writable directory on PATH may hold the name, and it comes first.
    if (found === undefined && why !== undefined)
      return `${name} is looked up along PATH, which holds ${e.dir} (${why}), where any file may answer to its name`;
  }
  return undefined;
}

/**
 * Marks the commands of a fresh analysis whose bare name runs a file the agent may have written
 * as opaque code (`SimpleCommand.opaque`), so every step judges them so: not read-only, and the
 * opaque-code table decides under program rules.
 */
export function markWritablePrograms(analysis: ShellAnalysis, world: PathWorld, effects: readonly PathEffect[] = []): void {
  const seen = new Map<string, string | undefined>();
  const written = writtenIntoLookup(effects, world);
  analysis.commands.forEach((cmd, i) => {
    if (cmd.opaque !== undefined || cmd.unknown !== undefined || cmd.literal[0] !== true) return;
    const name = cmd.argv[0] ?? '';
    const byProgram = runByProgram(analysis, cmd);
    const key = `${byProgram ? 'exec' : 'shell'}\0${name}`;
    if (!seen.has(key)) seen.set(key, writableProgram(name, world, byProgram));
    const why = seen.get(key) ?? writtenProgram(name, i, written, byProgram, world);
    if (why !== undefined) cmd.opaque = why;
  });
}

/** What the command itself writes into directories a name is looked up in that the agent may write: names, or any name. */
interface WrittenIntoLookup {
  /** A written file's name → where, and by which command (index in the analysis; -1: a compound's redirection). */
  names: Map<string, { path: string; command: number }[]>;
  /** Directories that receive names toolgate cannot see (an archive, a recursive copy, a non-literal name). */
  any: { dir: string; command: number }[];
}

/**
 * The directories on `PATH` the agent may write: a known `PATH`'s entries in the working
 * directories, relative or temporary; an unknown one's project program directories.
 */
function writableLookupDirectories(world: PathWorld): string[] {
  const list = entries(world);
  if (list === undefined)
    return world.workingDirectories.flatMap((wd) => PROJECT_PATH_DIRECTORIES.map((r) => `${wd === '/' ? '' : wd}/${r}`));
  return list.filter((e) => writableWhy(e, world) !== undefined).map((e) => e.dir);
}

function writtenIntoLookup(effects: readonly PathEffect[], world: PathWorld): WrittenIntoLookup {
  const out: WrittenIntoLookup = { names: new Map(), any: [] };
  const writes = effects.filter((e) => e.op === 'write');
  if (writes.length === 0) return out;
  const dirs = new Set(writableLookupDirectories(world));
  const inLookup = (dir: string) => dirs.has(dir) || (world.view?.realpath(dir) !== undefined && dirs.has(world.view.realpath(dir)!));
  for (const e of writes) {
    const slash = e.path.lastIndexOf('/');
    const parent = slash <= 0 ? '/' : e.path.slice(0, slash);
    if (e.tree !== undefined && inLookup(e.path)) out.any.push({ dir: e.path, command: e.command });
    if (!inLookup(parent)) continue;
    if (!e.literal || e.glob || e.tree !== undefined) out.any.push({ dir: parent, command: e.command });
    else {
      const name = e.path.slice(slash + 1);
      out.names.set(name, [...(out.names.get(name) ?? []), { path: e.path, command: e.command }]);
    }
  }
  return out;
}

/**
 * Why the bare name run by command `index` may run a file another part of the same command writes
 * where `PATH` finds it (any other part: a loop may run the writer first), or `undefined`.
 */
function writtenProgram(name: string, index: number, written: WrittenIntoLookup, byProgram: boolean, world: PathWorld): string | undefined {
  if (name === '' || name.includes('/') || (!byProgram && pathFreeBuiltins(world.shell ?? 'unknown').has(name))) return undefined;
  const at = written.names.get(name)?.find((w) => w.command !== index);
  if (at !== undefined)
    return `${name} may be the file this command writes at ${at.path}, a directory PATH may search first, whose code toolgate cannot see`;
  const into = written.any.find((w) => w.command !== index);
  if (into !== undefined)
    return `${name} may be a file this command puts in ${into.dir}, a directory PATH may search first, whose code toolgate cannot see`;
  return undefined;
}

/** Whether another program runs the command (execvp: a builtin's name is a file then), not the shell. */
function runByProgram(analysis: ShellAnalysis, cmd: ShellAnalysis['commands'][number]): boolean {
  if (cmd.context !== 'exec' || cmd.parent === undefined) return false;
  const parent = analysis.commands[cmd.parent];
  return parent === undefined || !SHELL_PRECOMMANDS.has(parent.argv[0] ?? '');
}

/**
 * Why a write to `written` puts a file where the shell looks for programs — directly in a `PATH`
 * directory (known `PATH`; when unknown, a project's and the home's program directories), or the
 * directory itself or a folder holding it, outside the working directories and below the home
 * directory's level (`ln -s ~/evil ~/.nodenv/shims`, `cp -r kit ~/.nodenv`: the folder's files
 * are then what the shell finds) — or `undefined`. A file written there runs in place of any
 * program of that name. A folder holding a working directory's `PATH` entry (a project's `.venv`)
 * is the project's files, whose programs are opaque when found (see {@link writableProgram}).
 */
export function pathDirectoryWrite(written: string, world: PathWorld): string | undefined {
  const slash = written.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const parent = written.slice(0, slash);
  const real = world.view?.realpath(parent);
  const list = entries(world);
  const dirs =
    list !== undefined
      ? list.map((e) => e.dir)
      : [
          ...world.workingDirectories.flatMap((wd) =>
            PROJECT_PATH_DIRECTORIES.filter((r) => r !== 'bin').map((r) => `${wd === '/' ? '' : wd}/${r}`),
          ),
          ...HOME_PATH_DIRECTORIES.map((r) => `${world.home === '/' ? '' : world.home}/${r}`),
        ];
  const onPath = list !== undefined ? 'on PATH' : 'a directory commonly on PATH (PATH is not known)';
  const hit = dirs.find((d) => d === parent || (real !== undefined && d === real));
  if (hit !== undefined) return `${hit} is ${onPath}: a file written there runs in place of any program of its name`;
  // The directory itself or a folder holding it, but not the home directory or a folder above it.
  const held = dirs.find((d) => isInside(d, written) && !isInside(world.home, written) && !isInsideAny(d, world.workingDirectories));
  if (held === undefined) return undefined;
  return `${held} is ${onPath}, and ${held === written ? 'this command makes that directory' : `${written} holds it`}: a file put there runs in place of any program of its name`;
}

/** Why a write to `written` changes what ssh runs (its configuration, rc and login keys in `~/.ssh`), or `undefined`. */
export function sshWrite(written: string, world: Pick<PathWorld, 'home'>): string | undefined {
  const ssh = `${world.home === '/' ? '' : world.home}/.ssh`;
  if (!isInside(written, ssh)) return undefined;
  return `${ssh} holds ssh's configuration (ProxyCommand, Match exec and LocalCommand run programs when git or ssh connect), its rc file and login keys`;
}
