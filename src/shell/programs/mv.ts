/**
 * `mv`: moves sources to a destination (its layout is cp's, in `copying.ts`); the sources are
 * removed. GNU coreutils 9 manual.
 */
import type { OptionShape } from '../options/options.js';
import { scan, type FileOperands } from '../options/file-operands.js';
import { copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9 long options of mv; `--backup[=CONTROL]` and `--context[=CTX]` take a value only after `=`, so they are flags here. */
const MV_SHAPE: OptionShape = {
  // -Z takes no value (it is --context without one).
  shortArg: 'St',
  longArg: ['suffix', 'target-directory'],
  longFlags: ['backup', 'context', 'debug', 'force', 'interactive', 'no-clobber', 'no-copy', 'no-target-directory', 'strip-trailing-slashes', 'update', 'verbose', 'help', 'version'],
};

/** `mv` (cp, install, ln and rsync have their models beside it). */
function moveOperands(argv: readonly string[]): FileOperands {
  return copyOperands('mv', argv, scan(argv, MV_SHAPE));
}

/** The mv model: runs nothing; acceptEdits may allow it (Claude Code names it). @internal */
export const mv = defineProgram({
  names: ['mv'],
  summary: 'mv: move or rename files',
  sources: [coreutils('mv')],
  files: (_name, argv) => moveOperands(argv),
  runs: 'nothing',
  positional: true,
  acceptEdits: true,
  removesOperands: true,
  examples: [
    { command: 'mv a.txt b.txt', effects: ['write ./b.txt [some]', 'read ./a.txt [all]', 'remove ./a.txt', 'write ./b.txt/a.txt [some]'], readOnly: false, why: 'b.txt may be a directory: a.txt is moved into it, read whole, and removed' },
  ],
});
