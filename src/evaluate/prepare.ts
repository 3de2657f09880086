import type { Decision, ToolCall } from '../core/types.js';
import { toolFamily } from '../rules/index.js';
import { analyzeShell, isShellPrepared, prepareShell } from '../shell/index.js';
import { PARSER_NOT_PREPARED } from '../shell/analyze.js';
import { analysesWithoutParser } from '../shell/parser-use.js';
import type { EvaluationContext } from './context.js';
import { evaluate, type EvaluateCallOptions } from './evaluate.js';
import { shellOf } from './shell-world.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import { argumentsToParse } from '../shell/unscreened-text.js';

/**
 * Load what `evaluate` may need asynchronously (the full shell parser, a WASM module of about
 * 1.5 MB that takes ~90 ms to load). Safe to call many times; loads once per process.
 * @public
 */
export async function prepare(): Promise<void> {
  await prepareShell();
}

/**
 * `evaluate`, loading the full shell parser first only when this call needs it (a command
 * outside the fast lexer's subset). Hosts that gate calls one at a time without a start-up
 * step use this; it resolves to the same Decision `evaluate` gives once prepared.
 * @public
 */
export async function evaluateAsync(call: ToolCall, ctx: EvaluationContext, options?: EvaluateCallOptions): Promise<Decision> {
  if (needsShellParser(call, ctx)) await prepareShell();
  return withParserWhenNeeded(() => evaluate(call, ctx, options));
}

/**
 * Run `decide`, and when any shell analysis it made needed the full parser and found it not
 * loaded, load the parser and run it again: the answer is always the one a prepared process
 * gives. The call's own command is screened before (`needsShellParser`); what this catches is
 * text read on the way — a hook's or git hook's script a write meets (`if`, `for`, `$(…)`,
 * `find … \;` are outside the fast lexer), whose commands would otherwise be read by the
 * smaller fallback reader. `beforeParser` runs first when the parser is loaded here.
 * @internal
 */
export async function withParserWhenNeeded<T>(decide: () => T, beforeParser?: () => Promise<void>): Promise<T> {
  const before = analysesWithoutParser();
  const first = decide();
  if (analysesWithoutParser() === before) return first;
  await beforeParser?.();
  await prepareShell();
  return decide();
}

/**
 * Whether `evaluate` needs the full shell parser for this call and it is not loaded yet: a shell
 * command outside the fast lexer's subset, also when only a nested script (`bash -c '…'`, a
 * substitution) is, or shell text in a program's arguments that toolgate reads (`unscreened-text.ts`).
 */
export function needsShellParser(call: ToolCall, ctx: EvaluationContext): boolean {
  // The tool first: a call of another tool never touches the shell analysis (`toolgate hook` runs
  // its modules only for a call that needs them).
  if (toolFamily(call?.tool) !== 'shell' || call.tool === 'PowerShell' || isShellPrepared()) return false;
  const command = call.input?.['command'];
  if (typeof command !== 'string') return false;
  const analysis = analyzeShell(command, { shell: shellOf(ctx) });
  if (analysis.unknown.some((u) => u.endsWith(PARSER_NOT_PREPARED))) return true;
  // Shell text in the arguments of a program toolgate has no model of is parsed (decision 0098).
  return analysis.commands.some((c) => argumentsToParse(c) && unmodelledProgram(c));
}
