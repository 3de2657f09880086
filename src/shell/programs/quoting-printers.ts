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

/**
 * Whether `name` (a basename) given `args` prints what it reads only as quoted values. dircolors'
 * `--print-ls-colors` (any start of it past `--print-l`: getopt takes a unique one, in any place
 * before `--`) prints each entry of the file bare: `eval "$(dircolors --print-ls-colors F)"` ran
 * F's `$(…)` (coreutils 9.1, decision 0166). @internal
 */
export function quotesWhatItReads(name: string, args: readonly string[]): boolean {
  const unquoted = QUOTING.get(name);
  if (unquoted === undefined) return false;
  const end = args.indexOf('--');
  return !(end < 0 ? args : args.slice(0, end)).some((a) => unquoted.test(a.replace(/^(['"])(.*)\1$/, '$2')));
}

/** The programs that quote what they print, each with the options that make it print bare. */
const QUOTING: ReadonlyMap<string, RegExp> = new Map([['dircolors', /^--print-l/]]);
