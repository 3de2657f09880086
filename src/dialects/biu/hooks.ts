/**
 * The decision-relevant parts of biu's hooks as pure functions (biu docs, "Hooks"): which hooks
 * run, how a matcher matches, and what a finished command hook means. Running the command is
 * the hook transports' job.
 * @packageDocumentation
 */

/** A hook handler type biu runs; `prompt`, `agent` and `http` are reserved and not run. @public */
export const BIU_RUNNABLE_HOOK_TYPES: readonly string[] = ['command', 'internal'];

/** Default timeout of a biu command hook, in seconds. @public */
export const BIU_HOOK_TIMEOUT_SECONDS = 60;

/** Default shell of a biu command hook (`shell` may be `bash`, `sh` or `pwsh`). @public */
export const BIU_HOOK_DEFAULT_SHELL = 'sh';

/** Whether a handler type runs; for a reserved type, the error biu records. @public */
export function biuHookTypeSupport(type: string): { ok: true } | { ok: false; error: string } {
  if (BIU_RUNNABLE_HOOK_TYPES.includes(type)) return { ok: true };
  return { ok: false, error: `hook type "${type}" is not supported` };
}

/**
 * Does a biu matcher match an event subject? Empty, absent or `*` matches everything; anything
 * else is an unanchored regular expression (Go syntax, `\|` alternation accepted); a matcher that
 * does not compile is compared as an exact name.
 * @public
 */
export function biuMatcherMatches(matcher: string | undefined, subject: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  const source = matcher.replace(/\\\|/g, '|');
  try {
    return new RegExp(source).test(subject);
  } catch {
    return matcher === subject;
  }
}

/**
 * Whether hooks may run in a directory (the trust gate): only in a trusted directory, or for
 * one run with `BIU_TRUST=1` in the environment.
 * @public
 */
export function biuHooksMayRun(trusted: boolean, env: Readonly<Record<string, string | undefined>> = {}): boolean {
  return trusted || env['BIU_TRUST'] === '1';
}

/** What a finished command hook means to biu. @public */
export interface BiuHookDecision {
  /** The call or prompt is stopped (exit 2, or `block: true`). */
  block: boolean;
  reason?: string;
  additionalContext?: string;
  replacePrompt?: string;
  /** Set for other non-zero exits: shown to the user, nothing is blocked. */
  warning?: string;
}

/**
 * Read a finished command hook: exit 2 blocks with stderr as the reason; exit 0 reads stdout as
 * the decision object `{ block, reason, additionalContext, replacePrompt }` when it is JSON
 * (empty fields mean no opinion); any other exit is a warning. A hook that timed out is treated
 * as a warning, never as an approval (biu docs, "The command contract").
 * @public
 */
export function biuHookDecision(result: {
  exitCode: number | null;
  stdout?: string;
  stderr?: string;
  timedOut?: boolean;
}): BiuHookDecision {
  const stderr = (result.stderr ?? '').trim();
  if (result.timedOut === true || result.exitCode === null) return { block: false, warning: 'hook timed out' };
  if (result.exitCode === 2) return { block: true, reason: stderr };
  if (result.exitCode !== 0) return { block: false, warning: stderr === '' ? `hook exited with ${result.exitCode}` : stderr };
  const text = (result.stdout ?? '').trim();
  if (!text.startsWith('{')) return { block: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { block: false };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { block: false };
  const o = parsed as Record<string, unknown>;
  const out: BiuHookDecision = { block: o['block'] === true };
  for (const k of ['reason', 'additionalContext', 'replacePrompt'] as const) {
    const v = o[k];
    if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}
