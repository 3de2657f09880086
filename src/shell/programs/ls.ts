/**
 * `ls`: lists directories and files (it reads names and metadata, not contents).
 */
import type { GnuOptionSpec, ParsedOption } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { walkingLinksWhen } from './link-walk.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 ls(1): every option. */
const grammar: GnuOptionSpec = {
  short: '1aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZI:T:w:',
  long: longOptions(
    `all almost-all author escape block-size= ignore-backups color[=] directory dired classify[=] file-type format= full-time time-style= group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide= hyperlink[=] indicator-style= inode ignore= kibibytes dereference numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style= reverse recursive size sort= time= tabsize= width= context zero ${HELP_VERSION}`,
  ),
};

/** Options that make ls follow a link it is named: -L, -H and their long names. */
const DEREFERENCE = new Set(['-L', '-H', '--dereference', '--dereference-command-line', '--dereference-command-line-symlink-to-dir']);

/**
 * Whether ls shows a link it is named as the link itself (coreutils 9.1 ls.c: with none of -L, -H
 * and their long names, it follows a link to a folder only when it lists neither long, nor with
 * -d, nor classified; the last format option wins, and -1 leaves -l's long format).
 */
function listsLinksThemselves(options: readonly ParsedOption[]): boolean {
  if (options.some((o) => DEREFERENCE.has(o.name))) return false;
  const classify = (o: ParsedOption) =>
    o.name === '-F' ||
    (o.name === '--classify' && (o.value === undefined || ['always', 'yes', 'force'].includes(o.value))) ||
    (o.name === '--indicator-style' && o.value === 'classify');
  if (options.some((o) => o.name === '-d' || o.name === '--directory' || classify(o))) return true;
  let long = false;
  for (const o of options) {
    if (['-l', '-g', '-o', '-n', '--numeric-uid-gid', '--full-time'].includes(o.name)) long = true;
    else if (['-C', '-x', '-m'].includes(o.name)) long = false;
    else if (o.name === '--format') long = o.value === 'long' || o.value === 'verbose';
  }
  return long;
}

/**
 * What ls reads of its operands: names and metadata, never content (strace, coreutils 9.1: a file
 * gets an `lstat`/`statx`, a folder an `openat` and `getdents64` of its entries). With -d a folder
 * is looked up as a file is.
 */
function listsFolders(options: readonly ParsedOption[]): 'status' | 'listing' {
  return options.some((o) => o.name === '-d' || o.name === '--directory') ? 'status' : 'listing';
}

/** The ls model. @internal */
export const ls = defineProgram({
  names: ['ls'],
  summary: 'ls: list directory contents',
  sources: [coreutils('ls'), CC_DOCS],
  grammar,
  // -R with -L lists the trees of the links it meets too.
  files: (name, argv) =>
    walkingLinksWhen(readerEffects(name, argv, grammar, { namesOnly: listsLinksThemselves, looks: listsFolders }), argv, grammar, [
      ['R', 'recursive'],
      ['L', 'dereference'],
    ]),
  readOnly: {
    claudeCode: {
      ls: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('ls')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
    robota: { ls: { globs: false, safeShort: 'aAbBcCdfFgGhiklmnopqrRsStuUvwxX1ITw', shortArg: 'ITw' } },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'ls -la src', effects: ['read ./src (listing)'], readOnly: true, why: 'a folder it lists, a file it looks up' },
    { command: 'ls -ld .env', effects: ['read ./.env (status)'], readOnly: true, why: '-d looks a folder up as it does a file' },
    { command: "ls -I '*.js' src", effects: ['read ./src (listing)'], readOnly: true, why: '-I takes the pattern from the next word' },
    {
      command: 'ls --ig -n src',
      effects: ['read ./src'],
      readOnly: false,
      why: '--ig is ambiguous (--ignore, --ignore-backups): ls refuses it',
    },
  ],
});
