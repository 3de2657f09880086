/**
 * Programs that read options from files of their own before their command line (curl's
 * `~/.curlrc`, wget's `~/.wgetrc`): such a file can add `upload-file = TOKEN`, so what the command
 * line shows is not all the program does. Each file the model lists must be shown by the world to
 * be absent or harmless; otherwise the call's paths cannot be worked out (an unresolved reason:
 * a deny or ask rule could apply to what is hidden, so it asks). Without a file-system view a
 * file may exist, and a file the same command line writes is not the one the view shows.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { givenAssignment, givenEnvironment } from '../shell/commands/given-environment.js';
import { isUnknownDirectory } from '../shell/effects/path-effects.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { PROGRAMS } from '../shell/programs/index.js';
import type { ProgramConfigFiles } from '../shell/programs/model.js';

/** What the world shows of a call's program config files. */
export interface ConfigWorld {
  /** The file-system view; without one every listed file may exist. */
  view?: ReadonlyFsView | undefined;
  /** A variable of the environment: its value, `null` when known unset, `undefined` when it may be set. */
  variable(name: string): string | null | undefined;
  /** The home directory (absolute, normalised). */
  home: string;
  /** The directories command `i` may run in (absolute), `undefined` when the walk did not say. */
  dirs?: (i: number) => readonly string[] | undefined;
  /** The working directory (absolute, normalised). */
  cwd?: string;
}

/** What a line's program config files leave unknown: reasons, and the writes of names toolgate cannot see. */
export interface ConfigFindings {
  reasons: string[];
  /**
   * A file that exists and sets options naming files or programs (`log = …` in pip.conf, a
   * kubeconfig user's `exec:`) makes the program write names toolgate cannot work out: a
   * protected ask in every mode, bypassPermissions included (decision 0092).
   */
  effects: PathEffect[];
}

/** Why a command of the line reads options toolgate cannot see, one reason per command. */
export function configFileReasons(analysis: ShellAnalysis, effects: readonly PathEffect[], world: ConfigWorld): ConfigFindings {
  const out: ConfigFindings = { reasons: [], effects: [] };
  for (const [i, cmd] of analysis.commands.entries()) {
    if (cmd.literal[0] !== true) continue;
    const name = cmd.program;
    const model = PROGRAMS.get(name);
    const facet = model?.configFiles;
    if (facet === undefined) continue;
    if (world.view === undefined && model?.configFilesWithoutView === 'absent') continue;
    const dirs = world.dirs?.(i) ?? (world.cwd !== undefined ? [world.cwd] : [undefined]);
    // The program reads its files as it starts: a word of its own that toolgate takes as a path it
    // may write (`ctags -R .`: `.` is assumed read and written) is written after, if at all. Its
    // redirections are opened before it starts, and stay.
    const before = effects.filter((e) => !(e.command === i && e.assumed !== undefined));
    for (const dir of dirs) {
      const at = dir === undefined || isUnknownDirectory(dir) ? undefined : dir;
      const config = facet(cmd.argv, lineVariable(analysis, i, world), world.home, at);
      if (config === undefined) continue;
      if ('unknown' in config) {
        const reason = `${name} reads options from a file before its command line, and where is unknown: ${config.unknown}`;
        out.reasons.push(reason);
        out.effects.push(unseenWrite(i, name, `${at ?? ''}/`, reason));
        break;
      }
      const why = fileProblem(name, config, before, world.view);
      if (why === undefined) continue;
      out.reasons.push(why.reason);
      if (why.file !== undefined) out.effects.push(unseenWrite(i, name, why.file, why.reason));
      break;
    }
  }
  return out;
}

/** A write of names toolgate cannot work out, by what `file` tells command `i`'s program (decision 0092). */
function unseenWrite(i: number, name: string, file: string, why: string): PathEffect {
  return {
    op: 'write',
    path: file.replace(/\/+[^/]*$/, '') || '/',
    raw: `the files or programs ${name}'s configuration names (${why})`,
    literal: true,
    command: i,
    glob: false,
    tree: 'some',
    names: { kind: 'unseen', what: 'program' },
  };
}

/**
 * The variables a command sees: one the line gives it, through every wrapper on the way
 * (`CURL_HOME=/tmp/e curl …`, `env WGETRC=cfg nice wget …`; `givenEnvironment`), by the value
 * written — a value that is not a plain word (quotes, `$`, `~`) counts as relative, which the
 * models take as unknown, as does one a wrapper may set unseen (dotenv) — else the environment's.
 */
function lineVariable(analysis: ShellAnalysis, i: number, world: ConfigWorld): (name: string) => string | null | undefined {
  const environment = givenEnvironment(analysis, i);
  return (name) => {
    const set = givenAssignment(environment, name);
    if (set === undefined) return world.variable(name);
    if ('hidden' in set) return `unknown:${set.hidden}`;
    return set.append || set.value === undefined || set.written !== set.value || !/^[\w@%+=:,./-]*$/.test(set.value)
      ? `unknown:${set.written}`
      : set.value;
  };
}

function fileProblem(
  name: string,
  config: ProgramConfigFiles,
  effects: readonly PathEffect[],
  view: ReadonlyFsView | undefined,
): { reason: string; file?: string } | undefined {
  const { files, harmless } = config;
  // A write into a folder of option files (`> .ctags.d/x.ctags`) writes one of them.
  const written = files.find((f) =>
    effects.some(
      (e) =>
        e.op === 'write' && (!e.literal || e.glob || e.path === f || (e.tree !== undefined && isInside(f, e.path)) || isInside(e.path, f)),
    ),
  );
  // A write of the file by name (`printf … > x.rc`, `> .ctags.d/x.ctags`) holds what the program
  // then does; a write toolgate cannot name (`> $f`) or of a folder holding it is judged on its own already.
  const named =
    written === undefined
      ? undefined
      : effects.find((e) => e.op === 'write' && e.literal && !e.glob && (e.path === written || isInside(e.path, written)));
  if (written !== undefined)
    return {
      reason: `the command line writes ${named?.path ?? written} (or may), which ${name} reads options from before its command line`,
      ...(named !== undefined ? { file: named.path } : {}),
    };
  if (view === undefined)
    return {
      reason: `${name} reads options from ${files[0]} and the like when they exist, before its command line; toolgate has no view of the files`,
    };
  const entries = (f: string): string[] | undefined => {
    const names = config.folderEntries === undefined ? undefined : view.list?.(f);
    return names?.filter((n) => config.folderEntries!(n)).map((n) => `${f.replace(/\/+$/, '')}/${n}`);
  };
  // A folder of option files (ctags' .ctags.d) is its entries the program reads, each one file;
  // one reached through a link (`l.ctags -> ../.env`) reads a file elsewhere, which is not judged here.
  const inFolder = new Set<string>();
  const paths = files.flatMap((f) => {
    const listed = view.exists(f) && view.isDirectory?.(f) === true ? entries(f) : undefined;
    for (const p of listed ?? []) inFolder.add(p);
    return listed ?? [f];
  });
  for (const f of paths) {
    if (!view.exists(f)) continue;
    if (inFolder.has(f) && (view.isSymlink !== undefined ? view.isSymlink(f) : view.realpath(f) !== f))
      return { reason: `${f} is a link, whose target ${name} reads options from before its command line`, file: f };
    const text = view.readText?.(f);
    if (text === undefined)
      return { reason: `${f} exists and cannot be read: ${name} reads options from it before its command line`, file: f };
    if (!harmless(text))
      return {
        reason: `${f} sets options ${name} reads before its command line, which may name files or programs it runs, sends or writes`,
        file: f,
      };
  }
  return undefined;
}
