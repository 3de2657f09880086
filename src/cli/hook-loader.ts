import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir, cacheKeyOf, isPrivateDir } from './policy-cache.js';

/** What `toolgate hook` needs from its module. */
export interface HookModule {
  /**
   * Run `toolgate hook ARGS`; `input` is the event's text when the caller read it already (else
   * stdin is read); `beforeShellParser` runs before the shell grammar loads (src/cli/hook.ts).
   */
  hookMain(args: string[], input?: string, beforeShellParser?: () => Promise<void>): Promise<number>;
  /** Set V8's `--liftoff-only` (src/cli/hook.ts). */
  liftoffOnly(): Promise<void>;
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
 * of that length. So the cache is bound to the bundle file: the cache file starts with a header
 * holding the bundle's path, device, inode, size, modification and change times (read from the
 * open file before and after reading it), and a cache whose header names anything else (made for
 * another script or another version of this one, or no header at all) is ignored and rewritten.
 * Any change to the bundle's text changes its change time, which no one can set back; the
 * header is compared in full, like the policy cache's inputs (`policy-cache.ts`). The cache is
 * only read from a directory owned by the current user and writable by no one else, like the
 * policy cache, and that directory is a protected path for every tool call
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
  const { source, stamp } = readBundle(bundle);
  const dir = cacheDir(env);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const header = stamp === undefined ? undefined : codeCacheHeader(stamp);
  const file = join(dir, `hook-${kind}-${process.versions.v8}-${process.arch}-${cacheKeyOf(bundle).slice(0, 16)}.code`);
  let cachedData: Buffer | undefined;
  try {
    if (header !== undefined && isPrivateDir(dir)) cachedData = cachedCodeFor(readFileSync(file), header);
  } catch {
    // no cache yet
  }
  const requireFor = await bundleRequire(bundle);
  const script = new Script(wrapper, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as HookModule };
  (script.runInThisContext() as (...a: unknown[]) => void).call(
    module.exports,
    module.exports,
    requireFor,
    module,
    bundle,
    dirname(bundle),
  );
  // The hook sets V8's `--liftoff-only` before it loads the shell grammar (hook.ts, liftoffOnly).
  // Code cached after a flag changed is refused by every later process, which compiles without
  // it: such a call leaves the cache as it is, and the next call without the grammar writes it.
  let flagsChanged = false;
  const hook = module.exports;
  const hookMain = (args: string[], input?: string) =>
    hook.hookMain(args, input, async () => {
      flagsChanged = true;
      await hook.liftoffOnly();
    });
  const afterCall = () => {
    if (header === undefined || flagsChanged || (cachedData && !script.cachedDataRejected)) return;
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
  return {
    hook: { hookMain, liftoffOnly: () => hook.liftoffOnly() },
    cached: cachedData !== undefined && !script.cachedDataRejected,
    afterCall,
  };
}

/**
 * The bundle's `require`: built-in modules directly, packages (loaded only by the calls that need
 * them) through a `require` made for the bundle's path when first asked for.
 */
async function bundleRequire(bundle: string): Promise<(id: string) => unknown> {
  const builtin = process.getBuiltinModule?.bind(process);
  // Node before 20.16: no `process.getBuiltinModule`.
  if (builtin === undefined) return (await import('node:module')).createRequire(bundle);
  let packages: NodeJS.Require | undefined;
  return (id) => builtin(id) ?? (packages ??= (builtin('node:module') as typeof import('node:module')).createRequire(bundle))(id);
}

/**
 * The bundle's text and its stamp (path, device, inode, size, modification and change times), or
 * no stamp when the file changed while it was read (then no cache is read or written).
 */
function readBundle(bundle: string): { source: string; stamp?: string } {
  const fd = openSync(bundle, 'r');
  try {
    const before = stampOf(bundle, fstatSync(fd));
    const source = readFileSync(fd, 'utf8');
    return before === stampOf(bundle, fstatSync(fd)) ? { source, stamp: before } : { source };
  } finally {
    closeSync(fd);
  }
}

function stampOf(path: string, s: Stats): string {
  return `${path}\n${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}

const CACHE_MAGIC = 'toolgate-v8-code-cache-2\n';

/** The header a code cache file for the bundle with stamp `stamp` starts with: a fixed tag, the stamp, a newline. */
export function codeCacheHeader(stamp: string): Buffer {
  return Buffer.from(`${CACHE_MAGIC}${stamp}\n`, 'utf8');
}

/** V8's cached data in a cache file's `bytes` when it starts with `header`, else `undefined` (made for another file). */
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
