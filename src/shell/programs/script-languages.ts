/**
 * The language an interpreter runs a script in, by the interpreter's name: what a hook's script
 * loads beside itself depends on it (decision 0127: Python's importable names, Node's relative
 * imports, a shell's sourced files). Knowledge of programs lives here, not in `evaluate/`.
 */

/** The languages whose loading toolgate follows. */
export type ScriptLanguage = 'python-script' | 'node-script' | 'shell-script';

/**
 * The language `name` (a basename) runs a script in: CPython and PyPy (`python3.11`); Node and
 * the runners that load Node's modules (tsx, ts-node, bun, deno); the POSIX shells.
 * @internal
 */
export function interpreterLanguage(name: string): ScriptLanguage | undefined {
  if (/^python[\d.]*$|^pypy[\d.]*$/.test(name)) return 'python-script';
  if (/^(?:node|tsx|ts-node|bun|deno)$/.test(name)) return 'node-script';
  if (/^(?:ba|z|da|k)?sh$/.test(name)) return 'shell-script';
  return undefined;
}

/** The language a script's file name says it is in (`.py`, `.mjs`, `.ts`, `.sh`, `.bash`, `.zsh`), or undefined. @internal */
export function extensionLanguage(path: string): ScriptLanguage | undefined {
  if (/\.pyw?$/.test(path)) return 'python-script';
  if (/\.[cm]?[jt]s$/.test(path)) return 'node-script';
  if (/\.(?:sh|bash|zsh)$/.test(path)) return 'shell-script';
  return undefined;
}

/**
 * Whether a file's name is one of a script an interpreter runs (`.js`, `.ts`, `.py`, `.sh`, `.rb`,
 * `.pl`, `.lua`, `.php`…): a path inline code names (`node -e "require('./x.js')"`) is code it
 * loads when so named, data otherwise (red team 27 RT27-B23..B33). @internal
 */
export function isCodeFileName(path: string): boolean {
  return /\.(?:[cm]?[jt]sx?|py|sh|bash|zsh|rb|pl|pm|lua|php)$/.test(path);
}
