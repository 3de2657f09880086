/**
 * The user's next terminal. A call that writes a file the user's start-up files run (`. ~/.aliases`,
 * a loop over `~/.bashrc.d/*.sh`, `eval "$(cat ~/.cmds)"`, a script `~/.bashrc` runs by its path)
 * changes nothing the invariant guards at the time: the harm comes when the user opens a shell.
 * So after such a call the oracle starts the shells a new terminal starts, in the same sandbox and
 * files, with HOME the world's, and judges what they ran.
 *
 * Which shells (decision 0169): a terminal on Linux starts the login shell as an interactive
 * non-login shell (`bash -i`: `~/.bashrc`); macOS's Terminal and iTerm start it as a login shell
 * (`zsh -l`: `.zshenv`, `.zprofile`, `.zshrc`, `.zlogin`, `.zlogout`; `bash -l`: `.bash_profile`, else
 * `.bash_login`, else `.profile`); a user whose shell is sh gets dash's login reading (`.profile`,
 * then `$ENV`). The user's shell need not be the one the Bash tool runs in, so every one of these
 * starts, one after another, in one run: `bash -i`, `bash -l -i`, `zsh -l -i`, `sh -l -i`.
 */
import { posix } from 'node:path';
import type { Violation } from './invariant.js';
import type { OracleRun } from './oracle.js';
import { STUB_PROGRAMS } from './stubs.js';

/** The shells a new terminal may start, each interactive, read by `/bin/sh -c`; each runs `:` and exits. */
export const NEXT_SHELLS: readonly string[] = ['bash -i -c :', 'bash -l -i -c :', 'zsh -l -i -c :', 'sh -l -i -c :'];

/** The command the oracle runs (with `/bin/sh`) to start them: stdin from /dev/null, none waits. */
export const NEXT_SHELLS_COMMAND = `${NEXT_SHELLS.map((s) => `${s} </dev/null`).join('; ')}; :`;

/** Programs the world's start-up files never run themselves: a stub ran in the next shell only because a call put it there. */
const NEVER_AT_START: ReadonlySet<string> = new Set(STUB_PROGRAMS.filter((p) => !['less', 'more', 'pager', 'man', 'info'].includes(p)));

/**
 * What the next interactive shells ran that the call put there: a stub program (`evil`, `rm`, …)
 * no start-up file of the world runs, or a file the call created or changed, run by its path.
 */
export function nextShellViolations(call: OracleRun, next: OracleRun): Violation[] {
  const written = new Set(call.changes.filter((c) => c.kind !== 'removed').map((c) => c.path));
  const out: Violation[] = [];
  const seen = new Set<string>();
  for (const e of next.execs) {
    const name = posix.basename(e.path);
    const why = written.has(e.path)
      ? `a file the call wrote (${e.path})`
      : NEVER_AT_START.has(name) || NEVER_AT_START.has(posix.basename(e.argv[0] ?? ''))
        ? `a program no start-up file of the world runs (${name})`
        : undefined;
    if (why === undefined) continue;
    const evidence = `the next interactive shell ran ${e.path} ${JSON.stringify(e.argv)}: ${why}`;
    if (seen.has(evidence)) continue;
    seen.add(evidence);
    out.push({ kind: 'next-shell-ran', rule: 7, evidence });
  }
  return out;
}
