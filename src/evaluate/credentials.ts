import { printedVariables } from '../shell/programs/environment-printers.js';
import { decide, fixedPass, passFixed } from './state.js';
import type { EvalState, EvaluationContext, PipelineStep, StepResult } from './types.js';

const STEP = 'sandboxCredentials';
const NONE = fixedPass(STEP, 'no sandbox credential variable is denied');
const UNTOUCHED = fixedPass(STEP, 'the command neither expands nor prints a denied credential variable');

/** Whether `sandbox.credentials` is in force: a sandbox runs the commands (the host says so, or the settings enable Claude Code's). */
export function credentialsInForce(ctx: EvaluationContext): boolean {
  return ctx.sandboxed === true || ctx.policy.sandbox?.enabled === true;
}

/** Text as bash expands it, without single-quoted strings (where `$X` stays literal). */
function expandedText(command: string): string {
  return command.replace(/'[^']*'/g, "''");
}

/**
 * `sandbox.credentials.envVars` of mode `deny` (Claude Code docs, "Sandboxing › credentials"):
 * the sandbox unsets them before a sandboxed command runs, so a command that expands one (`$X`,
 * `${X}`, `${#X}`) or prints it (`printenv X`, `env`, `printenv`, `export -p`, `declare -p`, `set`)
 * is denied here, in every mode, rather than run to show it. Code toolgate cannot read
 * (`python3 -c 'import os; …'`, `node x.js`) can still read the environment: a documented gap, as
 * for every opaque program.
 */
export const sandboxCredentials: PipelineStep = {
  name: STEP,
  run(state: EvalState): StepResult {
    const names = state.ctx.policy.sandbox?.credentialVariables ?? [];
    if (names.length === 0 || !credentialsInForce(state.ctx)) return passFixed(state, NONE);
    const f = state.facts;
    if (f.kind !== 'shell') return passFixed(state, UNTOUCHED);
    const text = expandedText(f.command);
    for (const name of names) {
      if (new RegExp(`\\$\\{?[#!]?${name}(?![A-Za-z0-9_])`).test(text)) {
        return decide(state, STEP, 'deny', 'rule', `expands ${name}, a credential sandbox.credentials denies to commands (mode "deny")`);
      }
    }
    for (const cmd of f.analysis.commands) {
      const printed = printedVariables(cmd);
      if (printed === undefined) continue;
      const hit = printed === 'all' ? names[0] : printed.find((n) => names.includes(n));
      if (hit !== undefined) {
        return decide(
          state,
          STEP,
          'deny',
          'rule',
          `"${cmd.source}" prints ${printed === 'all' ? 'every variable, ' : ''}${hit} among them, a credential sandbox.credentials denies to commands (mode "deny")`,
        );
      }
    }
    return passFixed(state, UNTOUCHED);
  },
};
