import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { isAscii } from 'node:buffer';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir, cacheKeyOf, isPrivateDir } from './policy-cache.js';
import { setWasmFlags } from './wasm-flags.js';

/** What `toolgate hook` needs from its module. */
export interface HookModule {
  /**
   * Run `toolgate hook ARGS`; `input` is the event's text when the caller read it already (else
   * stdin is read); `beforeShellParser` runs before the shell grammar loads, `onPolicyLoad` when
   * the call read the settings instead of the compiled-policy cache (src/cli/hook.ts).
   */
  hookMain(args: string[], input?: string, beforeShellParser?: () => Promise<void>, onPolicyLoad?: () => void): Promise<number>;
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
  // A call that will load the shell grammar sets V8's WebAssembly flags before any code is compiled:
  // its code cache is then made and read under the same flags (V8 refuses a cache made under other
  // flags), so the parser's calls run from a cache of their own too.
  const flagsFirst = kind === 'parser';
  // The same flags as the hook's (`liftoffOnly` in hook.ts), so a cache made by either is read by the other.
  if (flagsFirst) await setWasmFlags();
  const dir = cacheDir(env);
  const requireFor = await bundleRequire(bundle, dir, kind);
  const compiled = compileCached(bundle, dir, `hook-${kind}`);
  const module = { exports: {} as HookModule };
  compiled.run(module, requireFor);
  // The hook sets V8's flags before it loads the shell grammar (hook.ts, liftoffOnly). Code cached
  // after a flag changed is refused by every later process, which compiles without it: such a call
  // leaves the cache as it is, and the next call without the grammar writes it.
  let flagsChanged = false;
  // A call that read the settings files (the policy cache missed: the first call, or settings
  // changed) ran the schema and the rule parser, which the next calls, reading the policy cache,
  // do not: code cached from it would make every later call deserialise that code (a Read's cache
  // was 359 kB instead of 289 kB). Such a call leaves the cache to the next call too.
  let policyLoaded = false;
  const hook = module.exports;
  const hookMain = (args: string[], input?: string) =>
    hook.hookMain(
      args,
      input,
      async () => {
        if (flagsFirst) return;
        flagsChanged = true;
        await hook.liftoffOnly();
      },
      () => {
        policyLoaded = true;
      },
    );
  return {
    hook: { hookMain, liftoffOnly: () => hook.liftoffOnly() },
    cached: compiled.cached,
    afterCall: () => {
      if (!flagsChanged && !policyLoaded) compiled.keep();
      requireFor.keep(!flagsChanged && !policyLoaded);
    },
  };
}

/** A CommonJS file compiled with V8's code cache ({@link loadHook}). */
interface CachedScript {
  /** Run the file's code as a CommonJS module. */
  run(module: { exports: unknown }, require: (id: string) => unknown): void;
  /** Whether V8 ran code from the cache. */
  cached: boolean;
  /** Write the cache when there was none (or it was refused): the code compiled so far. */
  keep(): void;
}

/**
 * Compile the CommonJS `file` with the code cache `name` in `dir` (see {@link loadHook} for how a
 * cache is bound to its file); any failure falls back to plain compilation.
 */
function compileCached(file: string, dir: string, name: string): CachedScript {
  const { source, stamp } = readBundle(file);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const header = stamp === undefined ? undefined : codeCacheHeader(stamp);
  const cacheFile = join(dir, `${name}-${process.versions.v8}-${process.arch}-${cacheKeyOf(file).slice(0, 16)}.code`);
  let cachedData: Buffer | undefined;
  try {
    if (header !== undefined && isPrivateDir(dir)) cachedData = cachedCodeFor(readFileSync(cacheFile), header);
  } catch {
    // no cache yet
  }
  const script = new Script(wrapper, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  return {
    cached,
    run: (module, require) =>
      (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, require, module, file, dirname(file)),
    keep: () => {
      if (header === undefined || cached) return;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (!isPrivateDir(dir)) return;
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, Buffer.concat([header, script.createCachedData()]), { mode: 0o600 });
        renameSync(tmp, cacheFile);
      } catch {
        // best effort: the next call compiles again
      }
    },
  };
}

/**
 * The bundle's `require`, and a step that keeps the code cache of the files it compiled (those of
 * the bundle's own files only when `ownFiles`: when the bundle's is kept too).
 */
type BundleRequire = ((id: string) => unknown) & { keep(ownFiles: boolean): void };

/**
 * The parser runtime the package ships, relative to the hook's folder (`dist/cli/`): web-tree-sitter
 * is not a dependency, the build copies its CommonJS file and wasm into `dist/web-tree-sitter/`
 * (scripts/grammar.ts, decision 0101).
 */
const SHIPPED_PARSER_RUNTIME = '../web-tree-sitter/web-tree-sitter.cjs';

/** A file of the bundle's own beside it (`./hook-shell.cjs`: the shell analysis, scripts/lazy-families.ts). */
const OWN_FILE = /^\.\/([\w-]+)\.cjs$/;

/**
 * The bundle's `require`: built-in modules directly, packages (loaded only by the calls that need
 * them) through a `require` made for the bundle's path when first asked for. The shell grammar's
 * runtime (`web-tree-sitter`, one 170 kB CommonJS file) is compiled with its own code cache
 * (`web-tree-sitter` in `dir`): Node's loader would compile it anew on every call that parses.
 * It is the copy the package ships ({@link SHIPPED_PARSER_RUNTIME}); beside a bundle without one
 * (a test's), the package the bundle's `require` finds.
 * A file of the bundle's own (`./hook-shell.cjs`, which only a call that analyses a command
 * loads) is compiled with a code cache of its own per kind of call, like the bundle.
 */
async function bundleRequire(bundle: string, dir: string, kind: HookCallKind): Promise<BundleRequire> {
  const builtin = process.getBuiltinModule?.bind(process);
  // Node before 20.16: no `process.getBuiltinModule`.
  const packages = builtin === undefined ? (await import('node:module')).createRequire(bundle) : undefined;
  let made: NodeJS.Require | undefined = packages;
  const required = () => (made ??= (builtin!('node:module') as typeof import('node:module')).createRequire(bundle));
  let treeSitter: { exports: unknown; script?: CachedScript } | undefined;
  const runtimePath = rememberedPath(bundle, dir, 'web-tree-sitter', () => required().resolve('web-tree-sitter'));
  const runtimeFile = (): string => {
    const shipped = join(dirname(bundle), SHIPPED_PARSER_RUNTIME);
    return existsSync(shipped) ? shipped : runtimePath.get();
  };
  const loadTreeSitter = (): unknown => {
    if (treeSitter) return treeSitter.exports;
    const file = runtimeFile();
    const module = { exports: {} as unknown };
    treeSitter = module;
    try {
      const script = compileCached(file, dir, 'web-tree-sitter');
      let own: NodeJS.Require | undefined;
      script.run(
        module,
        (id) => builtin!(id) ?? (own ??= (builtin!('node:module') as typeof import('node:module')).createRequire(file))(id),
      );
      treeSitter.script = script;
    } catch {
      // any failure: Node's loader, as before
      treeSitter = { exports: required()(file) };
    }
    return treeSitter.exports;
  };
  const own = new Map<string, { exports: unknown; script: CachedScript }>();
  const loadOwn = (id: string, name: string): unknown => {
    let loaded = own.get(id);
    if (loaded === undefined) {
      const file = join(dirname(bundle), id);
      const script = compileCached(file, dir, `${name}-${kind}`);
      loaded = { exports: {}, script };
      own.set(id, loaded);
      script.run(loaded, require);
    }
    return loaded.exports;
  };
  const require = (id: string): unknown => {
    const ownFile = OWN_FILE.exec(id);
    if (ownFile) return loadOwn(id, ownFile[1]!);
    if (builtin === undefined) return packages!(id === 'web-tree-sitter' ? runtimeFile() : id);
    return builtin(id) ?? (id === 'web-tree-sitter' ? loadTreeSitter() : required()(id));
  };
  return Object.assign(require, {
    keep: (ownFiles: boolean) => {
      if (ownFiles) for (const { script } of own.values()) script.keep();
      treeSitter?.script?.keep();
      runtimePath.keep();
    },
  });
}

/**
 * The path of the package `id` as the bundle's `require` resolves it, remembered in `dir` for the
 * bundle's stamp: Node's resolver costs ≈ 3 ms of CPU on its first use in a process (it reads and
 * matches package.json files), on every call that loads the shell grammar. A remembered path is
 * used only while the bundle is the same file (path, inode, times: a reinstall changes them) and
 * the path still exists, and only from a private directory like the code caches; else `resolve`.
 */
function rememberedPath(bundle: string, dir: string, id: string, resolve: () => string): { get(): string; keep(): void } {
  const file = join(dir, `${id}-path-${cacheKeyOf(bundle).slice(0, 16)}.json`);
  let resolved: { stamp: string; path: string } | undefined;
  return {
    get: () => {
      let stamp: string | undefined;
      try {
        stamp = stampOf(bundle, statSync(bundle));
        if (isPrivateDir(dir)) {
          const kept = JSON.parse(readFileSync(file, 'utf8')) as { stamp?: unknown; path?: unknown };
          if (kept.stamp === stamp && typeof kept.path === 'string' && existsSync(kept.path)) return kept.path;
        }
      } catch {
        // none kept yet, or unreadable: resolve
      }
      const path = resolve();
      if (stamp !== undefined) resolved = { stamp, path };
      return path;
    },
    keep: () => {
      if (resolved === undefined) return;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (!isPrivateDir(dir)) return;
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify(resolved), { mode: 0o600 });
        renameSync(tmp, file);
      } catch {
        // best effort: the next call resolves again
      }
    },
  };
}

/**
 * The bundle's text and its stamp (path, device, inode, size, modification and change times), or
 * no stamp when the file changed while it was read (then no cache is read or written).
 */
function readBundle(bundle: string): { source: string; stamp?: string } {
  const fd = openSync(bundle, 'r');
  try {
    const before = stampOf(bundle, fstatSync(fd));
    const source = textOf(readFileSync(fd));
    return before === stampOf(bundle, fstatSync(fd)) ? { source, stamp: before } : { source };
  } finally {
    closeSync(fd);
  }
}

/**
 * A file's bytes as text. The build's files are ASCII (esbuild writes other characters as escapes):
 * such bytes are read as Latin-1, which gives the same string as UTF-8 without decoding it (the
 * shell analysis's 750 kB: ≈ 0.8 ms of each shell call's CPU). Other bytes are decoded as UTF-8.
 */
function textOf(bytes: Buffer): string {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
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

/**
 * Which code cache a hook call uses: a Bash command that looks like it needs the full parser
 * (`parser`), another shell call's (the shell analysis), another tool's, or one for an event not
 * read yet.
 */
export type HookCallKind = 'parser' | 'shell' | 'other' | 'any';

/**
 * What the shell analysis's lexer never reads (substitutions, expansions, escapes, groups,
 * compound commands, here-documents, several lines): a command with one needs the shell grammar.
 * Only a guess, which picks the code cache and when V8's flags are set: a wrong guess costs time,
 * never changes a decision.
 */
const NEEDS_PARSER = /[$`(){}\\\n]|<<|(?:^|[\s;&|])(?:for|while|until|if|case|select|function|\[\[)(?=\s)/;

/** The kind of call in a hook event's text, for {@link loadHook}; an event it cannot read is `any` (the hook answers it). */
export function hookCallKind(text: string): HookCallKind {
  try {
    const event = JSON.parse(text) as { tool_name?: unknown; tool_input?: { command?: unknown } } | null;
    const tool = event?.tool_name;
    if (typeof tool !== 'string') return 'any';
    if (tool === 'Bash') {
      const command = event?.tool_input?.command;
      return typeof command === 'string' && NEEDS_PARSER.test(command) ? 'parser' : 'shell';
    }
    return tool === 'PowerShell' ? 'shell' : 'other';
  } catch {
    return 'any';
  }
}
