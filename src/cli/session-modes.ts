import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheKeyOf, isPrivateDir } from './policy-cache.js';
import { nextSessionMode, sessionCeilingMode, type SessionModeRecord } from '../evaluate/agent-ceiling.js';

/**
 * The main agent's mode per session, for `toolgate hook` (one process per tool call): a
 * sub-agent's call is capped at what its parent would get (toolgate docs, "Sub-agent ceilings"),
 * and the parent's mode is only in the main agent's own events. Kept in the cache directory's
 * `sessions/` folder, one small file per session, trusted only in a directory owned by the current
 * user and writable by no one else (as the policy cache; writes there by a tool call are held for a
 * person: `evaluate/own-files.ts`). A session not seen: unknown (`default`). The record never rises
 * above the least permissive mode seen (`nextSessionMode`): anyone can run a hook with a made-up event.
 */

/** Sessions not seen for this long are forgotten when a new one is recorded. */
const FORGET_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

function fileOf(dir: string, sessionId: string): string {
  return join(dir, 'sessions', `mode-${cacheKeyOf(sessionId)}.json`);
}

/** The session's record as kept; `undefined` when unknown or the record cannot be trusted. */
function readRecord(dir: string, sessionId: string): SessionModeRecord | undefined {
  const folder = join(dir, 'sessions');
  if (!isPrivateDir(dir) || !isPrivateDir(folder)) return undefined;
  try {
    const value = JSON.parse(readFileSync(fileOf(dir, sessionId), 'utf8')) as { sessionId?: unknown; mode?: unknown; lowest?: unknown };
    if (value.sessionId !== sessionId || typeof value.mode !== 'string') return undefined;
    return { last: value.mode, lowest: typeof value.lowest === 'string' ? value.lowest : value.mode };
  } catch {
    return undefined;
  }
}

/**
 * The parent mode a sub-agent of `sessionId` is capped at ({@link sessionCeilingMode}: never above
 * the least permissive mode the main agent was seen in); `undefined` when unknown or the record
 * cannot be trusted.
 */
export function readSessionMode(dir: string, sessionId: string): string | undefined {
  const record = readRecord(dir, sessionId);
  return record === undefined ? undefined : sessionCeilingMode(record);
}

/**
 * Record the main agent's mode in `sessionId` (atomically; unchanged records are not rewritten). A
 * failure is ignored: the sub-agent's parent then counts as `default`, which lets nothing more through.
 */
export function writeSessionMode(dir: string, sessionId: string, mode: string): void {
  try {
    const folder = join(dir, 'sessions');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(dir) || !isPrivateDir(folder)) return;
    const known = readRecord(dir, sessionId);
    const next = nextSessionMode(known, mode);
    if (known !== undefined && known.last === next.last && known.lowest === next.lowest) return;
    const file = fileOf(dir, sessionId);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ sessionId, mode: next.last, lowest: next.lowest }), { mode: 0o600 });
    renameSync(tmp, file);
    if (known === undefined) forgetOld(folder);
  } catch {
    // best effort
  }
}

/** Remove records of sessions not seen for {@link FORGET_AFTER_MS} (run when a new session is recorded). */
function forgetOld(folder: string): void {
  const now = Date.now();
  for (const name of readdirSync(folder)) {
    if (!name.startsWith('mode-')) continue;
    const path = join(folder, name);
    try {
      if (now - statSync(path).mtimeMs > FORGET_AFTER_MS) rmSync(path, { force: true });
    } catch {
      // gone already
    }
  }
}
