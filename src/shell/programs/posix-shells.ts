/**
 * The POSIX-style shells and the builtins that run text as shell code. A shell's `-c` script is
 * read as a nested script (`bash -c 'rm x'`); what else it runs (startup files, standard input,
 * exported functions, prompt variables) is read in `shell-code.ts`. A builtin whose words are
 * code toolgate cannot follow (`eval` of a word that is not literal, `source FILE`) makes the
 * command unknown.
 * Behaviour: bash(1) "INVOCATION", "SHELL BUILTIN COMMANDS"; dash(1).
 */
import { shellInvocation } from './shell-code.js';
import type { WrapperInfo } from './wrapper-types.js';

/** POSIX-style shells whose `-c` script toolgate reads as a nested bash script. @internal */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash']);

/** Builtins and programs whose words are code that toolgate cannot follow. @internal */
export const CODE_AS_DATA: ReadonlySet<string> = new Set([
  'eval',
  'source',
  '.',
  'alias',
  'fc',
  'bind',
  'complete',
  'compgen',
  'enable',
  'hash',
]);

/**
 * Why the words of an `alias` command define an alias, or undefined when they only list them
 * (`alias`, `alias -p`, `alias ls`). A word with `=` or one toolgate cannot see may define one
 * (`alias ls='rm -rf x'`, zsh's global `alias -g X=…` and suffix `alias -s txt=…`). Shells expand
 * an alias in text they read after the definition (dash always, bash with `expand_aliases`, zsh in
 * scripts), so the commands after it cannot be read as written.
 * @internal
 */
export function aliasDefinition(argv: readonly string[], literal: readonly boolean[]): string | undefined {
  const defines = argv.slice(1).some((word, i) => literal[i + 1] !== true || word.includes('='));
  return defines ? `'alias' defines an alias, which changes what the commands after it run` : undefined;
}

/**
 * Builtins that evaluate array subscripts arithmetically (`let 'a[$(cmd)]'` runs cmd), so a
 * `$(` or backtick inside an otherwise quoted argument is still code. Programs with a model say
 * so there (`arithmeticSubscripts`: test, `[`, the declaration builtins, `printf`, `read`, `shift`, …).
 * @internal
 */
export const ARITHMETIC_BUILTINS: ReadonlySet<string> = new Set(['let']);

/** `bash [opts] -c SCRIPT [name args…]`, combined flags like `-lc` included: what a shell runs besides itself. @internal */
export function shellWrapper(argv: readonly string[]): WrapperInfo {
  const { script } = shellInvocation(argv);
  if (script === undefined) return { inner: [], transparent: false, exactOnly: false };
  if (script < 0) return { inner: [{ kind: 'unknown', reason: `${argv[0]} -c without a script` }], transparent: false, exactOnly: false };
  return { inner: [{ kind: 'script', index: script }], transparent: false, exactOnly: false };
}
