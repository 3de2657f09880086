import { ruleCoversTool } from '../rules/cover.js';
import { legacyToolName, toolFamily } from '../rules/tools.js';
import type { EvaluationContext } from './context.js';
import { credentialsInForce } from './credentials.js';
import { claudeCode } from './dialect.js';
import { CLAUDE_CODE_STEPS } from './pipeline.js';
import { indexPolicy, rulesForTool } from './policy-index.js';

/**
 * For `toolgate lint`'s shadowed-allow check, which asks of each allow rule's sample calls only
 * whether a deny or ask rule decides them (`decidedByRestrictiveSteps` gives a deny or a firm ask
 * whose reason is a rule or a removed tool): a test `(tool) => boolean` that says `false` when no
 * call of `tool` can get such a decision under `ctx`, so such a call need not be evaluated at all.
 * `true` means only "not told".
 *
 * Why `false` is sure: in the Claude Code order a decision's reason is a rule or a removed tool
 * only from the tool-removal step (a bare deny rule or tool glob covering the tool), the deny step
 * (serve's state directory, for a read, an edit or a shell command's paths; or one of the deny
 * rules `rulesForTool` lists for the tool: every candidate the step tries is one of them), the
 * sandbox-credentials step (shell commands only) and the ask step (one of the ask rules listed for
 * the tool). The later steps decide by a rule only to allow, and the mode keeps the held ask's
 * reason; what follows (broken settings, an unknown project or home, `denyInsteadOfPrompting`)
 * keeps a decision's reason or gives its own. `undefined` when that order is not known to hold: a
 * sub-agent's context (decided twice and capped) or a dialect with other steps.
 * @internal
 */
export function ruleMayDecideTool(ctx: EvaluationContext): ((tool: string) => boolean) | undefined {
  if (ctx.agent !== undefined || (ctx.dialect ?? claudeCode).steps !== CLAUDE_CODE_STEPS) return undefined;
  // The index the steps read (`makeState`): the policy's rules, the session's, sandbox credentials.
  const index = indexPolicy(ctx.policy, ctx.session?.rules, credentialsInForce(ctx));
  const known = new Map<string, boolean>();
  return (written) => {
    const tool = legacyToolName(written) ?? written;
    let may = known.get(tool);
    if (may === undefined) {
      const family = toolFamily(tool);
      may =
        tool === 'PowerShell' ||
        family === 'read' ||
        family === 'edit' ||
        family === 'shell' ||
        index.bareDeny.some((cr) => ruleCoversTool(cr.rule, tool, 'deny')) ||
        rulesForTool(index, 'deny', tool).length > 0 ||
        rulesForTool(index, 'ask', tool).length > 0;
      known.set(tool, may);
    }
    return may;
  };
}
