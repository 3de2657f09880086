import { loadedParser, loadTreeSitter, type PrepareShellOptions } from './syntax/tree-sitter-loader.js';

export type { PrepareShellOptions };

/**
 * Loads the full shell parser (web-tree-sitter with the tree-sitter-bash grammar) once per
 * process; later calls return at once. Until it has resolved, `analyzeShell` reads only the
 * common subset and reports anything else as unknown (`'shell parser not prepared'`).
 * Cold start is about 90 ms (WASM compile and grammar load).
 * @throws when the WASM runtime or grammar cannot be loaded (a later call retries).
 * @public
 */
export function prepareShell(options?: PrepareShellOptions): Promise<void> {
  return loadTreeSitter(options);
}

/** Whether {@link prepareShell} has finished, so `analyzeShell` can parse any command. @public */
export function isShellPrepared(): boolean {
  return loadedParser() !== undefined;
}
