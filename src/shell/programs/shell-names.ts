/**
 * The POSIX-style shells' names, apart from what they run (`posix-shells.ts`, `shell-code.ts`): a
 * table a call of another tool reads too (a write into a file the user's start-up files give to a
 * shell, evaluate/sourced-files.ts), so it lives in the hook's main bundle (tsup.config.ts, `outside`).
 */
import { variantBase } from './name-variants.js';

/** POSIX-style shells whose `-c` script toolgate reads as a nested bash script. @internal */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash']);

/**
 * The shell of {@link SHELLS} a (folded) program name is, also under a versioned name (`zsh-5.9`,
 * which zsh's `make install` links, `ksh93`: name-variants.ts), or undefined.
 * @internal
 */
export function shellName(name: string): string | undefined {
  return SHELLS.has(name) ? name : variantBase(name, (n) => SHELLS.has(n), 'any');
}
