/**
 * `rename EXPR FILE…` (Perl's, also as `prename` and `file-rename`) or `rename FROM TO FILE…`
 * (util-linux): every operand may be renamed away, to names toolgate cannot follow. rename(1).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, type FileOperands } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readBy, type ReadWords } from './parse.js';

/**
 * Debian's rename 2.01 (`rename`, `prename`, `file-rename`: Perl's File::Rename, file-rename(1)
 * and File/Rename/Options.pm). Getopt::Long with `posix_default`: it stops at the first operand
 * (the expression unless `-e`/`-E` gave it), takes no shortened names, and every name may be
 * written with one dash or two (`--v`, `--e CODE`); `--[no]path` and `--[no]fullpath` negate.
 * `-u`/`--unicode` takes an encoding only when one is there: attached here, so a following word
 * is read as an operand, one more word that may be renamed. Perl takes no bundled letters
 * (`-vn` is an unknown name), which this grammar reads as `-v -n`: a command rename refuses, so
 * nothing is lost. util-linux's rename (`rename.ul`: `-s`, `-a`, `-l`, `-o`, `-i`, no option with
 * a value) is refused here and read leniently, as another version's options.
 */
const grammar: GnuOptionSpec = {
  short: '+v0nfh?mVde:E:u::',
  long: longOptions(
    'verbose null nono force help man version filename path fullpath nopath no-path nofullpath no-fullpath unicode[=] v 0 n f h ? m V d e= E= u[=]',
  ),
  abbreviations: false,
};

/** Every operand may be renamed away. */
function renameOperands(argv: readonly string[], { operands: ops }: ReadWords): FileOperands {
  // An empty word names no file (renaming '' fails): util-linux's empty TO (`rename sub/ '' sub/file`
  // renames sub/file to file) is never the working directory.
  const files = all(
    ops.filter((i) => argv[i] !== ''),
    'remove',
  );
  // The new names are the expression's (Perl's `s/^/./` makes `npmrc` `.npmrc`): names toolgate
  // cannot work out, so a protected one may be among them (decision 0092).
  return { files, unresolved: [], unseen: [{ op: 'write', why: 'rename gives new names toolgate cannot follow' }] };
}

/** The rename model (Perl's expression is code toolgate does not read: what it runs is unseen). @internal */
export const rename = defineProgram({
  // `rename.ul` is util-linux's under Debian's name (Fedora, Arch and Alpine call it `rename`):
  // `rename.ul x . xnpmrc` makes `.npmrc` by substring (replay 14, NEW-10).
  names: ['rename', 'prename', 'file-rename', 'rename.ul'],
  summary: 'rename: rename files by an expression',
  sources: ['rename(1): Perl File::Rename and util-linux'],
  grammar,
  // util-linux's first two operands are the text replaced and its replacement, not files.
  files: (name, argv) =>
    readBy(argv, grammar, (words) => renameOperands(argv, name === 'rename.ul' ? { ...words, operands: words.operands.slice(2) } : words)),
  runs: 'unseen',
  removesOperands: true,
  examples: [
    {
      command: 'rename s/a/b/ -e x a.txt',
      effects: ['write . [some]', 'remove ./s/a/b', 'remove ./-e', 'remove ./x', 'remove ./a.txt'],
      why: 'rename stops reading options at its first operand: -e and x are files',
    },
    {
      command: 'rename s/a/b/ a.txt',
      effects: ['write . [some]', 'remove ./s/a/b', 'remove ./a.txt'],
      readOnly: false,
      why: "Perl's and util-linux's forms differ, so every word may be an operand renamed away, the expression too; the new names are the expression's, which toolgate cannot work out (write . [some])",
    },
    {
      command: "rename sub/ '' sub/file",
      effects: ['write . [some]', 'remove ./sub', 'remove ./sub/file'],
      readOnly: false,
      why: "util-linux's FROM TO FILE with an empty TO: sub/file becomes file; the empty word names no file, never the working directory",
    },
  ],
});
