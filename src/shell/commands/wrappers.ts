/**
 * Commands that run another command: which words are the inner command, and how an allow rule
 * treats the wrapper. Claude Code docs, Configure permissions › Bash (wrappers, exec wrappers).
 */
import { shellInvocation } from './shell-code.js';
import { PROGRAMS } from '../programs/index.js';

export type { RunTimeInput } from '../types.js';
export type { Unwrapped, WrapperInfo } from '../programs/wrapper-types.js';
import type { Unwrapped, WrapperInfo } from '../programs/wrapper-types.js';

/** POSIX-style shells whose `-c` script toolgate reads as a nested bash script. */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash']);

/** Builtins and programs whose words are code that toolgate cannot follow. */
export const CODE_AS_DATA = new Set(['eval', 'source', '.', 'alias', 'fc', 'bind', 'complete', 'compgen', 'enable', 'hash']);

/**
 * Builtins that evaluate array subscripts arithmetically (`let 'a[$(cmd)]'` runs cmd), so a
 * `$(` or backtick inside an otherwise quoted argument is still code. Programs with a model say
 * so there (`arithmeticSubscripts`: test, `[`, the declaration builtins, `printf`, `read`, `shift`, …).
 */
export const ARITHMETIC_BUILTINS = new Set(['let']);

/** `bash [opts] -c SCRIPT [name args…]`, combined flags like `-lc` included. */
function shellWrapper(argv: readonly string[]): WrapperInfo {
  const { script } = shellInvocation(argv);
  if (script === undefined) return { inner: [], transparent: false, exactOnly: false };
  if (script < 0) return { inner: [{ kind: 'unknown', reason: `${argv[0]} -c without a script` }], transparent: false, exactOnly: false };
  return { inner: [{ kind: 'script', index: script }], transparent: false, exactOnly: false };
}

/**
 * What a command runs besides itself. `argv[0]` is the program name (basename).
 * Returns undefined for an ordinary command.
 */
export function unwrap(name: string, argv: readonly string[], literal: readonly boolean[] = []): WrapperInfo | undefined {
  if (SHELLS.has(name)) return shellWrapper(argv);
  const model = PROGRAMS.get(name)?.unwrap;
  if (model) return model(argv, literal);
  return undefined;
}
