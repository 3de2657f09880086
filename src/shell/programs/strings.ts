/**
 * `strings`: prints the printable strings of files. binutils expands every `@FILE` word (an
 * operand or an option's value: it does so before reading options) into more options and file
 * names read from FILE.
 */
import type { FileOperand } from '../options/file-operands.js';
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** GNU binutils 2.40 strings(1): every option (`-NUM` is the minimum length, as `-n NUM`). */
const grammar: GnuOptionSpec = {
  short: 'adfhHn:wot:e:T:s:U:Vv0123456789',
  long: {
    all: 'none',
    data: 'none',
    'print-file-name': 'none',
    bytes: 'required',
    radix: 'required',
    'include-all-whitespace': 'none',
    target: 'required',
    encoding: 'required',
    unicode: 'required',
    'output-separator': 'required',
    help: 'none',
    version: 'none',
  },
};

/** The strings model. @internal */
export const strings = defineProgram({
  names: ['strings'],
  summary: 'strings: print the printable strings in files',
  sources: ['GNU binutils 2.40 strings(1)', CC_CLI],
  grammar,
  readOnly: {
    claudeCode: {
      strings: readOnlyEntry(grammar, {
        source: `${CC_CLI}; GNU binutils 2.40 strings(1) (an @FILE operand reads more options from FILE)`,
        safe: 'all',
        operands: 'read',
        globs: true,
        check: 'strings',
      }),
    },
  },
  readOnlyCheck: {
    claudeCodeAfterOptions(_name, argv) {
      // binutils expands every word that starts with `@` before reading options: an option's value too (`-s @.env`).
      const response = argv.slice(1).find((a) => a.startsWith('@'));
      return response !== undefined
        ? { readOnly: false, reason: `strings ${response} reads more options from a file` }
        : { readOnly: true };
    },
  },
  files(_name, argv) {
    const files: FileOperand[] = [];
    // libiberty's expandargv runs before getopt: `-s @.env` and `-- @x` read the file too.
    for (let k = 1; k < argv.length; k++) if (argv[k]!.startsWith('@')) files.push({ op: 'read', index: k, value: argv[k]!.slice(1) });
    const parse = parseGnuOptions(argv, grammar);
    // An option strings does not have (it refuses the command): the other words are assumed paths.
    if (!parse.ok) return { files, unresolved: [], modelled: 'partly' };
    for (const o of parse.operands) files.push({ op: 'read', index: o.index });
    return { files, unresolved: [] };
  },
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    { command: 'strings -n 8 a.out', effects: ['read ./a.out'], readOnly: true },
    {
      command: 'strings --bytes 8 a.out',
      effects: ['read ./a.out'],
      readOnly: true,
      why: '--bytes takes the next word (the files facet once read 8 as a file)',
    },
    {
      command: 'strings -s @.env README.md',
      effects: ['read ./.env', 'read ./README.md'],
      readOnly: false,
      why: 'binutils expands @FILE in an option value too (before reading options)',
    },
    {
      command: 'strings @opts a.out',
      effects: ['read ./opts', 'read ./@opts', 'read ./a.out'],
      readOnly: false,
      why: '@opts reads more options from the file opts',
    },
    {
      command: 'strings --byt 8 a.out',
      effects: ['read ./a.out'],
      readOnly: true,
      why: '--byt is --bytes, the one option it abbreviates: 8 is its value, not a file',
    },
    {
      command: 'strings -q out.txt',
      effects: ['write ./out.txt (word)'],
      readOnly: false,
      why: 'strings has no -q and refuses the command: the words are assumed paths',
    },
  ],
});
