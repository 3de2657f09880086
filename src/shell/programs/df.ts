/**
 * `df`: prints file-system use. An operand names a file whose file system is reported: df opens
 * it (to trigger an automount) and reports on where it lies, so each operand is a read — outside
 * the working directories it is not read-only. `--output` takes its field list only after `=`:
 * `df --output FILE` reports on FILE.
 */
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 df(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'aB:hHiklPTt:vx:',
  long: longOptions(
    `all block-size= human-readable si inodes local no-sync output[=] portability total type= print-type exclude-type= ${HELP_VERSION} sync`,
  ),
};

/** The files a df command reads: its operands. Words it cannot read as df does are assumed paths. */
function dfFiles(argv: readonly string[]): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return { files: [], unresolved: [], modelled: 'partly' };
  const notFiles = parse.options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : []));
  return { files: parse.operands.map((o) => ({ op: 'read', index: o.index })), unresolved: [], notFiles };
}

/** The df model. @internal */
export const df = defineProgram({
  names: ['df'],
  summary: 'df: print file-system use',
  sources: [coreutils('df'), CC_CLI],
  grammar,
  files: (_name, argv) => dfFiles(argv),
  readOnly: {
    claudeCode: {
      df: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('df')} (--sync not listed)`,
        safe: {
          short: 'aBhHiklPTtvx',
          long: `all block-size human-readable si inodes local no-sync output portability total type print-type exclude-type ${HELP_VERSION}`,
        },
        operands: 'read',
        globs: true,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'df -h .', effects: ['read .'], readOnly: true },
    {
      command: 'df --output /home/user/.ssh/id_rsa',
      effects: ['read /home/user/.ssh/id_rsa'],
      why: '--output takes its field list only after =: the path is an operand',
    },
    { command: 'df --output=source,target src', effects: ['read ./src'] },
    { command: 'df --sync', effects: [], readOnly: false, why: '--sync syncs file systems first: not listed read-only' },
    { command: 'df -x tmpfs -h', effects: [], readOnly: true, why: '-x (--exclude-type) takes the type from the next word' },
  ],
});
