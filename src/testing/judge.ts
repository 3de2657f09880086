import type { Behavior, Decision } from '../core/types.js';
import type { CaseOutcome, ConformanceCase } from './conformance.js';

/**
 * Compare a case's decision with `expected.result` and `expected.acceptable`. `note` is added to
 * the failure message after the behavior (a dialect's own word for it, say).
 */
export function judgeDecision(c: ConformanceCase, decision: Decision, note = ''): CaseOutcome {
  const acceptable = [c.expected.result as Behavior, ...((c.expected.acceptable as unknown[] | undefined) ?? [])];
  if (acceptable.includes(decision.behavior)) return { status: 'pass', got: decision.behavior, decision };
  return {
    status: 'fail',
    got: decision.behavior,
    expected: acceptable.join('|'),
    decision,
    message: `${c.id}: expected ${acceptable.join(' or ')}, got ${decision.behavior}${note} (${decision.reason.kind}: ${decision.reason.message})\n  ${decision.trace.map((s) => `${s.step}:${s.outcome}`).join(' > ')}`,
  };
}
