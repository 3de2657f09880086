/**
 * Every program toolgate models, one file each (a family such as git in a folder), and the one
 * registry over them. To add or correct a program, see `docs/shell.md`.
 */
import type { ProgramModel, ProgramRole, ProgramText } from './model.js';
import { PROGRAM_INDEX, UNMODELLED_NAMES } from './program-index.js';
import { PROGRAM_LOADERS } from './loaders.js';
import { lazyProgramRegistry, type ProgramRegistry } from './registry.js';

export type {
  DirectoryChange,
  ProgramConfigFiles,
  ProgramExample,
  ProgramModel,
  ProgramRole,
  ProgramRuns,
  ProgramState,
  ProgramText,
} from './model.js';
export { cdReadOnly } from './cd.js';
export { createProgramRegistry, indexPrograms, type ProgramFacet, type ProgramRegistry, type ProgramRegistryOptions } from './registry.js';
export { PROGRAM_LOADERS } from './loaders.js';

/**
 * The registry the shell layer uses: a name index at start, each model loaded on first lookup
 * (duplicate names are refused by its test and the build, not at start). The programs of a role
 * that have no model yet come from the tables that know them as opaque (the POSIX shells, the
 * interpreters, the project and package runners), through the index: naming them loads no table.
 * @internal
 */
export const PROGRAMS: ProgramRegistry = lazyProgramRegistry(PROGRAM_LOADERS, PROGRAM_INDEX, { unmodelled: UNMODELLED_NAMES });

/**
 * The names of the programs of a role (wrappers, interpreters, shells, runners of scripts), for a
 * place that asks whether a program name alone may start anything at all (a broad allow rule, a
 * hook's script). From the index: loads no model.
 * @internal
 */
export function programsOfRole(role: ProgramRole): ReadonlySet<string> {
  return PROGRAMS.namesOf(role);
}

/** The roles of a program that runs whatever follows it on its command line. */
const RUNS_WHAT_FOLLOWS: readonly ProgramRole[] = ['wrapper', 'interpreter', 'shell'];

/**
 * Whether `name` runs whatever follows it (a wrapper, an interpreter or a shell), so a rule that
 * names it alone covers any command. From the index: loads no model.
 * @internal
 */
export function runsWhatFollows(name: string): boolean {
  return RUNS_WHAT_FOLLOWS.some((role) => PROGRAMS.namesOf(role).has(name));
}

/** The names {@link runsWhatFollows} accepts: wrappers, then interpreters, then shells. @internal */
export function programsRunningWhatFollows(): string[] {
  return RUNS_WHAT_FOLLOWS.flatMap((role) => [...PROGRAMS.namesOf(role)]);
}

/** Every model, in the registry's order (loads them all: tests, lint, docs, the differential corpus). @internal */
export function allProgramModels(): readonly ProgramModel[] {
  return PROGRAMS.all();
}

/** Whether `name` moves the shell's working directory for the commands after it (cd, pushd, popd). @internal */
export function changesDirectory(name: string): boolean {
  return PROGRAMS.get(name)?.state?.directory !== undefined;
}

/** Whether `name` moves it to a directory it names or home (cd, pushd), not back along the stack (popd). @internal */
export function entersDirectory(name: string): boolean {
  const state = PROGRAMS.get(name)?.state;
  return state?.directory !== undefined && state.returnsAlongStack?.(name) !== true;
}

/** Whether `name` only passes its words on as data (see `ProgramModel.passesOnData`). @internal */
export function passesOnData(name: string): boolean {
  return PROGRAMS.get(name)?.passesOnData === true;
}

/** Whether `name` finds its repository from the directory it runs in (git; see `ProgramModel.findsRepositoryFromCwd`). @internal */
export function findsRepositoryFromCwd(name: string): boolean {
  return PROGRAMS.get(name)?.findsRepositoryFromCwd === true;
}
export { runsJavaScript } from './interpreters.js';
export { ruleFactsOf, runsProjectScripts, type RuleFacts } from './rule-facts.js';

/**
 * Where the command `argv` (quotes removed; `argv[0]` its program as written) reads the program it
 * runs from files or its input, as its program's model says (`ProgramModel.programText`): asked by
 * every reader of what a command run later executes, by no program name of its own.
 * @internal
 */
export function programTextOf(argv: readonly string[]): ProgramText | undefined {
  const first = argv[0];
  if (first === undefined) return undefined;
  return PROGRAMS.get(first.slice(first.lastIndexOf('/') + 1))?.programText?.(argv);
}

/**
 * The shell texts the command `argv` (quotes removed; `argv[0]` its program as written) hands a
 * shell, as its program's model unwraps it (`script -c TEXT`, `watch CMD…`, `flock -c TEXT`,
 * `mapfile -C CALLBACK`, `trap ACTION`): each is read as commands of its own by every reader of
 * what a command run later executes, whether or not its words are literal (`watch ~/bin/x.sh`:
 * the shell analysis leaves a `~` word unread, the shell `watch` starts runs the file).
 * The shells' own `-c` are `unattended-runs.ts`'s.
 * @internal
 */
export function wrappedScriptsOf(argv: readonly string[]): string[] {
  const first = argv[0];
  if (first === undefined) return [];
  const name = first.slice(first.lastIndexOf('/') + 1);
  const unwrap = PROGRAMS.get(name)?.unwrap;
  if (unwrap === undefined) return [];
  const words = [name, ...argv.slice(1)];
  const out: string[] = [];
  for (const inner of unwrap(
    words,
    words.map(() => true),
  )?.inner ?? []) {
    if (inner.kind !== 'script') continue;
    const text = words
      .slice(inner.index, inner.joinFrom === undefined ? inner.index + 1 : words.length)
      .join(' ')
      .slice(inner.offset ?? 0);
    if (text.trim() !== '') out.push(text);
  }
  return out;
}
