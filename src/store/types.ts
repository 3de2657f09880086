import type { AskKind, Behavior, ReasonKind, Step } from '../core/types.js';
import type { AskAnswer, PendingAsk } from '../gate/types.js';

/**
 * Where a parked ask is in its life: waiting for a person, answered, or given up (its hold ran
 * out, so the call it held was denied; it can no longer be answered).
 * @public
 */
export type AskState = 'pending' | 'answered' | 'expired';

/**
 * Why a pending ask was given up, as a stable code: its hold ran out (`holdTimeout`), the request
 * holding it closed (`clientGone`), or the serve process holding it stopped answering
 * (`holderSilent`, found by another serve process sharing the store).
 * @public
 */
export type AskExpiryCode = 'holdTimeout' | 'clientGone' | 'holderSilent';

/** Why a pending ask was given up: a stable code and a plain-language reason. @public */
export interface AskExpiry {
  /** What happened, for programs. */
  code: AskExpiryCode;
  /** What happened, for people: the reason given to whoever polls the ask. */
  message: string;
}

/** Which request parked an ask: a Claude Code hook event, or `POST /v1/decisions`. @public */
export type AskOrigin = 'PreToolUse' | 'PermissionRequest' | 'api';

/**
 * How far an approval reaches (decision 0060 — see docs/grants.md):
 * - `once`: this call only. The answer is kept as a grant bound to the ask id and the SHA-256 of
 *   the exact input; the ask's own held call spends it, and while unspent it answers one replay of
 *   the identical input in the same project and session, nothing else.
 * - `session`: the rest of the session, in its project.
 * - `project`: every session of the project.
 * - `user`: every session of every project serve trusts, recorded as the grant of the principal
 *   who answered.
 * Each scope has a default time-to-live (`toolgate serve --grant-ttl`).
 * @public
 */
export type AnswerScope = 'once' | 'session' | 'project' | 'user';

/** Every {@link AnswerScope}, narrowest first. @public */
export const ANSWER_SCOPES: readonly AnswerScope[] = ['once', 'session', 'project', 'user'];

/** An ask to park, as the deciding side knows it. Times are milliseconds since the epoch. @public */
export interface NewAsk {
  /** The ask id; the same as `pending.id`. */
  id: string;
  /**
   * The gate's pending ask, unredacted: resuming the call needs the real input. Readers that show
   * asks to people use {@link NewAsk.inputRedacted}.
   */
  pending: PendingAsk;
  origin: AskOrigin;
  sessionId?: string;
  /** The sub-agent the call was made for (`agent_id`, else `agent_type`). */
  agent?: string;
  /** The project root whose settings decided the call. */
  projectDir: string;
  /** The working directory of the call. */
  cwd: string;
  tool: string;
  /** The call's input with secrets replaced (see `redactInput`). */
  inputRedacted: unknown;
  /** Lowercase hex SHA-256 of the canonical JSON (RFC 8785) of the unredacted input. */
  inputSha256: string;
  /** Digest of the policy that decided the call (see `policyDigest`). */
  policyDigest: string;
  createdAt: number;
  /**
   * When the ask is given up unanswered (milliseconds since the epoch): the end of its hold for a
   * held request, the end of `--api-ask-timeout` for an ask parked through the JSON API.
   */
  expiresAt?: number;
  /**
   * The serve process holding the call's request (its random id for this run, see
   * {@link Store.beatHolder}); none when no process holds it (an API ask, which its client polls).
   * A holder that stops beating has its asks expired by any process sharing the store.
   */
  holder?: string;
}

/** A person's answer, as stored. @public */
export interface AnswerRecord {
  /** The gate's answer: `behavior`, `updatedInput`, `updatedPermissions`, `remember`, `message`, `interrupt`. */
  answer: AskAnswer;
  scope: AnswerScope;
  /** Who answered (a name, or `token` / `loopback` when nothing better is known). */
  answerer: string;
  answeredAt: number;
}

/** A parked ask as the store holds it. @public */
export interface AskRecord extends NewAsk {
  state: AskState;
  updatedAt: number;
  /** Present once the ask is answered. */
  answer?: AnswerRecord;
  /** Why it was given up, once expired (absent for asks expired before reasons were stored). */
  expiry?: AskExpiry;
}

/**
 * A serve process that holds asks, as the store last saw it: `beats` counts its heartbeats
 * (`undefined` when pending asks name a holder that never beat, or whose row is gone).
 * @public
 */
export interface HolderRecord {
  /** The holder id, as asks record it. */
  id: string;
  /** Heartbeats counted since its row was made; only a change means anything. */
  beats?: number;
  /** When it last beat, by its own clock (milliseconds since the epoch); for people only. */
  seenAt?: number;
  /** How many pending asks it holds. */
  pending: number;
}

/**
 * A parked ask's one-time answer code as the store keeps it: what `toolgate asks answer` must
 * give besides the token. The store never holds the code in the clear: `sealed` is encrypted and
 * authenticated by `toolgate serve` with a key only it holds (see `createAnswerCodes`).
 * @public
 */
export interface AnswerCodeRecord {
  askId: string;
  /** The code, sealed by serve; opaque to the store. */
  sealed: string;
  /** How many answers were tried with it, right or wrong. */
  tries: number;
  /** When an answer spent it (milliseconds since the epoch); a spent code answers nothing. */
  spentAt?: number;
}

/** Which asks {@link Store.listAsks} returns; newest first. @public */
export interface AskFilter {
  /** Default `pending`; `all` for every state. */
  state?: AskState | 'all';
  sessionId?: string;
  projectDir?: string;
  /** At most this many (default 100, at most 1000). */
  limit?: number;
}

/** A grant to store with an answer (or, with `settingsFile`, the record of a rule written to a file). @public */
export interface NewGrant {
  id: string;
  scope: AnswerScope;
  /** Set for `session` grants; for `once` grants, the ask's session when it had one. */
  sessionId?: string;
  /** The project the grant was given in (for `user` grants: where it was given; it applies in every trusted project). */
  projectDir: string;
  /** An allow rule as Claude Code writes it, e.g. `Bash(npm test *)`; for a `once` grant, the call's tool. */
  rule: string;
  askId?: string;
  /** For `once` grants (required): lowercase hex SHA-256 of the canonical JSON of the exact input approved. */
  inputSha256?: string;
  /** For `once` grants: the working directory of the call approved (resolved); the grant answers a call there only. */
  cwd?: string;
  /**
   * The sub-agent whose ask the grant answered (its id, else its type); none for the main agent.
   * A `once` grant answers that agent only; a `session` grant given to a sub-agent, that sub-agent only.
   */
  agent?: string;
  /** For `once` grants: the mode the approved call was decided in; the grant answers a call in that mode only. */
  mode?: string;
  /**
   * The settings file the rule was written to by "don't ask again" (`updatedPermissions`), when
   * this record is the provenance of a file rule: such a record is listed and revoked with the
   * others, but never applied from the store (the file applies it).
   */
  settingsFile?: string;
  /** Who granted it: the principal who answered. */
  grantedBy: string;
  createdAt: number;
  /** When it stops applying (milliseconds since the epoch); none: until revoked. */
  expiresAt?: number;
}

/**
 * A stored approval that answers later asks of its scope without a person. What it may answer is
 * decided in one place (`usableGrants`, src/grants/apply.ts): never a deny rule, a
 * protected ask, a plan-mode block or a firm ask — except the opaque-code firm ask, where a grant
 * naming the program (or the exact command) is specific consent — and a guarded read only by an
 * exact-command grant; an expired, revoked or spent grant answers nothing.
 * @public
 */
export interface GrantRecord extends NewGrant {
  revokedAt?: number;
  /** When a `once` grant was spent (milliseconds since the epoch); a spent grant answers nothing. */
  usedAt?: number;
}

/**
 * Which grants may apply to a call: the project's, the session's when one is given, `user`
 * grants when `user` is set, and the `once` grants of `inputSha256` — live at `at` (not expired,
 * revoked or spent), settings-file records left out.
 * @public
 */
export interface GrantFilter {
  projectDir: string;
  sessionId?: string;
  /** Milliseconds since the epoch; expired, revoked and spent grants are left out. */
  at: number;
  /** Include `user` grants (they apply in every project serve trusts). Default: not. */
  user?: boolean;
  /** The call's input hash: `once` grants of exactly this input are included. */
  inputSha256?: string;
}

/** Where a grant is in its life at a given time. @public */
export type GrantState = 'active' | 'expired' | 'revoked' | 'used';

/** Which grants {@link Store.findGrants} returns, newest first (for people: `toolgate grants list`, `GET /v1/grants`). @public */
export interface GrantQuery {
  sessionId?: string;
  projectDir?: string;
  /** Grants whose rule is exactly this text. */
  rule?: string;
  scope?: AnswerScope;
  /** The grants stored with one ask's answer. */
  askId?: string;
  /** `active` (live at `at`), `expired`, `revoked`, `used`, or `all` (default). */
  state?: GrantState | 'all';
  /** Milliseconds since the epoch: what `state` is judged at. */
  at: number;
  /** At most this many (default 100, at most 1000). */
  limit?: number;
}

/** A grant's state at `at`: revoked, spent, expired or active, in that order of precedence. @public */
export function grantState(g: GrantRecord, at: number): GrantState {
  if (g.revokedAt !== undefined) return 'revoked';
  if (g.usedAt !== undefined) return 'used';
  if (g.expiresAt !== undefined && g.expiresAt <= at) return 'expired';
  return 'active';
}

/**
 * What the audit log records. `PreToolUse`, `PermissionRequest` and `decision` (the JSON API) are
 * decisions; `answer` is the outcome of an answered ask; `answerRefused` an answer refused for a
 * wrong, spent or locked answer code; `expired` an ask whose hold ran out;
 * `PostToolUse`, `PostToolUseFailure` and `Stop` are recorded as they arrive; `auditLoss` says how
 * many entries were dropped while the store could not be written; `grantRevoked` a grant revoked
 * (the page, `DELETE /v1/grants/:id` or `toolgate grants revoke`), with who revoked it;
 * `grantsPruned` grants that answered nothing any more deleted (`toolgate grants prune`); `shadow`
 * what a shadow policy would have decided for a call decided just before (its `shadow` field).
 * @public
 */
export type AuditEvent =
  | 'PreToolUse'
  | 'PermissionRequest'
  | 'decision'
  | 'answer'
  | 'answerRefused'
  | 'expired'
  | 'PostToolUse'
  | 'PostToolUseFailure'
  | 'Stop'
  | 'auditLoss'
  | 'grantRevoked'
  | 'grantsPruned'
  | 'shadow';

/**
 * What a shadow policy would have decided for a call (toolgate docs, "Shadow policies"), beside
 * the live outcome it is compared with. Kept on an audit entry of event `shadow`, written after
 * the call's own decision entry. Never enforced.
 * @public
 */
export interface AuditShadow {
  /** The shadow's would-be decision; `error` when its evaluation threw or timed out (the live decision stood). */
  behavior: Behavior | 'error';
  askKind?: AskKind;
  reasonKind?: ReasonKind;
  /** Why, redacted as the audit log redacts reasons. */
  reason?: string;
  /** The rule that decided under the shadow, when one did. */
  ruleText?: string;
  /** The file it came from, else its source kind. */
  ruleSource?: string;
  /** The mode the shadow decided in. */
  mode?: string;
  /** Digest of the shadow policy (`policyDigest`). */
  policyDigest?: string;
  /**
   * The live policy's outcome for the same call: its decision before any grant or person
   * answered (a call a grant answered was an ask of the policy), its rule, and who settled it.
   */
  live: { behavior: Behavior; ruleText?: string; ruleSource?: string; decidedBy?: string };
  /** How long the shadow evaluation took, in milliseconds. */
  durationMs?: number;
}

/** One line of the append-only audit log. @public */
export interface AuditEntry {
  /** Position in the log, assigned by the store (absent before it is written). */
  seq?: number;
  /** Milliseconds since the epoch. */
  at: number;
  event: AuditEvent;
  sessionId?: string;
  agent?: string;
  projectDir?: string;
  tool?: string;
  /** Lowercase hex SHA-256 of the canonical JSON (RFC 8785) of the unredacted input. */
  inputSha256?: string;
  /** The input with secrets replaced. */
  inputRedacted?: unknown;
  behavior?: Behavior;
  askKind?: AskKind;
  reasonKind?: ReasonKind;
  reason?: string;
  ruleText?: string;
  /** The file the rule came from, else its source kind. */
  ruleSource?: string;
  policyDigest?: string;
  answerer?: string;
  askId?: string;
  /** Who settled the call (`rules`, `grant`, `answer`, `timeout`, `store`, ...). */
  decidedBy?: string;
  /** Free-form extras (e.g. the number of lost entries for `auditLoss`). */
  detail?: string;
  /** The model's tool-use id of the call, when the front end was given one. */
  toolUseId?: string;
  /** The permission mode the call was decided in. */
  mode?: string;
  /** Every step consulted, in order, details redacted (decisions only). */
  trace?: Step[];
  /** The shadow policy's would-be decision, on entries of event `shadow`. */
  shadow?: AuditShadow;
  /**
   * The entry's link in the audit chain, assigned by the store as it appends: lowercase hex
   * SHA-256 over the previous entry's hash and this entry's canonical form (`auditChainHash`).
   * Absent on entries written before the store kept a chain.
   */
  hash?: string;
}

/**
 * The newest link of the audit chain: what an anchor outside the store records, so that
 * `toolgate audit verify --anchor` can tell a log cut short or rewritten whole.
 * @public
 */
export interface AuditHead {
  /** The newest chained entry's position in the log. */
  seq: number;
  /** Its hash. */
  hash: string;
  /** Its time (milliseconds since the epoch). */
  at: number;
  /** How many entries the log holds up to it, itself and any written before the chain included. */
  count: number;
}

/** Which audit entries {@link Store.readAudit} returns, oldest first. @public */
export interface AuditFilter {
  /** Entries at or after this time (milliseconds since the epoch). */
  since?: number;
  /** Entries after this sequence number. */
  afterSeq?: number;
  sessionId?: string;
  /** Entries of one parked ask: its decision, its answer and the release of the call it held. */
  askId?: string;
  /** Entries of one tool call, by the model's tool-use id. */
  toolUseId?: string;
  /** At most this many (default 1000, at most 10 000). */
  limit?: number;
  /** The newest `limit` entries (still returned oldest first). */
  newest?: boolean;
}

/** The result of {@link Store.answerAsk} and {@link Store.expireAsk}. @public */
export type AnswerAskResult =
  { ok: true; ask: AskRecord } | { ok: false; reason: 'unknown' } | { ok: false; reason: 'answered' | 'expired'; ask: AskRecord };

/**
 * What a store tells its subscribers. `parked` and `answered` / `expired` follow a commit (on
 * any replica, for a store shared by several); `resync` means "events may have been missed
 * (another process wrote, a connection came back): re-read what you wait for".
 * @public
 */
export type StoreEvent =
  { type: 'parked'; ask: AskRecord } | { type: 'answered'; ask: AskRecord } | { type: 'expired'; ask: AskRecord } | { type: 'resync' };

/**
 * Parked asks, answers, grants, the audit log and session roots, behind one port. `toolgate
 * serve` works only through this interface; SQLite (embedded, the default) and PostgreSQL (shared
 * by replicas) fill it, and an in-memory one serves tests and short-lived hosts.
 *
 * Contract:
 * - Every method resolves once its writes are committed (a parked ask is committed before
 *   `parkAsk` resolves). A store that cannot be reached rejects with {@link StoreUnavailableError};
 *   expected outcomes (an unknown or already answered ask) are values.
 * - `answerAsk` moves an ask from `pending` to `answered` and stores its grants in one
 *   transaction; of two answers racing, exactly one wins.
 * - The audit log is append-only: nothing updates or deletes its entries. Each entry is chained to
 *   the one before it (`hash`, computed by `appendAudit` in the transaction that appends, in the
 *   order appends commit), so a changed, removed, moved or inserted entry shows (`toolgate audit verify`).
 * - `subscribe` listeners run after the commit that caused the event; they must not throw.
 * @public
 */
export interface Store {
  /** `sqlite`, `postgres`, `memory`, ... */
  readonly kind: string;
  /** Where the data lives, for messages (a file path; a URL without its password). */
  readonly location: string;
  /** Park an ask, with its sealed one-time answer code when it has one (both commit together). */
  parkAsk(ask: NewAsk, code?: { sealed: string }): Promise<AskRecord>;
  getAsk(id: string): Promise<AskRecord | undefined>;
  listAsks(filter?: AskFilter): Promise<AskRecord[]>;
  /** Answer a pending ask and store `grants` with it. */
  answerAsk(id: string, answer: AnswerRecord, grants?: readonly NewGrant[]): Promise<AnswerAskResult>;
  /** The answer codes of these asks (asks without one are left out). */
  answerCodes(askIds: readonly string[]): Promise<AnswerCodeRecord[]>;
  /**
   * Count one answer tried with ask `askId`'s code, unless the code is spent, and return the
   * record after counting (`undefined`: the ask has no code). Counting is atomic, so racing tries
   * are each counted.
   */
  tryAnswerCode(askId: string): Promise<AnswerCodeRecord | undefined>;
  /** Spend ask `askId`'s code; `false` when it was already spent (of two racing, one wins) or there is none. */
  spendAnswerCode(askId: string, at: number): Promise<boolean>;
  /** Give up a pending ask (its hold ran out): it can no longer be answered. */
  expireAsk(id: string, at: number, why?: AskExpiry): Promise<AnswerAskResult>;
  /**
   * Pending asks that no serve process holds (asks parked through the JSON API, and asks parked
   * before holders were recorded) whose deadline has passed at `at`: `expiresAt <= at`, or, for an
   * ask parked without a deadline, `createdAt <= parkedBefore`. Oldest first, at most `limit`
   * (default 100, at most 1000). Nothing is changed: the caller gives each up with
   * {@link Store.expireAsk}, which only a pending ask passes.
   */
  overdueAsks(at: number, parkedBefore: number, limit?: number): Promise<AskRecord[]>;
  /** A holder's heartbeat: count one more beat of `holder` (creating its row on the first). */
  beatHolder(holder: string, at: number): Promise<void>;
  /** Every holder with a row, and every holder named by a pending ask. */
  listHolders(): Promise<HolderRecord[]>;
  /**
   * Give up every pending ask of `holder` with `why`, and forget the holder — only when its beat
   * count is still `beats` (`undefined`: it still has no row), checked in the same transaction, so
   * a holder that beat since it was seen keeps its asks. Returns the asks given up.
   */
  expireHolder(holder: string, beats: number | undefined, at: number, why: AskExpiry): Promise<AskRecord[]>;
  /** The grants that may apply to a call (see {@link GrantFilter}), oldest first. Read from the store on every call: no cache, so a revocation holds on every replica at once. */
  listGrants(filter: GrantFilter): Promise<GrantRecord[]>;
  /** Grants for people to see, newest first. */
  findGrants(query: GrantQuery): Promise<GrantRecord[]>;
  getGrant(id: string): Promise<GrantRecord | undefined>;
  /** Store a grant on its own (the provenance of a settings-file rule); `false` when its id exists. */
  recordGrant(grant: NewGrant): Promise<boolean>;
  /** Revoke a grant; `false` when there is no such unrevoked grant. */
  revokeGrant(id: string, at: number): Promise<boolean>;
  /**
   * Spend a `once` grant: `true` when it was live and unspent at `at` (of two racing, one wins),
   * `false` otherwise.
   */
  useGrant(id: string, at: number): Promise<boolean>;
  /** Delete grants that were revoked, spent or expired before `before`; returns how many. */
  pruneGrants(before: number): Promise<number>;
  /** Append entries to the audit log in one transaction. */
  appendAudit(entries: readonly AuditEntry[]): Promise<void>;
  readAudit(filter?: AuditFilter): Promise<AuditEntry[]>;
  /** The newest link of the audit chain, or `undefined` while the chain is empty. */
  auditHead(): Promise<AuditHead | undefined>;
  /**
   * Remember a session's project root; the first root stored for a session wins and is returned
   * (a session's root is the `cwd` of its first event).
   */
  rememberSession(sessionId: string, projectDir: string, at: number): Promise<string>;
  /** The stored root of a session, if any. */
  sessionRoot(sessionId: string): Promise<string | undefined>;
  /** Resolves when the store can be read and written; rejects with {@link StoreUnavailableError} otherwise. */
  health(): Promise<void>;
  /** Listen to {@link StoreEvent}s; returns the function that stops listening. */
  subscribe(listener: (event: StoreEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * The store could not be reached or written (a closed database, a full disk, a lost connection).
 * `toolgate serve` fails closed on it: see the README, "When the store is unreachable".
 * @public
 */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The store's file was deleted or replaced while serve had it open: writes would go to a file
 * nobody can find again. It does not come back by itself; serve stops allowing until restarted.
 * @public
 */
export class StoreReplacedError extends StoreUnavailableError {
  override readonly name = 'StoreReplacedError';
}

/**
 * A store that cannot be opened: a missing optional dependency, a database written by a newer
 * toolgate, a malformed store address. The message says what to do.
 * @public
 */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}
