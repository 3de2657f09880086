/**
 * Loads web-tree-sitter and the tree-sitter-bash grammar once per process. The only file of
 * the shell module that touches Node built-ins (to locate and read the grammar's `.wasm`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

function requireFromHere(): NodeJS.Require {
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
function defaultGrammar(): string {
  const require = requireFromHere();
  for (const id of ['toolgate/tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm']) {
    try {
      return require.resolve(id);
    } catch {
      // try the next
    }
  }
  throw new Error('the tree-sitter-bash grammar toolgate ships (dist/grammars/tree-sitter-bash.wasm) is missing: reinstall toolgate, or pass `grammar` to prepareShell');
}

function grammarBytes(grammar: PrepareShellOptions['grammar']): Uint8Array {
  if (grammar instanceof Uint8Array) return grammar;
  return new Uint8Array(readFileSync(grammar ?? defaultGrammar()));
}

/**
 * Loads the parser (idempotent; concurrent callers share one load). Rejects when the
 * runtime or the grammar cannot be loaded; a later call retries.
 */
export function loadTreeSitter(options: PrepareShellOptions = {}): Promise<void> {
  if (parser) return Promise.resolve();
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const language = await Language.load(grammarBytes(options.grammar));
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
