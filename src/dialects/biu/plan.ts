import type { PermissionMode } from '../../core/types.js';

/** biu's plan-mode bookkeeping: the mode and the one saved on entering plan. @public */
export interface BiuPlanState {
  mode: PermissionMode;
  /** The mode before plan, restored on exit; `undefined` when none is saved. */
  prePlanMode?: PermissionMode;
}

/** Enter plan mode: save the current mode (biu docs, "The Plan mode lifecycle"). @public */
export function biuEnterPlan(state: BiuPlanState): BiuPlanState {
  if (state.mode === 'plan') return state;
  return { mode: 'plan', prePlanMode: state.mode };
}

/**
 * Leave plan mode: restore the saved mode, or `default` when none was saved. Returns the new
 * state and the mode returned to.
 * @public
 */
export function biuExitPlan(state: BiuPlanState): { state: BiuPlanState; returned: PermissionMode } {
  const returned = state.prePlanMode ?? 'default';
  return { state: { mode: returned }, returned };
}

/** The ExitPlanMode tool fails when the session is not in plan mode. @public */
export function biuExitPlanModeToolCheck(mode: PermissionMode): { ok: true } | { ok: false; error: string } {
  return mode === 'plan' ? { ok: true } : { ok: false, error: 'ExitPlanMode can only be used in plan mode' };
}
