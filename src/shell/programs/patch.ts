/**
 * `patch`: applies a diff to the files it names (or to FILE), reading the diff from PATCHFILE,
 * `-i FILE` or its input. GNU patch 2.7.6 patch(1) and `patch --help`.
 */
import { defineProgram } from './model.js';
import type { GnuOptionSpec } from '../gnu-options.js';
import type { OptionShape } from '../options.js';
import { optionFile, pushOpt, scan, is, type FileOperand, type FileOperands } from '../file-effects/types.js';

/** GNU patch 2.7.6 (its getopt string and long options); `--merge[=STYLE]` takes a value only after `=`. */
const grammar: GnuOptionSpec = {
  short: 'bB:cd:D:eEfF:g:i:lnNo:p:r:RstTuvV:x:Y:z:Z',
  long: {
    backup: 'none', prefix: 'required', context: 'none', directory: 'required', ifdef: 'required', ed: 'none', 'remove-empty-files': 'none',
    force: 'none', fuzz: 'required', get: 'required', input: 'required', 'ignore-whitespace': 'none', normal: 'none', forward: 'none',
    output: 'required', strip: 'required', 'reject-file': 'required', reverse: 'none', silent: 'none', quiet: 'none', batch: 'none',
    'set-time': 'none', unified: 'none', version: 'none', 'version-control': 'required', debug: 'required', 'basename-prefix': 'required',
    suffix: 'required', 'set-utc': 'none', 'dry-run': 'none', verbose: 'none', binary: 'none', help: 'none', 'backup-if-mismatch': 'none',
    'no-backup-if-mismatch': 'none', posix: 'none', 'quoting-style': 'required', 'reject-format': 'required', 'read-only': 'required',
    'follow-symlinks': 'none', merge: 'optional',
  },
};

/** The shape the files facet has always scanned with (to be replaced by the grammar's). */
const SCAN: OptionShape = {
  shortArg: 'iodrpBDFVYzgx',
  longArg: ['input', 'output', 'directory', 'reject-file', 'strip', 'prefix', 'ifdef', 'fuzz', 'basename-prefix', 'suffix', 'version-control', 'quoting-style', 'get', 'debug', 'backup-if-mismatch', 'read-only', 'reject-format'],
};

/** `patch [opts] [FILE [PATCHFILE]]`, `-i PATCHFILE`, `-o OUT`, `-r REJECTS`, `-d DIR`. */
function patchOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, SCAN);
  for (const o of options) {
    if (is(o, '-i', '--input')) pushOpt(files, optionFile(o, 'read', argv));
    if (is(o, '-o', '--output', '-r', '--reject-file')) pushOpt(files, optionFile(o, 'write', argv));
  }
  const dir = options.find((o) => is(o, '-d', '--directory'));
  if (ops[0] !== undefined) files.push({ op: 'write', index: ops[0], ...(dir?.valueIndex !== undefined ? { under: dir.valueIndex } : {}) });
  else {
    // The files named in the diff: anything under the directory it patches in.
    if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some' }));
    else files.push({ op: 'write', index: 0, value: '.', tree: 'some' });
    unresolved.push('patch writes the files named in the diff');
  }
  if (ops[1] !== undefined) files.push({ op: 'read', index: ops[1] });
  return { files, unresolved };
}

/** The patch model. @internal */
export const patch = defineProgram({
  names: ['patch'],
  summary: 'patch: apply a diff to files',
  sources: ['GNU patch 2.7.6 patch(1), `patch --help`'],
  grammar,
  files: (_name, argv) => patchOperands(argv),
  runs: 'unseen',
  positional: true,
  examples: [
    { command: 'patch -p1 -i x.patch', effects: ['read ./x.patch', 'write . [some]'], readOnly: false, why: 'the files it writes are named in the diff' },
    { command: 'patch src/a.c x.patch', effects: ['write ./src/a.c', 'read ./x.patch'], readOnly: false },
  ],
});
