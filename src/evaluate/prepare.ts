import type { Decision, ToolCall } from '../core/types.js';
import { toolFamily } from '../rules/index.js';
import { analyzeShell, isShellPrepared, prepareShell } from '../shell/index.js';
import { PARSER_NOT_PREPARED } from '../shell/analyze.js';
import type { EvaluationContext } from './context.js';
import { evaluate, type EvaluateCallOptions } from './evaluate.js';
import { shellOf } from './shell-world.js';

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
  if (!isShellPrepared() && toolFamily(call?.tool) === 'shell' && call.tool !== 'PowerShell') {
    const command = call.input?.['command'];
    // Also when only a nested script (`bash -c '…'`, a substitution) needed the parser.
    if (typeof command === 'string' && analyzeShell(command, { shell: shellOf(ctx) }).unknown.some((u) => u.endsWith(PARSER_NOT_PREPARED))) {
      await prepareShell();
    }
  }
  return evaluate(call, ctx, options);
}
