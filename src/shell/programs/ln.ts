/**
 * `ln`: makes links. A link is an alias through which later commands reach its target, so
 * linking is judged as writing the target; a symbolic link's target is relative to the link's
 * directory.
 */
import { COPY_HIDDEN_OPTIONS, copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { readBy, withHiddenOptions } from './parse.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';

/** GNU coreutils 9.1 ln(1); `--backup[=CONTROL]` takes its value only after `=`. */
const grammar: GnuOptionSpec = {
  short: 'bdFfiLnPrsS:t:Tv',
  long: {
    suffix: 'required',
    'target-directory': 'required',
    backup: 'optional',
    directory: 'none',
    force: 'none',
    interactive: 'none',
    logical: 'none',
    'no-dereference': 'none',
    physical: 'none',
    relative: 'none',
    symbolic: 'none',
    'no-target-directory': 'none',
    verbose: 'none',
    help: 'none',
    version: 'none',
  },
};

/** The ln model. @internal */
export const ln = defineProgram({
  names: ['ln'],
  summary: 'ln: make links',
  sources: ['GNU coreutils 9.1 ln(1)'],
  grammar,
  files(_name, argv, literal) {
    // A word this grammar refuses (an unknown or ambiguous option, a missing value): another ln may take it.
    return withHiddenOptions(argv, literal, COPY_HIDDEN_OPTIONS, (argv, literal) =>
      readBy(argv, grammar, (words) => copyOperands('ln', argv, words, literal)),
    );
  },
  runs: 'nothing',
  positional: true,
  examples: [
    {
      command: 'ln -sb -S rc a .npm',
      effects: [
        'write ./.npm',
        'read ./a [all]',
        'read ./.npm/a [all]',
        'write ./a [some]',
        'write ./.npm/a [some]',
        'write ./.npm/a',
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
      command: 'ln -s /etc/passwd p',
      effects: ['write ./p', 'read /etc/passwd [all]', 'write /etc/passwd [some]', 'write ./p/passwd'],
      why: 'a link hands on its target (a read of it) and is judged as writing it',
      readOnly: false,
    },
  ],
});

/** GNU coreutils 9.1 link(1): no options but these. */
const linkGrammar: GnuOptionSpec = { short: '', long: { help: 'none', version: 'none' } };

/**
 * `link FILE1 FILE2`: makes FILE2 a hard link to FILE1 with link(2), as `ln FILE1 FILE2` does (it
 * fails where FILE2 exists: no backup, no link into a directory). Read as ln reads those operands,
 * so FILE2 is written and becomes a second name of FILE1, which is judged as written too: a link
 * to a protected file is a protected write, as with ln (`link .git/config s`).
 * @internal
 */
export const link = defineProgram({
  names: ['link'],
  summary: 'link: make a hard link (ln without options)',
  sources: ['GNU coreutils 9.1 link(1)', 'link(2)'],
  grammar: linkGrammar,
  files(_name, argv, literal) {
    return readBy(argv, linkGrammar, (words) => copyOperands('ln', argv, words, literal));
  },
  runs: 'nothing',
  positional: true,
  examples: [
    {
      command: 'link a.txt b.txt',
      effects: ['write ./b.txt', 'read ./a.txt [all]', 'write ./a.txt [some]', 'write ./b.txt/a.txt'],
      why: 'b.txt is written and is a second name of a.txt, as with ln a.txt b.txt',
    },
    {
      command: 'link .git/config s',
      effects: ['write ./s', 'read ./.git/config [all]', 'write ./.git/config [some]', 'write ./s/config'],
      why: 'a writable second name of a protected file: judged as writing it',
      readOnly: false,
    },
  ],
});
