/**
 * File-system commands: rm and friends, mkdir, touch, chmod/chown/chgrp (recursive with `-R`),
 * truncate, dd, find (its start points are read whole when an action runs on what it finds).
 * GNU coreutils 9 and findutils 4.9 manuals.
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

/** `rm`, `rmdir`, `unlink`, `shred`: every operand is removed. */
export function removeOperands(name: string, argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, {
    shortArg: name === 'shred' ? 'nsx' : '',
    longArg: name === 'shred' ? ['iterations', 'size', 'random-source'] : [],
    longFlags: ['recursive', 'force', 'interactive', 'dir', 'verbose', 'one-file-system', 'no-preserve-root', 'preserve-root', 'parents', 'ignore-fail-on-non-empty', 'remove', 'zero', 'exact'],
  });
  return { files: all(ops, 'remove'), unresolved: [] };
}

export function mkdirOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, { shortArg: 'm', longArg: ['mode'], longFlags: ['parents', 'verbose', 'context'] });
  return { files: all(ops, 'write'), unresolved: [] };
}

export function touchOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'drt', longArg: ['date', 'reference', 'time'], longFlags: ['no-create', 'no-dereference'] });
  for (const o of options) if (is(o, '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  files.push(...all(ops, 'write'));
  return { files, unresolved: [] };
}

/** `chmod`/`chown`/`chgrp [-R] [--reference=F] MODE FILE…`: with `-R` everything under each file changes. */
export function attributeOperands(argv: readonly string[]): FileOperands {
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

export function truncateOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'sr', longArg: ['size', 'reference'], longFlags: ['no-create', 'io-blocks'] });
  for (const o of options) if (is(o, '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  files.push(...all(ops, 'write'));
  return { files, unresolved: [] };
}

/** `dd if=F of=F`. */
export function ddOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a.startsWith('if=')) files.push({ op: 'read', index: k, value: a.slice(3) });
    if (a.startsWith('of=')) files.push({ op: 'write', index: k, value: a.slice(3) });
  }
  return { files, unresolved: [] };
}
