/**
 * The store of `toolgate serve`: parked asks, answers, grants, the audit log and session roots,
 * behind one port ({@link Store}) that SQLite (embedded default) and PostgreSQL (shared by
 * replicas) fill; an in-memory one serves tests. Node-only. Hosts of `toolgate/gate` may use it
 * to keep parked asks and an audit log of their own.
 * @packageDocumentation
 */
export type * from './types.js';
export type { AskAnswer, PendingAsk } from '../gate/types.js';
export type { AskKind, Behavior, ReasonKind } from '../core/types.js';
export { ANSWER_SCOPES, grantState, StoreOpenError, StoreReplacedError, StoreUnavailableError } from './types.js';
export { openSpillJournal, type SpillJournal } from './spill.js';
export { createMemoryStore } from './memory.js';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/store.js';
export { SQLITE_MIGRATIONS, type Migration } from './sqlite/migrations.js';
export { openPostgresStore, redactPostgresUrl, type PostgresStoreOptions } from './postgres/store.js';
export { POSTGRES_MIGRATIONS } from './postgres/migrations.js';
export { openStore, parseStoreAddress, defaultStoreAddress, type StoreAddress, defaultSpillFile } from './open.js';
export { createAuditWriter, type AuditWriter, type AuditWriterOptions, type AuditWriteResult } from './audit-writer.js';
export { grantRules, type GrantRulesResult } from './grants.js';
export { redactInput, redactString, SECRET_KEY, REDACTED, MAX_REDACTED_STRING } from './redact.js';
export { canonicalJson, inputSha256 } from './canonical.js';
export { AUDIT_CHAIN_GENESIS, auditCanonicalForm, auditChainHash } from './chain.js';
export {
  verifyAuditChain,
  parseAuditAnchors,
  type AuditAnchor,
  type AuditBreak,
  type AuditBreakCode,
  type AuditGap,
  type AuditVerification,
} from './verify.js';
export { shadowDirection, type ShadowDirection } from '../shadow/compare.js';
export { summariseShadow, formatShadowSummary, type ShadowExample, type ShadowGroup, type ShadowSummary } from '../shadow/summary.js';
