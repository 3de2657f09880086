/**
 * `analyzeShell`: the fast lexer for the common subset, the tree-sitter parser for the rest,
 * unknown (fail closed) for anything neither can read.
 */
import { hiddenEvaluation } from './programs/hidden-evaluation.js';
import { printsOnlyNumbers } from './programs/numeric-output.js';
import { addStateChange, addUnseen, type Collector } from './syntax/collector.js';
import { variableStateChange } from './syntax/variables.js';
import { emitCommand, emitWordlessStatement } from './commands/emit.js';
import { addLoopDirectoryChanges } from './commands/state.js';
import { shellsFor, type ShellModel } from './shells/index.js';
import { joinLineContinuations } from './syntax/continuations.js';
import { lexSimple } from './syntax/lexer.js';
import { MAX_COMMANDS, MAX_NESTED_DEPTH, MAX_SYNTAX_DEPTH } from './syntax/limits.js';
import { walkTree } from './syntax/parser.js';
import { loadedParser } from './syntax/tree-sitter-loader.js';
import { countAnalysisWithoutParser } from './parser-use.js';
import type { RunTimeInput, ShellAnalysis, ShellOptions } from './types.js';
import type { AnsiCDialect } from './shells/ansi-c.js';
import { unreadableInput } from './syntax/unreadable.js';
import { keepVariableFacts, newVariableFacts } from './syntax/variable-facts.js';
import { keepLeftState } from './syntax/left-state.js';
import { joined, keepFlow, sequence, type Flow } from './syntax/flow.js';

/** The reason given when a command needs the full parser and it has not been loaded. @internal */
export const PARSER_NOT_PREPARED = 'shell parser not prepared';

export { analysesWithoutParser } from './parser-use.js';

/** Which front end to use: both (lexer first), or one alone (differential tests). */
type Front = 'auto' | 'lexer' | 'parser';

/** An analysis with no commands; every reason given is one the command cannot be read for (firm). */
function emptyAnalysis(command: string, parser: ShellAnalysis['parser'], unknown: string[] = []): ShellAnalysis {
  return { command, commands: [], unknown, unseen: [...unknown], stateChanges: [], hasSubstitution: false, redirects: [], parser };
}

/** `${NAME=…}` / `${NAME:=…}`: assigns NAME when it is unset (or empty). */
const DEFAULT_ASSIGNMENT = /\$\{([A-Za-z_][A-Za-z0-9_]*):?=/g;

/** A `<x-y>` a shell may read as a numeric range glob. */
const MAY_HAVE_RANGE_GLOB = /<\d*-\d*>/;

/**
 * The readings of `$'…'` a word must agree in under every shell of `shells`, in order: one shell's
 * own list, or the lists joined (a loop: `flatMap` cost ~3 % of a one-command call).
 */
function ansiCOf(shells: readonly ShellModel[]): readonly AnsiCDialect[] {
  if (shells.length === 1) return shells[0]!.ansiC;
  const out: AnsiCDialect[] = [];
  for (const s of shells) for (const d of s.ansiC) out.push(d);
  return out;
}

function analyzeAt(
  command: string,
  shells: readonly ShellModel[],
  depth: number,
  front: Front = 'auto',
  env: readonly string[] = [],
  input?: RunTimeInput,
  names?: Collector['commandNames'],
): ShellAnalysis {
  const unreadable = unreadableInput(command);
  if (unreadable !== undefined) return emptyAnalysis(command, 'none', [unreadable]);
  if (depth > MAX_NESTED_DEPTH) return emptyAnalysis(command, 'none', [`nested scripts deeper than ${MAX_NESTED_DEPTH}`]);
  let text = command;
  if (text.includes('\\\n') || text.includes('\\\r\n')) {
    const joined = joinLineContinuations(text);
    if (!joined.ok) return emptyAnalysis(command, 'none', [joined.reason]);
    text = joined.text;
  }
  const c: Collector = {
    commands: [],
    unknown: [],
    unseen: [],
    stateChanges: [],
    redirects: [],
    hasSubstitution: false,
    otherSubstitution: false,
    shells,
    shell: shells.some((s) => s.equalsExpansion) ? 'zsh' : 'bash',
    ansiC: ansiCOf(shells),
    nestedDepth: depth,
    numericOutput: printsOnlyNumbers,
    env,
    variables: newVariableFacts(),
    ...(input !== undefined ? { input } : {}),
    // A script a shell program runs (`zsh -c '…'`) is judged for that shell too, besides the command's own.
    nested: (script, d, e, i, runner) =>
      analyzeAt(script, runner === undefined || shells.includes(runner) ? shells : [...shells, runner], d, front, e ?? [], i, names),
    ...(names !== undefined ? { commandNames: names } : {}),
    emit: (raw) => void emitCommand(c, raw),
    emitWordless: (assignments, redirects) => emitWordlessStatement(c, assignments, redirects),
  };
  // zsh's numeric range glob (`key<->.pem`) is read by the parser's respelling (`syntax/numeric-globs.ts`).
  const rangeGlob = shells.some((s) => s.numericRangeGlob) && MAY_HAVE_RANGE_GLOB.test(text);
  const lexed = front === 'parser' || rangeGlob ? undefined : lexSimple(text, c.ansiC);
  let parser: ShellAnalysis['parser'];
  if (lexed) {
    parser = 'lexer';
    // Each pipeline's parts one after the other, the pipelines joined by the operators between them.
    const pipelines: Flow[][] = [];
    const operators: string[] = [];
    for (const cmd of lexed) {
      if (cmd.words.length === 0) emitWordlessStatement(c, cmd.assignments, cmd.redirects);
      else
        emitCommand(c, {
          words: cmd.words,
          assignments: cmd.assignments,
          redirects: cmd.redirects,
          inherited: [],
          context: 'top',
          inSubshell: cmd.inSubshell,
        });
      const leaf: Flow = { kind: 'run', to: c.commands.length };
      if (cmd.after === '|' && pipelines.length > 0) pipelines[pipelines.length - 1]!.push(leaf);
      else {
        if (pipelines.length > 0) operators.push(cmd.after);
        pipelines.push([leaf]);
      }
    }
    c.flow = joined(pipelines.map(sequence), operators);
  } else {
    if (front === 'lexer') return emptyAnalysis(command, 'none', ['outside the lexer subset']);
    const ts = loadedParser();
    if (!ts) {
      countAnalysisWithoutParser();
      return emptyAnalysis(command, 'none', [PARSER_NOT_PREPARED]);
    }
    parser = 'tree-sitter';
    walkTree(ts, text, c);
  }
  addLoopDirectoryChanges(c);
  if (text.includes('${'))
    for (const m of text.matchAll(DEFAULT_ASSIGNMENT)) addStateChange(c, variableStateChange(m[1]!, false, c.shells), 0);
  const stateChanges =
    c.stateChanges.length === 0
      ? []
      : [
          ...new Set(
            c.stateChanges.filter((s) => c.commands.length > s.after).map((s) => `${s.why}, so the commands after it cannot be judged`),
          ),
        ];
  // An alias defined before a later command changes which code runs there: the text does not show it.
  for (const s of c.stateChanges)
    if (s.firm === true && c.commands.length > s.after) addUnseen(c, `${s.why}, so the commands after it cannot be judged`);
  const hidden = hiddenEvaluation(text);
  if (hidden) addUnseen(c, hidden);
  if (c.commands.length > MAX_COMMANDS) addUnseen(c, `more than ${MAX_COMMANDS} commands`);
  for (const cmd of c.commands) if (cmd.unknown && !c.unknown.includes(cmd.unknown)) c.unknown.push(cmd.unknown);
  const analysis: ShellAnalysis = {
    command,
    commands: c.commands,
    unknown: c.unknown,
    unseen: c.unseen,
    stateChanges,
    hasSubstitution: c.hasSubstitution,
    redirects: c.redirects,
    parser,
  };
  if (c.hasSubstitution && !c.otherSubstitution) analysis.onlyProcessInputs = true;
  if (c.variables !== undefined) keepVariableFacts(analysis, c.variables);
  // What holds after the last command: `stateChanges` leaves it out, a script run in this shell hands it on.
  keepLeftState(
    analysis,
    c.stateChanges.filter((s) => s.after >= c.commands.length).map((s) => (s.firm === true ? { why: s.why, firm: true } : { why: s.why })),
  );
  keepFlow(analysis, c.flow ?? { kind: 'run', to: c.commands.length });
  return analysis;
}

/**
 * Splits a shell command into its simple commands, substitutions and redirections, the way
 * bash would run it. Synchronous: the common subset is read by a hand-written lexer; the rest
 * needs the tree-sitter parser loaded by `prepareShell()` first, and without it the result is
 * `unknown: ['shell parser not prepared']` (also in `unseen`: a firm ask) with `parser: 'none'`.
 *
 * Fail closed: anything not understood (a parse error, a syntax node toolgate does not handle,
 * a dynamic command name, `eval`, a command over 10,000 characters, …) is listed in
 * `unknown`, which no allow rule and no read-only rule may approve. Never throws.
 *
 * Behaviour: Claude Code docs, Configure permissions › Bash (compound commands, wrappers).
 * @param command - the command string as the agent sent it.
 * @param options - `shell`: the shell that runs it (default `unknown`: bash and zsh at once).
 * @public
 */
export function analyzeShell(command: string, options: ShellOptions = {}): ShellAnalysis {
  try {
    if (typeof command !== 'string') return emptyAnalysis(String(command), 'none', ['command is not a string']);
    if (substitutionDepth(command) > MAX_SYNTAX_DEPTH)
      return emptyAnalysis(command, 'none', [`substitutions nested deeper than ${MAX_SYNTAX_DEPTH}`]);
    return analyzeAt(command, shellsFor(options.shell ?? 'unknown'), 0);
  } catch (error) {
    return emptyAnalysis(command, 'none', [`shell analysis failed: ${error instanceof Error ? error.message : String(error)}`]);
  }
}

/**
 * `analyzeShell` where a command name written as a pattern naming an absolute path
 * (`/usr/bin/gcc-1?`; zsh's `/usr/bin/gcc-<->`) is the one file `names` says it matches: the
 * evaluator's file-system view, which knows the files (`Collector.commandNames`). @internal
 */
export function analyzeShellSeeing(command: string, options: ShellOptions, names: (pattern: string) => readonly string[] | undefined): ShellAnalysis {
  try {
    if (substitutionDepth(command) > MAX_SYNTAX_DEPTH)
      return emptyAnalysis(command, 'none', [`substitutions nested deeper than ${MAX_SYNTAX_DEPTH}`]);
    return analyzeAt(command, shellsFor(options.shell ?? 'unknown'), 0, 'auto', [], undefined, names);
  } catch (error) {
    return emptyAnalysis(command, 'none', [`shell analysis failed: ${error instanceof Error ? error.message : String(error)}`]);
  }
}

const OPEN = 0x28; // (
const CLOSE = 0x29; // )

/**
 * An upper bound on how deeply `$(`, `<(`, `>(` and `(` nest, from a plain scan (quotes are not
 * taken into account, so it can only over-count): lets absurd nesting fail closed before the
 * parser spends time on it.
 */
function substitutionDepth(command: string): number {
  let depth = 0;
  let max = 0;
  // Char codes, not one-character strings: this runs over every command's whole text.
  for (let i = 0; i < command.length; i++) {
    const ch = command.charCodeAt(i);
    if (ch === OPEN) max = Math.max(max, ++depth);
    else if (ch === CLOSE && depth > 0) depth--;
  }
  return max;
}

/**
 * `analyzeShell` with one front end forced, for differential tests and benchmarks.
 * @internal
 */
export function analyzeShellWith(front: Front, command: string, options: ShellOptions = {}): ShellAnalysis {
  try {
    return analyzeAt(command, shellsFor(options.shell ?? 'unknown'), 0, front);
  } catch (error) {
    return emptyAnalysis(command, 'none', [`shell analysis failed: ${error instanceof Error ? error.message : String(error)}`]);
  }
}
