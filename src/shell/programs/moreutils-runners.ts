/**
 * moreutils' programs that run commands given in their words (moreutils 0.67, Debian 12):
 * `ifne [-n] CMD…` runs CMD when its input is (not) empty, `pee TEXT…` runs each TEXT with
 * `sh -c`, `mispipe TEXT TEXT` pipes two texts, `zrun CMD…` runs CMD. None parses options with
 * getopt (verified: `ifne -- echo hi` runs `--`, `pee --bogus` hands `--bogus` to sh), so their
 * grammar is read word by word here.
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

/**
 * The model of mispipe: `mispipe CMD1 CMD2` runs `CMD1 | CMD2`, each text with `/bin/sh -c`
 * (mispipe.c: execl of /bin/sh). It takes no option and exactly two words; any other count is
 * "Wrong number of args, aborting" and runs nothing (tried: `mispipe -- a b`, `mispipe a`). @internal
 */
export const mispipe = defineProgram({
  names: ['mispipe'],
  summary: 'mispipe (moreutils): pipe two shell commands, returning the exit status of the first',
  sources: [MOREUTILS('mispipe')],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) =>
    wrapInfo(
      argv.length === 3
        ? [
            { kind: 'script', index: 1 },
            { kind: 'script', index: 2 },
          ]
        : [],
    ),
  examples: [
    { command: 'mispipe "rm a.txt" cat', effects: ['remove ./a.txt'], readOnly: false, why: 'each word runs with sh -c' },
    { command: 'mispipe "cat a.txt" "wc -l"', effects: ['read ./a.txt'], readOnly: false },
  ],
});

/**
 * The model of zrun: `zrun PROGRAM ARG…` runs PROGRAM with its arguments (Perl `system PROGRAM
 * (PROGRAM, ARGS)`: no shell), a compressed file among them (`.gz`, `.bz2`, `.xz`, …) uncompressed
 * to a temporary copy first — the same file read, so PROGRAM's reading of it is judged. With fewer
 * than two words it prints its usage and runs nothing; it takes no option (`zrun -- cat f` runs `--`). @internal
 */
export const zrun = defineProgram({
  names: ['zrun'],
  summary: 'zrun (moreutils): run a command with its compressed file arguments uncompressed',
  sources: [MOREUTILS('zrun')],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => wrapInfo(argv.length >= 3 ? [{ kind: 'argv', start: 1, end: argv.length }] : []),
  examples: [{ command: 'zrun rm a.txt.gz', effects: ['remove ./a.txt.gz'], readOnly: false, why: 'the command is judged on its own' }],
});
