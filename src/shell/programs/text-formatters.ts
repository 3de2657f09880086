/**
 * `unexpand`, `fmt`, `pr`, `join`, `tsort`: read their files and print them reformatted.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerEffects } from './readers.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 unexpand(1) (`unexpand --help`; `-NUM`, `-,NUM`: the obsolete tab stops): every option. */
const unexpandGrammar: GnuOptionSpec = { short: ',0123456789at:', long: longOptions(`all first-only tabs= ${HELP_VERSION}`) };

/** GNU coreutils 9.1 fmt(1) (`fmt --help`; a first word `-WIDTH` is `-w WIDTH`): every option. */
const fmtGrammar: GnuOptionSpec = {
  short: '0123456789cstuw:p:g:',
  long: longOptions(`crown-margin prefix= split-only tagged-paragraph uniform-spacing width= goal= ${HELP_VERSION}`),
};

/**
 * GNU coreutils 9.1 pr(1) (`pr --help`; `-COLUMN` is `--columns`): every option. `-e`, `-i`, `-n`,
 * `-s`, `-S` take a value only attached; a word `+FIRST[:LAST]` (the pages) is read as an operand.
 */
const prGrammar: GnuOptionSpec = {
  short: '-0123456789D:FJN:S::TW:abcde::fh:i::l:mn::o:rs::tvw:',
  long: longOptions(
    `pages= columns= across show-control-chars double-space date-format= expand-tabs[=] form-feed header= output-tabs[=] join-lines length= merge number-lines[=] first-line-number= indent= no-file-warnings separator[=] sep-string[=] omit-header omit-pagination show-nonprinting width= page-width= ${HELP_VERSION}`,
  ),
};

/** GNU coreutils 9.1 join(1) (`join --help`): every option. */
const joinGrammar: GnuOptionSpec = {
  short: '-a:e:ij:1:2:o:t:v:z',
  long: longOptions(`ignore-case check-order nocheck-order zero-terminated header ${HELP_VERSION}`),
};

/** GNU coreutils 9.1 tsort(1) (`tsort --help`): only --help and --version. */
const tsortGrammar: GnuOptionSpec = { long: longOptions(HELP_VERSION) };

/** The unexpand model. @internal */
export const unexpand = defineProgram({
  names: ['unexpand'],
  summary: 'unexpand: convert spaces to tabs',
  sources: [coreutils('unexpand')],
  grammar: unexpandGrammar,
  files: (name, argv) => readerEffects(name, argv, unexpandGrammar),
  runs: 'unseen',
  examples: [{ command: 'unexpand -t 4 a.txt', effects: ['read ./a.txt'], readOnly: false, why: '-t takes the tab stops' }],
});

/** The fmt model. @internal */
export const fmt = defineProgram({
  names: ['fmt'],
  summary: 'fmt: reformat paragraphs',
  sources: [coreutils('fmt')],
  grammar: fmtGrammar,
  files: (name, argv) => readerEffects(name, argv, fmtGrammar),
  runs: 'unseen',
  examples: [{ command: 'fmt -w 72 a.txt', effects: ['read ./a.txt'], readOnly: false, why: '-w takes the width' }],
});

/** The pr model. @internal */
export const pr = defineProgram({
  names: ['pr'],
  summary: 'pr: paginate files for printing',
  sources: [coreutils('pr')],
  grammar: prGrammar,
  files: (name, argv) => readerEffects(name, argv, prGrammar),
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
  files: (name, argv) => readerEffects(name, argv, joinGrammar),
  runs: 'unseen',
  examples: [{ command: 'join -t , -1 2 a.csv b.csv', effects: ['read ./a.csv', 'read ./b.csv'], readOnly: false }],
});

/** The tsort model. @internal */
export const tsort = defineProgram({
  names: ['tsort'],
  summary: 'tsort: topological sort',
  sources: [coreutils('tsort')],
  grammar: tsortGrammar,
  files: (name, argv) => readerEffects(name, argv, tsortGrammar),
  runs: 'unseen',
  examples: [{ command: 'tsort deps.txt', effects: ['read ./deps.txt'], readOnly: false }],
});
