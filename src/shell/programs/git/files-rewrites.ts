/**
 * The subcommands that rewrite tracked files (their entry's `tree: 'rewrites'`): merge, rebase,
 * pull, cherry-pick, revert and stash write the files of the commits they bring in (or of the
 * stash), `am` those its patches name — neither of which toolgate reads, so the whole tree may be
 * written. Git 2.39 manual pages.
 */
import { has } from '../../options/file-operands.js';
import type { NamesFrom } from '../../options/file-operands.js';
import { actionOf, COMMIT_NAMES, commitNames, PATCH_NAMES, type GitFilesCall, type GitFilesExtra } from './files-call.js';
import { stashShowReads } from './tracked-reads.js';

/**
 * Options of merge and rebase that leave which commits are taken to the revisions named
 * (git-merge(1), git-rebase(1)): messages, signatures, fast-forward choices, hooks, strategies
 * (a strategy merges the same trees). `--abort`, `--continue`, `--onto`, `--root`, `-i`,
 * `--exec` and the like are not listed: what they take is not the operands' history alone.
 */
const MERGE_PLAIN: ReadonlySet<string> = new Set(
  (
    '-m --message -F --file -e --edit --no-edit --cleanup --ff --no-ff --ff-only --commit --no-commit ' +
    '--squash --no-squash --stat -n --no-stat --summary --no-summary --log --no-log -s --strategy -X ' +
    '--strategy-option -q --quiet -v --verbose --progress --no-progress --verify --no-verify --signoff ' +
    '--no-signoff -S --gpg-sign --no-gpg-sign --autostash --no-autostash --rerere-autoupdate ' +
    '--no-rerere-autoupdate --allow-unrelated-histories --verify-signatures --no-verify-signatures ' +
    '--overwrite-ignore --no-overwrite-ignore --into-name -f --force-rebase --merge --no-fork-point ' +
    '--keep-empty --no-keep-empty --empty --reapply-cherry-picks --no-reapply-cherry-picks ' +
    '--committer-date-is-author-date --reset-author-date --ignore-date --update-refs --no-update-refs'
  ).split(' '),
);

/** A subcommand that writes the files of commits into the working tree. */
export function rewrites(call: GitFilesCall): GitFilesExtra {
  return rewriting(call, COMMIT_NAMES);
}

/** The whole tree written with names from `names`; the operands are revisions, no files. */
function rewriting(call: GitFilesCall, names: NamesFrom): GitFilesExtra {
  call.files.push({ op: 'write', index: call.at, value: '.', tree: 'some', names });
  return { notFiles: call.ops };
}

/** `git merge REV…`: HEAD's history and the revisions' (none: the upstream, not said). */
export function merge(call: GitFilesCall): GitFilesExtra {
  const names = call.ops.length > 0 ? commitNames(call, MERGE_PLAIN, { how: 'merge', revisions: call.ops }) : COMMIT_NAMES;
  return rewriting(call, names);
}

/** {@link MERGE_PLAIN} and `--onto` (its new base said apart). */
const ONTO_PLAIN: ReadonlySet<string> = new Set([...MERGE_PLAIN, '--onto']);

/**
 * `git rebase UPSTREAM`: the commits HEAD has that UPSTREAM lacks; `git rebase --onto NEWBASE
 * UPSTREAM`: those, replayed onto NEWBASE (its value a word of its own). A second operand
 * switches to that branch first: not said.
 */
export function rebase(call: GitFilesCall): GitFilesExtra {
  const onto = call.options.filter((o) => o.name === '--onto');
  if (onto.length === 0)
    return rewriting(call, call.ops.length === 1 ? commitNames(call, MERGE_PLAIN, { how: 'rebase', revisions: call.ops }) : COMMIT_NAMES);
  const base = onto.length === 1 ? onto[0]!.valueIndex : undefined;
  if (base === undefined || call.ops.length !== 1) return rewriting(call, COMMIT_NAMES);
  return rewriting(call, commitNames(call, ONTO_PLAIN, { how: 'rebase-onto', revisions: [base, call.ops[0]!] }));
}

/**
 * Options of cherry-pick and revert that leave what is taken to the commits named
 * (git-cherry-pick(1), git-revert(1)); `--continue`, `--skip`, `--abort` and `--quit` go on with a
 * sequence toolgate does not read.
 */
const PICK_PLAIN: ReadonlySet<string> = new Set(
  (
    '-e --edit --no-edit -x -s --signoff --no-signoff -n --no-commit --commit -m --mainline --cleanup -S ' +
    '--gpg-sign --no-gpg-sign --ff --allow-empty --allow-empty-message --keep-redundant-commits --strategy ' +
    '-X --strategy-option --rerere-autoupdate --no-rerere-autoupdate --reference'
  ).split(' '),
);

/** `git cherry-pick C…`, `git revert C…`: each commit's change from its parents, merged into HEAD. */
export function pick(call: GitFilesCall): GitFilesExtra {
  return rewriting(call, call.ops.length > 0 ? commitNames(call, PICK_PLAIN, { how: 'pick', revisions: call.ops }) : COMMIT_NAMES);
}

/** `git pull` brings in commits it has not fetched yet, which no view can read. */
export function pull(call: GitFilesCall): GitFilesExtra {
  return rewriting(call, { ...COMMIT_NAMES, commits: { how: 'fetched', revisions: [] } });
}

/** Options of `git stash push` that leave what it writes back to HEAD's files (`-u` and `-a` also remove untracked files). */
const STASH_PUSH_PLAIN: ReadonlySet<string> = new Set(
  '-m --message -q --quiet -k --keep-index --no-keep-index -p --patch -S --staged'.split(' '),
);

/** Options of `git stash pop` and `apply`. */
const STASH_APPLY_PLAIN: ReadonlySet<string> = new Set(['-q', '--quiet', '--index']);

/** Which commits a stash action takes its files from: HEAD's for push, the stash's for pop and apply (the newest, or `stash@{N}`). */
function stashCommits(call: GitFilesCall, action: string | undefined): NamesFrom {
  if (action === undefined || action === 'push' || action === 'save')
    return commitNames(call, STASH_PUSH_PLAIN, { how: 'stash-push', revisions: [] });
  if ((action !== 'pop' && action !== 'apply') || call.ops.length > 2) return COMMIT_NAMES;
  const k = call.ops[1];
  const which = k !== undefined ? call.argv[k] : undefined;
  if (which === undefined || which === 'stash@{0}' || which === 'refs/stash')
    return commitNames(call, STASH_APPLY_PLAIN, { how: 'stash-apply', revisions: ['refs/stash'] });
  if (!/^stash@\{\d{1,4}\}$/.test(which)) return COMMIT_NAMES;
  return commitNames(call, STASH_APPLY_PLAIN, { how: 'stash-apply', revisions: [k!] });
}

/**
 * The stash actions that leave the working tree as it is: `list` and `show` print, `create` makes
 * a commit object, `store`, `drop` and `clear` change the stash list only (strace, git 2.39.5:
 * `git stash drop` writes `.git/refs/stash` and `.git/logs/refs/stash` through their locks,
 * `clear` removes them; neither opens a file of the tree for writing).
 */
const STASH_KEEPS_TREE: ReadonlySet<string> = new Set(['list', 'show', 'create', 'store', 'drop', 'clear']);

/** `git am` applies patches: the files they name. */
export function am(call: GitFilesCall): GitFilesExtra {
  call.files.push({ op: 'write', index: call.at, value: '.', tree: 'some', names: PATCH_NAMES });
  return { notFiles: call.ops };
}

/**
 * `git stash` (push, save) stores the working tree's changed files (with -u/-a the untracked and
 * ignored ones too) where `git stash show -p` prints them, and writes the tree back as HEAD has
 * it; `pop`, `apply` and `branch` write a stash's files into it. The others write no file of the
 * tree ({@link STASH_KEEPS_TREE}).
 */
export function stash(call: GitFilesCall): GitFilesExtra {
  const { at, options, files } = call;
  const action = actionOf(call);
  // Only the word right after `stash` names an action: `git stash -- drop` stashes the file drop.
  if (!(call.argv[at + 1] === action && STASH_KEEPS_TREE.has(action ?? '')))
    files.push({ op: 'write', index: at, value: '.', tree: 'some', names: stashCommits(call, action) });
  if (action === undefined || action === 'push' || action === 'save') {
    const takes = has(options, '-a', '--all')
      ? {}
      : { gitTakes: has(options, '-u', '--include-untracked') ? ('unignored' as const) : ('tracked' as const) };
    files.push({ op: 'read', index: at, value: '.', tree: 'all', ...takes });
  }
  if (action === 'show') files.push(...stashShowReads(at, options));
  return { notFiles: call.ops };
}
