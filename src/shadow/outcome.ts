import type { AskKind, Behavior, PermissionMode, ReasonKind, RuleRef } from '../core/types.js';

/**
 * What a shadow policy would have decided for one call (toolgate docs, "Shadow policies"): never
 * enforced. `error` when its evaluation threw or did not finish in time.
 * @public
 */
export interface ShadowOutcome {
  behavior: Behavior | 'error';
  reason?: { kind: ReasonKind; message: string };
  rule?: RuleRef;
  askKind?: AskKind;
  /** The mode the shadow decided in. */
  mode?: PermissionMode;
  /** Digest of the shadow policy. */
  policyDigest?: string;
  /** How long the evaluation took, in milliseconds. */
  durationMs: number;
}

/** How long a shadow evaluation may take before it counts as failed (milliseconds). @public */
export const SHADOW_TIMEOUT_MS = 5000;

/** A failed shadow evaluation: the live decision stands; the shadow records why it has none. */
export function shadowError(message: string, durationMs = 0): ShadowOutcome {
  return { behavior: 'error', reason: { kind: 'checkFailed', message }, durationMs };
}

/**
 * Run one shadow evaluation. Never throws and never hangs past `timeoutMs`: what throws or
 * runs out of time is an `error` outcome (the live decision is never touched by it).
 */
export async function runShadow(
  run: () => Promise<Omit<ShadowOutcome, 'durationMs'>>,
  o: { timeoutMs?: number; now?: () => number } = {},
): Promise<ShadowOutcome> {
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? SHADOW_TIMEOUT_MS;
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<ShadowOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve(shadowError(`the shadow evaluation did not finish within ${timeoutMs} ms`, now() - started)),
      timeoutMs,
    );
    timer.unref?.();
  });
  const evaluated = (async (): Promise<ShadowOutcome> => {
    try {
      return { ...(await run()), durationMs: now() - started };
    } catch (e) {
      return shadowError(`the shadow evaluation failed: ${e instanceof Error ? e.message : String(e)}`, now() - started);
    }
  })();
  try {
    return await Promise.race([evaluated, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
