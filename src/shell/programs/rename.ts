/**
 * `rename EXPR FILE…` (Perl's, also as `prename` and `file-rename`) or `rename FROM TO FILE…`
 * (util-linux): every operand may be renamed away, to names toolgate cannot follow. rename(1).
 */
import { all, scan, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** Every operand may be renamed away. */
function renameOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = scan(argv, {
    shortArg: 'e',
    longFlags: ['verbose', 'no-act', 'all', 'last', 'no-overwrite', 'interactive', 'symlink', 'force'],
  });
  // An empty word names no file (renaming '' fails): util-linux's empty TO (`rename sub/ '' sub/file`
  // renames sub/file to file) is never the working directory.
  const files = all(
    ops.filter((i) => argv[i] !== ''),
    'remove',
  );
  return { files, unresolved: ['rename gives new names toolgate cannot follow'] };
}

/** The rename model (Perl's expression is code toolgate does not read: what it runs is unseen). @internal */
export const rename = defineProgram({
  names: ['rename', 'prename', 'file-rename'],
  summary: 'rename: rename files by an expression',
  sources: ['rename(1): Perl File::Rename and util-linux'],
  files: (_name, argv) => renameOperands(argv),
  runs: 'unseen',
  removesOperands: true,
  examples: [
    {
      command: 'rename s/a/b/ a.txt',
      effects: ['remove ./s/a/b', 'remove ./a.txt'],
      readOnly: false,
      why: "Perl's and util-linux's forms differ, so every word may be an operand renamed away, the expression too",
    },
    {
      command: "rename sub/ '' sub/file",
      effects: ['remove ./sub', 'remove ./sub/file'],
      readOnly: false,
      why: "util-linux's FROM TO FILE with an empty TO: sub/file becomes file; the empty word names no file, never the working directory",
    },
  ],
});
