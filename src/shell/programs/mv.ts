/**
 * `mv`: moves sources to a destination (its layout is cp's, in `copying.ts`); the sources are
 * removed. GNU coreutils 9 manual.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { COPY_HIDDEN_OPTIONS, copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { readBy, withHiddenOptions } from './parse.js';
import { coreutils } from './sources.js';

/**
 * GNU coreutils 9.1 mv(1) (`mv --help`): every option. `--backup[=CONTROL]` and `--context[=CTX]`
 * take a value only after `=`; `-Z` takes none. mv takes unambiguous prefixes of long names
 * (`--targ DIR` is `--target-directory DIR`).
 */
const grammar: GnuOptionSpec = {
  short: 'bfinS:t:TuvZ',
  long: longOptions(
    `backup[=] context[=] debug force interactive no-clobber no-copy no-target-directory strip-trailing-slashes suffix= target-directory= update[=] verbose ${HELP_VERSION}`,
  ),
};

/** The mv model: runs nothing; acceptEdits may allow it (Claude Code names it). @internal */
export const mv = defineProgram({
  names: ['mv'],
  summary: 'mv: move or rename files',
  sources: [coreutils('mv')],
  grammar,
  // cp, install, ln and rsync have their models beside it (`copying.ts`). A word this grammar
  // refuses (an unknown or ambiguous option, a missing value): another mv may take it.
  files: (_name, argv, literal) =>
    withHiddenOptions(argv, literal, COPY_HIDDEN_OPTIONS, (argv, literal) =>
      readBy(argv, grammar, (words) => copyOperands('mv', argv, words, literal)),
    ),
  runs: 'nothing',
  positional: true,
  acceptEdits: true,
  removesOperands: true,
  examples: [
    {
      command: 'mv -b --suffix=rc a .npm',
      effects: [
        'write ./.npm [some]',
        'read ./a [all]',
        'remove ./a',
        'write ./.npm/a [some]',
        'read ./.npm',
        'write ./.npmrc',
        'write ./.npm.~*',
        'read ./.npm/a',
        'write ./.npm/arc',
        'write ./.npm/a.~*',
      ],
      why: 'a backup renames the replaced .npm to .npm and the suffix (red team 12: .npmrc is protected)',
    },
    {
      command: 'mv --targ dist a.txt',
      effects: ['write ./dist [some]', 'read ./a.txt [all]', 'remove ./a.txt', 'write ./dist/a.txt [some]'],
      why: 'an unambiguous prefix of --target-directory takes the next word: a.txt is moved into dist',
    },
    {
      command: 'mv a.txt b.txt',
      effects: ['write ./b.txt [some]', 'read ./a.txt [all]', 'remove ./a.txt', 'write ./b.txt/a.txt [some]'],
      readOnly: false,
      why: 'b.txt may be a directory: a.txt is moved into it, read whole, and removed',
    },
  ],
});
