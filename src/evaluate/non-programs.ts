/**
 * Which argument words of a command cannot be the program it starts, by the file-system view
 * (`SimpleCommand.notPrograms`). A program toolgate has no model of is read word by word for a
 * command it may start (decision 0118): a path where a wrapper takes its command is a program
 * named by its path (`cpulimit -l 50 ./x.sh`). Where the view shows that path cannot be run — a
 * directory, a regular file with no execute bit, nothing at all and nothing the line writes
 * there — the word is data (`yamllint ./x.yml`, `black ./src`, `convert /tmp/a.png b.jpg`):
 * replay 21 found these firm asks under `Bash(*)` with deny rules. What the view cannot settle
 * (no view, a directory the shell may be in that is unknown, a file whose mode it cannot tell, a
 * write it cannot place) leaves the word as it was.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { normalizePath } from '../paths/index.js';
import { commandDirectories, isUnknownDirectory } from '../shell/effects/path-effects.js';
import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import type { PathWorld } from './path-lookup.js';
import { optionValues } from './option-values.js';

/** Whether the view shows `path` cannot be run as a program, given what the line writes. */
function cannotRun(view: ReadonlyFsView, path: string, written: ReadonlySet<string>): boolean {
  if (written.has(path)) return false;
  if (view.isDirectory?.(path) === true) return true;
  if (!view.exists(path)) return view.isSymlink?.(path) !== true;
  return view.isExecutable?.(path) === false;
}

/** Marks, on each command of a fresh analysis, the path words the view shows cannot be run (see the file's comment). */
export function markNonPrograms(analysis: ShellAnalysis, effects: readonly PathEffect[], world: PathWorld): void {
  const view = world.view;
  if (view === undefined || world.platform === 'windows') return;
  // A write toolgate cannot place may make any path: then nothing is settled. The words a program
  // with no model is assumed to write (each of its own words) are not writes before it starts.
  const writes: PathEffect[] = [];
  for (const e of effects) {
    if (e.op !== 'write') continue;
    if (!e.literal || e.glob) return;
    writes.push(e);
  }
  analysis.commands.forEach((cmd, i) => {
    // An option's value is read for a program too (`--diff-program=./x.sh`, option-values.ts): the
    // view settles it the same way (`--output=dist/a.js`, `-I./include` name no program).
    const words = cmd.argv
      .flatMap((word, k) => (k > 0 && cmd.literal[k] === true ? optionValues(word).concat(word.startsWith('-') ? [] : [word]) : []))
      .filter((word) => word.includes('/') && !word.startsWith('-') && !word.startsWith('~'));
    // Only a program with no model is read for a command in its words (opaque-commands.ts): the
    // view is asked about no other command's words.
    if (words.length === 0 || !unmodelledProgram(cmd)) return;
    const dirs = commandDirectories(effects, i) ?? [world.cwd];
    if (dirs.length === 0 || dirs.some(isUnknownDirectory)) return;
    const written = new Set(writes.filter((e) => !(e.assumed !== undefined && e.command === i)).map((e) => e.path));
    const marks = new Set(
      words.filter((word) =>
        dirs.every((dir) => cannotRun(view, normalizePath(word, { cwd: dir, home: world.home, platform: world.platform }), written)),
      ),
    );
    if (marks.size > 0) cmd.notPrograms = marks;
  });
}
