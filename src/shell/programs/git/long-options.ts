/**
 * The long options of git's history and diff subcommands, and of those that take actions (stash,
 * notes, worktree, submodule), as their entries' `long` (subcommands.ts): a trailing `=` takes a
 * value, attached or the next word; without one, none (or one attached with `=` only). Generated
 * with git 2.39.5 in a repository (outside one most of them print nothing):
 * `git SUB --git-completion-helper-all` for the options git's parse-options knows (the `--no-…`
 * forms after its `--` left out), and for the options of the revision walk, which parse-options
 * does not list, the option headings of the manual page (git-log(1), git-rev-list(1), …; Debian
 * git-man 2.39.5). Whether such an option takes the next word was tried with the real git
 * (`git log -1 --NAME WORD --` takes WORD, or fails on it as a revision): `--since x`, `--grep x`,
 * `--skip x` take it; `--format`, `--min-parents`, `--filter` only take `=VALUE`.
 * log, show and whatchanged share one parser, so one list; diff, format-patch and reflog (its
 * `show` is log) read the same revision and diff options. git takes no abbreviation of these (it
 * passes unknown options on to the revision walk: `git log --outp=F` fails), so a prefix toolgate
 * resolves is one git refuses — judged as the option it starts, which errs toward the option.
 */

/**
 * What log and format-patch read alike (format-patch runs log's parser): `git log
 * --git-completion-helper-all` (log's own), `git rev-list --git-completion-helper-all` (the diff
 * options) and git-log(1) — but `--cc`, log's combined diff, where format-patch has its own
 * `--cc=ADDRESS`.
 * @internal
 */
export const REVISION_DIFF_LONG =
  '--quiet --source --use-mailmap --mailmap --clear-decorations --decorate-refs= --decorate-refs-exclude= ' +
  '--decorate --no-quiet --patch --no-patch --unified --function-context --raw --patch-with-raw ' +
  '--patch-with-stat --numstat --shortstat --dirstat --cumulative --dirstat-by-file --check --summary ' +
  '--name-only --name-status --stat --stat-width= --stat-name-width= --stat-graph-width= --stat-count= ' +
  '--compact-summary --binary --full-index --color --ws-error-highlight= --abbrev --src-prefix= --dst-prefix= ' +
  '--line-prefix= --no-prefix --inter-hunk-context= --output-indicator-new= --output-indicator-old= ' +
  '--output-indicator-context= --break-rewrites --find-renames --irreversible-delete --find-copies ' +
  '--find-copies-harder --no-renames --rename-empty --follow --minimal --ignore-all-space --ignore-space-change ' +
  '--ignore-space-at-eol --ignore-cr-at-eol --ignore-blank-lines --ignore-matching-lines= --indent-heuristic ' +
  '--patience --histogram --diff-algorithm= --anchored= --word-diff --word-diff-regex= --color-words ' +
  '--color-moved --color-moved-ws= --relative --text --exit-code --ext-diff --textconv --ignore-submodules ' +
  '--submodule --ita-invisible-in-index --ita-visible-in-index --pickaxe-all --pickaxe-regex --rotate-to= ' +
  '--skip-to= --find-object= --diff-filter= --output= --no-decorate --no-mailmap --no-use-mailmap --full-diff ' +
  '--log-size --max-count= --skip= --since= --after= --since-as-filter= --until= --before= --author= ' +
  '--committer= --grep-reflog= --grep= --all-match --invert-grep --regexp-ignore-case --basic-regexp ' +
  '--extended-regexp --fixed-strings --perl-regexp --remove-empty --merges --no-merges --min-parents ' +
  '--max-parents --no-min-parents --no-max-parents --first-parent --exclude-first-parent-only --not --all ' +
  '--branches --tags --remotes --glob= --exclude= --exclude-hidden= --reflog --alternate-refs --single-worktree ' +
  '--ignore-missing --bisect --stdin --cherry-mark --cherry-pick --left-only --right-only --cherry ' +
  '--walk-reflogs --merge --boundary --simplify-by-decoration --show-pulls --full-history --dense --sparse ' +
  '--simplify-merges --ancestry-path --date-order --author-date-order --topo-order --reverse --no-walk ' +
  '--do-walk --pretty --format --abbrev-commit --no-abbrev-commit --oneline --encoding= --expand-tabs ' +
  '--no-expand-tabs --notes --no-notes --show-notes --standard-notes --no-standard-notes --show-signature ' +
  '--relative-date --date= --parents --children --left-right --graph --show-linear-break --diff-merges= ' +
  '--no-diff-merges --remerge-diff --combined-all-paths --no-indent-heuristic --no-color --no-color-moved ' +
  '--no-color-moved-ws --no-rename-empty --no-relative --no-ext-diff --no-textconv';

/**
 * `git log`, `git show`, `git whatchanged`: {@link REVISION_DIFF_LONG} and `--cc`; then `--count --in-commit-order` of
 * git-rev-list(1), which git log takes too (tried), and three flags git 2.39 refuses but the
 * read-only set this list shares with diff names (`REV`, safe-options.ts): diff's `--cached` and
 * `--staged`, and git 2.40's `--dd`.
 * @internal
 */
export const LOG_LONG = `${REVISION_DIFF_LONG} --cc --count --in-commit-order --cached --staged --dd`;

/** `git diff`: log's (it walks revisions with the same parser, `git diff --oneline` is taken) and git-diff(1)'s `--base --ours --theirs --no-index --merge-base`. @internal */
export const DIFF_LONG = `${LOG_LONG} --base --ours --theirs --no-index --merge-base`;

/** `git reflog`: log's (`reflog show`) and `git reflog expire|delete --git-completion-helper-all`. @internal */
export const REFLOG_LONG =
  `${LOG_LONG} ` + '--dry-run --rewrite --updateref --verbose --expire= --expire-unreachable= --stale-fix --no-dry-run';

/** `git rev-list`: log's, and git-rev-list(1)'s own (`--objects`, `--max-age=`, …). @internal */
export const REV_LIST_LONG =
  `${LOG_LONG} ` +
  '--max-age= --min-age= --disk-usage --use-bitmap-index --progress --bisect-vars --bisect-all --objects ' +
  '--objects-edge --objects-edge-aggressive --indexed-objects --unpacked --object-names ' +
  '--no-object-names --filter --no-filter --filter-provided-objects --filter-print-omitted --missing ' +
  '--exclude-promisor-objects --header --no-commit-header --commit-header --timestamp';

/**
 * `git format-patch`: `git format-patch --git-completion-helper-all` and git-format-patch(1) (its
 * own `--cc=ADDRESS`), then the revision and diff options.
 * @internal
 */
export const FORMAT_PATCH_LONG =
  '--numbered --no-numbered --signoff --stdout --cover-letter --numbered-files --suffix= --start-number= ' +
  '--reroll-count= --filename-max-length= --rfc --cover-from-description= --subject-prefix= --output-directory= ' +
  '--keep-subject --no-binary --zero-commit --ignore-if-in-upstream --no-stat --add-header= --to= --cc= --from ' +
  '--in-reply-to= --attach --inline --thread --signature= --base= --signature-file= --progress --interdiff= ' +
  '--range-diff= --creation-factor= --force-in-body-from --no-attach --no-thread --always ' +
  '--no-force-in-body-from --no-cover-letter --encode-email-headers --no-encode-email-headers --no-signature ' +
  '--no-base --root' +
  ` ${REVISION_DIFF_LONG}`;

/** `git shortlog`: `git shortlog --git-completion-helper-all` and git-shortlog(1). @internal */
export const SHORTLOG_LONG =
  '--committer --numbered --summary --email --group= --no-committer --format --date= --max-count= --skip= ' +
  '--since= --after= --since-as-filter= --until= --before= --author= --grep-reflog= --grep= --all-match ' +
  '--invert-grep --regexp-ignore-case --basic-regexp --extended-regexp --fixed-strings --perl-regexp ' +
  '--remove-empty --merges --no-merges --min-parents --max-parents --no-min-parents --no-max-parents ' +
  '--first-parent --exclude-first-parent-only --not --all --branches --tags --remotes --glob --exclude ' +
  '--exclude-hidden --reflog --alternate-refs --single-worktree --ignore-missing --bisect --stdin --cherry-mark ' +
  '--cherry-pick --left-only --right-only --cherry --walk-reflogs --merge --boundary --simplify-by-decoration ' +
  '--show-pulls --full-history --dense --sparse --simplify-merges --ancestry-path';

/** `git range-diff`: `git range-diff --git-completion-helper-all` (its options and the diff options). @internal */
export const RANGE_DIFF_LONG =
  '--creation-factor= --no-dual-color --notes --left-only --right-only --patch --no-patch --unified ' +
  '--function-context --raw --patch-with-raw --patch-with-stat --numstat --shortstat --dirstat --cumulative ' +
  '--dirstat-by-file --check --summary --name-only --name-status --stat --stat-width= --stat-name-width= ' +
  '--stat-graph-width= --stat-count= --compact-summary --binary --full-index --color --ws-error-highlight= ' +
  '--abbrev --src-prefix= --dst-prefix= --line-prefix= --no-prefix --inter-hunk-context= ' +
  '--output-indicator-new= --output-indicator-old= --output-indicator-context= --break-rewrites --find-renames ' +
  '--irreversible-delete --find-copies --find-copies-harder --no-renames --rename-empty --follow --minimal ' +
  '--ignore-all-space --ignore-space-change --ignore-space-at-eol --ignore-cr-at-eol --ignore-blank-lines ' +
  '--ignore-matching-lines= --indent-heuristic --patience --histogram --diff-algorithm= --anchored= --word-diff ' +
  '--word-diff-regex= --color-words --color-moved --color-moved-ws= --relative --text --exit-code --quiet ' +
  '--ext-diff --textconv --ignore-submodules --submodule --ita-invisible-in-index --ita-visible-in-index ' +
  '--pickaxe-all --pickaxe-regex --rotate-to= --skip-to= --find-object= --diff-filter= --output= --dual-color ' +
  '--no-notes';

/** `git stash`: `git stash push|save|show|apply|pop|drop|store --git-completion-helper-all`. @internal */
export const STASH_LONG =
  '--keep-index --staged --patch --quiet --include-untracked --all --message= --pathspec-from-file= ' +
  '--pathspec-file-nul --no-keep-index --only-untracked --no-include-untracked --index --no-quiet';

/** `git notes`: `git notes [add|copy|append|edit|merge|remove|prune] --git-completion-helper-all`. @internal */
export const NOTES_LONG =
  '--ref= --no-ref --message= --file= --reedit-message= --reuse-message= --allow-empty --force --no-allow-empty ' +
  '--stdin --for-rewrite= --no-force --verbose --quiet --strategy= --commit --abort --no-verbose ' +
  '--ignore-missing --no-ignore-missing --dry-run --no-dry-run';

/** `git worktree`: `git worktree add|prune|list|lock|move|remove --git-completion-helper-all` and git-worktree(1). @internal */
export const WORKTREE_LONG =
  '--force --detach --checkout --lock --reason= --quiet --track --guess-remote --no-force --dry-run --verbose ' +
  '--expire= --no-dry-run --porcelain --no-porcelain --no-reason --no-checkout --no-guess-remote --no-track';

/**
 * `git submodule`: the options its script reads (git 2.39.5 `/usr/lib/git-core/git-submodule`, a
 * shell script that matches whole words only; `--branch`, `--name`, `--reference`, `--depth`,
 * `--jobs`, `--filter` and `--summary-limit` take the next word).
 * @internal
 */
export const SUBMODULE_LONG =
  '--branch= --force --quiet --progress --reference= --dissociate --name= --depth= --recursive --cached --all ' +
  '--init --require-init --remote --rebase --merge --checkout --recommend-shallow --no-recommend-shallow --jobs= ' +
  '--single-branch --no-single-branch --filter= --default --files --for-status --summary-limit=';
