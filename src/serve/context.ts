import type { AuditEntry, AuditWriter, Store } from '../store/index.js';
import type { DecisionListener } from '../provenance/types.js';
import type { AnswerCodes } from './answer-code.js';
import type { Asks } from './asks.js';
import type { Auth } from './auth.js';
import type { Decider } from './decide.js';
import type { Holder } from './holders.js';
import type { Projects } from './projects.js';
import type { SelfTarget } from './self-guard.js';
import type { GrantTtl } from '../grants/ttl.js';

/**
 * Everything a route of `toolgate serve` works with. Routes are small Hono apps built from it
 * (`hookRoutes(ctx)`, `apiRoutes(ctx)`), so a new surface — an approval page, server-sent
 * events — is one more `xRoutes(ctx)` mounted beside them. "An ask was parked / answered /
 * expired" is `ctx.store.subscribe`: it follows commits on any replica sharing the store.
 * @internal
 */
export interface ServeContext {
  store: Store;
  projects: Projects;
  decider: Decider;
  asks: Asks;
  auth: Auth;
  /** The one-time answer codes of asks. */
  codes: AnswerCodes;
  /** Writes audit entries: group commit, a spill journal while the store is unreachable; `write` resolves once durable. */
  audit: Pick<AuditWriter, 'write' | 'buffered' | 'spilledBytes' | 'lost' | 'failing' | 'lastError' | 'stopReason'>;
  /** Where serve listens (set once it listens) and its secret files. */
  self: SelfTarget | undefined;
  /** This process as the holder of the asks whose requests it holds (heartbeat, and the watch on other holders). */
  holder: Holder;
  /** The server is shutting down: held requests are cut, but their asks stay pending. */
  closing: boolean;
  askVia: 'hold' | 'prompt';
  /** How long a hook request is held for an answer, in milliseconds. */
  holdMs: number;
  /** How long a new grant lives, per scope (`--grant-ttl`). */
  grantTtl: GrantTtl;
  now(): number;
  log(line: string): void;
  /** Receives each decision serve makes, once (see `reportEntry`). */
  onDecision?: DecisionListener;
}

/** An audit writer that drops everything (`audit: false`, for measuring the audit's cost). */
export const NO_AUDIT: ServeContext['audit'] = {
  write: (_entry: AuditEntry) => Promise.resolve({ ok: true, where: 'store' }),
  buffered: 0,
  spilledBytes: 0,
  lost: 0,
  failing: false,
  lastError: undefined,
  stopReason: undefined,
};
