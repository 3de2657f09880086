/**
 * `script` (util-linux): records a terminal session, running a shell or `-c` a command. The shell
 * is the one `SHELL` names (else /bin/sh), run as `$SHELL -c COMMAND` (util-linux 2.38
 * script.c): verified on Debian 12 (#37, replay 18 NEW-4), `SHELL=./sh script -qc 'echo hi'
 * /dev/null` (and `-qec`) ran the project's ./sh.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { interactiveShell, optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** util-linux 2.38 script. @internal */
export const SCRIPT_OPTIONS: GnuOptionSpec = {
  short: 'aB:c:eE:fI:O:o:qm:T:t::Vh',
  long: {
    append: n,
    command: r,
    echo: r,
    return: n,
    flush: n,
    force: n,
    quiet: n,
    'log-in': r,
    'log-out': r,
    'log-io': r,
    'log-timing': r,
    'logging-format': r,
    'output-limit': r,
    timing: o,
    help: n,
    version: n,
  },
};

/** `script [opts] [FILE]`: `-c SCRIPT` runs through the shell; without it, an interactive shell reads input. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SCRIPT_OPTIONS);
  if (!parsed.ok) return refusedWrap(`script: ${describeGnuProblem(parsed)}`);
  const command = parsed.options.filter((opt) => opt.name === 'c' || opt.name === 'command').pop();
  return wrapInfo([command ? optionScript(argv, command) : interactiveShell('script')]);
}

/** The script model. @internal */
export const script = defineProgram({
  names: ['script'],
  summary: 'script: record a terminal session of a shell or a command',
  sources: ['util-linux 2.38 script(1) (-c, ENVIRONMENT: SHELL)'],
  grammar: SCRIPT_OPTIONS,
  readsVariables: { SHELL: { may: ['code'], what: 'SHELL names the shell script runs (with -c, the shell it hands the command to)' } },
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  // Its typescript file is a write of its own; its words are read as an unmodelled program's.
  touchesFilesAsWrapper: true,
  examples: [
    { command: "script -q -c 'rm a.txt' log.txt", readOnly: false, why: '-c takes a script, log.txt is the typescript it writes' },
    {
      command: "SHELL=./sh script -qc 'echo hi' /dev/null",
      effects: [
        'write ./sh',
        'write . [some]',
        'write ./echo hi (word)',
        'write /dev/null (path)',
        'read ./echo (word)',
        'read ./hi (word)',
        'write ./sh',
      ],
      why: 'script runs ./sh -c echo hi: the project file is the shell',
    },
    {
      command: "SHELL=bash script -qc 'echo hi' /dev/null",
      effects: ['write ./echo hi (word)', 'write /dev/null (path)', 'read ./echo (word)', 'read ./hi (word)'],
      why: 'a system shell: only what it runs is judged',
    },
  ],
});
