/**
 * `split` and `csplit`: cut a file into pieces, written under a prefix (`x`, `xx` by default).
 * `split --filter` runs a command for each piece.
 */
import { has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** `split [opts] [FILE [PREFIX]]` and `csplit [opts] FILE PATTERN…` write files named by a prefix. */
function splitOperands(name: 'split' | 'csplit', argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  if (name === 'split') {
    const { options, operands: ops } = scan(argv, {
      shortArg: 'abClnt',
      longArg: ['suffix-length', 'additional-suffix', 'bytes', 'line-bytes', 'lines', 'number', 'separator', 'filter'],
      longFlags: ['numeric-suffixes', 'hex-suffixes', 'elide-empty-files', 'unbuffered', 'verbose', 'help', 'version'],
    });
    if (has(options, '--filter')) unresolved.push('split --filter runs a command for each piece');
    if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
    if (ops[1] !== undefined) files.push({ op: 'write', index: ops[1], prefix: true });
    else files.push({ op: 'write', index: 0, value: 'x', prefix: true });
    return { files, unresolved };
  }
  const { options, operands: ops } = scan(argv, {
    shortArg: 'bfn',
    longArg: ['suffix-format', 'prefix', 'digits'],
    longFlags: ['keep-files', 'suppress-matched', 'quiet', 'silent', 'elide-empty-files', 'help', 'version'],
  });
  const prefix = options.filter((o) => is(o, '-f', '--prefix'));
  for (const o of prefix) pushOpt(files, optionFile(o, 'write', argv, { prefix: true }));
  if (prefix.length === 0) files.push({ op: 'write', index: 0, value: 'xx', prefix: true });
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  return { files, unresolved, notFiles: ops.slice(1) };
}

/** The split model (`split --filter` runs a command toolgate does not read). @internal */
export const split = defineProgram({
  names: ['split'],
  summary: 'split: split a file into pieces',
  sources: [coreutils('split')],
  files: (_name, argv) => splitOperands('split', argv),
  runs: 'unseen',
  // Its second operand is the prefix it writes under: a glob or variable may put any file there.
  positional: true,
  examples: [
    {
      command: 'split -b 4 in secrets/p',
      effects: ['read ./in', 'write ./secrets/p*'],
      readOnly: false,
      why: 'the pieces are written under the prefix',
    },
    { command: 'split in', effects: ['read ./in', 'write ./x*'], why: 'the default prefix is x' },
  ],
});

/** The csplit model. @internal */
export const csplit = defineProgram({
  names: ['csplit'],
  summary: 'csplit: split a file into pieces at context lines',
  sources: [coreutils('csplit')],
  files: (_name, argv) => splitOperands('csplit', argv),
  runs: 'unseen',
  positional: true,
  examples: [
    {
      command: 'csplit -f pre in 2',
      effects: ['write ./pre*', 'read ./in'],
      readOnly: false,
      why: 'the operands after the file are patterns',
    },
  ],
});
