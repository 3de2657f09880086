import { resolve } from 'node:path';
import { answeredBy } from './answerers.js';
import type { Announced } from './announce.js';
import type { AskAnswer, GateResult } from '../gate/index.js';
import {
  grantRules,
  inputSha256,
  redactInput,
  type AnswerScope,
  type AskOrigin,
  type AskRecord,
  type GrantRecord,
  type NewGrant,
  type Store,
} from '../store/index.js';
import { DEFAULT_GRANT_TTL, type GrantTtl } from '../grants/ttl.js';
import { newId } from '../gate/results.js';
import { UNKNOWN_PROJECT } from './projects.js';
import type { AnswerCodes } from './answer-code.js';
import { agentKey, ruleValue, settle, type Decider, type Settled } from './decide.js';
import { confirmForAsk, type ConfirmedRules } from './proposals.js';
import { ruleValueText } from '../gate/session.js';
import type { PermissionUpdate } from '../core/types.js';
import type { Holder } from './holders.js';
import type { Projects } from './projects.js';

/** An answer as the API and the CLI take it: the gate's answer plus its scope and who gave it. */
export interface AnswerInput {
  answer: AskAnswer;
  scope?: AnswerScope;
  answerer: string;
  /**
   * The rules the person confirmed, exactly as shown (`Bash(git push origin *)`): each must be
   * one the ask's proposal offers (`src/grants/`). Without them (and without allow rules in
   * `updatedPermissions`) a remembering answer saves the proposal's suggestion for each part.
   */
  rules?: readonly string[];
}

/** What answering an ask came to. */
export type AnswerOutcome = { ok: true; ask: AskRecord } | { ok: false; status: 404 | 409 | 400 | 403; message: string; ask?: AskRecord };

/** A last check before an answer is recorded (the ask found pending, the answer valid): a refusal, or `undefined` to go on. */
export type AnswerCheck = (ask: AskRecord) => Promise<Extract<AnswerOutcome, { ok: false }> | undefined>;

/** An answered ask's final result, and the grant saved with the answer whose rule it names. */
export interface Resolved {
  result: GateResult;
  grant?: GrantRecord;
}

/** How a wait for an answer ended. */
export type WaitResult = { kind: 'settled'; ask: AskRecord } | { kind: 'timeout' } | { kind: 'aborted' };

export interface Asks {
  /**
   * Park the ask of a decided call with a new one-time answer code, and announce the code;
   * resolves once both are committed. An ask held for `holdMs` (a held request) names this
   * process as its holder; one without (a JSON API ask) gets the deadline `unheldMs`.
   */
  park(s: Settled & { result: { behavior: 'ask' } }, origin: AskOrigin, holdMs?: number): Promise<AskRecord>;
  /** Wait until the ask is answered or expired, `ms` pass, or `signal` aborts. */
  wait(id: string, ms: number, signal?: AbortSignal): Promise<WaitResult>;
  /** Record an answer (and its grants), after `check` when given. */
  answer(id: string, input: AnswerInput, check?: AnswerCheck): Promise<AnswerOutcome>;
  /**
   * The final result of an answered ask: the answer gated with the project's current policy. An
   * answer that remembers is gated with the grants it saved (never the ask's own suggestions),
   * so the result names the rule saved and `grant` the grant it is.
   */
  resolve(ask: AskRecord): Promise<Resolved>;
  /** Spend the `once` grant of an answered ask, as the call it held is released with the answer. */
  spendOnce(ask: AskRecord): Promise<void>;
}

/** How often a held request looks at its ask again, in case an event was missed. */
const RECHECK_MS = 5_000;

export function createAsks(o: {
  store: Store;
  decider: Decider;
  projects: Projects;
  codes: AnswerCodes;
  /** This process as the holder of the asks whose requests it holds. */
  holder?: Pick<Holder, 'id' | 'ready'>;
  /** Where each parked ask is announced with its answer code: serve's own terminal (see `announce.ts`). */
  announce: (ask: Announced, code: string) => void;
  /** How long new grants live, per scope (default {@link DEFAULT_GRANT_TTL}). */
  grantTtl?: GrantTtl;
  /** How long an ask no request holds (one parked through the JSON API) waits for an answer, in milliseconds. Default: for ever. */
  unheldMs?: number;
  now?: () => number;
}): Asks {
  const now = o.now ?? Date.now;
  const store = o.store;
  return {
    async park(s, origin, holdMs) {
      const pending = s.result.pending;
      const held = holdMs !== undefined && o.holder !== undefined;
      // The holder's row exists before any ask names it, so its silence can be seen from the start.
      if (held) await o.holder?.ready();
      const t = now();
      // A held ask ends with its hold; one nobody holds, at its own deadline (`overdue.ts`).
      const deadlineMs = holdMs ?? o.unheldMs;
      const code = o.codes.issue(pending.id);
      const ask = await store.parkAsk(
        {
          id: pending.id,
          pending,
          origin,
          ...(s.context.sessionId !== undefined ? { sessionId: s.context.sessionId } : {}),
          ...(s.context.agent !== undefined ? { agent: agentKey(s.context.agent) ?? '' } : {}),
          projectDir: s.project.projectDir,
          cwd: s.context.cwd,
          tool: pending.call.tool,
          inputRedacted: redactInput(pending.call.input),
          inputSha256: inputSha256(pending.call.input),
          policyDigest: s.project.digest,
          createdAt: t,
          ...(deadlineMs !== undefined ? { expiresAt: t + deadlineMs } : {}),
          ...(held && o.holder !== undefined ? { holder: o.holder.id } : {}),
        },
        { sealed: code.sealed },
      );
      o.announce({ id: ask.id, tool: ask.tool }, code.code);
      return ask;
    },

    wait(id, ms, signal) {
      return new Promise<WaitResult>((resolve) => {
        let done = false;
        const finish = (r: WaitResult) => {
          if (done) return;
          done = true;
          off();
          clearTimeout(timer);
          clearInterval(again);
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        };
        const recheck = () => {
          store.getAsk(id).then(
            (a) => {
              if (a !== undefined && a.state !== 'pending') finish({ kind: 'settled', ask: a });
            },
            () => {
              // Unreadable now: the hold goes on until its deadline.
            },
          );
        };
        const off = store.subscribe((e) => {
          if (e.type === 'resync') recheck();
          else if (e.ask.id === id && e.ask.state !== 'pending') finish({ kind: 'settled', ask: e.ask });
        });
        const timer = setTimeout(() => finish({ kind: 'timeout' }), Math.max(0, ms));
        const again = setInterval(recheck, RECHECK_MS);
        again.unref();
        const onAbort = () => finish({ kind: 'aborted' });
        if (signal?.aborted) return finish({ kind: 'aborted' });
        signal?.addEventListener('abort', onAbort);
        recheck();
      });
    },

    answer: (id, input, check) => recordAnswer(store, id, input, now(), (ask, chosen) => confirmForAsk(o, ask, chosen), check, o.grantTtl),

    async spendOnce(ask) {
      // Best effort: a once grant left unspent answers at most one replay of the approved input.
      try {
        for (const g of await store.findGrants({ askId: ask.id, scope: 'once', state: 'active', at: now() }))
          await store.useGrant(g.id, now());
      } catch {
        // The store is unreachable: the answer still releases its own call.
      }
    },

    async resolve(ask) {
      if (ask.answer === undefined) throw new Error(`ask ${ask.id} has no answer`);
      const project = await o.projects.policyFor(ask.projectDir);
      const gate = await o.decider.gateFor(project, {
        cwd: ask.cwd,
        ...(ask.sessionId !== undefined ? { sessionId: ask.sessionId } : {}),
        mode: ask.pending.mode,
      });
      const { answer, grants } = await answerWithGrants(store, ask, now());
      // The reason names who answered by the credential they answered with.
      const result = settle(await gate.answer(ask.pending, answer, { cwd: ask.cwd, answeredBy: answeredBy(ask.answer.answerer) }));
      const rule = result.decision?.rule;
      const grant = rule?.source.kind === 'session' ? grants.find((g) => g.rule === rule.text) : undefined;
      return { result, ...(grant !== undefined ? { grant } : {}) };
    },
  };
}

/**
 * The answer as the gate resolves it: what an answer remembers is the grants saved with it (the
 * rules the person confirmed, perhaps narrower than the ask's suggestions), so those are added as
 * session rules in place of `remember` (the suggestions) and of the allow rules of
 * `updatedPermissions` (whose destination, a settings file, serve never writes).
 */
async function answerWithGrants(store: Store, ask: AskRecord, at: number): Promise<{ answer: AskAnswer; grants: GrantRecord[] }> {
  const answer = ask.answer?.answer;
  if (answer === undefined || answer.behavior !== 'allow' || ask.answer?.scope === 'once')
    return { answer: answer as AskAnswer, grants: [] };
  const grants = (await store.findGrants({ askId: ask.id, state: 'active', at })).filter(
    (g) => g.scope !== 'once' && g.inputSha256 === undefined,
  );
  const { remember: _suggestions, updatedPermissions, ...rest } = answer;
  const others = (Array.isArray(updatedPermissions) ? updatedPermissions : []).filter(
    (u) => !(u.type === 'addRules' && u.behavior === 'allow'),
  );
  const saved: PermissionUpdate[] =
    grants.length > 0 ? [{ type: 'addRules', behavior: 'allow', destination: 'session', rules: grants.map((g) => ruleValue(g.rule)) }] : [];
  const updates = [...others, ...saved];
  return { answer: { ...rest, ...(updates.length > 0 ? { updatedPermissions: updates } : {}) }, grants };
}

/** The allow rules an answer's `updatedPermissions` adds, as rule texts. */
function allowTexts(updates: readonly PermissionUpdate[] | undefined): string[] {
  const out: string[] = [];
  for (const u of Array.isArray(updates) ? updates : [])
    if (u.type === 'addRules' && u.behavior === 'allow') out.push(...u.rules.map(ruleValueText));
  return out;
}

/**
 * Record a person's answer to a pending ask with the grants its scope asks for, in one
 * transaction. A scope that stores grants saves only what `confirm` confirms: the rules the
 * person chose (`input.rules` and the allow rules of `updatedPermissions`) or, without a choice,
 * the proposal's suggestions — each a proposed rule, together answering the call. `check` (the
 * answer code) runs once the ask is found pending and the answer valid, so a code is spent only on
 * an answer that can be recorded.
 */
export async function recordAnswer(
  store: Store,
  id: string,
  input: AnswerInput,
  at: number,
  confirm: (ask: AskRecord, chosen: readonly string[] | undefined) => Promise<ConfirmedRules>,
  check?: AnswerCheck,
  ttl: GrantTtl = DEFAULT_GRANT_TTL,
): Promise<AnswerOutcome> {
  const ask = await store.getAsk(id);
  if (ask === undefined) return { ok: false, status: 404, message: `no ask with id ${id}` };
  if (ask.state !== 'pending') return { ok: false, status: 409, message: `ask ${id} is already ${ask.state}`, ask };
  const rules = grantRules(ask.pending, input.answer, input.scope, ask.sessionId !== undefined);
  if (!rules.ok) return { ok: false, status: 400, message: rules.message };
  // In an unknown project no grant but the approval once answers (src/grants/apply.ts): refused, not saved in vain.
  if (rules.scope !== 'once' && ask.projectDir === UNKNOWN_PROJECT && input.answer.behavior === 'allow')
    return {
      ok: false,
      status: 400,
      message: `the ask belongs to no project toolgate found, where no ${rules.scope} grant would answer anything: approve it once ("scope": "once"), or name the project (X-Toolgate-Project, --project DIR)`,
    };
  if (input.rules !== undefined && rules.rules.length === 0)
    return {
      ok: false,
      status: 400,
      message: `rules are saved only by an allow that remembers (scope session, project or user), not with scope ${rules.scope}`,
    };
  let saved = rules.rules;
  if (saved.length > 0) {
    const chosen = [...(input.rules ?? []), ...(input.answer.behavior === 'allow' ? allowTexts(input.answer.updatedPermissions) : [])];
    const confirmed = await confirm(ask, chosen.length > 0 ? chosen : undefined);
    if (!confirmed.ok) return { ok: false, status: 400, message: confirmed.message };
    saved = confirmed.rules;
  }
  const refused = await check?.(ask);
  if (refused !== undefined) return refused;
  const expiresAt = (scope: AnswerScope) => {
    const span = ttl[scope];
    return span !== undefined ? { expiresAt: at + span } : {};
  };
  const grants: NewGrant[] = saved.map((rule) => ({
    id: newId('grant'),
    scope: rules.scope,
    ...(rules.scope === 'session' && ask.sessionId !== undefined ? { sessionId: ask.sessionId } : {}),
    // A sub-agent's session grant is that sub-agent's (src/grants/apply.ts `grantCovers`).
    ...(rules.scope === 'session' && ask.agent !== undefined ? { agent: ask.agent } : {}),
    projectDir: ask.projectDir,
    rule,
    askId: id,
    grantedBy: input.answerer,
    createdAt: at,
    ...expiresAt(rules.scope),
  }));
  // An approval once is kept bound to the ask and to the call approved — its tool, session,
  // working directory, agent, mode and exact input (the edited input when the answer gives one):
  // the call's release spends it; unspent, it answers one re-ask of that very call, no other.
  if (input.answer.behavior === 'allow' && rules.scope === 'once') {
    const approved = input.answer.updatedInput !== undefined ? inputSha256(input.answer.updatedInput) : ask.inputSha256;
    grants.push({
      id: newId('grant'),
      scope: 'once',
      ...(ask.sessionId !== undefined ? { sessionId: ask.sessionId } : {}),
      projectDir: ask.projectDir,
      cwd: resolve(ask.cwd),
      ...(ask.agent !== undefined ? { agent: ask.agent } : {}),
      mode: ask.pending.mode,
      rule: ask.tool,
      askId: id,
      inputSha256: approved,
      grantedBy: input.answerer,
      createdAt: at,
      ...expiresAt('once'),
    });
  }
  const r = await store.answerAsk(id, { answer: input.answer, scope: rules.scope, answerer: input.answerer, answeredAt: at }, grants);
  if (r.ok) return { ok: true, ask: r.ask };
  if (r.reason === 'unknown') return { ok: false, status: 404, message: `no ask with id ${id}` };
  return { ok: false, status: 409, message: `ask ${id} is already ${r.reason}`, ask: r.ask };
}
