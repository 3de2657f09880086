import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Policy } from '../settings/types.js';
import { toolgateCacheDir } from '../evaluate/own-files.js';

/**
 * A cache of compiled policies for `toolgate hook`, which Claude Code starts once per tool call:
 * loading settings needs the schema library (tens of milliseconds to import), a cached policy
 * does not. The key is every settings file toolgate would read, with its size, modification and change times
 * and inode, plus the CLI's own build — any change to any of them misses the cache.
 *
 * The cache is only trusted in a directory owned by the current user and writable by no one
 * else (a policy is security-relevant: a poisoned cache must not be read). The agent runs as
 * that user, so the evaluator also holds every write into this directory for a person
 * (`evaluate/own-files.ts`): a tool call cannot rewrite the policy the hook decides with.
 */
export interface CacheLocation {
  dir: string;
}

/** `$TOOLGATE_CACHE_DIR`, else `$XDG_CACHE_HOME/toolgate`, else `~/.cache/toolgate`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return toolgateCacheDir((name) => env[name], homedir());
}

function fingerprint(path: string): string {
  try {
    const s = statSync(path);
    const kids = s.isDirectory() ? `:${readdirSync(path).sort().join('/')}` : '';
    // The change time too: a rewrite of the same size with its modification time set back
    // (`touch -d`) keeps size, mtime and inode, but no one can set ctime back.
    return `${path}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}${kids}`;
  } catch {
    return `${path}:absent`;
  }
}

/**
 * What a cached policy depends on: the CLI's own build, every candidate settings file (size,
 * modification time, inode; a folder's entries) and the options that shape the policy. Stored in
 * the cache file and compared in full, so two different inputs never share a policy.
 */
export function cacheInputs(files: readonly string[], options: unknown): string {
  return [fingerprint(process.argv[1] ?? ''), ...files.map(fingerprint), JSON.stringify(options)].join('\n');
}

/**
 * A file name for {@link cacheInputs}: 128 bits of four seeded FNV-1a hashes. Not a cryptographic
 * digest, and it need not be one: a cached policy is used only when its stored inputs are equal
 * to the call's in full (the hook skips loading `node:crypto`, ≈ 3 ms per call).
 */
export function cacheKeyOf(inputs: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x2545f491, 0x9e3779b9]) {
    let h = seed >>> 0;
    for (let i = 0; i < inputs.length; i++) h = Math.imul(h ^ inputs.charCodeAt(i), 0x01000193) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}

/** The cache key for a set of candidate settings files and the options that shape the policy. */
export function cacheKey(files: readonly string[], options: unknown): string {
  return cacheKeyOf(cacheInputs(files, options));
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

/**
 * Read a cached policy; `undefined` on a miss, a bad file or an unsafe directory, and when
 * `inputs` is given and the file was written for other inputs.
 */
export function readCachedPolicy(dir: string, key: string, inputs?: string): Policy | undefined {
  if (!isPrivateDir(dir)) return undefined;
  try {
    const value = JSON.parse(readFileSync(join(dir, `policy-${key}.json`), 'utf8')) as { key?: unknown; inputs?: unknown; policy?: Policy };
    if (inputs !== undefined && value.inputs !== inputs) return undefined;
    return value.key === key && value.policy && Array.isArray(value.policy.rules) ? value.policy : undefined;
  } catch {
    return undefined;
  }
}

/** Write a policy to the cache, atomically; a failure to write is ignored (the cache is an optimisation). */
export function writeCachedPolicy(dir: string, key: string, policy: Policy, inputs?: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(dir)) return;
    const file = join(dir, `policy-${key}.json`);
    const tmp = join(dirname(file), `.policy-${key}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ key, ...(inputs !== undefined ? { inputs } : {}), policy }), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // best effort
  }
}
