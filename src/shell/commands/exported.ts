/**
 * The variables a script hands the programs after it (`Collector.exported`): what `export
 * NAME=value` and `declare -x NAME=value` give, and also an `export NAME` of a variable the script
 * assigned before (`X='…'; export X`), and every assignment after allexport is turned on (`set -a`)
 * — bash 5.2 `help set`, `help export`; which builtins do what is `programs/variable-setters.ts`.
 * A program's configured code reads them (`GIT_EXTERNAL_DIFF='…'; export GIT_EXTERNAL_DIFF; git
 * diff` ran it; #37). Only ever more variables: an assignment in a branch that may not run counts,
 * and a later `unset` or `set +a` is not followed (more variables only make the judgement stricter).
 */
import type { Collector } from '../syntax/collector.js';
import type { SimpleCommand } from '../types.js';
import { exportsOf, nameWords, turnsOnAllExport, type VariableSetter } from '../programs/variable-setters.js';

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;

/** Adds what a statement's plain assignments (`X=1; …`, no command word) give the programs after it. */
export function trackStatementAssignments(c: Collector, assignments: readonly string[]): void {
  for (const a of assignments) {
    if (!ASSIGNMENT.test(a)) continue;
    (c.assigned ??= []).push(a);
    if (c.allExport === true) (c.exported ??= []).push(a);
  }
}

/**
 * Adds what one command gives the programs after it: the `NAME=value` words a declaration builtin
 * exports; for `export NAME` the script's own last assignment of NAME; under allexport, what a
 * declaration assigns and, as a value toolgate cannot read, what a builtin that sets variables
 * (`read`, `mapfile`, `printf -v`) sets. `setter`: how the command's words name variables.
 */
export function trackCommandVariables(c: Collector, name: string, cmd: SimpleCommand, setter?: VariableSetter): void {
  if (turnsOnAllExport(name, cmd.argv)) {
    c.allExport = true;
    return;
  }
  const word = (k: number) => cmd.raw?.[k] ?? cmd.argv[k]!;
  const change = exportsOf(name, cmd.argv);
  if (change === undefined) {
    if (c.allExport !== true || setter === undefined) return;
    for (const i of nameWords(cmd.argv.slice(1), setter)) {
      const n = /^[A-Za-z_][A-Za-z0-9_]*/.exec(cmd.argv[i + 1]!)?.[0];
      // A value set from input: `NAME=$NAME` reads as one toolgate cannot tell.
      if (n !== undefined) (c.exported ??= []).push(`${n}=$${n}`);
    }
    return;
  }
  for (const k of change.exported) {
    (c.assigned ??= []).push(word(k));
    (c.exported ??= []).push(word(k));
  }
  for (const k of change.assigned ?? []) {
    (c.assigned ??= []).push(word(k));
    if (c.allExport === true) (c.exported ??= []).push(word(k));
  }
  for (const n of change.named ?? []) {
    // The value the script gave the name before, if it did (else what it inherited, already known).
    const last = [...(c.assigned ?? [])].reverse().find((w) => ASSIGNMENT.exec(w)?.[1] === n);
    if (last !== undefined) (c.exported ??= []).push(last);
  }
}
