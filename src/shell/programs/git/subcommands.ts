/**
 * git's subcommands, one entry each: how its options take values, what it does to the working
 * tree when the files facet has no case of its own for it, and which read-only sets take it —
 * the one table the files facet (`files.ts`), the read-only check (`read-only.ts`) and what git
 * runs (`runs.ts`) read.
 * Sources: git 2.39 manuals (git-log(1), git-diff(1), git-show(1), git-status(1), …); Claude
 * Code CLI 2.1.332 observed (it asks about `ls-tree`, `show-ref`, `version`, `remote get-url` and
 * `config --list`, so they are not read-only in its set); decision 0077.
 */

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
  /** The read-only sets that take it (its options are then checked by `read-only.ts`). */
  readonly readOnly?: readonly ('claudeCode' | 'robota')[];
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

/** The subcommands toolgate knows, by name. @internal */
export const GIT_SUBCOMMANDS: Readonly<Record<string, GitSubcommand>> = {
  add: { tree: 'reports' },
  am: { tree: 'rewrites', valueLetters: 'pC' },
  annotate: { tree: 'reports', valueLetters: 'LS' },
  apply: { valueLetters: 'pC' },
  archive: { valueLetters: 'o', commandOptions: { long: ['exec'] } },
  bisect: { tree: 'reports' },
  blame: { tree: 'reports', valueLetters: 'LS', readOnly: ['claudeCode'] },
  branch: { tree: 'reports', readOnly: ['claudeCode', 'robota'] },
  'cat-file': { tree: 'reports', readOnly: ['claudeCode'] },
  'check-attr': { tree: 'reports' },
  'check-ignore': { tree: 'reports', readOnly: ['claudeCode'], cliAsks: true },
  'check-ref-format': { tree: 'reports' },
  checkout: { tree: 'reports', valueLetters: 'bB' },
  cherry: { tree: 'reports' },
  'cherry-pick': { tree: 'rewrites', valueLetters: 'mX' },
  clean: { valueLetters: 'e' },
  clone: { valueLetters: 'obcju', commandOptions: { long: ['upload-pack'], short: 'u' } },
  commit: { tree: 'reports', valueLetters: 'mFtcC' },
  config: { valueLetters: 'f', readOnly: ['claudeCode'] },
  'count-objects': { tree: 'reports', readOnly: ['claudeCode'], cliAsks: true },
  describe: { tree: 'reports', readOnly: ['claudeCode', 'robota'] },
  diff: { tree: 'reports', valueLetters: 'SGLO', readOnly: ['claudeCode', 'robota'] },
  'diff-files': { tree: 'reports' },
  'diff-index': { tree: 'reports' },
  'diff-tree': { tree: 'reports', readOnly: ['claudeCode'], cliAsks: true },
  difftool: { commandOptions: { long: ['extcmd'], short: 'x' } },
  fetch: { tree: 'reports', commandOptions: { long: ['upload-pack'] } },
  'filter-branch': {
    commandOptions: {
      long: ['env-filter', 'tree-filter', 'index-filter', 'parent-filter', 'msg-filter', 'commit-filter', 'tag-name-filter'],
    },
  },
  'for-each-ref': { tree: 'reports', readOnly: ['claudeCode'] },
  'format-patch': { valueLetters: 'ov' },
  fsck: { tree: 'reports' },
  gc: { tree: 'reports' },
  grep: { valueLetters: 'efmABC', readOnly: ['claudeCode'] },
  help: { tree: 'reports', readOnly: ['claudeCode'] },
  log: { tree: 'reports', valueLetters: 'SGLnO', readOnly: ['claudeCode', 'robota'] },
  'ls-files': { tree: 'reports', readOnly: ['claudeCode', 'robota'] },
  'ls-remote': { tree: 'reports', commandOptions: { long: ['upload-pack'] } },
  'ls-tree': { tree: 'reports' },
  merge: { tree: 'rewrites', valueLetters: 'mFsX' },
  'merge-base': { tree: 'reports', readOnly: ['claudeCode'] },
  mv: { tree: 'reports' },
  'name-rev': { tree: 'reports', readOnly: ['claudeCode'] },
  notes: { tree: 'reports', valueLetters: 'mFC' },
  prune: { tree: 'reports' },
  pull: { tree: 'rewrites', valueLetters: 'sX', commandOptions: { long: ['upload-pack'] } },
  push: { tree: 'reports', commandOptions: { long: ['receive-pack', 'exec'] } },
  'range-diff': { tree: 'reports' },
  rebase: { tree: 'rewrites', valueLetters: 'sXx', commandOptions: { long: ['exec'], short: 'x' } },
  reflog: { tree: 'reports', readOnly: ['claudeCode'] },
  remote: { tree: 'reports', readOnly: ['claudeCode', 'robota'] },
  repack: { tree: 'reports' },
  restore: { tree: 'reports', valueLetters: 's' },
  'rev-list': { tree: 'reports', readOnly: ['claudeCode'] },
  'rev-parse': { tree: 'reports', readOnly: ['claudeCode', 'robota'] },
  revert: { tree: 'rewrites', valueLetters: 'mX' },
  rm: { tree: 'reports' },
  'send-email': { commandOptions: { long: ['to-cmd', 'cc-cmd', 'header-cmd', 'smtp-server', 'sendmail-cmd'] } },
  shortlog: { tree: 'reports', readOnly: ['claudeCode'] },
  show: { tree: 'reports', valueLetters: 'SGLnO', readOnly: ['claudeCode', 'robota'] },
  'show-branch': { readOnly: ['claudeCode'], cliAsks: true },
  'show-ref': { tree: 'reports' },
  stash: { tree: 'rewrites', valueLetters: 'm', readOnly: ['claudeCode'] },
  status: { tree: 'reports', readOnly: ['claudeCode', 'robota'] },
  submodule: { valueLetters: 'b' },
  switch: { tree: 'reports', valueLetters: 'cC' },
  tag: { tree: 'reports', valueLetters: 'mFu', readOnly: ['claudeCode'] },
  var: { tree: 'reports' },
  'verify-commit': { tree: 'reports' },
  'verify-tag': { tree: 'reports' },
  version: { tree: 'reports' },
  whatchanged: { tree: 'reports' },
  worktree: { valueLetters: 'bB', readOnly: ['claudeCode'] },
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
