import type { PermissionUpdate } from '../../core/types.js';
import type { PermissionRequestDecision } from '../output/types.js';
import { combineCommon, stableJson } from './common.js';
import type { CombinableResult, CommonAnswer } from './types.js';

/** The combined PermissionRequest answer. `decision` undefined: the ask goes on to the next resolver. @public */
export interface PermissionRequestAnswer extends CommonAnswer {
  event: 'PermissionRequest';
  decision?: PermissionRequestDecision;
  decidedBy?: string;
}

/**
 * Combine PermissionRequest results (Claude Code docs, "Hooks reference › PermissionRequest
 * decision control"). Only `hookSpecificOutput.decision` counts; exit 2 is ignored. The first deny
 * wins (`interrupt` if any deny asks for it). Allows combine when their `updatedInput`s agree
 * (their `updatedPermissions` are concatenated); different rewrites are a conflict and give no
 * decision. A failure gives no decision, except with `onFailure: "block"` (deny). An allow from a
 * handler that ran only because its matcher was broken is ignored.
 * @public
 */
export function combinePermissionRequest(results: readonly CombinableResult[]): PermissionRequestAnswer {
  const answer: PermissionRequestAnswer = { event: 'PermissionRequest', ...combineCommon('PermissionRequest', results) };
  let deny: { message?: string; by?: string } | undefined;
  let interrupt = false;
  const allows: { input?: Record<string, unknown>; perms: PermissionUpdate[]; by?: string }[] = [];
  for (const r of results) {
    const name = r.id ?? 'hook';
    if (r.status === 'blocked') {
      answer.notes.push(`${name}: exit 2 has no effect on PermissionRequest`);
      continue;
    }
    if (r.status !== 'success') {
      if (r.failClosed && r.status !== 'async' && deny === undefined)
        deny = { message: `${name}: ${r.message ?? r.status} (onFailure: block)`, ...(r.id !== undefined ? { by: r.id } : {}) };
      else if (r.status !== 'async') answer.notes.push(`${name}: ${r.message ?? r.status} (ignored)`);
      continue;
    }
    const d = r.output?.hookSpecificOutput?.decision;
    if (d === undefined) continue;
    if (d.behavior === 'deny') {
      if (d.interrupt === true) interrupt = true;
      if (deny === undefined)
        deny = { ...(d.message !== undefined ? { message: d.message } : {}), ...(r.id !== undefined ? { by: r.id } : {}) };
    } else if (r.fallback === true) {
      answer.notes.push(`${name}: allow ignored (the handler ran only because its matcher is invalid)`);
    } else {
      allows.push({
        ...(d.updatedInput !== undefined ? { input: d.updatedInput } : {}),
        perms: d.updatedPermissions ?? [],
        ...(r.id !== undefined ? { by: r.id } : {}),
      });
    }
  }
  if (deny !== undefined) {
    answer.decision = {
      behavior: 'deny',
      ...(deny.message !== undefined ? { message: deny.message } : {}),
      ...(interrupt ? { interrupt } : {}),
    };
    if (deny.by !== undefined) answer.decidedBy = deny.by;
    return answer;
  }
  if (allows.length === 0) return answer;
  const inputs = new Map(allows.filter((a) => a.input !== undefined).map((a) => [stableJson(a.input), a.input!]));
  if (inputs.size > 1) {
    answer.notes.push(`${inputs.size} conflicting updatedInput rewrites; no decision`);
    return answer;
  }
  const input = [...inputs.values()][0];
  const perms = allows.flatMap((a) => a.perms);
  answer.decision = {
    behavior: 'allow',
    ...(input !== undefined ? { updatedInput: input } : {}),
    ...(perms.length ? { updatedPermissions: perms } : {}),
  };
  const by = allows[0]?.by;
  if (by !== undefined) answer.decidedBy = by;
  return answer;
}
