import type { ReadOnlyVerdict, SimpleCommand } from '../shell/types.js';
import { isInside, isInsideAny, normalizePath } from '../paths/index.js';
import { isReadOnlyAt, isReadOnlyGlobsSettled } from '../shell/read-only/index.js';
import { globOptionsSettled } from '../shell/effects/glob-option-words.js';
import { commandBasename } from '../shell/commands/emit.js';
import { withoutGitGlobalOptions } from '../shell/programs/git/global-options.js';
import { gitWorldProblem, type GitWhere } from '../shell/programs/git/world.js';
import { changesDirectory, findsRepositoryFromCwd, PROGRAMS } from '../shell/programs/index.js';
import { ENVIRONMENT_FREE_BUILTINS } from '../shell/programs/builtins.js';
import { environmentValue } from './shell-world.js';
import { globBase, type CallFacts } from './facts.js';
import { newBudget } from './fs-reach.js';
import { outsideThroughLinks } from './through-links.js';
import { mayReadAt, readsWhole } from './read-rules.js';
import { allowText } from './rule-match.js';
import { inertAssignment } from '../shell/programs/environment-values.js';
import { assignedName } from '../shell/syntax/variables.js';
import type { EvalState, ShellReadOnly } from './types.js';

export type { ShellReadOnly } from './types.js';

/**
 * `IFS= read -r line`: a variable that only changes how the shell's own builtin splits its input.
 * A whole variable only (`assignedName`'s `elements: false`): an element (`IFS[$(id)]=: read`)
 * is no such assignment — zsh runs its subscript's substitution.
 */
function splittingAssignment(cmd: SimpleCommand, assignment: string): boolean {
  if (cmd.parent !== undefined || !ENVIRONMENT_FREE_BUILTINS.has(cmd.argv[0] ?? '')) return false;
  const name = assignedName(assignment, { elements: false });
  return name !== undefined && PROGRAMS.get(cmd.argv[0]!)?.splittingVariables?.includes(name) === true;
}

/**
 * Is the command read-only as a whole: every part read-only, reads inside the working directories,
 * no writes? Worked out once per call and kept on its state (several steps ask).
 */
export function shellReadOnly(state: EvalState): ShellReadOnly {
  if (state.shellReadOnly !== undefined) return state.shellReadOnly;
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  const perCommand = new Map<SimpleCommand, boolean>();
  const reasons = new Map<SimpleCommand, string>();
  let why: string | undefined;
  const budget = newBudget();
  let readsOutside = false;
  facts.analysis.commands.forEach((cmd, i) => {
    const unsafe = cmd.assignments.find((a) => !inertAssignment(a) && !splittingAssignment(cmd, a));
    let v: ReadOnlyVerdict =
      unsafe !== undefined
        ? { readOnly: false, reason: `the assignment ${unsafe.split('=')[0]}=… can change what the command runs or reads` }
        : gitInItsWorld(cmd, state, readOnlyWords(facts, i, state.dialect.readOnlySet));
    // Opaque code is never read-only, whatever its words (`cat` found in the project's .venv/bin).
    if (v.readOnly && cmd.opaque !== undefined) v = { readOnly: false, reason: cmd.opaque };
    perCommand.set(cmd, v.readOnly);
    if (!v.readOnly) {
      reasons.set(cmd, v.reason);
      // In the default set a wrapper's own options count too (`time -o F` writes F).
      if (!cmd.transparentWrapper || state.dialect.readOnlySet === 'claudeCode')
        why ??= `"${allowText(cmd)}" is not read-only: ${v.reason}`;
    }
  });
  if (facts.analysis.unknown.length > 0) why ??= `parts could not be read: ${facts.analysis.unknown[0]}`;
  if (facts.analysis.stateChanges.length > 0) why ??= facts.analysis.stateChanges[0];
  // A `<(…)` word names a pipe its list's commands (judged among the line's) print into.
  if (facts.analysis.hasSubstitution && facts.analysis.onlyProcessInputs !== true) why ??= 'it has a substitution';
  for (const e of facts.effects) {
    if (
      e.op === 'read' &&
      e.assumed === undefined &&
      e.fromHistory !== true &&
      !readsOutside &&
      !isInsideAny(e.glob ? globBase(e.path) : e.path, state.workingDirectories)
    )
      readsOutside = true;
    // Assumed effects belong to programs that are not read-only anyway, and git history is not a
    // file read: both only feed deny rules.
    if (e.assumed !== undefined || e.fromHistory === true || e.possible !== undefined) continue;
    if (e.op !== 'read') why ??= `it ${e.op === 'write' ? 'writes' : 'removes'} ${e.path}`;
    else if (!e.literal && !e.glob) why ??= `it reads a path that is not literal (${e.raw})`;
    else if (!mayReadAt(state, e.glob ? globBase(e.path) : e.path, readsWhole(e)))
      why ??= `it reads ${e.path}, outside the working directories`;
    else if (why === undefined && state.ctx.fs !== undefined) {
      const out = outsideThroughLinks(
        state.ctx.fs,
        e,
        (p) => mayReadAt(state, p, true),
        budget,
        (name) => environmentValue(state.ctx.environment, name) !== null,
      );
      if (out !== undefined) why = `it reads ${out.path} (${out.why}), outside the working directories`;
    }
  }
  // The Claude Code CLI 2.1.332 asks for a command that changes directory more than once
  // ("Multiple directory changes in one command require approval for clarity").
  if (changesDirectoryTwice(state)) {
    why ??= 'it changes directory more than once, which Claude Code asks about';
  }
  if (facts.cwdAfter !== state.ctx.cwd && facts.analysis.commands.some((c) => findsRepositoryFromCwd(c.argv[0] ?? ''))) {
    why ??= 'it runs git after cd to another directory';
  }
  const result: ShellReadOnly =
    why === undefined ? { ok: true, readsOutside, perCommand, reasons } : { ok: false, why, readsOutside, perCommand, reasons };
  state.shellReadOnly = result;
  return result;
}

/**
 * The read-only verdict of command `i` by its words, judged again without the guard on glob words
 * that may be options where the file-system view showed they name none (`wc -l *.ts` in a folder
 * with no name beginning with `-`: `effects/glob-option-words.ts`).
 */
function readOnlyWords(facts: Extract<CallFacts, { kind: 'shell' }>, i: number, set: 'claudeCode' | 'robota'): ReadOnlyVerdict {
  const words = isReadOnlyAt(facts.analysis, i, set);
  return words.readOnly || !globOptionsSettled(facts.effects, i) ? words : isReadOnlyGlobsSettled(facts.analysis.commands[i]!, set);
}

/**
 * Whether the command changes directory more than once (`cd src && … && cd ..`): the Claude Code
 * CLI 2.1.332 asks for that in default and acceptEdits mode. The default set's rule.
 */
export function changesDirectoryTwice(state: EvalState): boolean {
  if (state.dialect.readOnlySet !== 'claudeCode' || state.facts.kind !== 'shell') return false;
  let changes = 0;
  for (const c of state.facts.analysis.commands) if (changesDirectory(c.argv[0] ?? '') && ++changes > 1) return true;
  return false;
}

/**
 * A git command read-only by its words stays so only where it runs: the repository it finds is
 * the project's, and neither the configuration the view shows nor the environment the context
 * knows makes the subcommand run a program (`programs/git/world.ts`).
 */
function gitInItsWorld(cmd: SimpleCommand, state: EvalState, words: ReadOnlyVerdict): ReadOnlyVerdict {
  if (!words.readOnly || cmd.argv[0] === undefined || !findsRepositoryFromCwd(commandBasename(cmd.argv[0]))) return words;
  const argv = withoutGitGlobalOptions(cmd.argv) ?? cmd.argv;
  const sub = argv[1];
  if (sub === undefined) return words;
  const problem = gitWorldProblem(sub, gitWhere(state), argv.slice(2));
  return problem === undefined ? words : { readOnly: false, reason: problem };
}

/** What a reason adds when the context was given no environment facts: how each front end gives them. */
const NO_ENVIRONMENT_FACTS =
  'toolgate was told nothing of the environment (toolgate hook and serve pass it on themselves; ' +
  'give it to check as --env NAME=VALUE, --env NAME= for unset, and to the library as the environment option)';

/** Where the call's git commands run, and what the context knows of the environment. @internal */
export function gitWhere(state: EvalState): GitWhere {
  const { ctx } = state;
  const norm = (p: string) => normalizePath(p, { cwd: ctx.cwd, home: ctx.home, platform: state.env.platform });
  const facts = ctx.environment;
  return {
    cwd: norm(ctx.cwd),
    projectDir: norm(ctx.projectDir ?? ctx.cwd),
    home: norm(ctx.home),
    ...(ctx.fs !== undefined ? { view: ctx.fs } : {}),
    ...(state.git !== undefined ? { reads: state.git } : {}),
    // No facts: every variable may be set (as for CDPATH), so a read-only git command asks.
    variable: (name) => environmentValue(facts, name),
    ...(facts === undefined ? { environmentUnknown: NO_ENVIRONMENT_FACTS } : {}),
    writes: (path) => lineWrites(state, path),
  };
}

/**
 * Whether the call's command line writes `path`, or may: a write of it, of a directory above it
 * taken as a tree, of a glob, or of a path that is not literal (`> "$F"`).
 */
function lineWrites(state: EvalState, path: string): boolean {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  return facts.effects.some(
    (e) => e.op === 'write' && (!e.literal || e.glob || e.path === path || (e.tree !== undefined && isInside(path, e.path))),
  );
}
