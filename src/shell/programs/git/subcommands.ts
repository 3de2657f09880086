/**
 * git's subcommands, one entry each: how its options take values, what it does to the working
 * tree (with the files facet's rule for it, `files`) and which read-only sets take it —
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
  WORK_TREE,
  type SubcommandReads,
} from './config-kinds.js';
import type { GitFilesRule } from './files-call.js';
import { checkout, checkoutIndex, apply, readTree, reset, restore, switchBranch, unpackFile } from './files-checkout.js';
import { config } from './files-config.js';
import { clone, init, submodule, worktree } from './files-create.js';
import type { OwnFileOptions } from './files-options.js';
import { blame, checkIgnore, commit, diff, exportHistory, fsck, grep, notes, updateIndex } from './files-reports.js';
import { am, merge, pick, pull, rebase, stash } from './files-rewrites.js';
import { add, clean, mv, rm } from './files-stage.js';
import {
  DIFF_LONG,
  FORMAT_PATCH_LONG,
  LOG_LONG,
  NOTES_LONG,
  RANGE_DIFF_LONG,
  REFLOG_LONG,
  REV_LIST_LONG,
  SHORTLOG_LONG,
  STASH_LONG,
  SUBMODULE_LONG,
  WORKTREE_LONG,
} from './long-options.js';
import { REV, REV_DIFF_FLAGS, type SafeOptions } from './safe-options.js';

/** What toolgate knows of one git subcommand. @internal */
export interface GitSubcommand {
  /** Short options that take a value (`git add -f` is a flag, `git config -f F` is not). */
  readonly valueLetters?: string;
  /**
   * Short options whose value is optional and only attached (parse-options' `PARSE_OPT_OPTARG`:
   * `git grep -O'sh x.sh'` is `-O` with the value `sh x.sh`, spaces and all; `-O` alone is a flag).
   */
  readonly optionalLetters?: string;
  /**
   * Its long options, as git 2.39 prints them for `git SUB --git-completion-helper-all` (the
   * negated `--no-…` forms it adds left out): a trailing `=` takes a value, attached or the next
   * word; without one, none (or one attached with `=` only). git's parse-options takes a unique
   * prefix of one of these (`git mv --v` is `--verbose`), so an abbreviation is resolved against
   * this list alone. Absent: the options the files facet knows for every subcommand (`files-options.ts`).
   */
  readonly long?: string;
  /**
   * What it does to the working tree where its entry has no `files` rule: `reports` —
   * it only reports (its path-like operands are pathspecs it reads, nothing is written);
   * `rewrites` — it rewrites tracked files (which names, only the repository knows).
   */
  readonly tree?: 'reports' | 'rewrites';
  /**
   * What it does to files, where what its entry says of the tree (`tree`) is not enough: the
   * rule the files facet (`files.ts`) hands its words to (`files-*.ts`).
   */
  readonly files?: GitFilesRule;
  /**
   * Its options whose value is a file, beyond those every subcommand shares (`--output`,
   * `--contents`, …; `files-options.ts`): `reads` — a file it reads (`commit -F MSG`), `writes` —
   * one it writes (`format-patch -o DIR`), `trees` — a directory whose files it copies (`init --template`).
   */
  readonly fileOptions?: { readonly reads?: string; readonly writes?: string; readonly trees?: string };
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
  /**
   * The options a word toolgate cannot see may be, written as the worst of them (`clean`: `-ffdx`):
   * such a word among its options (`git clean -f"$x" sub`, `-$(echo f)`, a word alone) is also
   * read as that option, so its effects are judged as they may be.
   */
  readonly hiddenWorst?: readonly string[];
  /**
   * `urls`: its words (or an option's value, `archive --remote=URL`) may be repository URLs, whose
   * `<transport>::` form runs a program (`transports.ts`).
   */
  readonly takes?: 'urls';
}

/** `git log` and `git show`: one parser (show is log with `--no-walk` and a patch), one entry. */
const LOG: GitSubcommand = {
  long: LOG_LONG,
  tree: 'reports',
  valueLetters: 'SGLnO',
  readOnly: ['claudeCode', 'robota'],
  safe: REV,
  reads: { config: HISTORY, objects: true },
};

/**
 * The subcommands toolgate knows, by name: every git facet reads its facts here. An entry with no
 * facts names a subcommand a facet has a rule of its own for (`git hash-object`, `git lfs`).
 * @internal
 */
export const GIT_SUBCOMMANDS: Readonly<Record<string, GitSubcommand>> = {
  add: {
    files: add,
    tree: 'reports',
    long:
      '--dry-run --verbose --interactive --patch --edit --force --update --renormalize --intent-to-add --all ' +
      '--ignore-removal --refresh --ignore-errors --ignore-missing --sparse --chmod= --warn-embedded-repo ' +
      '--pathspec-from-file= --pathspec-file-nul --no-dry-run',
  },
  am: {
    files: am,
    tree: 'rewrites',
    valueLetters: 'pC',
    long:
      '--interactive --binary --3way --quiet --signoff --utf8 --keep --keep-non-patch --message-id --keep-cr ' +
      '--no-keep-cr --scissors --quoted-cr= --whitespace= --ignore-space-change --ignore-whitespace --directory= ' +
      '--exclude= --include= --patch-format= --reject --resolvemsg= --continue --resolved --skip --abort --quit ' +
      '--show-current-patch --allow-empty --committer-date-is-author-date --ignore-date --rerere-autoupdate ' +
      '--gpg-sign --empty= --rebasing',
  },
  annotate: { files: blame, fileOptions: { reads: '-S --ignore-revs-file' }, tree: 'reports', valueLetters: 'LS' },
  apply: {
    files: apply,
    valueLetters: 'pC',
    long:
      '--exclude= --include= --no-add --stat --allow-binary-replacement --binary --numstat --summary --check --index ' +
      '--intent-to-add --cached --unsafe-paths --apply --3way --build-fake-ancestor= --whitespace= ' +
      '--ignore-space-change --ignore-whitespace --reverse --unidiff-zero --reject --allow-overlap --verbose --quiet ' +
      '--inaccurate-eof --recount --directory= --allow-empty --add',
  },
  archive: {
    takes: 'urls',
    files: exportHistory,
    fileOptions: { writes: '-o' },
    valueLetters: 'o',
    commandOptions: { long: ['exec'] },
    long: '--format= --prefix= --add-file= --add-virtual-file= --output= --worktree-attributes --verbose --list --remote= --exec=',
  },
  bisect: { tree: 'reports' },
  blame: {
    files: blame,
    fileOptions: { reads: '-S --ignore-revs-file' },
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
    // The options of its revision parser are not listed (`--since`, `--reverse`) but `--date`, which its read-only
    // form takes (git-blame(1): `--date <format>`, `--date=<format>`).
    long:
      '--incremental --root --show-stats --progress --score-debug --show-name --show-number --porcelain ' +
      '--line-porcelain --show-email --ignore-rev= --ignore-revs-file= --color-lines --color-by-age --minimal ' +
      '--contents= --abbrev --no-incremental --date=',
  },
  branch: {
    tree: 'reports',
    operands: 'refs',
    readOnly: ['claudeCode', 'robota'],
    safe: 'forms',
    reads: { config: [] },
    long:
      '--verbose --quiet --track --set-upstream --set-upstream-to= --unset-upstream --color --remotes --contains ' +
      '--no-contains --with --without --abbrev --all --delete --move --copy --list --show-current --create-reflog ' +
      '--edit-description --force --merged --no-merged --column --sort= --points-at= --ignore-case ' +
      '--recurse-submodules --format=',
  },
  bundle: { files: exportHistory },
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
    files: checkIgnore,
    tree: 'reports',
    readOnly: ['claudeCode'],
    cliAsks: true,
    safe: { flags: 'quiet verbose non-matching stdin', shortFlags: 'qvnz' },
    reads: { config: INDEX },
  },
  'check-ref-format': { tree: 'reports', operands: 'refs' },
  checkout: {
    files: checkout,
    tree: 'reports',
    valueLetters: 'bB',
    long:
      '--guess --overlay --quiet --recurse-submodules --progress --merge --conflict= --detach --track --force ' +
      '--orphan= --overwrite-ignore --ignore-other-worktrees --ours --theirs --patch --ignore-skip-worktree-bits ' +
      '--pathspec-from-file= --pathspec-file-nul --no-guess',
  },
  'checkout-index': {
    files: checkoutIndex,
    long: '--all --ignore-skip-worktree-bits --force --quiet --no-create --index --stdin --temp --prefix= --stage= --create',
  },
  cherry: { tree: 'reports' },
  'cherry-pick': {
    tree: 'rewrites',
    files: pick,
    valueLetters: 'mX',
    long:
      '--quit --continue --abort --skip --cleanup= --no-commit --edit --signoff --mainline= --rerere-autoupdate ' +
      '--strategy= --strategy-option= --gpg-sign --ff --allow-empty --allow-empty-message --keep-redundant-commits ' +
      '--commit',
  },
  // git clean -h: -d, -f, -i, -n, -q, -x, -X, `-e PATTERN`. A hidden word may be a second -f (with a
  // pathspec, -ff removes the nested repositories below it), -d or -x/-X (what is removed: the
  // files rule already takes every entry below each pathspec, ignored ones too).
  clean: {
    files: clean,
    valueLetters: 'e',
    long: '--quiet --dry-run --force --interactive --exclude= --no-quiet',
    hiddenWorst: ['-ffdx'],
  },
  clone: {
    takes: 'urls',
    files: clone,
    fileOptions: { trees: '--template' },
    valueLetters: 'obcju',
    commandOptions: { long: ['upload-pack'], short: 'u' },
    long:
      '--verbose --quiet --progress --reject-shallow --no-checkout --bare --naked --mirror --local --no-hardlinks ' +
      '--shared --recurse-submodules --recursive --jobs= --template= --reference= --reference-if-able= --dissociate ' +
      '--origin= --branch= --upload-pack= --depth= --shallow-since= --shallow-exclude= --single-branch --no-tags ' +
      '--shallow-submodules --separate-git-dir= --config= --server-option= --ipv4 --ipv6 --filter= ' +
      '--also-filter-submodules --remote-submodules --sparse --bundle-uri= --checkout --hardlinks --tags',
  },
  commit: {
    files: commit,
    fileOptions: { reads: '-F --file -t' },
    tree: 'reports',
    valueLetters: 'mFtcC',
    long:
      '--quiet --verbose --file= --author= --date= --message= --reedit-message= --reuse-message= --fixup= --squash= ' +
      '--reset-author --trailer= --signoff --template= --edit --cleanup= --status --gpg-sign --all --include ' +
      '--interactive --patch --only --no-verify --dry-run --short --branch --ahead-behind --porcelain --long --null ' +
      '--amend --no-post-rewrite --untracked-files --pathspec-from-file= --pathspec-file-nul --allow-empty ' +
      '--allow-empty-message --verify --post-rewrite',
  },
  config: {
    takes: 'urls',
    files: config,
    valueLetters: 'f',
    readOnly: ['claudeCode'],
    safe: 'forms',
    reads: { config: [] },
    long:
      '--global --system --local --worktree --file= --blob= --get --get-all --get-regexp --get-urlmatch --replace-all ' +
      '--add --unset --unset-all --rename-section --remove-section --list --fixed-value --edit --get-color ' +
      '--get-colorbool --type= --bool --int --bool-or-int --bool-or-str --path --expiry-date --null --name-only ' +
      '--includes --show-origin --show-scope --default= --no-global',
  },
  // Counts loose and packed objects (git count-objects -vH).
  'count-objects': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    cliAsks: true,
    safe: { flags: 'verbose human-readable', shortFlags: 'vH' },
    reads: { config: [] },
  },
  // Serves repositories: runs `--access-hook=CMD` before each service (git-daemon(1)).
  daemon: { commandOptions: { long: ['access-hook'] } },
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
    long: DIFF_LONG,
    files: diff,
    tree: 'reports',
    valueLetters: 'SGLOn',
    readOnly: ['claudeCode', 'robota'],
    // `--no-index` compares the paths named (read whole, `files-reports.ts`) under the same config as a worktree diff.
    safe: { ...REV, flags: `${REV_DIFF_FLAGS} no-index` },
    reads: { config: [...INDEX, EXTERNAL_DIFF, TEXTCONV], variables: ['GIT_EXTERNAL_DIFF'], objects: true },
  },
  'diff-files': { tree: 'reports', valueLetters: 'O' },
  'diff-index': { tree: 'reports', valueLetters: 'O' },
  // Plumbing diff of two trees: no external diff or textconv unless `--ext-diff`/`--textconv`
  // (both refused by the read-only walk), so `-p` is as safe as `--name-only` (git diff-tree --no-commit-id --name-only -r HEAD).
  // diff-tree reads the index (core.fsmonitor runs, observed) but runs no diff driver or
  // textconv without --ext-diff/--textconv; a pretty.<name> alias with %G verifies signatures.
  'diff-tree': {
    tree: 'reports',
    valueLetters: 'SGO',
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
  // Hands every changed file's content to a program: -x CMD, else a configured tool (runs.ts).
  difftool: { tree: 'reports', valueLetters: 'tx', commandOptions: { long: ['extcmd'], short: 'x' } },
  // Prints the commits it exports as a stream, every blob's content with them (tracked-reads.ts).
  'fast-export': { tree: 'reports', fileOptions: { reads: '--import-marks --import-marks-if-exists', writes: '--export-marks' } },
  fetch: {
    takes: 'urls',
    tree: 'reports',
    // `-j N` (--jobs), `-o TEXT` (--server-option): git fetch -h.
    valueLetters: 'jo',
    commandOptions: { long: ['upload-pack'] },
    long:
      '--verbose --quiet --all --set-upstream --append --atomic --upload-pack= --force --multiple --tags --jobs= ' +
      '--prefetch --prune --prune-tags --recurse-submodules --dry-run --write-fetch-head --keep --update-head-ok ' +
      '--progress --depth= --shallow-since= --shallow-exclude= --deepen= --unshallow --refetch --submodule-prefix= ' +
      '--recurse-submodules-default= --update-shallow --refmap= --server-option= --ipv4 --ipv6 --negotiation-tip= ' +
      '--negotiate-only --filter= --auto-maintenance --auto-gc --show-forced-updates --write-commit-graph --stdin ' +
      '--no-verbose',
  },
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
  'format-patch': { long: FORMAT_PATCH_LONG, files: exportHistory, fileOptions: { writes: '-o' }, valueLetters: 'ovO' },
  fsck: { files: fsck, tree: 'reports' },
  gc: { tree: 'reports' },
  grep: {
    files: grep,
    valueLetters: 'efmABC',
    optionalLetters: 'O',
    readOnly: ['claudeCode'],
    safe: {
      flags:
        'cached untracked no-index recurse-submodules text ignore-case invert-match word-regexp line-number column full-name extended-regexp basic-regexp perl-regexp fixed-strings files-with-matches name-only files-without-match null count break heading show-function function-context all-match quiet no-exclude-standard exclude-standard recursive no-recursive only-matching',
      values: 'max-depth context after-context before-context threads color',
      shortFlags: 'aiIvwnhHElLGPFzcpWqro',
      shortValues: 'ABCme',
      numeric: true,
    },
    reads: { config: [FSMONITOR, TEXTCONV], objects: true },
    long:
      '--cached --no-index --untracked --exclude-standard --recurse-submodules --invert-match --ignore-case ' +
      '--word-regexp --text --textconv --recursive --max-depth= --extended-regexp --basic-regexp --fixed-strings ' +
      '--perl-regexp --line-number --column --full-name --files-with-matches --name-only --files-without-match --null ' +
      '--only-matching --count --color --break --heading --context= --before-context= --after-context= --threads= ' +
      '--show-function --function-context --and --or --not --quiet --all-match --open-files-in-pager --ext-grep ' +
      '--max-count= --index',
  },
  'hash-object': {},
  // The plumbing under fetch: runs its `--upload-pack=CMD` (old name `--exec=CMD`) as the other side (git-fetch-pack(1)).
  'fetch-pack': { takes: 'urls', commandOptions: { long: ['upload-pack', 'exec'] } },
  help: { tree: 'reports', readOnly: ['claudeCode'], safe: 'forms', reads: { config: [] } },
  init: {
    files: init,
    fileOptions: { trees: '--template' },
    long: '--template= --bare --shared --quiet --separate-git-dir= --initial-branch= --object-format= --no-template',
  },
  // Runs the web server `--httpd=CMD` (`-d CMD`) names (git-instaweb(1)).
  instaweb: { valueLetters: 'dmpb', commandOptions: { long: ['httpd'], short: 'd' } },
  lfs: {},
  log: LOG,
  'ls-files': {
    tree: 'reports',
    valueLetters: 'x',
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
  // `--exec` is ls-remote's hidden old name of `--upload-pack` (builtin/ls-remote.c).
  'ls-remote': {
    takes: 'urls',
    tree: 'reports',
    // `-o TEXT` (--server-option): git ls-remote -h.
    valueLetters: 'o',
    commandOptions: { long: ['upload-pack', 'exec'] },
    long: '--quiet --upload-pack= --exec= --tags --heads --refs --get-url --sort= --exit-code --symref --server-option= ' + '--no-quiet',
  },
  'ls-tree': { tree: 'reports' },
  maintenance: {},
  merge: {
    files: merge,
    fileOptions: { reads: '-F --file' },
    tree: 'rewrites',
    valueLetters: 'mFsX',
    long:
      '--stat --summary --log --squash --commit --edit --cleanup= --ff --ff-only --rerere-autoupdate ' +
      '--verify-signatures --strategy= --strategy-option= --message= --file= --into-name= --verbose --quiet --abort ' +
      '--quit --continue --allow-unrelated-histories --progress --gpg-sign --autostash --overwrite-ignore --signoff ' +
      '--no-verify --verify',
  },
  'merge-base': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'all octopus independent is-ancestor fork-point' },
    reads: { config: [], objects: true },
  },
  // Prints the merge of two trees: the merged content of the files both changed (tracked-reads.ts).
  'merge-tree': { tree: 'reports' },
  mv: { files: mv, tree: 'reports', long: '--verbose --dry-run --force --sparse --no-verbose' },
  'name-rev': {
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'tags all name-only no-undefined always', values: 'refs exclude' },
    reads: { config: [], objects: true },
  },
  notes: { long: NOTES_LONG, files: notes, fileOptions: { reads: '-F --file' }, tree: 'reports', valueLetters: 'mFCc' },
  prune: { tree: 'reports' },
  pull: {
    files: pull,
    takes: 'urls',
    tree: 'rewrites',
    // `-o TEXT` (--server-option) too: git pull -h (`-j`, `-r`, `-S` take a value only attached).
    valueLetters: 'sXo',
    commandOptions: { long: ['upload-pack'] },
    long:
      '--verbose --quiet --progress --recurse-submodules --rebase --stat --summary --log --signoff --squash --commit ' +
      '--edit --cleanup= --ff --ff-only --verify --verify-signatures --autostash --strategy= --strategy-option= ' +
      '--gpg-sign --allow-unrelated-histories --all --append --upload-pack= --force --tags --prune --jobs --dry-run ' +
      '--keep --depth= --shallow-since= --shallow-exclude= --deepen= --unshallow --update-shallow --refmap= ' +
      '--server-option= --ipv4 --ipv6 --negotiation-tip= --show-forced-updates --set-upstream --no-verbose',
  },
  push: {
    takes: 'urls',
    tree: 'reports',
    // `-o TEXT` (--push-option): git push -h.
    valueLetters: 'o',
    commandOptions: { long: ['receive-pack', 'exec'] },
    long:
      '--verbose --quiet --repo= --all --mirror --delete --tags --dry-run --porcelain --force --force-with-lease ' +
      '--force-if-includes --recurse-submodules= --thin --receive-pack= --exec= --set-upstream --progress --prune ' +
      '--no-verify --follow-tags --signed --atomic --push-option= --ipv4 --ipv6 --verify',
  },
  // Prints the patches of two ranges and how they differ (tracked-reads.ts).
  'range-diff': { long: RANGE_DIFF_LONG, tree: 'reports', valueLetters: 'O' },
  'read-tree': {
    files: readTree,
    long:
      '--index-output= --empty --verbose --trivial --aggressive --reset --prefix= --exclude-per-directory= --dry-run ' +
      '--no-sparse-checkout --debug-unpack --recurse-submodules --quiet --sparse-checkout',
  },
  rebase: {
    files: rebase,
    tree: 'rewrites',
    valueLetters: 'sXx',
    commandOptions: { long: ['exec'], short: 'x' },
    long:
      '--onto= --keep-base --no-verify --quiet --verbose --no-stat --signoff --committer-date-is-author-date ' +
      '--reset-author-date --ignore-date --ignore-whitespace --whitespace= --force-rebase --no-ff --continue --skip ' +
      '--abort --quit --edit-todo --show-current-patch --apply --merge --interactive --preserve-merges ' +
      '--rerere-autoupdate --empty= --keep-empty --autosquash --update-refs --gpg-sign --autostash --exec= ' +
      '--allow-empty-message --rebase-merges --fork-point --strategy= --strategy-option= --root ' +
      '--reschedule-failed-exec --reapply-cherry-picks --verify --stat --ff',
  },
  reflog: {
    long: REFLOG_LONG,
    tree: 'reports',
    valueLetters: 'SGLnO',
    readOnly: ['claudeCode'],
    safe: { ...REV },
    reads: { config: HISTORY, objects: true },
  },
  remote: { takes: 'urls', tree: 'reports', readOnly: ['claudeCode', 'robota'], safe: 'forms', reads: { config: [] } },
  // Makes an object stand for another: a read of the object it names (tracked-reads.ts).
  replace: { tree: 'reports', operands: 'refs' },
  repack: { tree: 'reports' },
  // Prints a pull request's summary: its commits, a diffstat, `-p` the patch (tracked-reads.ts).
  'request-pull': { tree: 'reports' },
  reset: {
    files: reset,
    long:
      '--quiet --no-refresh --mixed --soft --hard --merge --keep --recurse-submodules --patch --intent-to-add ' +
      '--pathspec-from-file= --pathspec-file-nul --refresh',
  },
  restore: {
    files: restore,
    tree: 'reports',
    valueLetters: 's',
    long:
      '--source= --staged --worktree --ignore-unmerged --overlay --quiet --recurse-submodules --progress --merge ' +
      '--conflict= --ours --theirs --patch --ignore-skip-worktree-bits --pathspec-from-file= --pathspec-file-nul ' +
      '--no-source',
  },
  'rev-list': {
    long: REV_LIST_LONG,
    tree: 'reports',
    valueLetters: 'SGLn',
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
  revert: {
    tree: 'rewrites',
    files: pick,
    valueLetters: 'mX',
    long:
      '--quit --continue --abort --skip --cleanup= --no-commit --edit --signoff --mainline= --rerere-autoupdate ' +
      '--strategy= --strategy-option= --gpg-sign --reference --commit',
  },
  // The helper of `ext::` URLs: runs its second argument as a command (git-remote-ext(1), transports.ts).
  'remote-ext': {},
  rm: {
    files: rm,
    tree: 'reports',
    long: '--dry-run --quiet --cached --force --ignore-unmatch --sparse --pathspec-from-file= --pathspec-file-nul --no-dry-run',
  },
  // The plumbing under push: runs its `--receive-pack=CMD` (old name `--exec=CMD`) as the other side (git-send-pack(1)).
  'send-pack': { takes: 'urls', commandOptions: { long: ['receive-pack', 'exec'] } },
  'send-email': { commandOptions: { long: ['to-cmd', 'cc-cmd', 'header-cmd', 'smtp-server', 'sendmail-cmd'] } },
  shortlog: {
    long: SHORTLOG_LONG,
    tree: 'reports',
    readOnly: ['claudeCode'],
    safe: { flags: 'numbered summary email committer all merges no-merges', values: 'format group', shortFlags: 'nsec', numeric: false },
    reads: { config: [SHOW_SIGNATURE, PRETTY_SIGNATURE], objects: true },
  },
  show: LOG,
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
  stage: { files: add },
  stash: {
    long: STASH_LONG,
    files: stash,
    tree: 'rewrites',
    valueLetters: 'mO',
    readOnly: ['claudeCode'],
    safe: 'forms',
    reads: { config: [...INDEX, ...WORK_TREE, EXTERNAL_DIFF, ...HISTORY], variables: ['GIT_EXTERNAL_DIFF'], objects: true },
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
    long:
      '--verbose --short --branch --show-stash --ahead-behind --porcelain --long --null --untracked-files --ignored ' +
      '--ignore-submodules --column --no-renames --find-renames --renames',
  },
  submodule: { takes: 'urls', long: SUBMODULE_LONG, files: submodule, valueLetters: 'b' },
  switch: {
    files: switchBranch,
    tree: 'reports',
    valueLetters: 'cC',
    long:
      '--create= --force-create= --guess --discard-changes --quiet --recurse-submodules --progress --merge ' +
      '--conflict= --detach --track --force --orphan= --overwrite-ignore --ignore-other-worktrees --no-create',
  },
  tag: {
    fileOptions: { reads: '-F --file' },
    tree: 'reports',
    operands: 'refs',
    valueLetters: 'mFu',
    readOnly: ['claudeCode'],
    safe: 'forms',
    reads: { config: [] },
    long:
      '--list --delete --verify --annotate --message= --file= --edit --sign --cleanup= --local-user= --force ' +
      '--create-reflog --column --contains --no-contains --with --without --merged --no-merged --sort= --points-at ' +
      '--format= --color --ignore-case',
  },
  'unpack-file': { files: unpackFile },
  'update-index': { files: updateIndex },
  // Points a ref at an object: a read of the object it names (tracked-reads.ts).
  'update-ref': { tree: 'reports', operands: 'refs' },
  var: { tree: 'reports' },
  'verify-commit': { tree: 'reports' },
  'verify-tag': { tree: 'reports' },
  version: { tree: 'reports' },
  whatchanged: { long: LOG_LONG, tree: 'reports', valueLetters: 'SGLnO', safe: REV, reads: { config: HISTORY, objects: true } },
  worktree: {
    long: WORKTREE_LONG,
    files: worktree,
    valueLetters: 'bB',
    readOnly: ['claudeCode'],
    safe: 'forms',
    reads: { config: WORK_TREE },
  },
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

/** The subcommands whose operands are ref names or ref patterns, not pathspecs. @internal */
export const GIT_REF_OPERANDS: ReadonlySet<string> = namesWhere((s) => s.operands === 'refs');

/** The entry of `name` (undefined when it is not in the table). @internal */
export function gitSubcommand(name: string): GitSubcommand | undefined {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name] : undefined;
}

/** The options of `name` whose value is a file (its entry's `fileOptions`, split into names). @internal */
export function gitFileOptions(name: string): OwnFileOptions {
  const own = gitSubcommand(name)?.fileOptions;
  if (own === undefined) return NO_FILE_OPTIONS;
  // Split once per subcommand of the table (as `gitLongOptions`), not on every git command.
  let split = FILE_OPTIONS.get(name);
  if (split === undefined) {
    const names = (text: string | undefined) => Object.freeze((text ?? '').split(/\s+/).filter(Boolean));
    split = Object.freeze({ reads: names(own.reads), writes: names(own.writes), trees: names(own.trees) });
    FILE_OPTIONS.set(name, split);
  }
  return split;
}

const NO_FILE_OPTIONS: OwnFileOptions = Object.freeze({ reads: [], writes: [], trees: [] });
const FILE_OPTIONS = new Map<string, OwnFileOptions>();

/** The short options that take a value, of `name` (none when it is not in the table). @internal */
export function gitValueLetters(name: string): string {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? (GIT_SUBCOMMANDS[name]!.valueLetters ?? '') : '';
}

/** The short options of subcommand `name` whose value is optional and only attached (its entry's `optionalLetters`). @internal */
export function gitOptionalLetters(name: string): string {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? (GIT_SUBCOMMANDS[name]!.optionalLetters ?? '') : '';
}

/** The worst options a word toolgate cannot see may be among `name`'s (its entry's `hiddenWorst`). @internal */
export function gitHiddenWorst(name: string): readonly string[] | undefined {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name]!.hiddenWorst : undefined;
}

/** Whether the words of `name` may be repository URLs (its entry's `takes`). @internal */
export function gitTakesUrls(name: string): boolean {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) && GIT_SUBCOMMANDS[name]!.takes === 'urls';
}

/** The options of `name` whose value is a command git runs (none when it is not in the table). @internal */
export function gitCommandOptions(name: string): GitSubcommand['commandOptions'] {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name]!.commandOptions : undefined;
}

/** The long options of `name`, value-taking and not (undefined when its entry lists none). @internal */
export function gitLongOptions(name: string): { readonly values: readonly string[]; readonly flags: readonly string[] } | undefined {
  const long = Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name]!.long : undefined;
  if (long === undefined) return undefined;
  let parsed = LONG.get(name);
  if (parsed === undefined) {
    const words = long.split(/\s+/).filter((w) => w.startsWith('--'));
    parsed = {
      values: words.filter((w) => w.endsWith('=')).map((w) => w.slice(2, -1)),
      flags: words.filter((w) => !w.endsWith('=')).map((w) => w.slice(2)),
    };
    LONG.set(name, parsed);
  }
  return parsed;
}
const LONG = new Map<string, { values: string[]; flags: string[] }>();

/** The read-only options of `name` (undefined when it has none in the table). @internal */
export function gitSafeOptions(name: string): GitSubcommand['safe'] {
  return Object.hasOwn(GIT_SUBCOMMANDS, name) ? GIT_SUBCOMMANDS[name]!.safe : undefined;
}
