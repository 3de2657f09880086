/**
 * The accumulator both front ends (fast lexer, tree-sitter walker) fill, and the syntax-neutral
 * description of one simple command they hand to the command layer.
 */
import type { AnsiCDialect } from '../shells/ansi-c.js';
import type { ShellModel } from '../shells/index.js';
import type { Redirect, RunTimeInput, ShellAnalysis, SimpleCommand } from '../types.js';
import type { DecodedWord } from './words.js';
import type { VariableFacts } from './variable-facts.js';
import type { Flow } from './flow.js';

/** A word as written plus its decoding. @internal */
export interface RawWord {
  raw: string;
  word: DecodedWord;
}

/** One simple command as the syntax gives it, before wrappers are looked through. @internal */
export interface RawCommand {
  words: RawWord[];
  assignments: string[];
  /** Redirections written on this command. */
  redirects: Redirect[];
  /** Redirections of enclosing compound commands. */
  inherited: Redirect[];
  context: SimpleCommand['context'];
  inSubshell: boolean;
  parent?: number;
  /** Set by the front end when part of the command could not be read. */
  unknown?: string;
  /** Words this command gets from input at run time (it runs under `xargs` or `find -exec`). */
  input?: RunTimeInput;
}

/** Mutable state of one analysis. @internal */
export interface Collector {
  commands: SimpleCommand[];
  unknown: string[];
  /** The reasons of `unknown` that are a firm ask in every mode (see `ShellAnalysis.unseen`). */
  unseen: string[];
  /**
   * Statements that change what later commands do, and how many commands came before each;
   * `firm` when the later commands are not what the text shows (an alias), a firm ask in every mode.
   */
  stateChanges: { after: number; why: string; firm?: true }[];
  redirects: Redirect[];
  hasSubstitution: boolean;
  /** A substitution other than a whole word `<(…)` occurs (see `ShellAnalysis.onlyProcessInputs`). */
  otherSubstitution: boolean;
  /** The shells the command may run in (one, or bash and zsh when the shell is unknown). */
  shells: readonly ShellModel[];
  /** How words are decoded: `zsh` when any of the shells expands a leading `=`. */
  shell: 'bash' | 'zsh';
  /** The readings of `$'…'` a word must agree in to be one known text: every one of `shells`. */
  ansiC: readonly AnsiCDialect[];
  /** Nesting depth of `bash -c` scripts. */
  nestedDepth: number;
  /** Whether a command with these literal words prints only numbers (`programs/numeric-output.ts`): its output in arithmetic is a number. */
  numericOutput?: (argv: readonly string[]) => boolean;
  /** Variables the commands of this script inherit from the command that runs it (`X=1 bash -c '…'`). */
  env: readonly string[];
  /**
   * `NAME=value` words an `export` (or `declare -x`) of this script gave before the command being
   * emitted, as written: a program's configured code reads them (`export GIT_CONFIG_GLOBAL=gc;
   * git status`). Kept after `unset` and past subshells: more variables only make it stricter.
   */
  exported?: string[];
  /** `NAME=value` words of the script's own assignments so far, as written (an `export NAME` after them exports the value). */
  assigned?: string[];
  /** Whether `set -a` (allexport) is on: every later assignment is exported. */
  allExport?: boolean;
  /** How the script sets variables besides its simple commands (see `variable-facts.ts`). */
  variables?: VariableFacts;
  /** Which of its statements run after which (see `flow.ts`), once read. */
  flow?: Flow;
  /**
   * Words the commands of this script get from input at run time: a script a wrapper fills
   * with quoted input words (`parallel 'gzip < {} > {}.gz'`).
   */
  input?: RunTimeInput;
  /**
   * Analyses a nested script (`bash -c '…'`) run with the variables `env`; with `input`, its
   * commands get the words `input` says from input; with `runner`, the shell that runs it (`zsh -c`)
   * is judged besides this analysis's shells.
   */
  nested: (script: string, depth: number, env?: readonly string[], input?: RunTimeInput, runner?: ShellModel) => ShellAnalysis;
  /**
   * The files a command name written as a pattern naming an absolute path matches
   * (`/usr/bin/gcc-1?`), as the evaluator's file-system view shows them; absent, or `undefined`
   * for a pattern: the view cannot say (the name stays unknown).
   */
  commandNames?: (pattern: string) => readonly string[] | undefined;
  /**
   * Hands one simple command to the command layer (set by `analyze.ts`), so the syntax layer
   * below it calls no code above it.
   */
  emit: (raw: RawCommand) => void;
  /**
   * What the line shows of the text its commands pass on — each command's output, what a wrapper
   * hands its command on input, the texts written to files so far (`commands/shown-text.ts`).
   */
  shown?: {
    readonly outputs: Map<number, readonly string[]>;
    readonly handed: Map<number, readonly string[] | null>;
    readonly files: Map<string, string[]>;
    /** The words a wrapper (xargs) hands each command it runs (by the command's index), per command started. */
    readonly batches: Map<number, string[][]>;
  };
  /** Hands a statement with no words (assignments or redirections alone) to the command layer. */
  emitWordless: (assignments: readonly string[], redirects: readonly Redirect[]) => void;
}

/** Records a reason the command is not fully understood (deduplicated). */
export function addUnknown(c: Pick<Collector, 'unknown'>, reason: string): void {
  if (!c.unknown.includes(reason)) c.unknown.push(reason);
}

/**
 * Records a reason that is a firm ask in every mode: input that cannot be read, or code bash
 * would run that the text hides (see `ShellAnalysis.unseen`).
 */
export function addUnseen(c: Pick<Collector, 'unknown' | 'unseen'>, reason: string): void {
  if (!c.unknown.includes(reason)) c.unknown.push(reason);
  if (!c.unseen.includes(reason)) c.unseen.push(reason);
}

/**
 * Records a statement that changes what the commands after it do (see `state.ts`); `firm` when
 * it changes which code they are (see `Collector.stateChanges`).
 */
export function addStateChange(c: Collector, why: string | undefined, after = c.commands.length, firm = false): void {
  if (why !== undefined) c.stateChanges.push(firm ? { after, why, firm } : { after, why });
}

/** Adds a bare or compound-level redirect to the analysis. */
export function addRedirect(c: Collector, r: Redirect): void {
  c.redirects.push(r);
}

/** Targets that are not files even though the operator writes. */
const NON_FILE_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd/1', '/dev/fd/2']);

/**
 * Classifies a redirection from its operator, optional fd and target word.
 * A `>&word` whose target is not a number or `-` writes a file (bash semantics).
 */
export function makeRedirect(op: string, target: RawWord | undefined): Redirect {
  const text = target ? target.word.value : '';
  const literal = target ? target.word.literal : true;
  const base = { op, target: text, targetLiteral: literal };
  const bare = op.replace(/^\d+/, '');
  if (bare === '<<' || bare === '<<-') return { ...base, kind: 'heredoc' };
  if (bare === '<<<') return { ...base, kind: 'herestring' };
  if ((bare === '>&' || bare === '<&') && literal && /^(\d+|-)$/.test(text)) return { ...base, kind: 'dup' };
  if (bare.endsWith('&-') || bare === '>&-' || bare === '<&-') return { ...base, kind: 'dup' };
  if (bare === '<' || bare === '<&') return { ...base, kind: 'read' };
  if (literal && NON_FILE_TARGETS.has(text)) return { ...base, kind: 'devnull' };
  return { ...base, kind: 'file' };
}
