/**
 * File-system commands: rm and friends, mkdir, touch, chmod/chown/chgrp (recursive with `-R`),
 * truncate, dd. They open the files their operands name and run no other program. GNU coreutils 9
 * manuals.
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import { coreutils } from './sources.js';

/** `rm`, `rmdir`, `unlink`, `shred`: every operand is removed. */
function removeOperands(name: string, argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, {
    shortArg: name === 'shred' ? 'nsx' : '',
    longArg: name === 'shred' ? ['iterations', 'size', 'random-source'] : [],
    longFlags: [
      'recursive',
      'force',
      'interactive',
      'dir',
      'verbose',
      'one-file-system',
      'no-preserve-root',
      'preserve-root',
      'parents',
      'ignore-fail-on-non-empty',
      'remove',
      'zero',
      'exact',
    ],
  });
  return { files: all(ops, 'remove'), unresolved: [] };
}

function mkdirOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, { shortArg: 'm', longArg: ['mode'], longFlags: ['parents', 'verbose', 'context'] });
  return { files: all(ops, 'write'), unresolved: [] };
}

function touchOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'drt',
    longArg: ['date', 'reference', 'time'],
    longFlags: ['no-create', 'no-dereference'],
  });
  for (const o of options) if (is(o, '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  files.push(...all(ops, 'write'));
  return { files, unresolved: [] };
}

/** `chmod`/`chown`/`chgrp [-R] [--reference=F] MODE FILE…`: with `-R` everything under each file changes. */
function attributeOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    longArg: ['reference', 'from'],
    longFlags: ['recursive', 'changes', 'silent', 'quiet', 'verbose', 'dereference', 'no-dereference', 'preserve-root', 'no-preserve-root'],
  });
  const byRef = options.find((o) => is(o, '--reference'));
  if (byRef) pushOpt(files, optionFile(byRef, 'read', argv));
  const recursive = has(options, '-R', '--recursive');
  files.push(...all(byRef ? ops : ops.slice(1), 'write', recursive ? { tree: 'all' } : {}));
  return { files, unresolved: [], notFiles: byRef ? [] : ops.slice(0, 1) };
}

function truncateOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'sr', longArg: ['size', 'reference'], longFlags: ['no-create', 'io-blocks'] });
  for (const o of options) if (is(o, '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  files.push(...all(ops, 'write'));
  return { files, unresolved: [] };
}

/** `dd if=F of=F`. */
function ddOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a.startsWith('if=')) files.push({ op: 'read', index: k, value: a.slice(3) });
    if (a.startsWith('of=')) files.push({ op: 'write', index: k, value: a.slice(3) });
  }
  return { files, unresolved: [] };
}

/** A file operation's model: it runs nothing; acceptEdits may allow the ones Claude Code names. */
function operation(
  name: string,
  summary: string,
  files: NonNullable<ProgramModel['files']>,
  examples: readonly ProgramExample[],
  acceptEdits = false,
  removesOperands = false,
): ProgramModel {
  return defineProgram({
    names: [name],
    summary,
    sources: [coreutils(name)],
    runs: 'nothing',
    files,
    ...(acceptEdits ? { acceptEdits: true } : {}),
    ...(removesOperands ? { removesOperands: true } : {}),
    examples,
  });
}

/** A model of a program that only passes its words on as data (see `ProgramModel.passesOnData`). */
const passingData = (model: ProgramModel): ProgramModel => ({ ...model, passesOnData: true });

const removes = (_name: string, argv: readonly string[]) => removeOperands(_name, argv);

/** The models. @internal */
export const FILE_OPERATION_MODELS: readonly ProgramModel[] = [
  operation(
    'rm',
    'rm: remove files or directories',
    removes,
    [{ command: 'rm -rf build', effects: ['remove ./build'], readOnly: false }],
    true,
    true,
  ),
  operation(
    'rmdir',
    'rmdir: remove empty directories',
    removes,
    [{ command: 'rmdir -p a/b', effects: ['remove ./a/b'], readOnly: false }],
    true,
    true,
  ),
  operation(
    'unlink',
    'unlink: remove one file',
    removes,
    [{ command: 'unlink a.txt', effects: ['remove ./a.txt'], readOnly: false }],
    false,
    true,
  ),
  operation(
    'shred',
    'shred: overwrite files (and remove them with -u)',
    removes,
    [{ command: 'shred -n 3 -u a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-n takes the number of passes' }],
    false,
    true,
  ),
  passingData(
    operation(
      'mkdir',
      'mkdir: make directories',
      (_n, argv) => mkdirOperands(argv),
      [{ command: 'mkdir -m 700 -p a/b', effects: ['write ./a/b'], readOnly: false, why: '-m takes the mode' }],
      true,
    ),
  ),
  operation(
    'touch',
    "touch: change files' times, creating them",
    (_n, argv) => touchOperands(argv),
    [{ command: 'touch -r ref.txt a.txt', effects: ['read ./ref.txt', 'write ./a.txt'], readOnly: false }],
    true,
  ),
  passingData(
    operation('chmod', "chmod: change files' modes", (_n, argv) => attributeOperands(argv), [
      {
        command: 'chmod -R 755 bin',
        effects: ['write ./bin [all]'],
        readOnly: false,
        why: 'the first operand is the mode; -R changes everything under bin',
      },
    ]),
  ),
  operation('chown', "chown: change files' owners", (_n, argv) => attributeOperands(argv), [
    { command: 'chown --reference=ref.txt a.txt', effects: ['read ./ref.txt', 'write ./a.txt'], readOnly: false },
  ]),
  operation('chgrp', "chgrp: change files' groups", (_n, argv) => attributeOperands(argv), [
    { command: 'chgrp staff a.txt', effects: ['write ./a.txt'], readOnly: false },
  ]),
  operation('truncate', 'truncate: shrink or extend files to a size', (_n, argv) => truncateOperands(argv), [
    { command: 'truncate -s 0 a.txt', effects: ['write ./a.txt'], readOnly: false },
  ]),
  operation('dd', 'dd: copy a file, converting it', (_n, argv) => ddOperands(argv), [
    { command: 'dd if=a.img of=b.img', effects: ['read ./a.img', 'write ./b.img'], readOnly: false },
  ]),
];
