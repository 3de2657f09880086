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
