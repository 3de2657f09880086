/** `su` and `runuser`: run a shell (or a command) as another user. */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { quoteWord } from '../syntax/environment.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { interactiveShell, optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;

const SU_LONG = {
  command: r,
  'session-command': r,
  fast: n,
  login: n,
  'preserve-environment': n,
  pty: n,
  'no-pty': n,
  shell: r,
  group: r,
  'supp-group': r,
  'whitelist-environment': r,
  help: n,
  version: n,
} as const;

/** util-linux 2.38 su and runuser. @internal */
export const SU_OPTIONS: GnuOptionSpec = { short: 'c:fg:G:lmpPs:hVw:', long: SU_LONG };
/** @internal */
export const RUNUSER_OPTIONS: GnuOptionSpec = { short: 'c:fg:G:lmpPs:hVw:u:', long: { ...SU_LONG, user: r } };

/**
 * `su [opts] [-] [USER [ARG…]]` and `runuser` (also `-u USER COMMAND…`): `-c` scripts, the
 * program `-s` names, arguments handed to the user's shell; without any, an interactive shell.
 */
function suCommand(name: string, argv: readonly string[]): WrapperInfo {
  const runuser = name === 'runuser';
  const parsed = parseGnuOptions(argv, runuser ? RUNUSER_OPTIONS : SU_OPTIONS);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  let script = false;
  for (const opt of parsed.options) {
    if (['c', 'command', 'session-command'].includes(opt.name)) {
      inner.push(optionScript(argv, opt));
      script = true;
    }
    if ((opt.name === 's' || opt.name === 'shell') && opt.value !== undefined)
      inner.push({ kind: 'text', script: quoteWord(opt.value), what: `${name} --shell` });
  }
  const operands = parsed.operands.map((op) => op.text);
  if (runuser && parsed.options.some((opt) => opt.name === 'u' || opt.name === 'user')) {
    if (operands.length > 0) inner.push({ kind: 'text', script: operands.map(quoteWord).join(' '), what: `${name} -u` });
    return wrapInfo(inner);
  }
  const args = (operands[0] === '-' ? operands.slice(2) : operands.slice(1)).map(quoteWord);
  if (args.length > 0) inner.push({ kind: 'text', script: `sh ${args.join(' ')}`, what: `${name}: arguments to the user's shell` });
  else if (!script) inner.push(interactiveShell(name));
  return wrapInfo(inner);
}

/** The su model. @internal */
export const su = defineProgram({
  names: ['su'],
  summary: 'su: run a shell or a command as another user',
  sources: ['util-linux 2.38 su(1)'],
  grammar: SU_OPTIONS,
  // su(1) -m/-p: the environment is kept and the shell is $SHELL (verified on Debian 12, #37 replay of red team 18 NEW-4: with SHELL=./sh the project's ./sh ran).
  readsVariables: { SHELL: { may: ['code'], what: 'SHELL names the shell su -m (--preserve-environment) runs' } },
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => suCommand('su', argv),
  examples: [
    { command: "su -c 'rm a.txt' bob", effects: ['remove ./a.txt'], readOnly: false, why: '-c takes a script' },
    {
      command: 'su - bob -c "rm a.txt"',
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "words after the user are handed to the user's shell",
    },
  ],
});

/** The runuser model. @internal */
export const runuser = defineProgram({
  names: ['runuser'],
  summary: 'runuser: run a shell or a command as another user (as root, without a password)',
  sources: ['util-linux 2.38 runuser(1)'],
  grammar: RUNUSER_OPTIONS,
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => suCommand('runuser', argv),
  examples: [{ command: 'runuser -u bob rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-u USER runs the words after it' }],
});
