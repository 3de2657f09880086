/**
 * git's subcommands, one entry each: how its options take values, what it does to the working
 * tree when the files facet has no case of its own for it, and which read-only sets take it —
 * the one table the files facet (`files.ts`), the read-only check (`read-only.ts`,
 * `read-only-walk.ts`), the configuration it reads (`config-reads.ts`) and what git runs
 * (`runs.ts`) read.
 * The read-only sets' safe options (`safe`) and the configuration each subcommand reads that runs
 * a program (`reads`, observed with git 2.39: `git -c KEY=probe SUB`) are in its entry too; groups
 * several share are `safe-options.ts` and `config-kinds.ts`.
 * Sources: git 2.39 manuals (git-log(1), git-diff(1), git-show(1), git-status(1), …); Claude
 * Code CLI 2.1.332 observed (it asks about `ls-tree`, `show-ref`, `version`, `remote get-url` and
 * `config --list`, so they are not read-only in its set); decision 0077.
 */

import {
  ALTERNATE_REFS,
  EXTERNAL_DIFF,
  FSMONITOR,
  HISTORY,
  INDEX,
  PRETTY_SIGNATURE,
  SHOW_SIGNATURE,
  TEXTCONV,
  type SubcommandReads,
} from './config-kinds.js';
import { REV, REV_DIFF_FLAGS, type SafeOptions } from './safe-options.js';

/** What toolgate knows of one git subcommand. @internal */
export interface GitSubcommand {
  /** Short options that take a value (`git add -f` is a flag, `git config -f F` is not). */
  readonly valueLetters?: string;
  /**
   * What it does to the working tree where `files.ts` has no case of its own for it: `reports` —
   * it only reports (its path-like operands are pathspecs it reads, nothing is written);
   * `rewrites` — it rewrites tracked files (which names, only the repository knows).
   */
  readonly tree?: 'reports' | 'rewrites';
  /** `refs`: its operands are ref names or ref patterns (`git branch --list "feat/*"`), not pathspecs. */
  readonly operands?: 'refs';
  /** The read-only sets that take it (its options are then checked by `read-only.ts`). */
  readonly readOnly?: readonly ('claudeCode' | 'robota')[];
  /**
   * The options known safe in a read-only command (Claude Code's set checks them, `read-only.ts`),
   * or `forms`: its read-only forms are a rule of their own (`git branch` lists, `git branch NAME`
   * creates; `read-only-walk.ts`).
   */
  readonly safe?: SafeOptions | 'forms';
  /**
   * The configuration and environment that make it run a program, for a read-only command judged
   * in its world (`config-reads.ts`); absent: every kind (`EVERY_READ`).
   */
  readonly reads?: SubcommandReads;
  /**
   * Claude Code's CLI asks about it, but it only reads: observed with every program-running key
   * set, what it reads is judged in its world (`config-reads.ts`, decision 0077).
   */
  readonly cliAsks?: true;
  /**
   * Options whose value is a command git runs (git parse-options: any unique prefix of a long name
   * of two letters or more): `git rebase --exec CMD`, `git clone -u CMD`.
   */
  readonly commandOptions?: { readonly long: readonly string[]; readonly short?: string };
}

/**
 * The subcommands toolgate knows, by name: every git facet reads its facts here. An entry with no
 * facts names a subcommand a facet has a rule of its own for (`git init`, `git reset`).
 * @internal
 */
export const GIT_SUBCOMMANDS: Readonly<Record<string, GitSubcommand>> = {
  add: { tree: 'reports' },
  am: { tree: 'rewrites', valueLetters: 'pC' },
  annotate: { tree: 'reports', valueLetters: 'LS' },
  apply: { valueLetters: 'pC' },
  archive: { valueLetters: 'o', commandOptions: { long: ['exec'] } },
  bisect: { tree: 'reports' },
  blame: {
    tree: 'reports',
    valueLetters: 'LS',
    readOnly: ['claudeCode'],
    safe: {
      flags: 'root show-stats porcelain line-porcelain incremental show-name show-number show-email score-debug minimal',
      values: 'date abbrev ignore-rev contents',
      shortFlags: 'bcflnpstwes',
      shortValues: 'L',
      shortAttached: 'CM',
    },
    reads: { config: [...INDEX, TEXTCONV], objects: true },
  },
  branch: { tree: 'reports', operands: 'refs', readOnly: ['claudeCode', 'robota'], safe: 'forms', reads: { config: [] } },
  bundle: {},
  'cat-file': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'e p t s mailmap use-mailmap allow-unknown-type', shortFlags: 'eptsP' },
    reads: { config: [], objects: true },
  },
  'check-attr': { tree: 'reports' },
  // Whether paths are ignored, and by which pattern (git check-ignore -v build/x.log).
  // Reads the index (core.fsmonitor runs, observed) and the ignore files, core.excludesFile
  // among them: patterns, the one that matches printed with -v.
  'check-ignore': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    cliAsks: true,
    safe: { flags: 'quiet verbose non-matching stdin', shortFlags: 'qvnz' },
    reads: { config: INDEX },
  },
  'check-ref-format': { tree: 'reports', operands: 'refs' },
  checkout: { tree: 'reports', valueLetters: 'bB' },
  'checkout-index': {},
  cherry: { tree: 'reports' },
  'cherry-pick': { tree: 'rewrites', valueLetters: 'mX' },
  clean: { valueLetters: 'e' },
  clone: { valueLetters: 'obcju', commandOptions: { long: ['upload-pack'], short: 'u' } },
  commit: { tree: 'reports', valueLetters: 'mFtcC' },
  config: { valueLetters: 'f', readOnly: ['claudeCode'], safe: 'forms', reads: { config: [] } },
  // Counts loose and packed objects (git count-objects -vH).
  'count-objects': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    cliAsks: true,
    safe: { flags: 'verbose human-readable', shortFlags: 'vH' },
    reads: { config: [] },
  },
  describe: {
    tree: 'reports',
    readOnly: ['claudeCode', 'robota'],
    safe: {
      flags: 'all tags contains long always first-parent exact-match debug',
      values: 'abbrev candidates match exclude dirty broken',
    },
    reads: { config: INDEX, objects: true },
  },
  diff: {
    tree: 'reports',
    valueLetters: 'SGLO',
    readOnly: ['claudeCode', 'robota'],
    safe: REV,
    reads: { config: [...INDEX, EXTERNAL_DIFF, TEXTCONV], variables: ['GIT_EXTERNAL_DIFF'], objects: true },
  },
  'diff-files': { tree: 'reports' },
  'diff-index': { tree: 'reports' },
  // Plumbing diff of two trees: no external diff or textconv unless `--ext-diff`/`--textconv`
  // (both refused by the read-only walk), so `-p` is as safe as `--name-only` (git diff-tree --no-commit-id --name-only -r HEAD).
  // diff-tree reads the index (core.fsmonitor runs, observed) but runs no diff driver or
  // textconv without --ext-diff/--textconv; a pretty.<name> alias with %G verifies signatures.
  'diff-tree': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    cliAsks: true,
    safe: {
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
    reads: { config: [...INDEX, PRETTY_SIGNATURE], objects: true },
  },
  difftool: { commandOptions: { long: ['extcmd'], short: 'x' } },
  fetch: { tree: 'reports', commandOptions: { long: ['upload-pack'] } },
  'filter-branch': {
    commandOptions: {
      long: ['env-filter', 'tree-filter', 'index-filter', 'parent-filter', 'msg-filter', 'commit-filter', 'tag-name-filter'],
    },
  },
  'for-each-ref': {
    tree: 'reports',
    operands: 'refs',
    readOnly: ['claudeCode'],
    safe: {
      flags: 'shell perl python tcl omit-empty',
      values: 'count format sort points-at merged no-merged contains no-contains color',
    },
    reads: { config: [] },
  },
  'format-patch': { valueLetters: 'ov' },
  fsck: { tree: 'reports' },
  gc: { tree: 'reports' },
  grep: {
    valueLetters: 'efmABC',
    readOnly: ['claudeCode'],
    safe: {
      flags:
        'cached untracked recurse-submodules text ignore-case invert-match word-regexp line-number column full-name extended-regexp basic-regexp perl-regexp fixed-strings files-with-matches name-only files-without-match null count break heading show-function function-context all-match quiet no-exclude-standard exclude-standard recursive no-recursive only-matching',
      values: 'max-depth context after-context before-context threads color',
      shortFlags: 'aiIvwnhHElLGPFzcpWqro',
      shortValues: 'ABCme',
      numeric: true,
    },
    reads: { config: [FSMONITOR, TEXTCONV], objects: true },
  },
  'hash-object': {},
  help: { tree: 'reports', readOnly: ['claudeCode'], safe: 'forms', reads: { config: [] } },
  init: {},
  lfs: {},
  log: { tree: 'reports', valueLetters: 'SGLnO', readOnly: ['claudeCode', 'robota'], safe: REV, reads: { config: HISTORY, objects: true } },
  'ls-files': {
    tree: 'reports',
    readOnly: ['claudeCode', 'robota'],
    safe: {
      flags:
        'cached deleted modified others ignored stage killed directory no-empty-directory unmerged resolve-undo exclude-standard error-unmatch full-name recurse-submodules debug eol deduplicate sparse format',
      values: 'exclude exclude-per-directory abbrev format with-tree',
      shortFlags: 'cdmoiskusvtfz',
      shortValues: 'x',
    },
    reads: { config: INDEX },
  },
  'ls-remote': { tree: 'reports', commandOptions: { long: ['upload-pack'] } },
  'ls-tree': { tree: 'reports' },
  maintenance: {},
  merge: { tree: 'rewrites', valueLetters: 'mFsX' },
  'merge-base': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'all octopus independent is-ancestor fork-point' },
    reads: { config: [], objects: true },
  },
  mv: { tree: 'reports' },
  'name-rev': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'tags all name-only no-undefined always', values: 'refs exclude' },
    reads: { config: [], objects: true },
  },
  notes: { tree: 'reports', valueLetters: 'mFC' },
  prune: { tree: 'reports' },
  pull: { tree: 'rewrites', valueLetters: 'sX', commandOptions: { long: ['upload-pack'] } },
  push: { tree: 'reports', commandOptions: { long: ['receive-pack', 'exec'] } },
  'range-diff': { tree: 'reports' },
  'read-tree': {},
  rebase: { tree: 'rewrites', valueLetters: 'sXx', commandOptions: { long: ['exec'], short: 'x' } },
  reflog: { tree: 'reports', readOnly: ['claudeCode'], safe: { ...REV }, reads: { config: HISTORY, objects: true } },
  remote: { tree: 'reports', readOnly: ['claudeCode', 'robota'], safe: 'forms', reads: { config: [] } },
  repack: { tree: 'reports' },
  reset: {},
  restore: { tree: 'reports', valueLetters: 's' },
  'rev-list': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { ...REV, flags: `${REV_DIFF_FLAGS} objects objects-edge count header timestamp` },
    reads: { config: [PRETTY_SIGNATURE, ALTERNATE_REFS], objects: true },
  },
  'rev-parse': {
    tree: 'reports',
    readOnly: ['claudeCode', 'robota'],
    safe: {
      flags:
        'abbrev-ref short verify quiet show-toplevel show-cdup show-prefix git-dir git-common-dir absolute-git-dir is-inside-work-tree is-inside-git-dir is-bare-repository is-shallow-repository symbolic symbolic-full-name all branches tags remotes show-superproject-working-tree shared-index-path local-env-vars',
      values: 'abbrev-ref short default prefix git-path show-object-format path-format since after until before',
      shortFlags: 'q',
    },
    reads: { config: [] },
  },
  revert: { tree: 'rewrites', valueLetters: 'mX' },
  rm: { tree: 'reports' },
  'send-email': { commandOptions: { long: ['to-cmd', 'cc-cmd', 'header-cmd', 'smtp-server', 'sendmail-cmd'] } },
  shortlog: {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'numbered summary email committer all merges no-merges', values: 'format group', shortFlags: 'nsec', numeric: false },
    reads: { config: [SHOW_SIGNATURE, PRETTY_SIGNATURE], objects: true },
  },
  show: {
    tree: 'reports',
    valueLetters: 'SGLnO',
    readOnly: ['claudeCode', 'robota'],
    safe: REV,
    reads: { config: HISTORY, objects: true },
  },
  // Branches and their commits side by side (git show-branch, git show-branch --all).
  'show-branch': {
    readOnly: ['claudeCode'],
    cliAsks: true,
    safe: {
      flags: 'all remotes current topo-order date-order sparse list merge-base independent no-name sha1-name topics reflog color no-color',
      values: 'more reflog color',
      shortFlags: 'ar',
      shortAttached: 'g',
    },
    reads: { config: [], objects: true },
  },
  'show-ref': { tree: 'reports', operands: 'refs' },
  'sparse-checkout': {},
  stage: {},
  stash: {
    tree: 'rewrites',
    valueLetters: 'm',
    readOnly: ['claudeCode'],
    safe: 'forms',
    reads: { config: [...INDEX, EXTERNAL_DIFF, ...HISTORY], variables: ['GIT_EXTERNAL_DIFF'], objects: true },
  },
  status: {
    tree: 'reports',
    readOnly: ['claudeCode', 'robota'],
    safe: {
      // `--ignored` alone lists ignored files as `--ignored=traditional` does (git status --ignored).
      flags: 'short branch porcelain long verbose show-stash ahead-behind no-ahead-behind renames no-renames null column no-column ignored',
      values: 'porcelain untracked-files ignored ignore-submodules column find-renames',
      shortFlags: 'sbvz',
      shortAttached: 'uM',
    },
    reads: { config: INDEX, indexHook: true },
  },
  submodule: { valueLetters: 'b' },
  switch: { tree: 'reports', valueLetters: 'cC' },
  tag: { tree: 'reports', operands: 'refs', valueLetters: 'mFu', readOnly: ['claudeCode'], safe: 'forms', reads: { config: [] } },
  'unpack-file': {},
  'update-index': {},
  var: { tree: 'reports' },
  'verify-commit': { tree: 'reports' },
  'verify-tag': { tree: 'reports' },
  version: { tree: 'reports' },
  whatchanged: { tree: 'reports', safe: REV, reads: { config: HISTORY, objects: true } },
  worktree: { valueLetters: 'bB', readOnly: ['claudeCode'], safe: 'forms', reads: { config: [] } },
};

/** The names of the subcommands whose entry satisfies `test`. */
function namesWhere(test: (s: GitSubcommand) => boolean): ReadonlySet<string> {
  return new Set(Object.keys(GIT_SUBCOMMANDS).filter((name) => test(GIT_SUBCOMMANDS[name]!)));
}

/** The subcommands each read-only set takes. @internal */
export const GIT_READ_ONLY_SUBCOMMANDS: { readonly claudeCode: ReadonlySet<string>; readonly robota: ReadonlySet<string> } = {
  claudeCode: namesWhere((s) => s.readOnly?.includes('claudeCode') === true),
  robota: namesWhere((s) => s.readOnly?.includes('robota') === true),
};

/** The subcommands that only report. @internal */
export const GIT_REPORTS: ReadonlySet<string> = namesWhere((s) => s.tree === 'reports');

/** The subcommands whose operands are ref names or ref patterns, not pathspecs. @internal */
export const GIT_REF_OPERANDS: ReadonlySet<string> = namesWhere((s) => s.operands === 'refs');

/** The subcommands that rewrite tracked files in the working tree. @internal */
export const GIT_REWRITES_TREE: ReadonlySet<string> = namesWhere((s) => s.tree === 'rewrites');

/** The short options that take a value, of `name` (none when it is not in the table). @internal */
export function gitValueLetters(name: string): string {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? (GIT_SUBCOMMANDS[name]!.valueLetters ?? '') : '';
}

/** The options of `name` whose value is a command git runs (none when it is not in the table). @internal */
export function gitCommandOptions(name: string): GitSubcommand['commandOptions'] {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name]!.commandOptions : undefined;
}

/** The read-only options of `name` (undefined when it has none in the table). @internal */
export function gitSafeOptions(name: string): GitSubcommand['safe'] {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name]!.safe : undefined;
}
