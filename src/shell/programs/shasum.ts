/**
 * `shasum`: prints or checks SHA checksums (the Perl script of Digest::SHA, the `sha256sum` of
 * macOS). It reads its operands (`-` is standard input); under `-c` the operands are checksum
 * lists, and it also hashes the files they name (it prints only OK or FAILED for them). It writes
 * nothing and runs nothing.
 */
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';

const SOURCE = 'Digest::SHA 6.02 shasum(1)';

/** shasum 6.02 (`shasum --help`): every option; Getopt::Long takes unambiguous prefixes of long names. */
const grammar: GnuOptionSpec = {
  short: 'a:bctU0qswhv',
  long: longOptions('algorithm= binary check tag text UNIVERSAL 01 ignore-missing quiet status strict warn help version'),
};

/** The files a shasum command reads: its operands. Words it cannot read as shasum does are assumed paths. */
function shasumFiles(argv: readonly string[]): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return { files: [], unresolved: [], modelled: 'partly' };
  const notFiles = parse.options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : []));
  return { files: parse.operands.filter((o) => o.text !== '-').map((o) => ({ op: 'read', index: o.index })), unresolved: [], notFiles };
}

/** The shasum model. @internal */
export const shasum = defineProgram({
  names: ['shasum'],
  summary: 'shasum: print or check SHA checksums',
  sources: [SOURCE],
  grammar,
  files: (_name, argv) => shasumFiles(argv),
  runs: 'nothing',
  examples: [
    {
      command: 'shasum -a 256 dist/app.tgz',
      effects: ['read ./dist/app.tgz'],
      readOnly: false,
      why: "not in Claude Code's read-only set: the CLI asks about checksum programs it does not list (sha512sum)",
    },
    {
      command: 'shasum -a256 -c SHA256SUMS',
      effects: ['read ./SHA256SUMS'],
      why: '-c reads the listed files too, printing only OK or FAILED',
    },
    {
      command: 'shasum --algo 512 a b',
      effects: ['read ./a', 'read ./b'],
      why: 'an unambiguous prefix of --algorithm takes the next word',
    },
    {
      command: 'shasum -x a',
      effects: ['write ./a (word)'],
      why: 'an option shasum does not have: the words are assumed paths, read and written',
    },
  ],
});
