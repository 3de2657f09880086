import type { PermissionMode } from '../core/types.js';
import { SOURCE_PRECEDENCE } from './precedence.js';
import type { Policy } from './types.js';

/**
 * A shadow policy: decided beside the live one on every call and never enforced (toolgate docs,
 * "Shadow policies"). `mode`, when set, is the mode it decides every call in, in place of the
 * call's own.
 * @public
 */
export interface ShadowPolicy {
  policy: Policy;
  mode?: PermissionMode;
}

/**
 * The shadow policy of `$toolgate.shadow`: the live policy with the shadow rules added (in
 * precedence order, after the live rules of the same layer) and, when the shadow sets a mode,
 * that mode as its default. `undefined` when the policy has no `$toolgate.shadow`. Pure; build it
 * once per policy and hold it (evaluation prepares per policy object).
 * @public
 */
export function shadowPolicyOf(live: Policy): ShadowPolicy | undefined {
  const shadow = live.shadow;
  if (shadow === undefined) return undefined;
  const rank = (kind: keyof typeof SOURCE_PRECEDENCE) => SOURCE_PRECEDENCE[kind];
  // A stable sort: live rules stay first within their layer, shadow rules follow in file order.
  const rules = [...live.rules, ...shadow.rules]
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r.source.kind) - rank(b.r.source.kind) || a.i - b.i)
    .map((x) => x.r);
  const { shadow: _, ...rest } = live;
  const policy: Policy = { ...rest, rules, ...(shadow.mode !== undefined ? { defaultMode: shadow.mode } : {}) };
  return shadow.mode !== undefined ? { policy, mode: shadow.mode.value } : { policy };
}
