/**
 * How a POSIX shell was started (`bash [opts] [-c script [name args…]] | [file args…]`): one
 * option grammar for every reader — the engine's (`shell-code.ts`) and what a hook's text runs
 * (`unattended-runs.ts`, a main-bundle table, so this file imports nothing).
 * Behaviour: bash(1) "INVOCATION", `set`; dash(1) "Invocation".
 */

/** How a shell was started. @internal */
export interface ShellInvocation {
  /** Index of the `-c` script word, when there is one (`-1` when `-c` has no script). */
  script?: number;
  /** Index of a script file operand (`bash x.sh`). */
  file?: number;
  /** `-i`: interactive (reads rc files, runs `PROMPT_COMMAND`, expands `PS1`). */
  interactive: boolean;
  /** Reads its commands from standard input (no `-c` and no script file, or `-s`). */
  stdin: boolean;
  /** `--rcfile` / `--init-file` value. */
  rcfile?: string;
  /** `-x` (or `-o xtrace`): traces, expanding `PS4`. */
  xtrace: boolean;
  /**
   * `-n` (or `-o noexec`) in a shell that is not interactive: it reads its commands and runs none
   * (bash(1) `set -n`, dash(1) `-n`). Verified with bash 5.2 and dash: `sh -n F`, `bash -n F`,
   * `bash -o noexec F`, `bash -n -c '. F'` ran nothing of F, and `BASH_ENV=F bash -n x` did not
   * run F either (check30 rows 39, 40).
   */
  noexec?: true;
}

/** bash's long options that take the next word (matched exactly, as bash does). */
const LONG_WITH_VALUE = new Set(['--rcfile', '--init-file']);

/** Reads a POSIX shell's options (`bash [opts] [-c script [name args…]] | [file args…]`). */
export function shellInvocation(argv: readonly string[]): ShellInvocation {
  let i = 1;
  let dashC = false;
  let dashS = false;
  let interactive = false;
  let xtrace = false;
  let noexec = false;
  let rcfile: string | undefined;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (LONG_WITH_VALUE.has(a)) {
      rcfile = argv[i + 1];
      i += 2;
      continue;
    }
    if (a.startsWith('--')) {
      i++;
      continue;
    }
    if (/^[-+][oO]$/.test(a)) {
      if (a === '-o' && argv[i + 1] === 'xtrace') xtrace = true;
      if (a === '-o' && argv[i + 1] === 'noexec') noexec = true;
      i += 2;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(a)) {
      const on = a.startsWith('-');
      const letters = a.slice(1);
      if (on && letters.includes('c')) dashC = true;
      if (on && letters.includes('s')) dashS = true;
      if (on && letters.includes('i')) interactive = true;
      if (on && letters.includes('x')) xtrace = true;
      if (on && letters.includes('n')) noexec = true;
      // `-o name` folded in a group (`-eo pipefail`) takes the next word.
      if (/[oO]/.test(letters)) {
        if (on && letters.includes('o') && argv[i + 1] === 'xtrace') xtrace = true;
        if (on && letters.includes('o') && argv[i + 1] === 'noexec') noexec = true;
        i++;
      }
      i++;
      continue;
    }
    break;
  }
  const base = { interactive, xtrace, ...(rcfile !== undefined ? { rcfile } : {}), ...(noexec && !interactive ? { noexec: true as const } : {}) };
  if (dashC) return { ...base, script: i < argv.length ? i : -1, stdin: false };
  if (dashS || i >= argv.length) return { ...base, stdin: true };
  return { ...base, file: i, stdin: false };
}
