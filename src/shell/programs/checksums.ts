/**
 * `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum`: print or check
 * checksums of their files. Under `-c` the
 * operands are checksum lists, and they also read the files the lists name.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry, type ReadOnlyProfile } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 md5sum(1), sha1sum(1), sha2 family (sha224sum(1) …): every option (they share one). */
const grammar: GnuOptionSpec = {
  short: 'bctwz',
  long: longOptions('binary tag text zero help version check ignore-missing quiet status strict warn'),
};

/** Under `-c` the operands are checksum lists naming the files it reads. */
const CHECK = { operandsList: ['check', 'c'] };

const profile = (source: string): ReadOnlyProfile => ({
  source,
  safe: { short: 'btz', long: `binary tag text zero ${HELP_VERSION}` },
  operands: 'read',
  globs: true,
});

/** The checksum programs' model. @internal */
export const checksums = defineProgram({
  names: ['md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum'],
  summary: 'md5sum, sha1sum and the sha2 programs: print or check checksums',
  sources: [coreutils('md5sum'), coreutils('sha1sum'), coreutils('sha256sum'), coreutils('sha512sum'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar, CHECK),
  readOnly: {
    claudeCode: {
      md5sum: readOnlyEntry(grammar, profile(`${CC_CLI}; ${coreutils('md5sum')} (--check reads the files a list names)`)),
      sha1sum: readOnlyEntry(grammar, profile(`${CC_CLI}; ${coreutils('sha1sum')}`)),
      sha256sum: readOnlyEntry(grammar, profile(`${CC_CLI}; ${coreutils('sha256sum')}`)),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'sha256sum dist/app.tgz', effects: ['read ./dist/app.tgz'], readOnly: true },
    { command: 'md5sum -c sums.md5', effects: ['read ./sums.md5'], readOnly: false, why: '-c reads the files the list names too' },
    {
      command: 'sha512sum --ch SUMS',
      effects: ['read ./SUMS'],
      readOnly: false,
      why: "--ch is --check: the listed files are read too; not in Claude Code's read-only set (the CLI asks about sha512sum)",
    },
  ],
});

/** GNU coreutils 9.1 b2sum(1): every option. */
const b2sumGrammar: GnuOptionSpec = {
  short: 'bcl:tzw',
  long: longOptions('binary check length= tag text zero ignore-missing quiet status strict warn help version'),
};

/** GNU coreutils 9.1 cksum(1): every option. */
const cksumGrammar: GnuOptionSpec = {
  short: 'a:cl:zw',
  long: longOptions('algorithm= check length= tag untagged zero ignore-missing quiet status strict warn debug help version'),
};

/** GNU coreutils 9.1 sum(1): every option (no option takes a value). */
const sumGrammar: GnuOptionSpec = { short: 'rs', long: longOptions('sysv help version') };

/** The b2sum model. @internal */
export const b2sum = defineProgram({
  names: ['b2sum'],
  summary: 'b2sum: print or check BLAKE2 checksums',
  sources: [coreutils('b2sum')],
  grammar: b2sumGrammar,
  files: (name, argv) => readerEffects(name, argv, b2sumGrammar, CHECK),
  runs: 'unseen',
  examples: [
    { command: 'b2sum -l 256 a.bin', effects: ['read ./a.bin'], readOnly: false, why: '-l takes the digest length' },
    { command: 'b2sum -c SUMS', effects: ['read ./SUMS'], why: '-c reads the files the list names too (unresolved)' },
  ],
});

/** The cksum model. @internal */
export const cksum = defineProgram({
  names: ['cksum'],
  summary: 'cksum: print or check checksums',
  sources: [coreutils('cksum')],
  grammar: cksumGrammar,
  files: (name, argv) => readerEffects(name, argv, cksumGrammar, CHECK),
  runs: 'unseen',
  examples: [
    { command: 'cksum -a sha256 a.bin', effects: ['read ./a.bin'], readOnly: false, why: '-a takes the algorithm' },
    { command: 'cksum --algorithm=blake2b --length 256 a.bin', effects: ['read ./a.bin'], why: '--length takes the next word' },
  ],
});

/** The sum model. @internal */
export const sum = defineProgram({
  names: ['sum'],
  summary: 'sum: print checksums and block counts',
  sources: [coreutils('sum')],
  grammar: sumGrammar,
  files: (name, argv) => readerEffects(name, argv, sumGrammar),
  runs: 'unseen',
  examples: [
    { command: 'sum -r a.bin', effects: ['read ./a.bin'], readOnly: false },
    { command: 'sum --sysv a.bin', effects: ['read ./a.bin'] },
  ],
});
