import type { CombinableResult, CommonAnswer } from './types.js';

// Claude Code discards `continue` / `systemMessage` on these events (Hooks reference, "JSON output").
const DISCARDS_COMMON = new Set([
  'Notification',
  'PreCompact',
  'PostCompact',
  'SessionEnd',
  'InstructionsLoaded',
  'MessageDisplay',
  'StopFailure',
]);

/** Collect `systemMessage` and `continue: false` across results. @public */
export function combineCommon(event: string, results: readonly CombinableResult[]): CommonAnswer {
  const answer: CommonAnswer = { systemMessages: [], notes: [] };
  if (DISCARDS_COMMON.has(event)) return answer;
  for (const r of results) {
    const out = r.output;
    if (out === undefined || (r.status !== 'success' && r.status !== 'blocked')) continue;
    if (typeof out.systemMessage === 'string') answer.systemMessages.push(out.systemMessage);
    if (out.continue === false && answer.stop === undefined) {
      answer.stop = {
        ...(out.stopReason !== undefined ? { reason: out.stopReason } : {}),
        ...(r.id !== undefined ? { by: r.id } : {}),
      };
    }
  }
  return answer;
}

/** `additionalContext` from `hookSpecificOutput`, plus plain text where the event takes it. @public */
export function collectContext(results: readonly CombinableResult[], plainTextIsContext: boolean): string[] {
  const out: string[] = [];
  for (const r of results) {
    if (r.status !== 'success' && r.status !== 'blocked') continue;
    const c = r.output?.hookSpecificOutput?.additionalContext;
    if (typeof c === 'string' && c !== '') out.push(c);
    if (plainTextIsContext && r.status === 'success' && r.text !== undefined && r.text.trim() !== '') out.push(r.text);
  }
  return out;
}

/** Stable JSON (sorted keys) for comparing rewrites. @public */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}
