import type { ToolCall } from '../core/types.js';
import { evaluate } from '../evaluate/index.js';
import type { MatchesIf } from '../hooks/index.js';
import { formatRule, parseRule } from '../rules/index.js';
import { ifSpecifierAtCwd } from '../rules/hook-if.js';
import { policyFromObjects, type Policy } from '../settings/index.js';
import { bashIfMatches } from './bash-if.js';

/**
 * A hook `if` matcher. A `Bash(...)` rule on a Bash call is matched as the Claude Code CLI does
 * ({@link bashIfMatches}); a single-segment directory pattern (`Edit(src/**)`) names `<cwd>/src`
 * only, as the CLI matches it since 2.1.214 ({@link ifSpecifierAtCwd}). Any other rule is tried as the only deny rule of a policy through
 * `evaluate`: a deny means the call matches; an ask because parts of a command cannot be read means
 * `'unknown'` (the handler runs, Claude Code docs "Hooks reference › if"); anything else is no match.
 */
export function createMatchesIf(ctx: { cwd: string; home: string; projectDir: string }): MatchesIf {
  const policies = new Map<string, Policy | null>();
  return (rule: string, call: ToolCall) => {
    const parsed = parseRule(rule);
    if (
      parsed.ok &&
      parsed.rule.tool === 'Bash' &&
      call.tool === 'Bash' &&
      (parsed.rule.family === 'bash' || parsed.rule.family === 'bare')
    ) {
      const command = call.input['command'];
      return typeof command === 'string'
        ? bashIfMatches(parsed.rule.family === 'bare' ? undefined : parsed.rule.specifier, command)
        : 'unknown';
    }
    let policy = policies.get(rule);
    if (policy === undefined) {
      // `Edit(src/**)` names `<cwd>/src` only (the CLI since 2.1.214), not `src` at any depth as a deny rule does.
      const anchored = parsed.ok ? ifSpecifierAtCwd(parsed.rule, ctx.cwd) : undefined;
      const asDeny = anchored !== undefined && parsed.ok ? formatRule({ ...parsed.rule, specifier: anchored }) : rule;
      const p = policyFromObjects([{ kind: 'inline', settings: { permissions: { deny: [asDeny] } } }]);
      policy = p.rules.length === 1 ? p : null;
      policies.set(rule, policy);
    }
    if (policy === null) return 'unknown';
    const d = evaluate(call, { mode: 'default', policy, cwd: ctx.cwd, home: ctx.home, projectDir: ctx.projectDir });
    if (d.behavior === 'deny') return d.rule !== undefined ? true : 'unknown';
    if (d.behavior === 'ask' && (d.reason.kind === 'shellUnknown' || d.reason.kind === 'invalidInput')) return 'unknown';
    return false;
  };
}
