/**
 * How many shell analyses in this process needed the full parser and found it not loaded. A
 * module of its own, outside the shell family of the built hook (`tsup.config.ts`), so a front
 * end can ask after a decision whether any analysis it made — the call's command, or the text of
 * a hook or git hook a write meets (`evaluate/command-steps.ts`) — was read without the parser,
 * without loading the shell analysis for a call that never used it.
 */

let withoutParser = 0;

/** Count one analysis that needed the full parser and found it not loaded (`analyze.ts`, the one place that asks). @internal */
export function countAnalysisWithoutParser(): void {
  withoutParser += 1;
}

/**
 * How many analyses in this process needed the full parser and found it not loaded: a run of
 * analyses that leaves the count as it was got from each the analysis the loaded parser gives,
 * so a caller may run them before loading it (`toolgate lint`, `toolgate hook`, `evaluateAsync`). @internal
 */
export function analysesWithoutParser(): number {
  return withoutParser;
}
