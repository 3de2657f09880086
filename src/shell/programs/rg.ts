/**
 * `rg` (ripgrep): searches the cwd when no path is given, every path taken whole. `--pre` and
 * `--hostname-bin` run programs, `-z`/`--search-zip` runs decompressors. ripgrep matches long
 * names exactly (no abbreviations).
 */
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands, type UnseenNames } from '../options/file-operands.js';
import type { GnuOptionSpec, ParsedOption } from '../options/gnu-options.js';
import { expandBraces } from '../syntax/brace.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import { readOnlyEntry } from './read-only-profile.js';
import { RG_BUILT_IN_TYPES, rgBuiltInTypeGlobs } from './rg-types.js';
import { CC_CLI } from './sources.js';
import { gnuOptionRuns } from './option-runs.js';

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
 * Options that change which files rg walks beyond choosing them by name (ripgrep 13 rg(1)): they
 * show ignored files, add ignore files, follow links or run programs. Without any of them rg
 * skips hidden and ignored names (`PathEffect.rgSkips`), but for the files a glob or a type
 * chooses (`CHOOSING`). `--hidden` lifts the hidden rule only: ignored names stay skipped
 * (strace, ripgrep 13: `rg --hidden foo` in a repository whose .gitignore lists .env opens
 * `.hid/x`, never `.env`).
 */
const WALK_OPTIONS = [
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

/** What the options that choose files by name tell rg to search (see `PathEffect.rgSkips`'s `whitelist`). */
type Chosen = { globs: string[]; types: boolean; typeGlobs?: string[] };

/**
 * The files rg's override globs (`-g`, `--glob`, `--iglob`) and types (`-t`, `--type`, with
 * `--type-add`) choose: `null` when none is given, `undefined` when toolgate cannot say which (a
 * glob with a `/`, matched against the path from the searched folder; too many alternatives).
 * An override glob whitelists what it matches, hidden or ignored, and with any positive glob only
 * what it matches is searched; a `!` glob only leaves files out, and so do `-T` and `--type-clear`;
 * a type whitelists the files (never folders) its globs match by name, hidden ones included, and
 * `--type-add` only defines a type's globs (`NAME:GLOB`, `NAME:include:A,B`). A type toolgate does
 * not know the globs of may choose any file.
 */
function chosen(options: readonly ParsedOption[]): Chosen | null | undefined {
  const globs: string[] = [];
  const added = new Map<string, { globs: string[]; includes: string[] }>();
  const selected: string[] = [];
  let given = false;
  for (const o of options) {
    const v = o.value ?? '';
    if (is(o, '-g', '--glob', '--iglob')) {
      given = true;
      if (v.startsWith('!')) continue;
      const alts = expandBraces(v, 64);
      if (alts === undefined || alts.some((a) => a.includes('/'))) return undefined;
      globs.push(...alts);
    } else if (is(o, '-t', '--type')) selected.push(v);
    else if (is(o, '--type-add')) {
      const at = v.indexOf(':');
      if (at <= 0) continue; // rg refuses a definition without a name
      const name = v.slice(0, at);
      const def = added.get(name) ?? { globs: [], includes: [] };
      // An include names other types, whose globs it takes.
      const include = /^include:(.*)$/.exec(v.slice(at + 1));
      if (include) def.includes.push(...include[1]!.split(','));
      else def.globs.push(...(expandBraces(v.slice(at + 1), 64) ?? ['/']));
      added.set(name, def);
    } else if (is(o, '-T', '--type-not', '--type-clear')) given = true;
  }
  if (!given && selected.length === 0) return null;
  if (selected.length === 0) return { globs, types: false };
  const globsOf = (name: string, seen: Set<string>): string[] | undefined => {
    if (seen.has(name)) return [];
    seen.add(name);
    const names = name === 'all' ? [...RG_BUILT_IN_TYPES, ...added.keys()] : [name];
    const out: string[] = [];
    for (const n of names) {
      const own = rgBuiltInTypeGlobs(n);
      const more = added.get(n);
      if (own === undefined && more === undefined) return undefined;
      out.push(...(own ?? []), ...(more?.globs ?? []));
      for (const inc of more?.includes ?? []) {
        const got = globsOf(inc, seen);
        if (got === undefined) return undefined;
        out.push(...got);
      }
    }
    // A type's globs are matched against a name alone: one with a `/` (or too many alternatives) is not understood here.
    return out.some((g) => g.includes('/')) ? undefined : out;
  };
  const typeGlobs: string[] = [];
  for (const name of selected) {
    const got = globsOf(name, new Set());
    if (got === undefined) return { globs, types: true };
    typeGlobs.push(...got);
  }
  return { globs, types: true, typeGlobs };
}

/** Whether rg searches hidden names: `--hidden` given after any `--no-hidden`. */
function searchesHidden(options: ReadWords['options']): boolean {
  const last = options.filter((o) => is(o, '--hidden', '--no-hidden')).pop();
  return last !== undefined && is(last, '--hidden');
}

/** rg searches its paths whole, or the cwd when none is given; the first operand is the pattern unless `-e`/`-f` gave one. */
function rgFiles(argv: readonly string[], words: ReadWords, understood = true): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = words;
  for (const o of options) if (is(o, '-f', '--file', '--ignore-file')) pushOpt(files, optionFile(o, 'read', argv));
  // A program an option runs may write or remove anything (`--pre=rm` removes every file it
  // searches): a write toolgate cannot work out, a protected ask (decision 0092).
  const unseen: UnseenNames[] = [];
  if (has(options, '--pre')) unseen.push({ op: 'write', why: 'rg --pre runs a program on every file' });
  if (has(options, '--hostname-bin')) unseen.push({ op: 'write', why: 'rg --hostname-bin runs a program' });
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
  const choice = chosen(options);
  const skips =
    understood && !has(options, ...WALK_OPTIONS) && choice !== undefined
      ? {
          rgSkips: {
            noConfig: has(options, '--no-config'),
            ...(choice !== null ? { whitelist: choice } : {}),
            // The last of --hidden and --no-hidden wins: hidden names searched, none excepted.
            ...(searchesHidden(options) ? { hidden: { except: [] } } : {}),
          },
        }
      : {};
  files.push(...all(paths, 'read', { tree: 'all', ...walk, ...skips }));
  if (paths.length === 0 && !has(options, '--version', '-V', '--help', '-h', '--type-list'))
    files.push({ op: 'read', index: 0, value: '.', tree: 'all', ...walk, ...skips });
  return { files, unresolved, notFiles: patternGiven ? [] : ops.slice(0, 1), ...(unseen.length > 0 ? { unseen } : {}) };
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
  // `--pre CMD` runs CMD on every file it searches, `--hostname-bin CMD` runs CMD: judged as commands.
  unwrap: (argv, literal) => gnuOptionRuns('rg', argv, literal, grammar, ['pre', 'hostname-bin']),
  // RIPGREP_CONFIG_PATH names a file of options rg reads first, which toolgate does not read: it may
  // hold --pre (`printf -- '--pre=rm\n' > c && RIPGREP_CONFIG_PATH=c rg x .claude` removed
  // .claude/settings.json, red team 16 NEW-3).
  readsVariables: {
    RIPGREP_CONFIG_PATH: {
      may: ['options-file'],
      what: 'RIPGREP_CONFIG_PATH names a file of options rg reads first (it may make rg run a program on each file with --pre)',
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'rg TODO', effects: ['read . [all]'], readOnly: true },
    { command: 'rg -e x src', effects: ['read ./src [all]'], readOnly: true },
    {
      command: 'rg --pre=cat x src',
      effects: ['write . [some]', 'read ./src [all]'],
      readOnly: false,
      why: '--pre runs a program on every file: it may write names toolgate cannot work out',
    },
    {
      command: 'rg -. SECRET src',
      effects: ['read ./src [all]'],
      readOnly: false,
      why: 'rg 13 has no -. (rg 14 reads it as --hidden): read as a flag another rg may take, src is searched whole',
    },
  ],
});
