/**
 * The POSIX-style shells and the builtins that run text as shell code. A shell's `-c` script is
 * read as a nested script (`bash -c 'rm x'`); what else it runs (startup files, standard input,
 * exported functions, prompt variables) is read in `shell-code.ts`. A builtin whose words are
 * code toolgate cannot follow (`eval` of a word that is not literal, `source FILE`) makes the
 * command unknown.
 * Behaviour: bash(1) "INVOCATION", "SHELL BUILTIN COMMANDS"; dash(1).
 */
import { shellInvocation } from './shell-code.js';
import { SHELLS, shellName } from './shell-names.js';
import type { WrapperInfo } from './wrapper-types.js';

export { SHELLS, shellName };

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
 * Why the words of a `hash` command bind a command name to a program, or undefined when they only
 * list, look up or forget (`hash`, `hash -r`, `hash -t ls`, `hash ls`): bash's `hash -p PATH NAME`
 * and zsh's `hash NAME=PATH` (and `hash -d NAME=DIR`, a named directory) make the later `NAME`
 * run PATH (red team 17 R17-9: `hash -p /usr/bin/truncate ls; ls -s0 .claude/settings.json`
 * emptied it in bash, `hash ls=/usr/bin/truncate; …` in zsh). A word toolgate cannot see may be either.
 * @internal
 */
export function hashBinding(argv: readonly string[], literal: readonly boolean[]): string | undefined {
  const binds = argv.slice(1).some((word, i) => literal[i + 1] !== true || word.includes('=') || /^-[A-Za-z]*p/.test(word));
  return binds ? `'hash' binds a command name to a program, which changes what the commands after it run` : undefined;
}

/**
 * Why the words of bash's `enable` change which code a later command name runs, or undefined when
 * they only list (`enable`, `enable -a`, `enable -p`, `enable -s`): `enable -n NAME` makes NAME the
 * program of that name, `enable -f FILE NAME` loads a builtin from a shared object.
 * @internal
 */
export function enableBinding(argv: readonly string[], literal: readonly boolean[]): string | undefined {
  const changes = argv.slice(1).some((word, i) => literal[i + 1] !== true || !/^-[aps]+$/.test(word));
  return changes ? `'enable' changes which code a command name runs, which changes what the commands after it run` : undefined;
}

/**
 * The builtins that change which code a later command name runs, each with why its words do (or
 * undefined when they only list): the commands after such a command are not what the text shows,
 * a firm ask in every mode.
 * @internal
 */
export const NAME_BINDINGS: Readonly<Record<string, (argv: readonly string[], literal: readonly boolean[]) => string | undefined>> = {
  alias: aliasDefinition,
  hash: hashBinding,
  enable: enableBinding,
};

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
