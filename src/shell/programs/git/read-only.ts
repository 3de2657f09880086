/**
 * git's read-only forms: subcommands that only read, each with the options known safe. Options
 * are matched exactly (an abbreviation git's option parser would expand is not listed, so it
 * asks); a value is attached (`--format=%h`, `-n5`, `-5`) or, for the options listed as taking
 * one, the next word. Sources: git 2.39 manuals (git-log(1), git-diff(1), git-show(1),
 * git-status(1), …); Claude Code CLI 2.1.332 observed (`git --no-pager …`, `git version`,
 * `git ls-tree`, `git count-objects`, `git show-ref`, `git remote get-url`, `git config --list`
 * ask). `--no-pager`/`-P` and `count-objects`, `show-branch`, `diff-tree`, `check-ignore` are
 * read-only here though the CLI asks (decision 0077): each was run with every program-running
 * key set, and what it reads is judged in its world (`config-reads.ts`).
 */
import type { ReadOnlyVerdict } from '../../types.js';
import { GIT_READ_ONLY_SUBCOMMANDS } from './subcommands.js';

/**
 * Read-only git subcommands, per set: the entries of the subcommand table that name the set
 * (`subcommands.ts`).
 * @internal
 */
export const GIT_READ_ONLY = GIT_READ_ONLY_SUBCOMMANDS;

/**
 * robota: options that name a file git reads (an ignore-revs, exclude or pathspec list, blame's
 * contents), which robota's read-only check refuses (its read-only-commands tests). @internal
 */
export const GIT_FILE_OPTIONS_ROBOTA: readonly string[] = [
  'ignore-revs-file',
  'exclude-from',
  'exclude-per-directory',
  'contents',
  'pathspec-from-file',
  'orderfile',
];

/** git options that disqualify anywhere in the command. @internal */
export const GIT_UNSAFE_LONG: readonly string[] = [
  'output',
  'ext-diff',
  'no-index',
  'open-files-in-pager',
  'exec',
  'upload-pack',
  'textconv',
  'filters',
];

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/** Flags shared by the commands that walk history and show diffs (log, show, diff, …). */
const REV_DIFF_FLAGS =
  'oneline graph stat shortstat numstat name-only name-status patch no-patch decorate no-decorate all branches tags remotes reverse ' +
  'merges no-merges first-parent follow abbrev-commit no-abbrev-commit full-history simplify-merges simplify-by-decoration date-order ' +
  'topo-order author-date-order left-right cherry-pick cherry-mark cherry boundary relative-date summary compact-summary raw ' +
  'patch-with-stat patch-with-raw cached staged color-words no-color color minimal patience histogram no-ext-diff no-textconv ' +
  'full-index binary find-renames find-copies find-copies-harder no-renames irreversible-delete text quiet exit-code cumulative ' +
  'color-moved no-prefix merge mailmap use-mailmap no-mailmap log-size no-notes parents children walk-reflogs invert-grep ' +
  'regexp-ignore-case basic-regexp extended-regexp fixed-strings perl-regexp remove-empty ancestry-path show-pulls no-walk do-walk ' +
  'ignore-space-change ignore-all-space ignore-blank-lines ignore-space-at-eol ignore-cr-at-eol ignore-submodules word-diff ' +
  'pickaxe-all pickaxe-regex check no-merges dense sparse clear-decorations source no-abbrev abbrev expand-tabs no-expand-tabs ' +
  'dd cc combined-all-paths no-relative relative ita-invisible-in-index ita-visible-in-index no-color-moved count not single-worktree ' +
  'exclude-first-parent-only in-commit-order no-min-parents no-max-parents show-linear-break ignore-missing reflog alternate-refs ' +
  // Notes are commits under refs/notes: shown as text, nothing runs (git log --notes).
  'notes show-notes standard-notes no-standard-notes';
/** Options of the same commands that take a value (`--name=v`, or `--name v` where git allows it). */
const REV_DIFF_VALUES =
  'max-count skip since after until before author committer grep format pretty date abbrev unified diff-filter min-parents ' +
  'max-parents inter-hunk-context word-diff-regex color decorate dirstat stat-width stat-count stat-name-width stat-graph-width ' +
  'encoding relative find-renames find-copies break-rewrites diff-algorithm anchored submodule color-moved-ws ws-error-highlight ' +
  'word-diff src-prefix dst-prefix line-prefix decorate-refs decorate-refs-exclude exclude glob show-linear-break expand-tabs abbrev notes';
/** Short letters of the same commands: flags; letters whose value is attached or the next word (`-n 5`, `-Sfoo`); letters whose value may only be attached (`-M90%`, `-U3`). */
const REV_DIFF_SHORT_FLAGS = 'psugiEFPRawbtmrcDzWg';
const REV_DIFF_SHORT_VALUES = 'nSGL';
const REV_DIFF_SHORT_ATTACHED = 'MCBU';

interface GitSub {
  flags: string;
  values?: string;
  shortFlags?: string;
  shortValues?: string;
  /** Short letters whose optional value may only be attached (`-M90%`, `-uno`). */
  shortAttached?: string;
  /** Long options that take the next word as their value. */
  nextWord?: string;
  /** `-NUM` (log -5). */
  numeric?: boolean;
}

const REV: GitSub = {
  flags: REV_DIFF_FLAGS,
  values: REV_DIFF_VALUES,
  shortFlags: REV_DIFF_SHORT_FLAGS,
  shortValues: REV_DIFF_SHORT_VALUES,
  shortAttached: REV_DIFF_SHORT_ATTACHED,
  nextWord: 'max-count skip since after until before author committer grep format pretty date',
  numeric: true,
};

/**
 * The read-only git subcommands' safe options (the Claude Code set checks them; which subcommands
 * each set takes is the subcommand table's, `subcommands.ts`). @internal
 */
export const GIT_READ_ONLY_OPTIONS: Readonly<Record<string, GitSub>> = {
  log: REV,
  show: REV,
  diff: REV,
  whatchanged: REV,
  'rev-list': { ...REV, flags: `${REV_DIFF_FLAGS} objects objects-edge count header timestamp` },
  shortlog: { flags: 'numbered summary email committer all merges no-merges', values: 'format group', shortFlags: 'nsec', numeric: false },
  status: {
    // `--ignored` alone lists ignored files as `--ignored=traditional` does (git status --ignored).
    flags: 'short branch porcelain long verbose show-stash ahead-behind no-ahead-behind renames no-renames null column no-column ignored',
    values: 'porcelain untracked-files ignored ignore-submodules column find-renames',
    shortFlags: 'sbvz',
    shortAttached: 'uM',
  },
  'rev-parse': {
    flags:
      'abbrev-ref short verify quiet show-toplevel show-cdup show-prefix git-dir git-common-dir absolute-git-dir is-inside-work-tree is-inside-git-dir is-bare-repository is-shallow-repository symbolic symbolic-full-name all branches tags remotes show-superproject-working-tree shared-index-path local-env-vars',
    values: 'abbrev-ref short default prefix git-path show-object-format path-format since after until before',
    shortFlags: 'q',
  },
  'ls-files': {
    flags:
      'cached deleted modified others ignored stage killed directory no-empty-directory unmerged resolve-undo exclude-standard error-unmatch full-name recurse-submodules debug eol deduplicate sparse format',
    values: 'exclude exclude-per-directory abbrev format with-tree',
    shortFlags: 'cdmoiskusvtfz',
    shortValues: 'x',
  },
  describe: {
    flags: 'all tags contains long always first-parent exact-match debug',
    values: 'abbrev candidates match exclude dirty broken',
  },
  blame: {
    flags: 'root show-stats porcelain line-porcelain incremental show-name show-number show-email score-debug minimal',
    values: 'date abbrev ignore-rev contents',
    shortFlags: 'bcflnpstwes',
    shortValues: 'L',
    shortAttached: 'CM',
  },
  'cat-file': { flags: 'e p t s mailmap use-mailmap allow-unknown-type', shortFlags: 'eptsP' },
  'name-rev': { flags: 'tags all name-only no-undefined always', values: 'refs exclude' },
  'merge-base': { flags: 'all octopus independent is-ancestor fork-point' },
  'for-each-ref': {
    flags: 'shell perl python tcl omit-empty',
    values: 'count format sort points-at merged no-merged contains no-contains color',
  },
  grep: {
    flags:
      'cached untracked recurse-submodules text ignore-case invert-match word-regexp line-number column full-name extended-regexp basic-regexp perl-regexp fixed-strings files-with-matches name-only files-without-match null count break heading show-function function-context all-match quiet no-exclude-standard exclude-standard recursive no-recursive only-matching',
    values: 'max-depth context after-context before-context threads color',
    shortFlags: 'aiIvwnhHElLGPFzcpWqro',
    shortValues: 'ABCme',
    numeric: true,
  },
  reflog: { ...REV },
  // Plumbing diff of two trees: no external diff or textconv unless `--ext-diff`/`--textconv`
  // (both refused above), so `-p` is as safe as `--name-only` (git diff-tree --no-commit-id --name-only -r HEAD).
  'diff-tree': {
    flags:
      'root no-commit-id name-only name-status stat shortstat numstat summary compact-summary raw patch no-patch patch-with-stat patch-with-raw ' +
      'full-index binary abbrev no-abbrev find-renames find-copies find-copies-harder no-renames irreversible-delete text cc combined-all-paths ' +
      'always merge-base minimal patience histogram ignore-space-change ignore-all-space ignore-blank-lines ignore-space-at-eol ignore-cr-at-eol ' +
      'ignore-submodules no-color color no-ext-diff no-textconv relative no-relative quiet exit-code no-prefix stdin pretty oneline',
    values:
      'abbrev format pretty diff-filter unified relative find-renames find-copies break-rewrites stat color src-prefix dst-prefix line-prefix diff-algorithm submodule ignore-submodules',
    shortFlags: 'rtzpucmsvRaw',
    shortValues: 'SG',
    shortAttached: 'MCBUl',
  },
  // Branches and their commits side by side (git show-branch, git show-branch --all).
  'show-branch': {
    flags: 'all remotes current topo-order date-order sparse list merge-base independent no-name sha1-name topics reflog color no-color',
    values: 'more reflog color',
    shortFlags: 'ar',
    shortAttached: 'g',
  },
  // Counts loose and packed objects (git count-objects -vH).
  'count-objects': { flags: 'verbose human-readable', shortFlags: 'vH' },
  // Whether paths are ignored, and by which pattern (git check-ignore -v build/x.log).
  'check-ignore': { flags: 'quiet verbose non-matching stdin', shortFlags: 'qvnz' },
  branch: { flags: '' }, // checked by the branch listing rules
  tag: { flags: '' },
  remote: { flags: '' },
  stash: { flags: '' },
  worktree: { flags: '' },
  config: { flags: '' },
  help: { flags: '' },
};

const sets = new Map<GitSub, { flags: Set<string>; values: Set<string>; next: Set<string> }>();
function setsOf(sub: GitSub) {
  let s = sets.get(sub);
  if (!s) {
    const words = (t: string | undefined) => new Set((t ?? '').split(/\s+/).filter(Boolean));
    s = { flags: words(sub.flags), values: words(sub.values), next: words(sub.nextWord) };
    sets.set(sub, s);
  }
  return s;
}

/**
 * Checks a read-only git subcommand's words after the subcommand: every option known safe (exact
 * long names; short letters listed; values attached or, where listed, the next word). Words after
 * `--` are paths.
 */
export function checkGitOptions(subName: string, rest: readonly string[]): ReadOnlyVerdict {
  const sub = Object.hasOwn(GIT_READ_ONLY_OPTIONS, subName) ? GIT_READ_ONLY_OPTIONS[subName] : undefined;
  if (!sub) return no(`git ${subName} is not a read-only git command`);
  const { flags, values, next } = setsOf(sub);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    if (!a.startsWith('-') || a === '-') continue;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (eq < 0 && flags.has(name)) continue;
      if (eq >= 0 && values.has(name)) continue;
      if (eq < 0 && next.has(name)) {
        // A next word that looks like an option is checked as one, never skipped as a value.
        if (rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('-')) i++;
        continue;
      }
      return no(`git ${subName} ${a} is not an option known to be read-only`);
    }
    if (sub.numeric && /^-\d+$/.test(a)) continue;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if ((sub.shortAttached ?? '').includes(c)) break;
      if ((sub.shortValues ?? '').includes(c)) {
        if (k === a.length - 1 && rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('-')) i++;
        break;
      }
      if (!(sub.shortFlags ?? '').includes(c)) return no(`git ${subName} -${c} is not an option known to be read-only`);
    }
  }
  return YES;
}
