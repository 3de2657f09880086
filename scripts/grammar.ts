/**
 * The tree-sitter-bash grammar toolgate ships: the WebAssembly file of the pinned
 * `tree-sitter-bash` package (a dev dependency) and its license, copied into the build
 * (`dist/grammars/`). Installs never fetch that package: it is 20 MB of native sources and
 * prebuilt bindings with an install script, for the one 1.4 MB file toolgate loads.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** The grammar's files in the build, relative to `dist` (package.json "exports" names the wasm). */
export const GRAMMAR_FILES = { wasm: 'grammars/tree-sitter-bash.wasm', license: 'grammars/tree-sitter-bash.LICENSE' } as const;

/** Copy the grammar and its license from the installed `tree-sitter-bash` into `dist`. */
export function copyGrammar(root: string, dist: string): void {
  const from = dirname(createRequire(resolve(root, 'package.json')).resolve('tree-sitter-bash/package.json'));
  mkdirSync(join(dist, 'grammars'), { recursive: true });
  copyFileSync(join(from, 'tree-sitter-bash.wasm'), join(dist, GRAMMAR_FILES.wasm));
  copyFileSync(join(from, 'LICENSE'), join(dist, GRAMMAR_FILES.license));
}
