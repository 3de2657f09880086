import type { PermissionUpdate } from '../core/types.js';
import type { AskAnswer, PendingAsk } from '../gate/types.js';
import { ruleValueText } from '../gate/session.js';
import type { AnswerScope } from './types.js';

/** The result of {@link grantRules}. @public */
export type GrantRulesResult = { ok: true; scope: AnswerScope; rules: string[] } | { ok: false; message: string };

function allowRules(updates: readonly PermissionUpdate[] | undefined): string[] {
  const out: string[] = [];
  for (const u of Array.isArray(updates) ? updates : []) {
    if (u !== null && typeof u === 'object' && u.type === 'addRules' && u.behavior === 'allow' && Array.isArray(u.rules)) {
      for (const r of u.rules) if (r !== null && typeof r === 'object' && typeof r.toolName === 'string') out.push(ruleValueText(r));
    }
  }
  return out;
}

/**
 * Which allow rules an answer stores as grants, and for how far. The scope defaults to `session`
 * with `remember: true` and to `once` otherwise; `once` stores no rule (its grant is bound to the
 * ask and its exact input, see `recordAnswer`). A wider scope (`session`, `project`, `user`) stores the
 * ask's own suggestions ("Yes, and don't ask again") plus the allow rules the answer adds in
 * `updatedPermissions`. A deny stores nothing. Other permission updates (modes, directories)
 * are not grants.
 * @public
 */
export function grantRules(
  pending: Pick<PendingAsk, 'suggestions'>,
  answer: AskAnswer,
  scope: AnswerScope | undefined,
  hasSession: boolean,
): GrantRulesResult {
  const remember = answer.behavior === 'allow' && answer.remember === true;
  const chosen: AnswerScope = scope ?? (remember ? 'session' : 'once');
  if (remember && chosen === 'once') return { ok: false, message: '"remember": true needs "scope": "session", "project" or "user"' };
  if (chosen === 'session' && !hasSession)
    return { ok: false, message: 'the ask belongs to no session: use "scope": "once", "project" or "user"' };
  if (answer.behavior !== 'allow' || chosen === 'once') return { ok: true, scope: chosen, rules: [] };
  const rules = [...new Set([...allowRules(pending.suggestions), ...allowRules(answer.updatedPermissions)])];
  if (rules.length === 0)
    return {
      ok: false,
      message: `this ask has no rule to remember for the ${chosen}: answer with "scope": "once", or add an allow rule in "updatedPermissions"`,
    };
  return { ok: true, scope: chosen, rules };
}
