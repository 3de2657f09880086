/**
 * `rg` (ripgrep): searches the cwd when no path is given, every path taken whole. `--pre` and
 * `--hostname-bin` run programs, `-z`/`--search-zip` runs decompressors. ripgrep matches long
 * names exactly (no abbreviations).
 */
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** Options known read-only (they only read or format). */
const SAFE_LONG =
  'after-context= auto-hybrid-regex before-context= binary block-buffered byte-offset case-sensitive color= colors= column context= ' +
  'context-separator= count count-matches crlf debug dfa-size-limit= encoding= engine= field-context-separator= field-match-separator= ' +
  'file= files-with-matches files-without-match fixed-strings follow glob= glob-case-insensitive heading hidden iglob= ignore-case ' +
  'ignore-file= ignore-file-case-insensitive include-zero invert-match json line-buffered line-number line-regexp max-columns= ' +
  'max-columns-preview max-count= max-depth= max-filesize= mmap multiline multiline-dotall no-auto-hybrid-regex no-binary ' +
  'no-block-buffered no-column no-config no-context-separator no-crlf no-encoding no-filename no-fixed-strings no-follow ' +
  'no-glob-case-insensitive no-heading no-hidden no-ignore no-ignore-dot no-ignore-exclude no-ignore-files no-ignore-global ' +
  'no-ignore-messages no-ignore-parent no-ignore-vcs no-ignore-file-case-insensitive no-include-zero no-invert-match no-json ' +
  'no-line-buffered no-line-number no-max-columns-preview no-messages no-mmap no-multiline no-multiline-dotall no-one-file-system ' +
  'no-pcre2 no-pcre2-unicode no-require-git no-sort-files no-text no-trim no-unicode null null-data one-file-system only-matching ' +
  'passthru path-separator= pcre2 pcre2-unicode pcre2-version quiet regex-size-limit= regexp= replace= smart-case sort= sortr= ' +
  'stats text threads= trim type= type-add= type-clear= type-list type-not= unicode unrestricted vimgrep with-filename word-regexp ' +
  `no-pre ignore ignore-dot ignore-exclude ignore-files ignore-global ignore-messages ignore-parent ignore-vcs messages require-git ${HELP_VERSION}`;

/** ripgrep 13 rg(1), and 14's `--generate`, `--hyperlink-format`; `--maxdepth` is `--max-depth`. */
const grammar: GnuOptionSpec = {
  short: '0aA:B:bcC:e:E:f:Fg:hHiIj:lLm:M:nNopPqr:sSt:T:uUvVwxz',
  long: {
    ...longOptions(SAFE_LONG),
    ...longOptions('pre= pre-glob= search-zip files no-search-zip hostname-bin= maxdepth= generate= hyperlink-format='),
  },
  abbreviations: false,
};

/**
 * Options that change which files rg walks (ripgrep 13 rg(1)): they show hidden or ignored files,
 * whitelist names (an override glob or a type whitelists a hidden name too), add ignore files or
 * follow links. Without any of them rg skips hidden and ignored names (`PathEffect.rgSkips`).
 */
const WALK_OPTIONS = [
  '-g',
  '--glob',
  '--iglob',
  '-t',
  '--type',
  '-T',
  '--type-not',
  '--type-add',
  '--type-clear',
  '--hidden',
  '-u',
  '--unrestricted',
  '-L',
  '--follow',
  '--ignore-file',
  '--ignore-file-case-insensitive',
  '--no-require-git',
  '--no-ignore',
  '--no-ignore-dot',
  '--no-ignore-exclude',
  '--no-ignore-files',
  '--no-ignore-global',
  '--no-ignore-parent',
  '--no-ignore-vcs',
  '--pre',
  '--pre-glob',
  '-z',
  '--search-zip',
];

/** rg searches its paths whole, or the cwd when none is given; the first operand is the pattern unless `-e`/`-f` gave one. */
function rgFiles(argv: readonly string[], words: ReadWords, understood = true): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = words;
  for (const o of options) if (is(o, '-f', '--file', '--ignore-file')) pushOpt(files, optionFile(o, 'read', argv));
  if (has(options, '--pre')) unresolved.push('rg --pre runs a program on every file');
  if (has(options, '--hostname-bin')) unresolved.push('rg --hostname-bin runs a program');
  const listOnly = has(options, '--files', '--type-list', '--version', '-V', '--help', '-h');
  const patternGiven = has(options, '-e', '-f', '--regexp', '--file') || listOnly;
  const paths = patternGiven ? ops : ops.slice(1);
  // rg follows links inside the directories it walks with -L/--follow, which its configuration
  // file may hold too: without --no-config, it may follow them while RIPGREP_CONFIG_PATH may be set.
  const walk = has(options, '-L', '--follow')
    ? {}
    : has(options, '--no-config')
      ? { walksLinks: false }
      : { walksLinks: false, walksLinksWith: 'RIPGREP_CONFIG_PATH' };
  const skips = understood && !has(options, ...WALK_OPTIONS) ? { rgSkips: { noConfig: has(options, '--no-config') } } : {};
  files.push(...all(paths, 'read', { tree: 'all', ...walk, ...skips }));
  if (paths.length === 0 && !has(options, '--version', '-V', '--help', '-h', '--type-list'))
    files.push({ op: 'read', index: 0, value: '.', tree: 'all', ...walk, ...skips });
  return { files, unresolved, notFiles: patternGiven ? [] : ops.slice(0, 1) };
}

/** The rg model. @internal */
export const rg = defineProgram({
  names: ['rg'],
  summary: 'rg: ripgrep, a recursive searcher',
  sources: ['ripgrep 13 rg(1)', CC_CLI],
  grammar,
  skips:
    'rg skips hidden and ignored files unless its options, configuration (RIPGREP_CONFIG_PATH) or ignore files say otherwise, which toolgate cannot see',
  files(_name, argv) {
    const words = readWords(argv, grammar);
    // A word this grammar refuses (rg matches long names exactly): a newer rg may take it.
    return words ? rgFiles(argv, words) : refusedWords(argv, grammar, (lenient) => rgFiles(argv, lenient, false));
  },
  readOnly: {
    claudeCode: {
      rg: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ripgrep 13 rg(1) — --pre and --search-zip run programs; the CLI asks about --files`,
        safe: { short: '0aABbcCeEfFghHiIjlLmMnNopPqrsStTuUvVwx', long: Object.keys(longOptions(SAFE_LONG)).join(' ') },
        reads: ['f', 'file', 'ignore-file'],
        operands: 'patternThenRead',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'rg TODO', effects: ['read . [all]'], readOnly: true },
    { command: 'rg -e x src', effects: ['read ./src [all]'], readOnly: true },
    { command: 'rg --pre=cat x src', effects: ['read ./src [all]'], readOnly: false, why: '--pre runs a program on every file' },
    {
      command: 'rg -. SECRET src',
      effects: ['read ./src [all]'],
      readOnly: false,
      why: 'rg 13 has no -. (rg 14 reads it as --hidden): read as a flag another rg may take, src is searched whole',
    },
  ],
});
