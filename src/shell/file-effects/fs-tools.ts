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

/** Actions that hand what find finds to a program, which may then read it whole. */
const FIND_RUNS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Tests and actions whose next word is a file. */
const FIND_READS = new Set(['-newer', '-anewer', '-cnewer', '-samefile']);
const FIND_WRITES = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);

/** `find [-H|-L|-P] [-O…] START… EXPRESSION`. */
export function findOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const starts: number[] = [];
  let k = 1;
  while (k < argv.length && /^-[HLPOD]/.test(argv[k]!) && !/^-[a-z]{2,}/.test(argv[k]!)) k += argv[k] === '-D' ? 2 : 1;
  for (; k < argv.length && !/^[-(!]/.test(argv[k]!); k++) starts.push(k);
  const expr = argv.slice(k);
  const runs = expr.some((a) => FIND_RUNS.has(a));
  files.push(...all(starts, 'read', runs ? { tree: 'all' } : {}));
  if (starts.length === 0) files.push({ op: 'read', index: 0, value: '.', ...(runs ? { tree: 'all' as const } : {}) });
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '-delete') {
      files.push(...all(starts, 'remove'));
      if (starts.length === 0) files.push({ op: 'remove', index: 0, value: '.' });
    }
    if (FIND_WRITES.has(a) && k + 1 < argv.length) files.push({ op: 'write', index: k + 1 });
    if (FIND_READS.has(a) && k + 1 < argv.length) files.push({ op: 'read', index: k + 1 });
    if (a === '-files0-from') unresolved.push('find -files0-from starts from the names in a file');
  }
  return { files, unresolved };
}
