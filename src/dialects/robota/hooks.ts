/**
 * The decision-relevant parts of robota's hooks as pure functions (robota docs, "Hook System"):
 * a hook cannot approve a call; only PreToolUse blocks.
 * @packageDocumentation
 */

/** Default hook timeouts in seconds, by type (robota docs, "Configuration"). @public */
export const ROBOTA_HOOK_TIMEOUT_SECONDS = { command: 600, agent: 60, http: 10 } as const;

/** Environment variables every robota command hook receives (besides the session's own). @public */
export const ROBOTA_HOOK_ENV = ['CLAUDE_PROJECT_DIR', 'CLAUDE_SESSION_ID'] as const;

/** One PreToolUse hook's output, as the runner read it. @public */
export interface RobotaHookOutput {
  type: string;
  stdout?: unknown;
  exitCode?: number;
  stderr?: string;
}

/** PreToolUse hooks combined. @public */
export interface RobotaCombined {
  blocked: boolean;
  reason?: string;
  /** The winning permissionDecision (deny > ask > defer > allow); reported, only deny is applied. */
  permissionDecision: 'deny' | 'ask' | 'defer' | 'allow' | null;
  /** updatedInput of the winning decision only; reported, never applied. */
  updatedInput: Record<string, unknown> | null;
}

const RANK = { deny: 4, ask: 3, defer: 2, allow: 1 } as const;

function objectOf(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * Combine the PreToolUse hooks of one call. Exit 2 blocks with stderr as the reason; a command
 * hook's JSON with `continue: false` or `permissionDecision: "deny"` blocks; decisions rank
 * deny > ask > defer > allow and `updatedInput` travels only with the winning one. Only command
 * hooks' stdout is read for `hookSpecificOutput`.
 * @public
 */
export function robotaCombinePreToolUse(outputs: readonly RobotaHookOutput[]): RobotaCombined {
  const out: RobotaCombined = { blocked: false, permissionDecision: null, updatedInput: null };
  let best = 0;
  for (const o of outputs) {
    if (o.exitCode === 2) {
      out.blocked = true;
      out.reason ??= (o.stderr ?? '').trim();
      continue;
    }
    if (o.type !== 'command') continue;
    const json = objectOf(o.stdout);
    if (!json) continue;
    const hso = objectOf(json['hookSpecificOutput']);
    const d = hso?.['permissionDecision'];
    if (json['continue'] === false) {
      out.blocked = true;
      out.reason ??= typeof json['stopReason'] === 'string' ? json['stopReason'] : 'continue: false';
    }
    if (d === 'deny' || d === 'ask' || d === 'defer' || d === 'allow') {
      if (d === 'deny') {
        out.blocked = true;
        out.reason ??=
          typeof hso?.['permissionDecisionReason'] === 'string' ? (hso['permissionDecisionReason'] as string) : 'denied by a hook';
      }
      if (RANK[d] > best) {
        best = RANK[d];
        out.permissionDecision = d;
        const ui = objectOf(hso?.['updatedInput']);
        out.updatedInput = ui ?? null;
      }
    }
  }
  return out;
}

/** What combined PreToolUse hooks do to a call: refuse it, or let it go on to the rules and mode. @public */
export function robotaPreToolUseEffect(combined: RobotaCombined): 'deny' | 'continue' {
  return combined.blocked || combined.permissionDecision === 'deny' ? 'deny' : 'continue';
}

/** A verdict of an http, prompt or agent hook. @public */
export type RobotaHookVerdict =
  { outcome: 'allow' } | { outcome: 'deny'; reason: string } | { outcome: 'error'; kind: 'malformed-response'; message: string };

/**
 * Decode the `{ ok, reason }` body of an http, prompt or agent hook. `ok` must be a real boolean;
 * anything else is a malformed response (an error, never an approval) unless an explicit block
 * directive is present (`continue: false`, `hookSpecificOutput.permissionDecision: "deny"`,
 * `decision: "block"`), which denies.
 * @public
 */
export function robotaDecodeHookVerdict(body: string, source: 'http' | 'prompt' | 'agent'): RobotaHookVerdict {
  const o = objectOf(body);
  const fallback = `Blocked by ${source} hook`;
  if (!o) return { outcome: 'error', kind: 'malformed-response', message: 'the hook response is not a JSON object' };
  const reasonOf = (...keys: string[]) => {
    for (const k of keys) {
      const v = o[k];
      if (typeof v === 'string' && v !== '') return v;
    }
    return fallback;
  };
  const hso = objectOf(o['hookSpecificOutput']);
  if (o['continue'] === false) return { outcome: 'deny', reason: reasonOf('stopReason', 'reason') };
  if (hso?.['permissionDecision'] === 'deny')
    return {
      outcome: 'deny',
      reason:
        typeof hso['permissionDecisionReason'] === 'string' && hso['permissionDecisionReason'] !== ''
          ? (hso['permissionDecisionReason'] as string)
          : reasonOf('reason'),
    };
  if (o['decision'] === 'block') return { outcome: 'deny', reason: reasonOf('reason') };
  if (o['ok'] === true) return { outcome: 'allow' };
  if (o['ok'] === false) return { outcome: 'deny', reason: reasonOf('reason') };
  return { outcome: 'error', kind: 'malformed-response', message: '"ok" must be true or false' };
}

/** Does a robota matcher match a tool name? Empty matches every tool; anything else is a regular expression. @public */
export function robotaMatcherMatches(matcher: string | undefined, tool: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  try {
    return new RegExp(matcher).test(tool);
  } catch {
    return matcher === tool;
  }
}
