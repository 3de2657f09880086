import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { cacheDir, isPrivateDir } from './policy-cache.js';

/** What `toolgate hook` needs from its module. */
export interface HookModule {
  /** Run `toolgate hook ARGS`; `input` is the event's text when the caller read it already (else stdin is read). */
  hookMain(args: string[], input?: string): Promise<number>;
}

/** The loaded hook, and a step to run after the call that keeps V8's compiled code for the next one. */
export interface LoadedHook {
  hook: HookModule;
  /** Whether V8 ran code from the cache (false when it compiled the hook). */
  cached: boolean;
  afterCall(): void;
}

/**
 * Load `toolgate hook` for one call. Claude Code starts the hook once per tool call, so compiling
 * its code is a large part of each call: the build ships the hook as one CommonJS file
 * (`dist/cli/hook.cjs`) that is compiled with V8's code cache, kept in toolgate's cache directory
 * (Node 20 has no `module.enableCompileCache`). V8 checks cached code against its source only by
 * the source's length (and its own version and flags): it runs code cached for any other script
 * of that length. So the cache is bound to the bundle's content: the file's name holds the
 * SHA-256 of the compiled text and the file starts with a header holding all of it; a cache whose
 * header names another text (made for another script, or no header at all) is ignored and
 * rewritten. The cache is only read from a directory owned by the current user and writable by no
 * one else, like the policy cache, and that directory is a protected path for every tool call
 * (`src/evaluate/own-files.ts`). Any failure (no bundle when running from source, an unreadable,
 * unwritable or rejected cache) falls back to plain compilation: the cache changes the time,
 * never the decision.
 *
 * V8 caches the functions compiled before the cache is made, that is those the first call ran: a
 * cache made by a Read lacks the shell analysis, which every later Bash call then compiled again.
 * `kind` (from {@link hookCallKind}) names one cache per kind of call, each holding its own path.
 */
export async function loadHook(bundle: string, env: NodeJS.ProcessEnv = process.env, kind: HookCallKind = 'any'): Promise<LoadedHook> {
  if (!existsSync(bundle)) return { hook: await import('./hook.js'), cached: false, afterCall: () => {} };
  // Before compiling: V8 rejects code cached under other flags (see hookMain).
  setFlagsFromString('--liftoff-only');
  const source = readFileSync(bundle, 'utf8');
  const dir = cacheDir(env);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const header = codeCacheHeader(wrapper);
  const file = join(dir, `hook-${kind}-${process.versions.v8}-${process.arch}-${header.subarray(CACHE_MAGIC.length).toString('hex').slice(0, 24)}.code`);
  let cachedData: Buffer | undefined;
  try {
    if (isPrivateDir(dir)) cachedData = cachedCodeFor(readFileSync(file), header);
  } catch {
    // no cache yet
  }
  const script = new Script(wrapper, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as HookModule };
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const afterCall = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!isPrivateDir(dir)) return;
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, Buffer.concat([header, script.createCachedData()]), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // best effort: the next call compiles again
    }
  };
  return { hook: module.exports, cached: cachedData !== undefined && !script.cachedDataRejected, afterCall };
}

const CACHE_MAGIC = Buffer.from('toolgate-v8-code-cache-1\n');

/** The header a code cache file of `text` starts with: a fixed tag, then the SHA-256 of `text`. */
export function codeCacheHeader(text: string): Buffer {
  return Buffer.concat([CACHE_MAGIC, createHash('sha256').update(text).digest()]);
}

/** V8's cached data in a cache file's `bytes` when it starts with `header`, else `undefined` (made for another text). */
export function cachedCodeFor(bytes: Buffer, header: Buffer): Buffer | undefined {
  return bytes.length > header.length && bytes.subarray(0, header.length).equals(header) ? bytes.subarray(header.length) : undefined;
}

/** Which code cache a hook call uses: a shell call's (the shell analysis), another tool's, or one for an event not read yet. */
export type HookCallKind = 'shell' | 'other' | 'any';

/** The kind of call in a hook event's text, for {@link loadHook}; an event it cannot read is `any` (the hook answers it). */
export function hookCallKind(text: string): HookCallKind {
  try {
    const tool = (JSON.parse(text) as { tool_name?: unknown } | null)?.tool_name;
    if (typeof tool !== 'string') return 'any';
    return tool === 'Bash' || tool === 'PowerShell' ? 'shell' : 'other';
  } catch {
    return 'any';
  }
}
