/**
 * `cp`: copies sources to a destination (or into `-t DIR`); `-r`/`-a` read each source
 * directory whole and write names toolgate cannot see under the destination.
 */
import { COPY_HIDDEN_OPTIONS, copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { readWords, refusedWords, withHiddenOptions } from './parse.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';

/**
 * GNU coreutils 9.1 cp(1). An optional value (`--backup[=CONTROL]`, `--preserve[=LIST]`,
 * `--reflink[=WHEN]`, `--update[=WHICH]`, `--context[=CTX]`) is taken only after `=`.
 */
const grammar: GnuOptionSpec = {
  short: 'abdfHilLnPpRrsS:t:TuvxZ',
  long: {
    'no-preserve': 'required',
    sparse: 'required',
    suffix: 'required',
    'target-directory': 'required',
    archive: 'none',
    'attributes-only': 'none',
    backup: 'optional',
    'copy-contents': 'none',
    debug: 'none',
    dereference: 'none',
    force: 'none',
    interactive: 'none',
    link: 'none',
    'no-clobber': 'none',
    'no-dereference': 'none',
    'no-target-directory': 'none',
    'one-file-system': 'none',
    parents: 'none',
    preserve: 'optional',
    recursive: 'none',
    reflink: 'optional',
    'remove-destination': 'none',
    'strip-trailing-slashes': 'none',
    'symbolic-link': 'none',
    update: 'optional',
    verbose: 'none',
    context: 'optional',
    help: 'none',
    version: 'none',
  },
};

/** The cp model. @internal */
export const cp = defineProgram({
  names: ['cp'],
  summary: 'cp: copy files',
  sources: ['GNU coreutils 9.1 cp(1)'],
  grammar,
  files(_name, argv, literal) {
    return withHiddenOptions(argv, literal, COPY_HIDDEN_OPTIONS, (argv, literal) => {
      const words = readWords(argv, grammar);
      // A word this grammar refuses (an unknown or ambiguous option, a missing value): another cp may take it.
      return words
        ? copyOperands('cp', argv, words, literal)
        : refusedWords(argv, grammar, (lenient) => copyOperands('cp', argv, lenient, literal));
    });
  },
  runs: 'nothing',
  positional: true,
  acceptEdits: 'withoutOptions',
  examples: [
    { command: 'cp -r src dst', effects: ['write ./dst [some]', 'read ./src [all]', 'write ./dst/src [some]'], readOnly: false },
    { command: 'cp --target=secrets a', effects: ['write ./secrets', 'read ./a', 'write ./secrets/a'] },
    {
      command: 'cp -Z .env out',
      effects: ['write ./out', 'read ./.env', 'write ./out/.env'],
      why: '-Z takes no value: .env is a source it reads',
    },
    {
      command: 'cp -l a b',
      effects: ['write ./b', 'read ./a', 'write ./a [some]', 'write ./b/a'],
      why: 'a hard link is an alias: a later write through b reaches a',
    },
    {
      command: 'cp -al a b',
      effects: ['write ./b [some]', 'read ./a [all]', 'write ./a [some]', 'write ./b/a [some]'],
      why: '-al is -a -l',
    },
    { command: 'cp --li a b', effects: ['write ./b', 'read ./a', 'write ./a [some]', 'write ./b/a'], why: '--li is --link shortened' },
    {
      command: 'cp -s /x/a b',
      effects: ['write ./b', 'read /x/a', 'write /x/a [some]', 'write ./b/a'],
      why: 'a symbolic link is an alias too',
    },
    {
      command: 'cp --parents a/.git/config src/',
      effects: ['write ./src', 'read ./a/.git/config', 'write ./src/a/.git/config'],
      why: '--parents keeps the source path under the directory',
    },
    {
      command: 'cp --backup a b',
      effects: ['write ./b', 'read ./a', 'write ./b/a', 'read ./b', 'write ./b*', 'read ./b/a', 'write ./b/a*'],
      why: '--backup takes its value only after `=`; the old b is renamed to b and a suffix from the environment (SIMPLE_BACKUP_SUFFIX, else ~)',
    },
    {
      command: 'cp -r -b -S rc src dst',
      effects: [
        'write ./dst [some]',
        'read ./src [all]',
        'write ./dst/src [some]',
        'read ./dst',
        'write ./dstrc',
        'write ./dst.~*',
        'read ./dst/src',
        'write ./dst/srcrc',
        'write ./dst/src.~*',
        'write ./dst/*',
      ],
      why: 'a recursive copy backs up each file it replaces in the tree too: any name there and the suffix',
    },
    {
      command: 'cp -b -S rc a .npm',
      effects: [
        'write ./.npm',
        'read ./a',
        'write ./.npm/a',
        'read ./.npm',
        'write ./.npmrc',
        'write ./.npm.~*',
        'read ./.npm/a',
        'write ./.npm/arc',
        'write ./.npm/a.~*',
      ],
      why: 'the old .npm is renamed to .npm and the suffix (red team 12: .npmrc is protected), or .npm.~N~ when VERSION_CONTROL says numbered',
    },
    {
      command: 'cp --keep-directory-symlink -r src dst',
      effects: ['write ./dst [some]', 'read ./src [all]', 'write ./dst/src [some]'],
      why: 'an option this grammar lacks (coreutils 9.5 has it): read as a flag another cp may take; the other words are assumed paths',
    },
  ],
});
