import type { Decision, PermissionMode, ToolCall } from '../core/types.js';
import { homeWordOf } from './door/home.js';

/**
 * The last word on a decision while the agent's home directory is unknown (a front end that does
 * not run as the agent could not establish it; decision 0043): an allow of a call that names a
 * path through `~` or `$HOME` becomes a plain ask saying so (a deny in dontAsk) — never an allow
 * on a guess. Asks and denies stay; a call that names no such path is decided as usual.
 */
export function askWhileHomeUnknown(d: Decision, call: ToolCall, homeUnknown: string | undefined, mode: PermissionMode): Decision {
  if (homeUnknown === undefined || d.behavior !== 'allow') return d;
  const word = homeWordOf(call);
  if (word === undefined) return d;
  const why = `the call names ${word}, under the agent's home directory, which is not known (${homeUnknown}): toolgate does not judge it against a guess (otherwise: ${d.reason.message})`;
  if (mode === 'dontAsk') {
    const message = `dontAsk refuses what would ask: ${why}`;
    return {
      behavior: 'deny',
      reason: { kind: 'homeUnknown', message },
      trace: [...d.trace, { step: 'homeUnknown', outcome: 'deny', detail: message }],
    };
  }
  return {
    behavior: 'ask',
    askKind: 'plain',
    reason: { kind: 'homeUnknown', message: why },
    trace: [...d.trace, { step: 'homeUnknown', outcome: 'ask', detail: why }],
  };
}
