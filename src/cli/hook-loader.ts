import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
 * (Node 20 has no `module.enableCompileCache`). The cache file is named after the bundle's size,
 * inode, modification and change times and the V8 version, so a rebuilt or reinstalled toolgate
 * never uses code compiled from another file (V8 itself only checks the source's length). The cache is
 * only read from a directory owned by the current user and writable by no one else, like the
 * policy cache. Any failure (no bundle when running from source, an unreadable, unwritable or
 * rejected cache) falls back to plain compilation: the cache changes the time, never the decision.
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
  let file: string | undefined;
  let cachedData: Buffer | undefined;
  try {
    const s = statSync(bundle);
    file = join(dir, `hook-${kind}-${process.versions.v8}-${process.arch}-${s.size}-${s.ino}-${s.mtimeMs}-${s.ctimeMs}.code`);
    if (isPrivateDir(dir)) cachedData = readFileSync(file);
  } catch {
    // no cache yet
  }
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as HookModule };
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const afterCall = () => {
    if (file === undefined || (cachedData && !script.cachedDataRejected)) return;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!isPrivateDir(dir)) return;
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // best effort: the next call compiles again
    }
  };
  return { hook: module.exports, cached: cachedData !== undefined && !script.cachedDataRejected, afterCall };
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
