/**
 * Movers: mv (its layout is cp's, in `programs/copying.ts`) and `rename`. GNU coreutils 9
 * manual; rename(1).
 */
import type { OptionShape } from '../../options/options.js';
import { copyOperands } from '../../programs/copying.js';
import { all, scan, type FileOperands } from '../../options/file-operands.js';

/** GNU coreutils 9 long options of mv; `--backup[=CONTROL]` and `--context[=CTX]` take a value only after `=`, so they are flags here. */
const MV_SHAPE: OptionShape = {
  // -Z takes no value (it is --context without one).
  shortArg: 'St',
  longArg: ['suffix', 'target-directory'],
  longFlags: ['backup', 'context', 'debug', 'force', 'interactive', 'no-clobber', 'no-copy', 'no-target-directory', 'strip-trailing-slashes', 'update', 'verbose', 'help', 'version'],
};

/** `mv` (cp, install, ln and rsync have their models in `programs/`). */
export function moveOperands(argv: readonly string[]): FileOperands {
  return copyOperands('mv', argv, scan(argv, MV_SHAPE));
}

/** `rename EXPR FILE…` (Perl) or `rename FROM TO FILE…` (util-linux): every operand may be renamed away. */
export function renameOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, { shortArg: 'e', longFlags: ['verbose', 'no-act', 'all', 'last', 'no-overwrite', 'interactive', 'symlink', 'force'] });
  return { files: all(ops, 'remove'), unresolved: ['rename gives new names toolgate cannot follow'] };
}
