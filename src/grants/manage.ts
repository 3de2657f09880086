/**
 * Seeing and revoking grants, for every front end that manages them (`toolgate grants`, the API's
 * `/v1/grants`, the page): one view of a grant and one revocation. A grant that records a rule
 * written to a settings file (`settingsFile`) is revoked by removing the rule from that file, under
 * the lock every settings writer takes, when the file is on this machine; otherwise it stays, and
 * the person is told to remove it by hand.
 */
import type { FileSystem } from '../core/ports.js';
import type { AppliedUpdate } from '../gate/types.js';
import { ruleValueText } from '../gate/session.js';
import { updateSettingsFile } from '../settings/index.js';
import { grantState, type AuditEntry, type GrantRecord, type GrantState, type NewGrant, type Store } from '../store/types.js';

/** A grant as people and programs are shown it: times as ISO strings, its state at the time asked. @public */
export interface GrantView {
  id: string;
  scope: GrantRecord['scope'];
  state: GrantState;
  rule: string;
  projectDir: string;
  sessionId?: string;
  askId?: string;
  /** For `once` grants: the SHA-256 of the exact input approved. */
  inputSha256?: string;
  /** For `once` grants: the working directory of the call approved. */
  cwd?: string;
  /** The sub-agent the grant was given to (a `once` grant, or a sub-agent's `session` grant). */
  agent?: string;
  /** For `once` grants: the mode the call approved was decided in. */
  mode?: string;
  grantedBy: string;
  createdAt: string;
  expiresAt?: string;
  revokedAt?: string;
  usedAt?: string;
  /** For a rule written to a settings file: the file, and whether it is on this machine. */
  settingsFile?: { path: string; here: boolean; note: string };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What a settings-file record says of its file, as shown to a person. */
function fileNote(path: string, here: boolean): string {
  return here
    ? `in ${path}: revoking removes the rule from the file`
    : `written by Claude Code to ${path}, not on this machine: remove by hand`;
}

/**
 * The view of a grant at `at`; `here` says whether its settings file (if any) is on this machine.
 * @public
 */
export function grantView(g: GrantRecord, at: number, here = false): GrantView {
  return {
    id: g.id,
    scope: g.scope,
    state: grantState(g, at),
    rule: g.rule,
    projectDir: g.projectDir,
    ...(g.sessionId !== undefined ? { sessionId: g.sessionId } : {}),
    ...(g.askId !== undefined ? { askId: g.askId } : {}),
    ...(g.inputSha256 !== undefined ? { inputSha256: g.inputSha256 } : {}),
    ...(g.cwd !== undefined ? { cwd: g.cwd } : {}),
    ...(g.agent !== undefined ? { agent: g.agent } : {}),
    ...(g.mode !== undefined ? { mode: g.mode } : {}),
    grantedBy: g.grantedBy,
    createdAt: iso(g.createdAt),
    ...(g.expiresAt !== undefined ? { expiresAt: iso(g.expiresAt) } : {}),
    ...(g.revokedAt !== undefined ? { revokedAt: iso(g.revokedAt) } : {}),
    ...(g.usedAt !== undefined ? { usedAt: iso(g.usedAt) } : {}),
    ...(g.settingsFile !== undefined ? { settingsFile: { path: g.settingsFile, here, note: fileNote(g.settingsFile, here) } } : {}),
  };
}

/** Whether a grant's settings file is on this machine (it exists where the record says). @public */
export async function settingsFileHere(g: Pick<GrantRecord, 'settingsFile'>, fs: FileSystem | undefined): Promise<boolean> {
  if (g.settingsFile === undefined || fs === undefined) return false;
  try {
    return (await fs.stat(g.settingsFile)) !== undefined;
  } catch {
    return false;
  }
}

/**
 * What revoking came to, as a stable code: `revoked`; `unknown` (no such grant); `alreadyRevoked`;
 * `byHand` (a settings-file rule whose file is not on this machine: nothing changed, remove it by
 * hand); `fileUnchanged` (the file could not be written: nothing changed). `message` says it in words.
 * @public
 */
export type RevokeResult =
  | { code: 'revoked'; grant: GrantRecord; message: string }
  | { code: 'unknown'; message: string }
  | { code: 'alreadyRevoked' | 'byHand' | 'fileUnchanged'; grant: GrantRecord; message: string };

/**
 * Who changes grants, and where the change is recorded: every revocation and prune goes through
 * {@link revokeGrant} and {@link pruneGrants}, which write the audit entry themselves, so no front
 * end (the page, `DELETE /v1/grants/:id`, `toolgate grants revoke|prune`) changes grants unrecorded.
 * @public
 */
export interface GrantChanger {
  /** Milliseconds since the epoch. */
  at: number;
  /** Who makes the change, as the audit names answerers (`page:dana`, `token`, `cli:ann`). */
  by: string;
  /** Append one entry to the audit log: serve's audit writer, or the store's `appendAudit` for the command line. */
  audit: (entry: AuditEntry) => Promise<unknown>;
  /** The machine's file system, to remove a settings-file rule; without it such a rule is `byHand`. */
  fs?: FileSystem;
}

/**
 * The audit entry of a grant revoked: which grant (id, scope, rule), where it applied, the ask it
 * answered, and who revoked it (`answerer`).
 * @public
 */
export function revokedGrantEntry(grant: GrantRecord, at: number, by: string, message: string): AuditEntry {
  return {
    at,
    event: 'grantRevoked',
    projectDir: grant.projectDir,
    ...(grant.sessionId !== undefined ? { sessionId: grant.sessionId } : {}),
    ...(grant.askId !== undefined ? { askId: grant.askId } : {}),
    ruleText: grant.rule,
    answerer: by,
    decidedBy: 'person',
    reason: message,
    detail: `grant ${grant.id}, scope ${grant.scope}, given by ${grant.grantedBy}`,
  };
}

/**
 * Revoke grant `id` and record it in the audit log (`grantRevoked`, see {@link GrantChanger}). A
 * settings-file record first has its rule removed from the file under the settings writers' lock
 * (`change.fs`, the machine's file system; without one, or when the file is not here, `byHand`);
 * the record is revoked only once the file no longer holds the rule. From then on the grant
 * answers nothing: the store is read on every decision, on every replica. Only a revocation that
 * happened is audited (`revoked`); the others changed nothing.
 * @public
 */
export async function revokeGrant(store: Store, id: string, change: GrantChanger): Promise<RevokeResult> {
  const r = await revokeInStore(store, id, change.at, change.fs);
  if (r.code === 'revoked') await change.audit(revokedGrantEntry(r.grant, change.at, change.by, r.message));
  return r;
}

async function revokeInStore(store: Store, id: string, at: number, fs?: FileSystem): Promise<RevokeResult> {
  const g = await store.getGrant(id);
  if (g === undefined) return { code: 'unknown', message: `no grant with id ${id}` };
  if (g.revokedAt !== undefined)
    return { code: 'alreadyRevoked', grant: g, message: `grant ${id} was already revoked at ${iso(g.revokedAt)}` };
  if (g.settingsFile !== undefined) {
    if (fs === undefined || !(await settingsFileHere(g, fs))) {
      return {
        code: 'byHand',
        grant: g,
        message: `grant ${id} is the rule ${g.rule} written by Claude Code to ${g.settingsFile}, which is not on this machine: remove it from permissions.allow by hand`,
      };
    }
    const written = await updateSettingsFile(fs, g.settingsFile, [{ op: 'remove', path: ['permissions', 'allow'], values: [g.rule] }]);
    if (!written.ok) return { code: 'fileUnchanged', grant: g, message: written.message };
  }
  if (!(await store.revokeGrant(id, at))) {
    const now = await store.getGrant(id);
    if (now === undefined) return { code: 'unknown', message: `no grant with id ${id}` };
    return { code: 'alreadyRevoked', grant: now, message: `grant ${id} was already revoked` };
  }
  const revoked = { ...g, revokedAt: at };
  const where = g.settingsFile !== undefined ? ` and removed from ${g.settingsFile}` : '';
  return { code: 'revoked', grant: revoked, message: `revoked grant ${id} (${g.scope} ${g.rule})${where}: it answers nothing from now on` };
}

/**
 * Delete the grants revoked, spent or expired before `before` (active grants are kept: pruning
 * answers nothing new) and record it in the audit log (`grantsPruned`: how many, before when, who),
 * when any was deleted. Returns how many were deleted.
 * @public
 */
export async function pruneGrants(store: Store, before: number, change: Omit<GrantChanger, 'fs'>): Promise<number> {
  const n = await store.pruneGrants(before);
  if (n > 0) {
    await change.audit({
      at: change.at,
      event: 'grantsPruned',
      answerer: change.by,
      decidedBy: 'person',
      reason: `deleted ${n} grant${n === 1 ? '' : 's'} revoked, spent or expired before ${iso(before)}`,
      detail: `pruned ${n}, before ${iso(before)}`,
    });
  }
  return n;
}

/** Where a gate's persisted update was made, for {@link settingsRuleGrants}. @public */
export interface PersistedAt {
  /** The project whose gate wrote the file. */
  projectDir: string;
  sessionId?: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** Who answered when the update does not say (`AppliedUpdate.answeredBy`); default `unknown`. */
  grantedBy?: string;
  /** A fresh id for each record. */
  newId: () => string;
}

/**
 * The provenance records of the allow rules a gate's persist step wrote to a settings file
 * ("don't ask again": an answer's `updatedPermissions` with a file destination, applied
 * `sessionAndFile`): one grant record per rule, naming the file, the ask, who answered and when.
 * A rule in the user's settings applies everywhere (`user`), one in a project's settings to the
 * project (`project`). Anything else — a session-only update, a deny or ask rule, a mode — is no
 * such record. Store them with `Store.recordGrant`: `toolgate grants list` then shows them, and
 * revoking one removes the rule from the file ({@link revokeGrant}).
 * @public
 */
export function settingsRuleGrants(applied: AppliedUpdate, where: PersistedAt): NewGrant[] {
  const u = applied.update;
  if (applied.applied !== 'sessionAndFile' || applied.file === undefined || u.type !== 'addRules' || u.behavior !== 'allow') return [];
  const scope = u.destination === 'userSettings' ? ('user' as const) : ('project' as const);
  return u.rules.map((r) => ({
    id: where.newId(),
    scope,
    projectDir: where.projectDir,
    rule: ruleValueText(r),
    ...(applied.askId !== undefined ? { askId: applied.askId } : {}),
    settingsFile: applied.file as string,
    grantedBy: applied.answeredBy ?? where.grantedBy ?? 'unknown',
    createdAt: where.at,
  }));
}

/**
 * Record the provenance of what a gate's persist step wrote (see {@link settingsRuleGrants}); a
 * host with a store calls it on the gate's `permissionUpdate` event. Returns the records stored.
 * @public
 */
export async function recordSettingsRules(store: Store, applied: AppliedUpdate, where: PersistedAt): Promise<NewGrant[]> {
  const records = settingsRuleGrants(applied, where);
  // The ask id references an ask of this store: a gate's own ask (not parked here) is recorded without it.
  const stored: NewGrant[] = [];
  for (const g of records) {
    const known = g.askId !== undefined && (await store.getAsk(g.askId)) !== undefined;
    const record = known ? g : (({ askId: _ask, ...rest }) => rest)(g);
    if (await store.recordGrant(record)) stored.push(record);
  }
  return stored;
}
