import type { CompiledRule } from '../settings/types.js';
import { matchSqueezedCommand, squeezeCommand } from '../rules/command.js';
import { ruleCoversTool } from '../rules/cover.js';
import { analyzeShell } from '../shell/index.js';
import type { EvaluationContext } from './context.js';
import { credentialsInForce } from './credentials.js';
import { claudeCode } from './dialect.js';
import { STEPS } from './pipeline.js';
import { indexPolicy, rulesForTool } from './policy-index.js';
import { restrictiveTextsOf } from './shell-matching.js';
import { shellOf } from './shell-world.js';

/**
 * For `toolgate lint`'s deny-bypass check, which asks of about five Bash commands per Bash deny
 * rule (`make x`, `/usr/bin/make x`, `bash -c "make x"`, …) only whether `evaluate` denies them:
 * a test `(command, cr) => boolean` that says `true` when the deny rule `cr` matches the whole
 * command or one of its parts (the texts the deny step tries first), so `evaluate` of
 * `{ tool: 'Bash', input: { command } }` under `ctx` surely denies it — after the shell analysis
 * alone, without the call's path effects and the rest of the pipeline, which are most of an
 * evaluation. `false` means only "not told": decide the call in full.
 *
 * Why a match is a deny: the steps before the deny step (a well-formed input — a Bash call whose
 * only field is a string command is one; a tool removed by a bare deny rule) decide nothing but a
 * deny; the deny step refuses at the first rule of its list that matches, and a rule its look-up
 * leaves out never matches (decision 0027), so it refuses at `cr` or before; what follows a deny
 * (broken settings, an unknown project or home, `denyInsteadOfPrompting`) leaves it a deny, and a
 * check that throws denies as well. The rule must be one the deny step tries for Bash (the
 * index's list, session rules included). `undefined` when that order is not known to hold: a
 * sub-agent's context (decided twice and capped) or a dialect with other first steps.
 * @internal
 */
export function commandDenyTest(ctx: EvaluationContext): ((command: string, cr: CompiledRule) => boolean) | undefined {
  if (ctx.agent !== undefined) return undefined;
  const steps = (ctx.dialect ?? claudeCode).steps;
  if (steps[0] !== STEPS.validInput || steps[1] !== STEPS.toolRemoved || steps[2] !== STEPS.denyRules) return undefined;
  const tried = new Set(rulesForTool(indexPolicy(ctx.policy, ctx.session?.rules, credentialsInForce(ctx)), 'deny', 'Bash'));
  const shell = shellOf(ctx);
  return (command, cr) => {
    const rule = cr.rule;
    if (rule.family !== 'bash' || !tried.has(cr) || !ruleCoversTool(rule, 'Bash', 'deny')) return false;
    try {
      const spec = rule.specifier ?? '*';
      // The whole command's text is the command itself (`restrictiveTextsOf` squeezes the
      // analysis's `command`, which is the text analysed): a match on it needs no analysis.
      if (matchSqueezedCommand(spec, squeezeCommand(command.trim()))) return true;
      const texts = restrictiveTextsOf(analyzeShell(command, { shell }));
      for (const t of texts.parts) if (matchSqueezedCommand(spec, t.squeezed)) return true;
      return false;
    } catch {
      return false;
    }
  };
}
