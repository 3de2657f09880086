import type { Behavior, Decision } from '../core/types.js';
import type { CaseOutcome, ConformanceCase } from './types.js';

/**
 * Compare a case's decision with `expected.result` and `expected.acceptable`. `note` is added to
 * the failure message after the behavior (a dialect's own word for it, say).
 */
export function judgeDecision(c: ConformanceCase, decision: Decision, note = ''): CaseOutcome {
  const acceptable = [c.expected.result as Behavior, ...((c.expected.acceptable as unknown[] | undefined) ?? [])];
  // `expected.ask_kind` (toolgate's own cases): an ask must be of that kind (`firm`, `protected`, `plain`).
  const askKind = c.expected['ask_kind'];
  if (typeof askKind === 'string' && decision.behavior === 'ask' && decision.askKind !== askKind) {
    return {
      status: 'fail',
      got: `ask (${decision.askKind ?? 'plain'})`,
      expected: `ask (${askKind})`,
      decision,
      message: `${c.id}: expected a ${askKind} ask, got a ${decision.askKind ?? 'plain'} ask (${decision.reason.kind}: ${decision.reason.message})`,
    };
  }
  // `expected.reason_names` (toolgate's own cases): text the reason a person reads must hold (the path it names).
  const names = c.expected['reason_names'];
  if (typeof names === 'string' && acceptable.includes(decision.behavior) && !decision.reason.message.includes(names)) {
    return {
      status: 'fail',
      got: decision.reason.message,
      expected: `a reason that names ${names}`,
      decision,
      message: `${c.id}: expected the reason to name ${names}, got: ${decision.reason.message}`,
    };
  }
  if (acceptable.includes(decision.behavior)) return { status: 'pass', got: decision.behavior, decision };
  return {
    status: 'fail',
    got: decision.behavior,
    expected: acceptable.join('|'),
    decision,
    message: `${c.id}: expected ${acceptable.join(' or ')}, got ${decision.behavior}${note} (${decision.reason.kind}: ${decision.reason.message})\n  ${decision.trace.map((s) => `${s.step}:${s.outcome}`).join(' > ')}`,
  };
}
