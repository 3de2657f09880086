import type { AskKind, ReasonKind, RuleRef } from '../../core/types.js';
import type { AskAnswer, GateDeny, PendingAsk } from '../../gate/index.js';
import { stableJson } from '../../hooks/combine/common.js';
import { DEFAULT_MAX_REMEMBERED } from './call-memory.js';

/** What `restoreAsks` of the AI SDK and Agents SDK adapters reports. @public */
export interface RestoreAsksResult {
  /** How many asks were taken back. */
  restored: number;
  /** Entries that were not pending asks, by index, with what was expected. */
  problems: { index: number; message: string }[];
}

/** A refusal toolgate made for a call, as a host reads it. @public */
export interface ToolDenial {
  /** The text for the model (the tool result a host sends instead of running the call). */
  message: string;
  /** Why toolgate refused. */
  reason: { kind: ReasonKind; message: string };
  /** The rule that refused, when a rule did. */
  rule?: RuleRef;
}

/** A gate deny as a {@link ToolDenial}. */
export function toDenial(result: GateDeny): ToolDenial {
  const rule = result.decidedBy === 'rules' ? result.decision?.rule : undefined;
  return { message: result.message, reason: result.reason, ...(rule !== undefined ? { rule } : {}) };
}

const ASK_KINDS: ReadonlySet<AskKind> = new Set(['firm', 'protected', 'guardedRead', 'planBlock', 'plain']);

/**
 * What the host sees between an approval request and its answer: pending asks and refusals by
 * call id (with the input they were made for, so two calls that share an id stay apart), and the
 * richer answers set with `setAnswer`. Bounded; never consulted to let a call run — the adapters
 * gate the call again for that.
 */
export function createHostAsks(max: number = DEFAULT_MAX_REMEMBERED) {
  const asks = new Map<string, PendingAsk>();
  const denials = new Map<string, ToolDenial>();
  const answers = new Map<string, { answer: AskAnswer; input?: string }>();
  const key = (callId: string, input: unknown) => `${callId}\n${stableJson(input)}`;
  const put = <V>(map: Map<string, V>, k: string, v: V) => {
    map.delete(k);
    if (map.size >= max) map.delete(map.keys().next().value as string);
    map.set(k, v);
  };
  const newest = <V>(map: Map<string, V>, callId: string, input: unknown | undefined): V | undefined => {
    if (input !== undefined) return map.get(key(callId, input));
    const prefix = `${callId}\n`;
    let found: V | undefined;
    for (const [k, v] of map) if (k.startsWith(prefix)) found = v;
    return found;
  };
  return {
    /** An ask the host may show (`pending.toolUseId` is the call id). */
    show(pending: PendingAsk): void {
      put(asks, key(pending.toolUseId, pending.originalCall.input), pending);
    },
    /** A refusal the host may read. */
    deny(callId: string, input: unknown, denial: ToolDenial): void {
      put(denials, key(callId, input), denial);
    },
    /** The call was settled: forget its ask and its refusal. */
    settle(callId: string, input: unknown): void {
      asks.delete(key(callId, input));
      denials.delete(key(callId, input));
    },
    pendingAsk: (callId: string, input?: unknown): PendingAsk | undefined => newest(asks, callId, input),
    denied: (callId: string, input?: unknown): ToolDenial | undefined => newest(denials, callId, input),
    save: (): PendingAsk[] => [...asks.values()].map((p) => structuredClone(p)),
    restore(list: readonly unknown[]): RestoreAsksResult {
      const problems: RestoreAsksResult['problems'] = [];
      list.forEach((p, index) => {
        const problem = notPendingAsk(p);
        if (problem === undefined)
          put(asks, key((p as PendingAsk).toolUseId, (p as PendingAsk).originalCall.input), structuredClone(p as PendingAsk));
        else problems.push({ index, message: `asks[${index}]: ${problem}` });
      });
      return { restored: list.length - problems.length, problems };
    },
    /** Bind an answer to the newest ask shown for the id (if any): another input sharing the id never gets it. */
    setAnswer(callId: string, answer: AskAnswer): void {
      const shown = newest(asks, callId, undefined);
      put(answers, callId, { answer, ...(shown !== undefined ? { input: stableJson(shown.originalCall.input) } : {}) });
    },
    /** The answer for this call and input, removed; one bound to another input stays for its own call. */
    takeAnswer(callId: string, input: unknown): AskAnswer | undefined {
      const e = answers.get(callId);
      if (e === undefined || (e.input !== undefined && e.input !== stableJson(input))) return undefined;
      answers.delete(callId);
      return e.answer;
    },
  };
}

/** Why a value is not a {@link PendingAsk} (version 1), or undefined when it is one. */
function notPendingAsk(p: unknown): string | undefined {
  if (!isObject(p)) return 'expected a pending ask (an object)';
  if (p['version'] !== 1) return 'expected "version": 1';
  for (const f of ['id', 'toolUseId'] as const) if (typeof p[f] !== 'string') return `expected "${f}" to be a string`;
  for (const f of ['call', 'originalCall'] as const) {
    const c = p[f];
    if (!isObject(c) || typeof c['tool'] !== 'string' || !isObject(c['input']))
      return `expected "${f}" to be { tool: string, input: object }`;
  }
  if (typeof p['askKind'] !== 'string' || !ASK_KINDS.has(p['askKind'] as AskKind))
    return 'expected "askKind" to be "firm", "protected", "guardedRead", "planBlock" or "plain"';
  const r = p['reason'];
  if (!isObject(r) || typeof r['kind'] !== 'string' || typeof r['message'] !== 'string')
    return 'expected "reason" to be { kind: string, message: string }';
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
