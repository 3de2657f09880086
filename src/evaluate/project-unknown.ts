import type { Decision, PermissionMode } from '../core/types.js';

/**
 * Why nothing is allowed while the project is unknown, and how to name it. One text for every
 * front end, so that the same event gets the same reason from each of them.
 */
export const PROJECT_UNKNOWN =
  "the session's project is unknown (no CLAUDE_PROJECT_DIR or X-Toolgate-Project, no transcript folder naming an ancestor of the cwd, " +
  'no trusted --project holding it), so only user and managed settings apply and nothing is allowed without a person; ' +
  'name the project with --project DIR (toolgate hook, check, serve) or run toolgate hook from Claude Code, which sets CLAUDE_PROJECT_DIR';

/**
 * The last word on a decision while the session's project is unknown (toolgate docs, "The
 * session's project"): an allow — from a rule, a read-only classification, a mode — becomes a
 * plain ask saying so (a deny in dontAsk, which refuses what would ask). Asks and denies stay as
 * they are. A context whose project is known gets the decision back unchanged.
 */
export function askWhileProjectUnknown(d: Decision, projectUnknown: boolean | undefined, mode: PermissionMode): Decision {
  if (projectUnknown !== true || d.behavior !== 'allow') return d;
  const would = `otherwise: ${d.reason.message}`;
  if (mode === 'dontAsk') {
    const message = `dontAsk refuses what would ask: ${PROJECT_UNKNOWN} (${would})`;
    return {
      behavior: 'deny',
      reason: { kind: 'projectUnknown', message },
      trace: [...d.trace, { step: 'projectUnknown', outcome: 'deny', detail: message }],
    };
  }
  const message = `${PROJECT_UNKNOWN} (${would})`;
  return {
    behavior: 'ask',
    askKind: 'plain',
    reason: { kind: 'projectUnknown', message },
    trace: [...d.trace, { step: 'projectUnknown', outcome: 'ask', detail: message }],
  };
}
