/**
 * What the syntax shows about how a command sets its variables, beyond its simple commands: the
 * statements of assignments alone (`f=x; …`) and the `for`/`select` loops with the words they run
 * over. The simple commands (`read f`, `printf -v f`, `f=x cmd`) are in the analysis itself;
 * together they are the facts the effects layer reads a variable's possible values from
 * (`effects/chosen-variables.ts`), once per analysis. Kept beside the analysis, not in it: the
 * public `ShellAnalysis` shape does not change.
 */
import { SideTable } from '../../core/side-table.js';
import type { ShellAnalysis } from '../types.js';

/** A `for NAME in WORDS` or `select NAME in WORDS` loop. @internal */
export interface LoopFact {
  readonly name: string;
  /** Its words as written; undefined when the loop takes values no word shows (`select`, `for f; do`). */
  readonly words?: readonly string[];
  /** The indexes in the analysis's commands of the commands its body holds, `[from, to)`: set on the analysis that read the loop. */
  body?: readonly [number, number];
}

/** How the syntax of one command (and every script it runs inside it) sets variables. @internal */
export interface VariableFacts {
  /** `NAME=value` of statements of assignments alone, as written. */
  readonly assignments: string[];
  readonly loops: LoopFact[];
  /** Why any variable may be set without the facts showing it (a script toolgate did not read), when so. */
  everything?: string;
}

/** Empty facts, to be filled while a command is read. @internal */
export function newVariableFacts(): VariableFacts {
  return { assignments: [], loops: [] };
}

const FACTS = new SideTable<ShellAnalysis, VariableFacts>();

/** Keeps the facts of `analysis`. @internal */
export function keepVariableFacts(analysis: ShellAnalysis, facts: VariableFacts): void {
  FACTS.set(analysis, facts);
}

/**
 * The facts of `analysis`; for an analysis made by hand (not by `analyzeShell`), facts that
 * say any variable may be set.
 * @internal
 */
export function variableFactsOf(analysis: ShellAnalysis): VariableFacts {
  return FACTS.get(analysis) ?? { assignments: [], loops: [], everything: 'the command was not read by the analyser' };
}

/** Adds the facts of a script run inside the command (`bash -c '…'`, a substitution in a here-document). @internal */
export function mergeVariableFacts(into: VariableFacts, from: ShellAnalysis): void {
  const inner = variableFactsOf(from);
  into.assignments.push(...inner.assignments);
  // The body's indexes are the inner analysis's own.
  into.loops.push(...inner.loops.map((l) => (l.words === undefined ? { name: l.name } : { name: l.name, words: l.words })));
  if (inner.everything !== undefined) into.everything ??= inner.everything;
}
