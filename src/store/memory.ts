import { createEventHub } from './events.js';
import { AUDIT_CHAIN_GENESIS, chainAudit } from './chain.js';
import {
  grantState,
  StoreUnavailableError,
  type AnswerAskResult,
  type AnswerCodeRecord,
  type AskRecord,
  type AuditEntry,
  type GrantRecord,
  type HolderRecord,
  type Store,
} from './types.js';

const clone = <T>(v: T): T => structuredClone(v);

/**
 * A store in memory: the same contract as the SQLite and PostgreSQL stores, gone when the
 * process ends. For tests and for hosts that park asks only while they run.
 * @public
 */
export function createMemoryStore(): Store {
  const hub = createEventHub();
  const asks = new Map<string, AskRecord>();
  const grants: GrantRecord[] = [];
  const audit: AuditEntry[] = [];
  const sessions = new Map<string, string>();
  const codes = new Map<string, AnswerCodeRecord>();
  const holders = new Map<string, { beats: number; seenAt: number }>();
  let closed = false;
  const open = () => {
    if (closed) throw new StoreUnavailableError('the memory store is closed');
  };
  const settle = (id: string, update: (a: AskRecord) => AskRecord): AnswerAskResult => {
    const ask = asks.get(id);
    if (!ask) return { ok: false, reason: 'unknown' };
    if (ask.state !== 'pending') return { ok: false, reason: ask.state, ask: clone(ask) };
    const next = update(ask);
    asks.set(id, next);
    return { ok: true, ask: clone(next) };
  };
  return {
    kind: 'memory',
    location: 'memory',
    async parkAsk(ask, code) {
      open();
      if (asks.has(ask.id)) throw new Error(`an ask with id ${ask.id} is already parked`);
      const stored: AskRecord = { ...clone(ask), state: 'pending', updatedAt: ask.createdAt };
      asks.set(ask.id, stored);
      if (code !== undefined) codes.set(ask.id, { askId: ask.id, sealed: code.sealed, tries: 0 });
      hub.emit({ type: 'parked', ask: clone(stored) });
      return clone(stored);
    },
    async getAsk(id) {
      open();
      const a = asks.get(id);
      return a ? clone(a) : undefined;
    },
    async listAsks(filter = {}) {
      open();
      const state = filter.state ?? 'pending';
      const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 100)), 1000);
      return [...asks.values()]
        .filter(
          (a) =>
            (state === 'all' || a.state === state) &&
            (filter.sessionId === undefined || a.sessionId === filter.sessionId) &&
            (filter.projectDir === undefined || a.projectDir === filter.projectDir),
        )
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(clone);
    },
    async answerAsk(id, answer, newGrants = []) {
      open();
      const r = settle(id, (a) => ({ ...a, state: 'answered', updatedAt: answer.answeredAt, answer: clone(answer) }));
      if (r.ok) {
        for (const g of newGrants) grants.push(clone(g));
        hub.emit({ type: 'answered', ask: clone(r.ask) });
      }
      return r;
    },
    async answerCodes(askIds) {
      open();
      return askIds.flatMap((id) => {
        const c = codes.get(id);
        return c !== undefined ? [clone(c)] : [];
      });
    },
    async tryAnswerCode(askId) {
      open();
      const c = codes.get(askId);
      if (c !== undefined && c.spentAt === undefined) c.tries += 1;
      return c !== undefined ? clone(c) : undefined;
    },
    async spendAnswerCode(askId, at) {
      open();
      const c = codes.get(askId);
      if (c === undefined || c.spentAt !== undefined) return false;
      c.spentAt = at;
      return true;
    },
    async expireAsk(id, at, why) {
      open();
      const r = settle(id, (a) => ({ ...a, state: 'expired', updatedAt: at, ...(why !== undefined ? { expiry: clone(why) } : {}) }));
      if (r.ok) hub.emit({ type: 'expired', ask: clone(r.ask) });
      return r;
    },
    async overdueAsks(at, parkedBefore, limit = 100) {
      open();
      const n = Math.min(Math.max(1, Math.floor(limit)), 1000);
      return [...asks.values()]
        .filter(
          (a) =>
            a.state === 'pending' &&
            a.holder === undefined &&
            (a.expiresAt !== undefined ? a.expiresAt <= at : a.createdAt <= parkedBefore),
        )
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
        .slice(0, n)
        .map(clone);
    },
    async beatHolder(holder, at) {
      open();
      holders.set(holder, { beats: (holders.get(holder)?.beats ?? 0) + 1, seenAt: at });
    },
    async listHolders() {
      open();
      const pending = new Map<string, number>();
      for (const a of asks.values())
        if (a.state === 'pending' && a.holder !== undefined) pending.set(a.holder, (pending.get(a.holder) ?? 0) + 1);
      const out: HolderRecord[] = [...holders].map(([id, h]) => ({ id, beats: h.beats, seenAt: h.seenAt, pending: pending.get(id) ?? 0 }));
      for (const [id, n] of pending) if (!holders.has(id)) out.push({ id, pending: n });
      return out;
    },
    async expireHolder(holder, beats, at, why) {
      open();
      if (holders.get(holder)?.beats !== beats) return [];
      holders.delete(holder);
      const expired: AskRecord[] = [];
      for (const a of [...asks.values()].sort((x, y) => x.createdAt - y.createdAt || (x.id < y.id ? -1 : 1))) {
        if (a.holder !== holder || a.state !== 'pending') continue;
        const r = settle(a.id, (x) => ({ ...x, state: 'expired', updatedAt: at, expiry: clone(why) }));
        if (r.ok) expired.push(r.ask);
      }
      for (const ask of expired) hub.emit({ type: 'expired', ask: clone(ask) });
      return expired;
    },
    async listGrants(filter) {
      open();
      return grants
        .filter(
          (g) =>
            g.settingsFile === undefined &&
            g.revokedAt === undefined &&
            g.usedAt === undefined &&
            (g.expiresAt === undefined || g.expiresAt > filter.at) &&
            ((g.scope === 'user' && filter.user === true) ||
              (g.projectDir === filter.projectDir &&
                (g.scope === 'project' ||
                  (g.scope === 'session' && filter.sessionId !== undefined && g.sessionId === filter.sessionId) ||
                  (g.scope === 'once' &&
                    filter.inputSha256 !== undefined &&
                    g.inputSha256 === filter.inputSha256 &&
                    (g.sessionId === undefined || g.sessionId === filter.sessionId))))),
        )
        .sort((x, y) => x.createdAt - y.createdAt || (x.id < y.id ? -1 : 1))
        .map(clone);
    },
    async findGrants(q) {
      open();
      const limit = Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000);
      return grants
        .filter(
          (g) =>
            (q.sessionId === undefined || g.sessionId === q.sessionId) &&
            (q.projectDir === undefined || g.projectDir === q.projectDir) &&
            (q.rule === undefined || g.rule === q.rule) &&
            (q.scope === undefined || g.scope === q.scope) &&
            (q.askId === undefined || g.askId === q.askId) &&
            (q.state === undefined || q.state === 'all' || grantState(g, q.at) === q.state),
        )
        .sort((x, y) => y.createdAt - x.createdAt || (x.id < y.id ? -1 : 1))
        .slice(0, limit)
        .map(clone);
    },
    async getGrant(id) {
      open();
      const g = grants.find((x) => x.id === id);
      return g ? clone(g) : undefined;
    },
    async recordGrant(g) {
      open();
      if (grants.some((x) => x.id === g.id)) return false;
      grants.push(clone(g));
      return true;
    },
    async revokeGrant(id, at) {
      open();
      const g = grants.find((x) => x.id === id && x.revokedAt === undefined);
      if (!g) return false;
      g.revokedAt = at;
      return true;
    },
    async useGrant(id, at) {
      open();
      const g = grants.find((x) => x.id === id);
      if (
        !g ||
        g.scope !== 'once' ||
        g.revokedAt !== undefined ||
        g.usedAt !== undefined ||
        (g.expiresAt !== undefined && g.expiresAt <= at)
      )
        return false;
      g.usedAt = at;
      return true;
    },
    async pruneGrants(before) {
      open();
      const keep = grants.filter(
        (g) =>
          !(
            (g.revokedAt !== undefined && g.revokedAt < before) ||
            (g.usedAt !== undefined && g.usedAt < before) ||
            (g.expiresAt !== undefined && g.expiresAt < before)
          ),
      );
      const n = grants.length - keep.length;
      grants.splice(0, grants.length, ...keep);
      return n;
    },
    async appendAudit(entries) {
      open();
      for (const e of chainAudit(audit.at(-1)?.hash ?? AUDIT_CHAIN_GENESIS, entries)) audit.push({ ...e, seq: audit.length + 1 });
    },
    async auditHead() {
      open();
      const at = audit.findLastIndex((e) => e.hash !== undefined);
      const head = audit[at];
      return head === undefined ? undefined : { seq: head.seq as number, hash: head.hash as string, at: head.at, count: at + 1 };
    },
    async readAudit(filter = {}) {
      open();
      const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 1000)), 10_000);
      const rows = audit.filter(
        (e) =>
          (filter.since === undefined || e.at >= filter.since) &&
          (filter.afterSeq === undefined || (e.seq ?? 0) > filter.afterSeq) &&
          (filter.sessionId === undefined || e.sessionId === filter.sessionId) &&
          (filter.askId === undefined || e.askId === filter.askId) &&
          (filter.toolUseId === undefined || e.toolUseId === filter.toolUseId),
      );
      return (filter.newest === true ? rows.slice(-limit) : rows.slice(0, limit)).map(clone);
    },
    async rememberSession(sessionId, projectDir) {
      open();
      if (!sessions.has(sessionId)) sessions.set(sessionId, projectDir);
      return sessions.get(sessionId) as string;
    },
    async sessionRoot(sessionId) {
      open();
      return sessions.get(sessionId);
    },
    async health() {
      open();
    },
    subscribe: (listener) => hub.subscribe(listener),
    async close() {
      closed = true;
    },
  };
}
