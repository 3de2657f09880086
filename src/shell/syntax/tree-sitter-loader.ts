/**
 * Loads web-tree-sitter and the tree-sitter-bash grammar once per process. The only file of
 * the shell module that touches Node built-ins (to locate and read the grammar's `.wasm`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Parser as TsParser } from 'web-tree-sitter';

let parser: TsParser | undefined;
let loading: Promise<void> | undefined;

/** Options for {@link loadTreeSitter}. @public */
export interface PrepareShellOptions {
  /**
   * The tree-sitter-bash grammar as bytes or a file path; default: the copy toolgate ships
   * (`toolgate/tree-sitter-bash.wasm`, the wasm of the tree-sitter-bash version it was built with).
   */
  grammar?: string | Uint8Array;
}

/** A `require` for this module's place (`node:module` is loaded only with the grammar). */
async function requireFromHere(): Promise<NodeJS.Require> {
  const { createRequire } = await import('node:module');
  // tsup's shims give `import.meta.url` in the CJS build too; fall back to the working directory.
  try {
    return createRequire(import.meta.url);
  } catch {
    return createRequire(`${process.cwd()}/`);
  }
}

/**
 * The grammar's file: the copy in toolgate's package, found by the package's own name (its
 * "exports" map it to dist/grammars/); in a source checkout that was never built, the
 * `tree-sitter-bash` dev dependency the build copies it from. Never another installed
 * tree-sitter-bash first: its grammar might not match the pinned web-tree-sitter.
 */
async function defaultGrammar(): Promise<string> {
  const shipped = shippedGrammar();
  if (shipped !== undefined) return shipped;
  const require = await requireFromHere();
  for (const id of ['toolgate/tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm']) {
    try {
      return require.resolve(id);
    } catch {
      // try the next
    }
  }
  throw new Error(
    'the tree-sitter-bash grammar toolgate ships (dist/grammars/tree-sitter-bash.wasm) is missing: reinstall toolgate, or pass `grammar` to prepareShell',
  );
}

/**
 * The grammar the build puts beside toolgate's code: `dist/grammars/`, next to the library's
 * files and one folder above `toolgate hook`'s (`dist/cli/`). The same file the package's name
 * resolves to, found without Node's resolver, whose first use in a process costs ≈ 3 ms of CPU
 * (`toolgate hook` runs once per tool call). Undefined when running from source.
 */
function shippedGrammar(): string | undefined {
  try {
    for (const relative of ['./grammars/tree-sitter-bash.wasm', '../grammars/tree-sitter-bash.wasm']) {
      const url = new URL(relative, import.meta.url);
      if (url.protocol === 'file:' && existsSync(url)) return fileURLToPath(url);
    }
  } catch {
    // no module URL: the resolver finds it
  }
  return undefined;
}

/**
 * The parser runtime the build ships beside the library's chunks (`dist/web-tree-sitter/`,
 * decision 0101), required rather than imported: an ES module's `import()` of a CommonJS file has
 * Node lex its 168 kB for export names first (≈ 20 ms of CPU at every start that parses, against
 * ≈ 3 ms for `require`). Undefined where there is no such copy (a source checkout: the dev
 * dependency is imported; `toolgate hook`, whose loader answers the import, decision 0076).
 */
function shippedRuntime(): string | undefined {
  try {
    const url = new URL('./web-tree-sitter/web-tree-sitter.cjs', import.meta.url);
    if (url.protocol === 'file:' && existsSync(url)) return fileURLToPath(url);
  } catch {
    // no module URL: imported below
  }
  return undefined;
}

async function parserRuntime(): Promise<typeof import('web-tree-sitter')> {
  const shipped = shippedRuntime();
  if (shipped !== undefined) return (await requireFromHere())(shipped) as typeof import('web-tree-sitter');
  return import('web-tree-sitter');
}

async function grammarBytes(grammar: PrepareShellOptions['grammar']): Promise<Uint8Array> {
  if (grammar instanceof Uint8Array) return grammar;
  // The Buffer is a Uint8Array already: a copy of the 1.4 MB grammar cost ≈ 0.5 ms of each hook
  // call that parses (fresh pages), and V8 copies the bytes it compiles anyway.
  return readFileSync(grammar ?? (await defaultGrammar()));
}

/**
 * Loads the parser (idempotent; concurrent callers share one load). Rejects when the
 * runtime or the grammar cannot be loaded; a later call retries.
 */
export function loadTreeSitter(options: PrepareShellOptions = {}): Promise<void> {
  if (parser) return Promise.resolve();
  loading ??= (async () => {
    const { Parser, Language } = await parserRuntime();
    await Parser.init();
    const language = await Language.load(await grammarBytes(options.grammar));
    const p = new Parser();
    p.setLanguage(language);
    parser = p;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The loaded parser, or undefined before {@link loadTreeSitter} has finished. */
export function loadedParser(): TsParser | undefined {
  return parser;
}
