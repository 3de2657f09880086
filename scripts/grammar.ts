/**
 * The shell parser's files toolgate ships: the tree-sitter-bash grammar — the WebAssembly file of
 * the pinned `tree-sitter-bash` package (a dev dependency) and its license, copied into the build
 * (`dist/grammars/`) — and the runtime that loads it, the pinned `web-tree-sitter` package's
 * CommonJS file, its WebAssembly and its license (`dist/web-tree-sitter/`). Installs fetch neither
 * package: tree-sitter-bash is 20 MB of native sources and prebuilt bindings with an install script,
 * for the one 1.4 MB file toolgate loads; web-tree-sitter is 4.6 MB (debug builds, source maps, an
 * ES module copy) for 380 kB toolgate loads (decision 0101).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** The grammar's files in the build, relative to `dist` (package.json "exports" names the wasm). */
export const GRAMMAR_FILES = { wasm: 'grammars/tree-sitter-bash.wasm', license: 'grammars/tree-sitter-bash.LICENSE' } as const;

/**
 * The parser runtime's files in the build, relative to `dist`, each with its name in the
 * `web-tree-sitter` package. The CommonJS file finds its wasm beside itself (`__dirname`); the
 * library's chunks import it as `./web-tree-sitter/web-tree-sitter.cjs` (tsup.config.ts) and
 * `toolgate hook` requires it from `dist/cli/../web-tree-sitter/` (src/cli/hook-loader.ts).
 */
export const RUNTIME_FILES = {
  'web-tree-sitter/web-tree-sitter.cjs': 'web-tree-sitter.cjs',
  'web-tree-sitter/web-tree-sitter.wasm': 'web-tree-sitter.wasm',
  'web-tree-sitter/LICENSE': 'LICENSE',
} as const;

/** The folder of an installed package's file `id`, as `root`'s `require` finds it. */
function folderOf(root: string, id: string): string {
  return dirname(createRequire(resolve(root, 'package.json')).resolve(id));
}

/** Copy the grammar and its license from the installed `tree-sitter-bash` into `dist`. */
export function copyGrammar(root: string, dist: string): void {
  const from = folderOf(root, 'tree-sitter-bash/package.json');
  mkdirSync(join(dist, 'grammars'), { recursive: true });
  copyFileSync(join(from, 'tree-sitter-bash.wasm'), join(dist, GRAMMAR_FILES.wasm));
  copyFileSync(join(from, 'LICENSE'), join(dist, GRAMMAR_FILES.license));
}

/** Copy the parser runtime's files (unchanged) from the installed `web-tree-sitter` into `dist`. */
export function copyParserRuntime(root: string, dist: string): void {
  // Its "exports" has no ./package.json: the CommonJS file (the `require` condition) is at its root.
  const from = folderOf(root, 'web-tree-sitter');
  mkdirSync(join(dist, 'web-tree-sitter'), { recursive: true });
  for (const [to, name] of Object.entries(RUNTIME_FILES)) copyFileSync(join(from, name), join(dist, to));
}
