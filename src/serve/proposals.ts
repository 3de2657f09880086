/**
 * What remembering a parked ask would save, as serve shows it (the page, `GET /v1/asks/:id`) and
 * checks it (an answer that remembers): the proposal of `src/grants/` for the ask's call, with the
 * session's own commands as examples, and the check that the rules a person confirmed answer the
 * call — with the project's policy as it is now, through the same gate that decides calls.
 */
import { confirmRules, proposeRules, type RuleOption, type RuleProposal } from '../grants/index.js';
import { analyzeShell } from '../shell/index.js';
import type { AskRecord, Store } from '../store/index.js';
import { maskText } from './display/index.js';
import { ruleValue, settle, type Decider } from './decide.js';
import { UNKNOWN_PROJECT, type Projects } from './projects.js';
import { grantCallOfAsk, grantsInForce } from './grants-in-force.js';
import type { PermissionRuleValue } from '../core/types.js';

/** How many of the session's newest audit entries are read for examples. */
const HISTORY_ENTRIES = 300;

/**
 * The audit events whose call serve itself decided. A recorded event (`PostToolUse`,
 * `PostToolUseFailure`, `Stop`) is only the sender's word that a call ran: anyone who can reach the
 * hook endpoint can post one, so its command is no example of what a rule would allow.
 */
const DECIDED_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PermissionRequest', 'decision']);

/**
 * The session's commands, newest first, from the audit entries of calls serve decided (inputs as the
 * audit log keeps them: secrets redacted).
 */
export async function sessionHistory(store: Pick<Store, 'readAudit'>, sessionId: string | undefined): Promise<string[]> {
  if (sessionId === undefined) return [];
  const entries = await store.readAudit({ sessionId, limit: HISTORY_ENTRIES, newest: true });
  const out: string[] = [];
  for (const e of entries.reverse()) {
    const command =
      DECIDED_EVENTS.has(e.event) && e.tool === 'Bash' && e.inputRedacted !== null && typeof e.inputRedacted === 'object'
        ? (e.inputRedacted as Record<string, unknown>)['command']
        : undefined;
    if (typeof command === 'string' && !out.includes(command)) out.push(command);
  }
  return out;
}

/**
 * The proposal for an ask: its suggestions, narrower rules, what each covers. `history` (the
 * session's commands) only adds examples; `granted` — the rules of the grants in force for the
 * call ({@link grantedRules}) — keeps every option within the grants for the parts they answer.
 * The options depend on the ask and the grants alone, so the form a person saw and the answer's
 * check agree.
 */
export function askProposal(ask: AskRecord, history: readonly string[] = [], granted: readonly PermissionRuleValue[] = []): RuleProposal {
  const command = ask.pending.call.input['command'];
  const analysis = ask.pending.call.tool === 'Bash' && typeof command === 'string' ? analyzeShell(command) : undefined;
  return proposeRules({ pending: ask.pending, ...(analysis !== undefined ? { analysis } : {}), history, granted });
}

/**
 * The rules of the grants in force for a parked ask's call, as a decision of it now would count
 * them: a project's trust comes from `deps.projects`, or from `trusted` when serve's projects
 * cannot be asked (`toolgate asks show` reading the store: counting a `user` grant that might not
 * apply only keeps more options within it).
 */
export async function grantedRules(
  deps: { store: Pick<Store, 'listGrants'>; projects?: Pick<Projects, 'isTrusted'>; trusted?: boolean },
  ask: AskRecord,
  at = Date.now(),
): Promise<PermissionRuleValue[]> {
  // As a decision reads it: only a project toolgate found can be trusted.
  const trusted =
    deps.projects !== undefined ? ask.projectDir !== UNKNOWN_PROJECT && deps.projects.isTrusted(ask.projectDir) : (deps.trusted ?? true);
  const usable = await grantsInForce(deps.store, grantCallOfAsk(ask, trusted), at);
  return usable.rules.map((g) => ruleValue(g.rule));
}

/** The result of {@link confirmForAsk}. */
export type ConfirmedRules = { ok: true; rules: string[] } | { ok: false; message: string };

/**
 * The rules an answer that remembers may save: `chosen` (or, without it, the proposal's
 * suggestion for each part) when each is a proposed rule, every part has one, and together, as
 * allow rules of the session beside the grants in force, they answer the ask's call with the
 * project's current policy. A rule that was not proposed, or rules that would not answer the
 * call, are refused with a message.
 */
export async function confirmForAsk(
  deps: { decider: Decider; projects: Projects; store: Pick<Store, 'listGrants'>; now?: () => number },
  ask: AskRecord,
  chosen: readonly string[] | undefined,
): Promise<ConfirmedRules> {
  const project = await deps.projects.policyFor(ask.projectDir);
  const granted = (await grantsInForce(deps.store, grantCallOfAsk(ask, project.trusted), (deps.now ?? Date.now)())).rules.map((g) =>
    ruleValue(g.rule),
  );
  const confirmed = confirmRules(askProposal(ask, [], granted), chosen);
  if (!confirmed.ok) return confirmed;
  const gate = await deps.decider.gateFor(project, {
    cwd: ask.cwd,
    ...(ask.sessionId !== undefined ? { sessionId: ask.sessionId } : {}),
    mode: ask.pending.mode,
  });
  await gate.applyUpdates([
    { type: 'addRules', behavior: 'allow', destination: 'session', rules: [...granted, ...confirmed.rules.map(ruleValue)] },
  ]);
  const r = settle(
    await gate.check(ask.pending.call, { cwd: ask.cwd, ...(ask.pending.agent !== undefined ? { agent: ask.pending.agent } : {}) }),
  );
  if (r.behavior === 'allow' && r.decision?.rule?.source.kind === 'session') return confirmed;
  return {
    ok: false,
    message: `the rule${confirmed.rules.length > 1 ? 's' : ''} ${confirmed.rules.join(', ')} would not answer this call (${r.behavior === 'allow' ? 'it is allowed without them' : r.behavior === 'deny' ? `it is now refused: ${r.message}` : `it still asks: ${r.pending.reason.message}`}): approve it once`,
  };
}

/** A proposal as the API shows it (see {@link proposalView}). */
export interface ProposalView {
  parts: { text: string; options: (RuleOption & { masked?: true })[] }[];
}

/**
 * A proposal as the API shows it: rules, parts and examples with secrets of recognised shapes
 * masked, as the call's input is. An option whose rule holds a masked secret says so
 * (`masked: true`): it cannot be chosen by its text through the API (choose another, or use the page).
 */
export function proposalView(p: RuleProposal): ProposalView {
  return {
    parts: p.parts.map((part) => ({
      text: maskText(part.text).text,
      options: part.options.map((o) => {
        const rule = maskText(o.rule).text;
        return {
          ...o,
          rule,
          covers: maskText(o.covers).text,
          ...(rule !== o.rule ? { masked: true } : {}),
          examples: o.examples.map((e) => ({ ...e, text: maskText(e.text).text })),
        };
      }),
    })),
  };
}
