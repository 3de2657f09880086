/**
 * `fakeroot [options] [--] [COMMAND [ARGS…]]` (also `fakeroot-sysv`, `fakeroot-tcp`): runs COMMAND,
 * or `$SHELL` when none is given, with file ownership faked. What it runs is judged as a command of
 * its own; with no model, `fakeroot sh -c 'x=r; ${x}m -f notes.txt'` ran rm under a `Bash(rm *)`
 * deny rule (replay of red team 13, N10). `-l LIB` is preloaded into the command (and the script
 * `eval`s its value), `-f PROGRAM` runs in place of the faked daemon: code toolgate cannot see.
 * `-i FILE` reads a saved state, `-s FILE` writes it.
 *
 * Grammar: fakeroot 1.31 fakeroot(1) and the script's GNU getopt call (`-l lib: -l faked: -l
 * unknown-is-real -l fd-base: -l version -l help -- +l:f:i:s:ub:vh`), Debian 12.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { interactiveShell, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;

/** fakeroot 1.31: every option. */
const grammar: GnuOptionSpec = {
  short: '+l:f:i:s:ub:vh',
  long: { lib: r, faked: r, 'unknown-is-real': n, 'fd-base': r, version: n, help: n },
};

function unwrap(argv: readonly string[]): WrapperInfo {
  const name = argv[0]!.slice(argv[0]!.lastIndexOf('/') + 1);
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const opt of parsed.options) {
    if (opt.name === 'l' || opt.name === 'lib')
      inner.push({ kind: 'opaque', reason: `${name} -l preloads a library into the command it runs (and evaluates its name)` });
    if (opt.name === 'f' || opt.name === 'faked') inner.push({ kind: 'opaque', reason: `${name} -f runs a program in place of faked` });
  }
  if (parsed.options.some((opt) => ['v', 'h', 'version', 'help'].includes(opt.name))) return wrapInfo(inner);
  const start = parsed.operands[0]?.index;
  inner.push(start === undefined ? interactiveShell(name) : { kind: 'argv', start, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** `-i FILE` is read, `-s FILE` written. */
function files(_name: string, argv: readonly string[]) {
  return readBy(argv, grammar, (words) => {
    const out: FileOperand[] = [];
    for (const opt of words.options) {
      if (opt.name === '-i') pushOpt(out, optionFile(opt, 'read', argv));
      if (opt.name === '-s') pushOpt(out, optionFile(opt, 'write', argv));
    }
    return { files: out, unresolved: [] };
  });
}

/** The fakeroot model. @internal */
export const fakeroot = defineProgram({
  names: ['fakeroot', 'fakeroot-sysv', 'fakeroot-tcp'],
  summary: 'fakeroot: run a command (or a shell) with faked root privileges for file manipulation',
  sources: ['fakeroot 1.31 fakeroot(1)'],
  grammar,
  files,
  // fakeroot(1): with no command it runs $SHELL (verified on Debian 12, #37 replay of red team 18
  // NEW-4: with SHELL=./sh the project's ./sh ran).
  readsVariables: { SHELL: { may: ['code'], what: 'SHELL names the shell fakeroot runs when it is given no command' } },
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap,
  examples: [
    { command: 'fakeroot cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    { command: 'fakeroot -s st.db cat a.txt', effects: ['write ./st.db', 'read ./a.txt'], readOnly: false },
  ],
});
