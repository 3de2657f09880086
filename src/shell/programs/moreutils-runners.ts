/**
 * moreutils' programs that run commands given in their words (moreutils 0.67, Debian 12):
 * `ifne [-n] CMD…` runs CMD when its input is (not) empty, `pee TEXT…` runs each TEXT with
 * `sh -c`. Neither parses options with getopt (verified: `ifne -- echo hi` runs `--`,
 * `pee --bogus` hands `--bogus` to sh), so their grammar is read word by word here.
 */
import type { Unwrapped } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { wrapInfo } from './wrapper-info.js';

const MOREUTILS = (tool: string): string => `moreutils 0.67 ${tool}(1)`;

/** The model of ifne: an exact `-n` first (ifne(1): "ifne [-n] command"), then the command. @internal */
export const ifne = defineProgram({
  names: ['ifne'],
  summary: 'ifne (moreutils): run a command if its standard input is not empty (with -n: if it is)',
  sources: [MOREUTILS('ifne')],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => {
    const start = argv[1] === '-n' ? 2 : 1;
    return wrapInfo(start < argv.length ? [{ kind: 'argv', start, end: argv.length }] : []);
  },
  examples: [{ command: 'ifne -n rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-n is ifne’s only option' }],
});

/** pee's only options (pee(1)); every other word is a command run with `sh -c`. */
const PEE_OPTIONS = new Set(['--ignore-sigpipe', '--no-ignore-sigpipe', '--ignore-write-errors', '--no-ignore-write-errors']);

/** The model of pee: each word but its four options is shell text, fed a copy of the input. @internal */
export const pee = defineProgram({
  names: ['pee'],
  summary: 'pee (moreutils): run each argument as a shell command, each fed a copy of standard input',
  sources: [MOREUTILS('pee')],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => {
    const inner: Unwrapped[] = [];
    for (let k = 1; k < argv.length; k++) if (!PEE_OPTIONS.has(argv[k]!)) inner.push({ kind: 'script', index: k });
    return wrapInfo(inner);
  },
  examples: [{ command: 'pee cat "rm a.txt"', effects: ['remove ./a.txt'], readOnly: false, why: 'each argument runs with sh -c' }],
});
