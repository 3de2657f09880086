import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Policy } from '../settings/types.js';

/**
 * A cache of compiled policies for `toolgate hook`, which Claude Code starts once per tool call:
 * loading settings needs the schema library (tens of milliseconds to import), a cached policy
 * does not. The key is every settings file toolgate would read, with its size, modification time
 * and inode, plus the CLI's own build — any change to any of them misses the cache.
 *
 * The cache is only trusted in a directory owned by the current user and writable by no one
 * else (a policy is security-relevant: a poisoned cache must not be read).
 */
export interface CacheLocation {
  dir: string;
}

/** `$TOOLGATE_CACHE_DIR`, else `$XDG_CACHE_HOME/toolgate`, else `~/.cache/toolgate`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['TOOLGATE_CACHE_DIR'] ?? join(env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'toolgate');
}

function fingerprint(path: string): string {
  try {
    const s = statSync(path);
    const kids = s.isDirectory() ? `:${readdirSync(path).sort().join('/')}` : '';
    return `${path}:${s.size}:${s.mtimeMs}:${s.ino}${kids}`;
  } catch {
    return `${path}:absent`;
  }
}

/** The cache key for a set of candidate settings files and the options that shape the policy. */
export function cacheKey(files: readonly string[], options: unknown): string {
  const h = createHash('sha256');
  h.update(fingerprint(process.argv[1] ?? ''));
  for (const f of files) h.update(`\n${fingerprint(f)}`);
  h.update(`\n${JSON.stringify(options)}`);
  return h.digest('hex').slice(0, 40);
}

/** Whether `dir` is a directory owned by the current user and writable by no one else. */
export function isPrivateDir(dir: string): boolean {
  try {
    const s = statSync(dir);
    const uid = process.getuid?.();
    return s.isDirectory() && (uid === undefined || s.uid === uid) && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** Read a cached policy; `undefined` on a miss, a bad file or an unsafe directory. */
export function readCachedPolicy(dir: string, key: string): Policy | undefined {
  if (!isPrivateDir(dir)) return undefined;
  try {
    const value = JSON.parse(readFileSync(join(dir, `policy-${key}.json`), 'utf8')) as { key?: unknown; policy?: Policy };
    return value.key === key && value.policy && Array.isArray(value.policy.rules) ? value.policy : undefined;
  } catch {
    return undefined;
  }
}

/** Write a policy to the cache, atomically; a failure to write is ignored (the cache is an optimisation). */
export function writeCachedPolicy(dir: string, key: string, policy: Policy): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(dir)) return;
    const file = join(dir, `policy-${key}.json`);
    const tmp = join(dirname(file), `.policy-${key}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ key, policy }), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // best effort
  }
}
