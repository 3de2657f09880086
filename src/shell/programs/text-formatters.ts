/**
 * `unexpand`, `fmt`, `pr`, `join`, `tsort`: read their files and print them reformatted.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 unexpand(1): the options toolgate reads a value for (not yet every option of the program). */
const unexpandGrammar: GnuOptionSpec = { short: 't:' };

/** GNU coreutils 9.1 fmt(1): the options toolgate reads a value for (not yet every option of the program). */
const fmtGrammar: GnuOptionSpec = { short: 'p:w:' };

/** GNU coreutils 9.1 pr(1): the options toolgate reads a value for (not yet every option of the program) (`-e`, `-i`, `-n`, `-s`, `-S` take one only attached). */
const prGrammar: GnuOptionSpec = { short: 'h:D:l:o:w:W:N:e::i::n::s::S::' };

/** GNU coreutils 9.1 join(1): the options toolgate reads a value for (not yet every option of the program). */
const joinGrammar: GnuOptionSpec = { short: 'a:e:j:o:t:v:1:2:' };

/** GNU coreutils 9.1 tsort(1): no option takes a value. */
const tsortGrammar: GnuOptionSpec = {};

/** The unexpand model. @internal */
export const unexpand = defineProgram({
  names: ['unexpand'],
  summary: 'unexpand: convert spaces to tabs',
  sources: [coreutils('unexpand')],
  grammar: unexpandGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [{ command: 'unexpand -t 4 a.txt', effects: ['read ./a.txt'], readOnly: false, why: '-t takes the tab stops' }],
});

/** The fmt model. @internal */
export const fmt = defineProgram({
  names: ['fmt'],
  summary: 'fmt: reformat paragraphs',
  sources: [coreutils('fmt')],
  grammar: fmtGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [{ command: 'fmt -w 72 a.txt', effects: ['read ./a.txt'], readOnly: false, why: '-w takes the width' }],
});

/** The pr model. @internal */
export const pr = defineProgram({
  names: ['pr'],
  summary: 'pr: paginate files for printing',
  sources: [coreutils('pr')],
  grammar: prGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [
    { command: 'pr -h title a.txt', effects: ['read ./a.txt'], readOnly: false, why: '-h takes the header' },
    { command: 'pr -n a.txt', effects: ['read ./a.txt'], why: "-n's value may only be attached: a.txt is a file" },
  ],
});

/** The join model. @internal */
export const join = defineProgram({
  names: ['join'],
  summary: 'join: join lines of two files on a common field',
  sources: [coreutils('join')],
  grammar: joinGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [{ command: 'join -t , -1 2 a.csv b.csv', effects: ['read ./a.csv', 'read ./b.csv'], readOnly: false }],
});

/** The tsort model. @internal */
export const tsort = defineProgram({
  names: ['tsort'],
  summary: 'tsort: topological sort',
  sources: [coreutils('tsort')],
  grammar: tsortGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [{ command: 'tsort deps.txt', effects: ['read ./deps.txt'], readOnly: false }],
});
