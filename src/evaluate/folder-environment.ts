/**
 * Variables a wrapper sets from the files of a folder (`envdir DIR CMD`, `chpst -e DIR CMD`:
 * `programs/daemontools.ts`, {@link environmentFolder}): each file NAME of DIR gives the command
 * NAME set to the file's first line. Nothing on the command line shows them, yet a file named
 * `BASH_ENV` made `envdir d bash -c true` source the script it names, and one named `LD_PRELOAD`
 * makes any program load a library (replay 25 V1, daemontools 0.76). With the file-system view the
 * folder is read (decision 0131): each variable is given to the command as an assignment written
 * before it would be (`BASH_ENV=./x.sh bash -c true`), so the one judgement of a command's
 * variables (opaque-commands.ts: one not known to be inert is code the program may load) applies
 * alike. What the view cannot show — no listing, a folder the line writes into or whose name is
 * not literal, a file it cannot read — leaves the command's variables unknown.
 */
import { normalizePath } from '../paths/index.js';
import { commandDirectories, isUnknownDirectory } from '../shell/effects/path-effects.js';
import { environmentFolder } from '../shell/programs/daemontools.js';
import { quoteWord } from '../shell/syntax/environment.js';
import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import type { PathWorld } from './path-lookup.js';

/** A variable's name as the C library takes it from a file's name: no `=`, not empty (envdir refuses `=` in a name). */
const VARIABLE_NAME = /^[^=\0]+$/;

/** How many of a folder's files are read; a folder with more leaves the variables unknown. */
const MAX_FILES = 64;

/**
 * The assignments the folder `dir` gives (`NAME=value` as a shell would write it: the file's first
 * line, envdir's trailing blanks and tabs taken off), `[]` for an empty file (which unsets NAME),
 * or the reason toolgate cannot tell.
 */
function folderAssignments(world: PathWorld, dir: string, shown: string): string[] | { why: string } {
  const view = world.view!;
  if (!view.exists(dir)) return []; // envdir fails before it runs anything
  const names = view.list?.(dir);
  if (names === undefined) return { why: `the folder ${shown} cannot be listed` };
  if (names.length > MAX_FILES) return { why: `the folder ${shown} holds more than ${MAX_FILES} files` };
  const out: string[] = [];
  for (const name of names) {
    if (!VARIABLE_NAME.test(name) || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (view.isDirectory?.(path) === true) continue;
    const text = view.readText?.(path);
    if (text === undefined) return { why: `the file ${shown}/${name} cannot be read` };
    if (text === '') continue;
    const value = text.split('\n')[0]!.replace(/[ \t]+$/, '').replace(/\0/g, '\n');
    out.push(`${name}=${quoteWord(value)}`);
  }
  return out;
}

/**
 * Gives each command a folder wrapper runs the variables the folder's files set (see the file's
 * comment), as assignments of the command's own; marks the command unknown where they cannot be
 * read.
 */
export function markFolderEnvironment(analysis: ShellAnalysis, effects: readonly PathEffect[], world: PathWorld): void {
  analysis.commands.forEach((cmd, i) => {
    if (cmd.literal[0] !== true || cmd.unknown !== undefined) return;
    const at = environmentFolder(cmd.program, cmd.argv);
    if (at === undefined) return;
    const child = analysis.commands.find((c) => c.parent === i);
    const shown = cmd.argv[at.folder]!;
    const unknown = (why: string): void => {
      const reason = `${cmd.argv[0]} sets the variables of the command it runs from the files of ${shown}, and ${why}`;
      cmd.unknown = reason;
      analysis.unknown.push(reason);
    };
    if (child === undefined) return;
    if (world.view === undefined || world.platform === 'windows') return unknown('there is no view of the files');
    if (cmd.literal[at.folder] !== true) return unknown('the folder is named by a word toolgate cannot tell');
    const dirs = commandDirectories(effects, i) ?? [world.cwd];
    if (dirs.length === 0 || dirs.some(isUnknownDirectory)) return unknown('the folder is in a directory toolgate cannot place');
    const given = new Set<string>();
    for (const cwd of dirs) {
      const dir = normalizePath(shown, { cwd, home: world.home, platform: world.platform });
      // A file the line writes into the folder before the wrapper reads it (or a write toolgate
      // cannot place) is not in the view: the commands before it and its own redirections.
      const before = (e: PathEffect) => e.op === 'write' && e.command <= i && e.assumed === undefined;
      if (effects.some((e) => before(e) && (!e.literal || e.glob || e.path === dir || e.path.startsWith(`${dir}/`))))
        return unknown(`the command line writes files there`);
      const read = folderAssignments(world, dir, shown);
      if ('why' in read) return unknown(read.why);
      for (const a of read) given.add(a);
    }
    // Written before the command's own (`envdir d A=1 x` is no form: the command's own come from its words).
    if (given.size > 0) child.assignments = [...given, ...child.assignments];
  });
}
