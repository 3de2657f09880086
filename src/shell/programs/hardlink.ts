/**
 * util-linux hardlink (2.38): it finds files of equal content under its operands (folders walked
 * whole, `.claude` and `.git` too) and replaces all but one of each set with a hard link to it —
 * a rewrite of every file under them (`-n`/`--dry-run` only reads). Red team 21 (R21-9): `hardlink
 * .` and `hardlink -c .`, allowed in bypassPermissions, replaced files in `.claude` and
 * `.git/hooks` with links to other files.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperand } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords } from './parse.js';

/** `hardlink --help` (util-linux 2.38.1, Debian 12). */
const grammar: GnuOptionSpec = {
  short: 'vqny:fpotcXmMOx:i:s:S:b:r:hV',
  long: longOptions(
    'verbose quiet dry-run method= respect-name ignore-mode ignore-owner ignore-time content respect-xattrs reflink[=] skip-reflinks maximize minimize keep-oldest exclude= include= minimum-size= maximum-size= io-size= cache-size= help version',
  ),
};

/** @internal */
export const hardlink = defineProgram({
  names: ['hardlink'],
  summary: 'hardlink (util-linux): replace files of equal content under its operands with hard links',
  sources: ['util-linux 2.38 hardlink(1), `hardlink --help`; verified on Debian 12 (red team 21, R21-9)'],
  grammar,
  files: (_name, argv) => {
    const words = readWords(argv, grammar);
    if (words === undefined) return { files: [], unresolved: ['hardlink has words toolgate cannot read'] };
    const names = new Set(words.options.map((o) => o.name));
    if (names.has('-h') || names.has('--help') || names.has('-V') || names.has('--version')) return { files: [], unresolved: [] };
    const op = names.has('-n') || names.has('--dry-run') ? 'read' : 'write';
    // Every entry below is a file it may replace: the protected ones among them are judged.
    const files: FileOperand[] = words.operands.map((index) => ({ op, index, tree: 'all', names: { kind: 'entries' } }));
    return { files, unresolved: [] };
  },
  runs: 'nothing',
  examples: [
    { command: 'hardlink .', effects: ['write . [all]'], why: 'it replaces duplicate files below with links (red team 21)' },
    { command: 'hardlink -n dist', effects: ['read ./dist [all]'], why: 'a dry run only compares' },
    { command: 'hardlink --version', effects: [] },
  ],
});
