/** `sudo`: runs a command as another user (or hands it to a shell with `-s`/`-i`). */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { interactiveShell, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** Every option of sudo 1.9 (sudo(8)). @internal */
export const SUDO_OPTIONS: GnuOptionSpec = {
  short: '+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv',
  long: {
    askpass: n,
    'auth-type': r,
    background: n,
    bell: n,
    'close-from': r,
    'login-class': r,
    chdir: r,
    'preserve-env': o,
    edit: n,
    group: r,
    'set-home': n,
    help: n,
    host: r,
    login: n,
    'remove-timestamp': n,
    'reset-timestamp': n,
    list: n,
    'non-interactive': n,
    'preserve-groups': n,
    prompt: r,
    chroot: r,
    role: r,
    stdin: n,
    shell: n,
    type: r,
    'command-timeout': r,
    'other-user': r,
    user: r,
    version: n,
    validate: n,
  },
};

/** `sudo [opts] [VAR=value…] COMMAND…`; `-s`/`-i` hand the command to a shell. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SUDO_OPTIONS);
  if (!parsed.ok) return refusedWrap(`sudo: ${describeGnuProblem(parsed)}`);
  const names = new Set(parsed.options.map((opt) => opt.name));
  // `-e`, `-l`, `-v`, `-k`, `-K` run no command (or refuse one); words after them are read as one anyway.
  let k = 0;
  const assignments: number[] = [];
  while (k < parsed.operands.length && parsed.operands[k]!.text.includes('=')) assignments.push(parsed.operands[k++]!.index);
  const start = parsed.operands[k]?.index;
  const shell = ['s', 'shell', 'i', 'login'].some((x) => names.has(x));
  if (start === undefined) return wrapInfo(shell ? [interactiveShell('sudo')] : []);
  if (shell) return wrapInfo([{ kind: 'script', index: start, joinFrom: start }]);
  return wrapInfo([{ kind: 'argv', start, end: argv.length, assignments }]);
}

/** The sudo model. @internal */
export const sudo = defineProgram({
  names: ['sudo'],
  summary: 'sudo: run a command as another user',
  sources: ['sudo 1.9 sudo(8)'],
  grammar: SUDO_OPTIONS,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    { command: 'sudo -u www rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-u takes the user' },
    { command: 'sudo -s rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-s hands the words to a shell as a script' },
  ],
});
