/**
 * Which argument words of a command cannot be the program it starts, by the file-system view
 * (`SimpleCommand.notPrograms`). A program toolgate has no model of is read word by word for a
 * command it may start (decision 0118): a path where a wrapper takes its command is a program
 * named by its path (`cpulimit -l 50 ./x.sh`). Where the view shows that path cannot be run — a
 * directory, a regular file with no execute bit, nothing at all and nothing the line writes
 * there — the word is data (`yamllint ./x.yml`, `black ./src`, `convert /tmp/a.png b.jpg`):
 * replay 21 found these firm asks under `Bash(*)` with deny rules. What the view cannot settle
 * (no view, a directory the shell may be in that is unknown, a file whose mode it cannot tell, a
 * write it cannot place) leaves the word as it was. Where it shows a file that may be run, that
 * file past a wrapper's first operand is the command it starts (`envdir d ./x.sh`); a word that
 * expands only through `$PWD`, `$HOME` and `~` is read as the path it becomes (`$PWD/x.sh`), and
 * a pattern naming a path as the files it matches (`./x.s?`), where the line writes nothing.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { normalizePath, resolveProcAlias } from '../paths/index.js';
import { commandDirectories, isUnknownDirectory } from '../shell/effects/path-effects.js';
import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import type { PathWorld } from './path-lookup.js';
import { optionValues } from './option-values.js';
import { knownExpansions } from './known-expansions.js';
import { variableView } from '../shell/syntax/known-variables.js';
import { shellsFor } from '../shell/shells/index.js';
import { globMatches, newBudget } from './fs-reach.js';

/** Whether the view shows `path` cannot be run as a program, given what the line writes. */
function cannotRun(view: ReadonlyFsView, path: string, written: ReadonlySet<string>): boolean {
  if (written.has(path)) return false;
  if (view.isDirectory?.(path) === true) return true;
  if (!view.exists(path)) return view.isSymlink?.(path) !== true;
  return view.isExecutable?.(path) === false;
}

/** Whether the view shows `path` is a file that may be run: there, no folder, not shown to lack an execute bit; or written by the line. */
function mayRun(view: ReadonlyFsView, path: string, written: ReadonlySet<string>): boolean {
  if (written.has(path)) return true;
  return view.exists(path) && view.isDirectory?.(path) !== true && view.isExecutable?.(path) !== false;
}

/**
 * What each word of command `i` that is not literal becomes where only `$PWD`, `$HOME` and `~`
 * expand in it (known-expansions.ts), read in every shell the command may run in and every
 * directory it may run in; a word any of them cannot tell is left out. `undefined` when none.
 */
function expandWords(
  analysis: ShellAnalysis,
  i: number,
  dirs: readonly string[],
  world: PathWorld,
  globs: boolean,
): ReadonlyMap<number, readonly string[]> | undefined {
  const cmd = analysis.commands[i]!;
  if (!cmd.literal.includes(false)) return undefined;
  // The command may set PWD or HOME itself (`HOME=/x; …`): what they hold is then not the context's.
  const home = variableView(analysis.command, 'HOME');
  const pwd = variableView(analysis.command, 'PWD');
  if (home.assigned.length > 0 || home.unknown !== undefined || pwd.assigned.length > 0 || pwd.unknown !== undefined) return undefined;
  const shells = shellsFor(world.shell ?? 'unknown').map((s) => s.name);
  const out = new Map<number, readonly string[]>();
  cmd.argv.forEach((raw, k) => {
    if (k === 0 || cmd.literal[k] !== false) return;
    const texts = new Set<string>();
    for (const dir of dirs)
      for (const shell of shells) {
        const each = knownExpansions(raw, { pwd: dir, home: world.home, shell }) ?? (globs ? globReadings(raw, dir, world) : undefined);
        if (each === undefined) return;
        for (const t of each) texts.add(t);
      }
    out.set(k, [...texts]);
  });
  return out.size > 0 ? out : undefined;
}

/** A pattern written plainly (no quotes, escapes, expansions or braces) that names a path: `./x.s?`, `bin/*`. */
const PLAIN_PATH_PATTERN = /^[^'"\\$`~{}\s]*\/[^'"\\$`~{}\s]*$/;

/**
 * The paths a pattern naming a path matches in the view where the command runs (`./x.s?` is
 * `./x.sh`), or the pattern itself when it matches nothing (bash and dash pass it on as written;
 * zsh refuses to run the command); `undefined` for any other word or when the view cannot tell.
 */
function globReadings(raw: string, dir: string, world: PathWorld): string[] | undefined {
  if (world.view === undefined || !/[*?[]/.test(raw) || !PLAIN_PATH_PATTERN.test(raw) || raw.startsWith('-')) return undefined;
  const named = globMatches(world.view, normalizePath(raw, { cwd: dir, home: world.home, platform: world.platform }), newBudget());
  if ('unknown' in named) return undefined;
  return named.paths.length > 0 ? named.paths : [raw];
}

/**
 * Marks, on each command of a fresh analysis, the path words the view shows cannot be run, and
 * those it shows may be (see the file's comment), with the words that expand only through `$PWD`,
 * `$HOME` and `~` read as the paths they become.
 */
export function markNonPrograms(analysis: ShellAnalysis, effects: readonly PathEffect[], world: PathWorld): void {
  const view = world.view;
  if (view === undefined || world.platform === 'windows') return;
  const writes = effects.filter((e) => e.op === 'write');
  analysis.commands.forEach((cmd, i) => {
    // Only a program with no model is read for a command in its words (opaque-commands.ts): the
    // view is asked about no other command's words.
    if (!unmodelledProgram(cmd)) return;
    // A write toolgate cannot place may make any path: then nothing is settled. The words a program
    // with no model is assumed to write (each of its own words) are not writes before it starts.
    const before = writes.filter((e) => !(e.assumed !== undefined && e.command === i));
    if (before.some((e) => !e.literal || e.glob)) return;
    const dirs = commandDirectories(effects, i) ?? [world.cwd];
    if (dirs.length === 0 || dirs.some(isUnknownDirectory)) return;
    // `$PWD` is one directory: where the command may run in several, each is a reading of its own.
    // A pattern is matched against the view only where the line writes nothing it may match.
    const expanded = expandWords(analysis, i, dirs, world, before.length === 0);
    if (expanded !== undefined) cmd.expandedWords = expanded;
    // An option's value is read for a program too (`--diff-program=./x.sh`, option-values.ts): the
    // view settles it the same way (`--output=dist/a.js`, `-I./include` name no program).
    const words = cmd.argv
      .flatMap((word, k) => (k === 0 ? [] : cmd.literal[k] === true ? [word] : [...(expanded?.get(k) ?? [])]))
      .flatMap((word) => optionValues(word).concat(word.startsWith('-') ? [] : [word]))
      .filter((word) => word.includes('/') && !word.startsWith('-') && !word.startsWith('~'));
    if (words.length === 0) return;
    const written = new Set(before.map((e) => e.path));
    // `/proc/self/cwd/x.sh` (and `thread-self`) is x.sh in the directory the program runs in, as the
    // read and write checks take it (replay 23 RP23-V6: `diff3 --diff-program=/proc/self/cwd/x.sh`
    // ran it); a spelling the path layer cannot place (another process's cwd, a descriptor) may be
    // any file, so it is never settled as data and always counts as one that may be run.
    const at = (word: string, dir: string): { path: string; unknown?: string } =>
      resolveProcAlias(normalizePath(word, { cwd: dir, home: world.home, platform: world.platform }), dir, word);
    const marks = new Set(
      words.filter((word) =>
        dirs.every((dir) => {
          const p = at(word, dir);
          return p.unknown === undefined && cannotRun(view, p.path, written);
        }),
      ),
    );
    if (marks.size > 0) cmd.notPrograms = marks;
    const runnable = new Set(
      words.filter((word) =>
        dirs.some((dir) => {
          const p = at(word, dir);
          return p.unknown !== undefined || mayRun(view, p.path, written);
        }),
      ),
    );
    if (runnable.size > 0) cmd.programPaths = runnable;
  });
}
