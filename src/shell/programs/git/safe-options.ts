/**
 * The groups of options several read-only git subcommands share (the subcommand table's entries
 * name them as their `safe` options, `subcommands.ts`). Options are matched exactly (an
 * abbreviation git's option parser would expand is not listed, so it asks); a value is attached
 * (`--format=%h`, `-n5`, `-5`) or, for the options listed as taking one, the next word. Sources:
 * git 2.39 manuals (git-log(1), git-diff(1), git-show(1), git-rev-list(1)).
 */

/** Flags shared by the commands that walk history and show diffs (log, show, diff, …). @internal */
export const REV_DIFF_FLAGS =
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
  'notes show-notes standard-notes no-standard-notes ' +
  // A bare `--pretty` is `--pretty=medium` (git-log(1)); its value is attached only.
  'pretty';
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

/**
 * The options of a read-only git subcommand known safe: long names as space-separated words, short
 * letters as one string.
 * @internal
 */
export interface SafeOptions {
  /** Long flags. */
  flags: string;
  /** Long options that take a value attached with `=`. */
  values?: string;
  /** Short flag letters. */
  shortFlags?: string;
  /** Short letters whose value is attached or the next word (`-n 5`, `-Sfoo`). */
  shortValues?: string;
  /** Short letters whose optional value may only be attached (`-M90%`, `-uno`). */
  shortAttached?: string;
  /** Long options that take the next word as their value. */
  nextWord?: string;
  /** `-NUM` (log -5). */
  numeric?: boolean;
}

/** The safe options of the commands that walk history and show diffs (log, show, diff, …). @internal */
export const REV: SafeOptions = {
  flags: REV_DIFF_FLAGS,
  values: REV_DIFF_VALUES,
  shortFlags: REV_DIFF_SHORT_FLAGS,
  shortValues: REV_DIFF_SHORT_VALUES,
  shortAttached: REV_DIFF_SHORT_ATTACHED,
  // `--format` and `--pretty` take their value attached only (git 2.39: `git log --pretty X` reads X as a revision or path).
  nextWord: 'max-count skip since after until before author committer grep date',
  numeric: true,
};
