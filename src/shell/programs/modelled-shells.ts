/**
 * The shells toolgate models a dialect of, apart from the shells' model (`posix-shells.ts`) so
 * the front ends that read a shell's name (`evaluate/door/shell.ts`) need none of the shell
 * analysis: `toolgate hook` keeps it in a file of its own that a Read never loads.
 */

/** The shells toolgate models a dialect of: what a Bash call may be run by. @internal */
export const MODELLED_SHELLS = ['bash', 'sh', 'zsh'] as const;

/**
 * The modelled shell a program's file name denotes (`bash`, `zsh`, `sh`, with a version or an
 * `.exe` after it: `bash5`, `zsh-5.9`), or undefined — a shell without a dialect (fish, dash under
 * another name) is not guessed. @internal
 */
export function modelledShellOfName(name: string): (typeof MODELLED_SHELLS)[number] | undefined {
  const m = /^([a-z]+)(?:-?[0-9][0-9.]*)?(?:\.exe)?$/.exec(name);
  return MODELLED_SHELLS.find((s) => s === m?.[1]);
}
