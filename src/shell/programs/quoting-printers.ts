/**
 * Programs that print a file's content as shell code with every value quoted, so a shell that
 * evaluates what they print runs none of the file's text: dircolors (`eval "$(dircolors -b
 * ~/.dircolors)"`, Debian's stock ~/.bashrc) prints `LS_COLORS='…'` with a `'` of the file as
 * `'\''`. Verified with GNU coreutils 9.1 dircolors on Debian 12: a ~/.dircolors holding
 * `DIR 01;34$(touch PWNED)'`…`` printed it quoted, and `bash -i` with that line ran nothing
 * (startup26). Any other program whose output a start-up file evaluates is taken to carry the
 * file's text (evaluate/sourced-text.ts): a list of what is known to quote, not of what is known to copy.
 * A table a call of another tool reads too, in the hook's main bundle (tsup.config.ts, `outside`).
 */

/** Whether `name` (a basename) prints what it reads only as quoted values. @internal */
export function quotesWhatItReads(name: string): boolean {
  return QUOTING.has(name);
}

const QUOTING: ReadonlySet<string> = new Set(['dircolors']);
