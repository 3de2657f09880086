/**
 * Programs that run a command given in their words with a reading of their own (`sudo -u u rm
 * x`, `su -c SCRIPT`, `watch CMD`), read with each tool's own option list
 * through the shared GNU option parser, so every spelling finds the same command. An option the
 * tool does not know, or an ambiguous abbreviation, makes the tool refuse to run — and toolgate
 * calls the command unknown rather than guess. (The runners that run their remaining words, such
 * as `timeout` and `nice`, have their models in `programs/runners.ts`; `flock`, `chrt` and `unbuffer` in files of their own there.)
 * Sources: `--help` of util-linux 2.38, procps-ng 4.0; sudo(8).
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from './gnu-options.js';
import { interactiveShell, refusedWrap as refused, wrapInfo as info } from './programs/wrapper-info.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;
const HV = { help: n, version: n } as const;

/** procps-ng 4.0 watch. @internal */
export const WATCH_OPTIONS: GnuOptionSpec = {
  short: '+bCcefd::ghq:n:prs:twvx',
  long: {
    beep: n, color: n, 'no-color': n, differences: o, errexit: n, follow: n, chgexit: n, interval: r, precise: n, equexit: r, 'no-rerun': n,
    shotsdir: r, 'no-title': n, 'no-wrap': n, exec: n, ...HV,
  },
};

/** `watch [opts] COMMAND…`: the words joined, run by `sh -c`; with `-x` run as they are. */
export function watchCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, WATCH_OPTIONS);
  if (!parsed.ok) return refused(`watch: ${describeGnuProblem(parsed)}`);
  const first = parsed.operands[0];
  if (!first) return info([], false, true);
  const exec = parsed.options.some((opt) => opt.name === 'x' || opt.name === 'exec');
  return info([exec ? { kind: 'argv', start: first.index, end: argv.length } : { kind: 'script', index: first.index, joinFrom: first.index }], false, true);
}

/** A script given as the value of an option (`-c SCRIPT`, `-cSCRIPT`, `--command=SCRIPT`). */
function optionScript(argv: readonly string[], opt: { index: number; valueIndex?: number; value?: string }): Unwrapped {
  if (opt.valueIndex !== undefined) return { kind: 'script', index: opt.valueIndex };
  const word = argv[opt.index]!;
  return { kind: 'script', index: opt.index, offset: word.length - (opt.value ?? '').length };
}

const SU_LONG = {
  command: r, 'session-command': r, fast: n, login: n, 'preserve-environment': n, pty: n, 'no-pty': n, shell: r, group: r, 'supp-group': r,
  'whitelist-environment': r, ...HV,
} as const;

/** util-linux 2.38 su and runuser. @internal */
export const SU_OPTIONS: GnuOptionSpec = { short: 'c:fg:G:lmpPs:hVw:', long: SU_LONG };
/** @internal */
export const RUNUSER_OPTIONS: GnuOptionSpec = { short: 'c:fg:G:lmpPs:hVw:u:', long: { ...SU_LONG, user: r } };

/**
 * `su [opts] [-] [USER [ARG…]]` and `runuser` (also `-u USER COMMAND…`): `-c` scripts, the
 * program `-s` names, arguments handed to the user's shell; without any, an interactive shell.
 */
export function suCommand(name: string, argv: readonly string[], quote: (w: string) => string): WrapperInfo {
  const runuser = name === 'runuser';
  const parsed = parseGnuOptions(argv, runuser ? RUNUSER_OPTIONS : SU_OPTIONS);
  if (!parsed.ok) return refused(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  let script = false;
  for (const opt of parsed.options) {
    if (['c', 'command', 'session-command'].includes(opt.name)) {
      inner.push(optionScript(argv, opt));
      script = true;
    }
    if ((opt.name === 's' || opt.name === 'shell') && opt.value !== undefined) inner.push({ kind: 'text', script: quote(opt.value), what: `${name} --shell` });
  }
  const operands = parsed.operands.map((op) => op.text);
  if (runuser && parsed.options.some((opt) => opt.name === 'u' || opt.name === 'user')) {
    if (operands.length > 0) inner.push({ kind: 'text', script: operands.map(quote).join(' '), what: `${name} -u` });
    return info(inner);
  }
  const args = (operands[0] === '-' ? operands.slice(2) : operands.slice(1)).map(quote);
  if (args.length > 0) inner.push({ kind: 'text', script: `sh ${args.join(' ')}`, what: `${name}: arguments to the user's shell` });
  else if (!script) inner.push(interactiveShell(name));
  return info(inner);
}

/** `sg [-] [GROUP [-c] COMMAND]`: the command is run by `sh -c`. */
export function sgCommand(argv: readonly string[]): WrapperInfo {
  let i = 1;
  if (argv[i] === '-') i++;
  i++;
  if (i >= argv.length) return info([interactiveShell('sg')]);
  if (argv[i] === '-c') return info(i + 1 < argv.length ? [{ kind: 'script', index: i + 1 }] : [{ kind: 'unknown', reason: 'sg -c without a command' }]);
  return info([{ kind: 'script', index: i, joinFrom: i }]);
}

/** Every option of sudo 1.9 (sudo(8)). @internal */
export const SUDO_OPTIONS: GnuOptionSpec = {
  short: '+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv',
  long: {
    askpass: n, 'auth-type': r, background: n, bell: n, 'close-from': r, 'login-class': r, chdir: r, 'preserve-env': o, edit: n, group: r,
    'set-home': n, help: n, host: r, login: n, 'remove-timestamp': n, 'reset-timestamp': n, list: n, 'non-interactive': n, 'preserve-groups': n,
    prompt: r, chroot: r, role: r, stdin: n, shell: n, type: r, 'command-timeout': r, 'other-user': r, user: r, version: n, validate: n,
  },
};

/** `sudo [opts] [VAR=value…] COMMAND…`; `-s`/`-i` hand the command to a shell. */
export function sudoCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SUDO_OPTIONS);
  if (!parsed.ok) return refused(`sudo: ${describeGnuProblem(parsed)}`);
  const names = new Set(parsed.options.map((opt) => opt.name));
  // `-e`, `-l`, `-v`, `-k`, `-K` run no command (or refuse one); words after them are read as one anyway.
  let k = 0;
  const assignments: number[] = [];
  while (k < parsed.operands.length && parsed.operands[k]!.text.includes('=')) assignments.push(parsed.operands[k++]!.index);
  const start = parsed.operands[k]?.index;
  const shell = ['s', 'shell', 'i', 'login'].some((x) => names.has(x));
  if (start === undefined) return info(shell ? [interactiveShell('sudo')] : []);
  if (shell) return info([{ kind: 'script', index: start, joinFrom: start }]);
  return info([{ kind: 'argv', start, end: argv.length, assignments }]);
}

/** util-linux 2.38 script. @internal */
export const SCRIPT_OPTIONS: GnuOptionSpec = {
  short: 'aB:c:eE:fI:O:o:qm:T:t::Vh',
  long: {
    append: n, command: r, echo: r, return: n, flush: n, force: n, quiet: n, 'log-in': r, 'log-out': r, 'log-io': r, 'log-timing': r,
    'logging-format': r, 'output-limit': r, timing: o, ...HV,
  },
};

/** `script [opts] [FILE]`: `-c SCRIPT` runs through the shell; without it, an interactive shell reads input. */
export function scriptCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SCRIPT_OPTIONS);
  if (!parsed.ok) return refused(`script: ${describeGnuProblem(parsed)}`);
  const command = parsed.options.filter((opt) => opt.name === 'c' || opt.name === 'command').pop();
  return info([command ? optionScript(argv, command) : interactiveShell('script')]);
}
