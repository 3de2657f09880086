/**
 * Movers: mv, rsync (their layout is cp's, in `programs/copying.ts`), and `rename`.
 * GNU coreutils 9 manual; rsync(1); rename(1).
 */
import type { OptionShape } from '../options.js';
import { copyOperands } from '../programs/copying.js';
import { all, scan, type FileOperand, type FileOperands } from './types.js';

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

/** GNU coreutils 9 long options of mv; `--backup[=CONTROL]` and `--context[=CTX]` take a value only after `=`, so they are flags here. */
const MV_SHAPE: OptionShape = {
  // -Z takes no value (it is --context without one).
  shortArg: 'St',
  longArg: ['suffix', 'target-directory'],
  longFlags: ['backup', 'context', 'debug', 'force', 'interactive', 'no-clobber', 'no-copy', 'no-target-directory', 'strip-trailing-slashes', 'update', 'verbose', 'help', 'version'],
};
const RSYNC_SHAPE: OptionShape = { shortArg: 'efBTM', longArg: LONG_ARG, longFlags: LONG_FLAGS };

/** `mv` and `rsync` (cp, install and ln have their models in `programs/`). */
export function moveOperands(name: 'mv' | 'rsync', argv: readonly string[]): FileOperands {
  const words = scan(argv, name === 'mv' ? MV_SHAPE : RSYNC_SHAPE);
  const copied = copyOperands(name, argv, words);
  return name === 'rsync' ? rsyncRemote(argv, words.operands, copied) : copied;
}

/**
 * rsync(1): an operand with a colon before any slash (`host:path`, `user@host:path`,
 * `host::module`) or an `rsync://` URL is on another machine. Nothing local is read or written at a
 * remote operand; a remote source copied to a local destination writes names the server sends
 * (`rsync host:'*' .`, `rsync -a host:x/ .`), any of them a protected one.
 */
function rsyncRemote(argv: readonly string[], ops: readonly number[], copied: FileOperands): FileOperands {
  const remote = new Set(ops.filter((k) => /^[^/]*:|^rsync:\/\//i.test(argv[k]!)));
  if (remote.size === 0) return copied;
  const dest = ops.length >= 2 ? ops[ops.length - 1]! : undefined;
  const local = (f: FileOperand): boolean => !remote.has(f.index) && (f.intoDir === undefined || !remote.has(f.intoDir)) && (f.under === undefined || !remote.has(f.under));
  const files = copied.files.filter(local);
  const fromRemote = dest !== undefined && !remote.has(dest) && ops.some((k) => k !== dest && remote.has(k));
  if (fromRemote) files.push({ op: 'write', index: dest, tree: 'some', names: { kind: 'unseen', what: 'remote' } });
  return { ...copied, files, notFiles: [...(copied.notFiles ?? []), ...remote] };
}

/** `rename EXPR FILE…` (Perl) or `rename FROM TO FILE…` (util-linux): every operand may be renamed away. */
export function renameOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, { shortArg: 'e', longFlags: ['verbose', 'no-act', 'all', 'last', 'no-overwrite', 'interactive', 'symlink', 'force'] });
  return { files: all(ops, 'remove'), unresolved: ['rename gives new names toolgate cannot follow'] };
}
