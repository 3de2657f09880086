/**
 * Copiers and movers: cp, mv, install, ln, rsync, and `rename`. A recursive copy reads each
 * source directory whole and writes names toolgate cannot see under the destination; a link is
 * an alias through which later commands reach its target, so linking is judged as writing the
 * target. GNU coreutils 9 manual; rsync(1); rename(1).
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

const LONG_ARG = [
  'target-directory', 'suffix', 'backup', 'mode', 'owner', 'group', 'context', 'exclude', 'include', 'rsh', 'filter', 'exclude-from', 'include-from',
  'files-from', 'log-file', 'password-file', 'backup-dir', 'partial-dir', 'temp-dir', 'compare-dest', 'copy-dest', 'link-dest', 'reflink', 'sparse',
  'preserve', 'no-preserve', 'strip-program', 'chmod', 'chown', 'usermap', 'groupmap', 'rsync-path', 'only-write-batch', 'write-batch', 'read-batch',
  'out-format', 'log-file-format', 'timeout', 'contimeout', 'bwlimit', 'max-size', 'min-size', 'max-delete', 'block-size', 'checksum-choice',
  'compress-choice', 'compress-level', 'skip-compress', 'info', 'debug', 'sockopts', 'port', 'address', 'protocol', 'iconv', 'modify-window',
];
const LONG_FLAGS = [
  'recursive', 'archive', 'dereference', 'no-dereference', 'force', 'interactive', 'link', 'symbolic-link', 'symbolic', 'update', 'verbose',
  'no-target-directory', 'no-clobber', 'parents', 'relative', 'one-file-system', 'remove-destination', 'strip-trailing-slashes', 'delete',
  'directory', 'compare', 'preserve-timestamps', 'strip', 'physical', 'logical', 'hard', 'help', 'version',
];

/**
 * GNU coreutils 9 long options of cp, mv, install and ln, by whether they take a value. Options
 * whose value is optional (`--backup[=CONTROL]`, `--preserve[=LIST]`, `--reflink[=WHEN]`,
 * `--update[=WHICH]`, `--context[=CTX]`) take it only after `=`, so they are flags here.
 */
const COREUTILS_LONG: Readonly<Record<'cp' | 'mv' | 'install' | 'ln', { args: readonly string[]; flags: readonly string[] }>> = {
  cp: {
    args: ['no-preserve', 'sparse', 'suffix', 'target-directory'],
    flags: ['archive', 'attributes-only', 'backup', 'copy-contents', 'debug', 'dereference', 'force', 'interactive', 'link', 'no-clobber', 'no-dereference', 'no-target-directory', 'one-file-system', 'parents', 'preserve', 'recursive', 'reflink', 'remove-destination', 'strip-trailing-slashes', 'symbolic-link', 'update', 'verbose', 'context', 'help', 'version'],
  },
  mv: {
    args: ['suffix', 'target-directory'],
    flags: ['backup', 'context', 'debug', 'force', 'interactive', 'no-clobber', 'no-copy', 'no-target-directory', 'strip-trailing-slashes', 'update', 'verbose', 'help', 'version'],
  },
  install: {
    args: ['group', 'mode', 'owner', 'strip-program', 'suffix', 'target-directory'],
    flags: ['backup', 'compare', 'debug', 'directory', 'preserve-timestamps', 'preserve-context', 'strip', 'no-target-directory', 'verbose', 'context', 'help', 'version'],
  },
  ln: {
    args: ['suffix', 'target-directory'],
    flags: ['backup', 'directory', 'force', 'interactive', 'logical', 'no-dereference', 'physical', 'relative', 'symbolic', 'no-target-directory', 'verbose', 'help', 'version'],
  },
};

/** `cp`, `mv`, `install`, `ln`, `rsync`: sources and a destination (or `-t DIR`). */
export function copyOperands(name: 'cp' | 'mv' | 'install' | 'ln' | 'rsync', argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: name === 'install' ? 'gmoStZ' : name === 'rsync' ? 'efBTM' : 'StZ',
    longArg: name === 'rsync' ? LONG_ARG : COREUTILS_LONG[name].args,
    longFlags: name === 'rsync' ? LONG_FLAGS : COREUTILS_LONG[name].flags,
  });
  if (name === 'install' && has(options, '-d', '--directory')) return { files: all(ops, 'write'), unresolved };
  const recursive =
    name === 'mv' ||
    (name !== 'ln' && name !== 'install' && has(options, '-r', '-R', '--recursive', '--archive', '-a'));
  const symbolic = name === 'ln' && has(options, '-s', '--symbolic');
  for (const o of options) {
    if (is(o, '--exclude-from', '--include-from', '--password-file', '--read-batch', '--compare-dest', '--copy-dest', '--link-dest')) pushOpt(files, optionFile(o, 'read', argv));
    if (is(o, '--log-file', '--write-batch', '--only-write-batch')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--backup-dir', '--partial-dir', '--temp-dir')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (is(o, '--files-from')) {
      pushOpt(files, optionFile(o, 'read', argv));
      unresolved.push(`${name} --files-from copies the files named in a file`);
    }
    if (name === 'install' && is(o, '--strip-program')) unresolved.push('install --strip-program runs a program');
  }
  // What a source becomes: read (copy), removed (move), aliased (link: writes through the link reach it).
  const source = (index: number): FileOperand[] => {
    if (name === 'mv') return [{ op: 'remove', index }];
    if (name === 'ln') return [{ op: 'write', index, tree: 'some' }];
    return [{ op: 'read', index, ...(recursive ? { tree: 'all' as const } : {}) }];
  };
  const into = recursive ? { tree: 'some' as const } : {};
  const target = options.find((o) => is(o, '-t', '--target-directory'));
  if (target) {
    const dest = optionFile(target, 'write', argv, into);
    pushOpt(files, dest);
    for (const k of ops) files.push(...source(k));
    if (dest && dest.value === undefined) for (const k of ops) files.push({ op: 'write', index: k, intoDir: dest.index, ...into });
    else if (dest) for (const k of ops) files.push({ op: 'write', index: k, intoDir: target.index, intoValue: dest.value!, ...into });
    return { files, unresolved };
  }
  if (name === 'ln' && ops.length === 1) {
    files.push(...source(ops[0]!));
    files.push({ op: 'write', index: ops[0]!, intoDir: -1 });
    return { files, unresolved };
  }
  const dest = ops[ops.length - 1];
  if (dest === undefined || ops.length < 2) {
    // `rsync SRC` lists; one operand copies nothing — unless an option toolgate read as taking a
    // value did not, and the operand is really the destination: it may be written too.
    files.push(...ops.flatMap((k) => (name === 'rsync' ? [{ op: 'read' as const, index: k }] : source(k))));
    if (name !== 'rsync') files.push(...all(ops, 'write', into));
    return { files, unresolved };
  }
  files.push({ op: 'write', index: dest, ...into });
  for (const k of ops.slice(0, -1)) {
    files.push(...source(k));
    files.push({ op: 'write', index: k, intoDir: dest, ...into });
  }
  // A symbolic link's target is relative to the link's directory, not the cwd.
  if (symbolic) for (const k of ops.slice(0, -1)) files.push({ op: 'write', index: k, under: dest, tree: 'some' });
  return { files, unresolved };
}

/** `rename EXPR FILE…` (Perl) or `rename FROM TO FILE…` (util-linux): every operand may be renamed away. */
export function renameOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, { shortArg: 'e', longFlags: ['verbose', 'no-act', 'all', 'last', 'no-overwrite', 'interactive', 'symlink', 'force'] });
  return { files: all(ops, 'remove'), unresolved: ['rename gives new names toolgate cannot follow'] };
}
