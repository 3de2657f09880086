/**
 * The subcommands that write the working tree from commits, the index or a patch: `checkout`,
 * `restore`, `switch`, `reset`, `checkout-index`, `unpack-file`, `read-tree -u`, `apply`. What
 * lands is named by commits, trees and patches toolgate does not read, so any of it may be a
 * protected path. Git 2.39 manual pages.
 */
import { all, has, is, optionFile, pushOpt } from '../../options/file-operands.js';
import type { NamesFrom } from '../../options/file-operands.js';
import { COMMIT_NAMES, commitNames, PATCH_NAMES, readRevPaths, TREE_NAMES, type GitFilesCall, type GitFilesExtra } from './files-call.js';
import { magicPathspec } from './pathspecs.js';
import { objectIdReads, TRACKED_TREE } from './tracked-reads.js';

/** The temporary file `git unpack-file` and `git checkout-index --temp` write: a fixed stem and six random characters. */
const MERGE_FILE = '.merge_file_??????';

/** The operands after `--`, or without one the pathspecs (`git checkout main -- a`, `git reset --hard HEAD .`). */
function pathsAfterDashDash({ argv, ops, specs }: GitFilesCall): readonly number[] {
  const dashdash = argv.indexOf('--');
  return dashdash >= 0 ? ops.filter((k) => k > dashdash) : specs;
}

/**
 * Options of checkout, switch and reset that leave which commits the whole tree is updated from
 * to the revision named (git-checkout(1), git-switch(1), git-reset(1)); `-m`/`--merge` merges
 * local changes in three ways. An option not listed (`--pathspec-from-file`, `--orphan`,
 * `--recurse-submodules`, `--patch`…) leaves the commits unsaid.
 */
const SWITCH_PLAIN: ReadonlySet<string> = new Set(
  (
    '-b -B -c -C --create --force-create -f --force --discard-changes -q --quiet --detach -d -t --track ' +
    '--no-track --progress --no-progress --guess --no-guess -m --merge --hard --keep ' +
    '--no-recurse-submodules --overwrite-ignore --ignore-other-worktrees'
  ).split(' '),
);

/**
 * The commits a whole-tree update takes its files from: HEAD's and the one revision among the
 * operands that are no pathspec (none: HEAD itself). More than one is not said.
 */
function switchCommits(call: GitFilesCall): NamesFrom {
  const revs = call.ops.filter((k) => !call.specs.includes(k));
  if (revs.length > 1) return COMMIT_NAMES;
  const merges = has(call.options, '-m') || (call.name !== 'reset' && has(call.options, '--merge'));
  return commitNames(call, SWITCH_PLAIN, { how: 'switch', revisions: revs.length === 1 ? revs : ['HEAD'], ...(merges ? { merges } : {}) });
}

/**
 * What lands from a commit or the index: the files under each pathspec, or with none the whole
 * tree — except where the command only makes a branch at HEAD (`git checkout -b x`), which
 * changes no file.
 */
function writeCommitFiles(call: GitFilesCall, paths: readonly number[], newBranchHere: boolean): void {
  const { argv, at, ops, files } = call;
  if (paths.length > 0)
    files.push(...all(paths, 'write', { tree: 'all', names: COMMIT_NAMES }).map((f) => ({ ...f, ...magicPathspec(argv[f.index]!) })));
  else if (!(newBranchHere && ops.length === 0))
    files.push({ op: 'write', index: at, value: '.', tree: 'some', names: switchCommits(call) });
}

/** `git checkout [REV] [-- PATH…]`: the commit's (or index's) files under the paths, or the whole tree. */
export function checkout(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  writeCommitFiles(call, pathsAfterDashDash(call), has(call.options, '-b', '-B', '--orphan'));
  return { notFiles: call.text };
}

/** `git restore PATH…`: every operand is a pathspec; `--staged` alone changes only the index. */
export function restore(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  if (has(call.options, '--staged', '-S') && !has(call.options, '--worktree', '-W')) return {};
  writeCommitFiles(call, call.ops, false);
  return { notFiles: call.text };
}

/**
 * `git switch BRANCH`: the branch's files, the whole tree (a new branch at HEAD changes none).
 * `git switch --orphan NAME` starts an empty branch and removes every tracked file from the work
 * tree (git-switch(1); `git checkout --orphan` keeps them): a removal of the tracked files of the
 * whole tree, from its top.
 */
export function switchBranch(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  if (has(call.options, '--orphan')) {
    // The files the index tracks: the view lists the tree's entries (nested repositories' .git
    // left alone), any of which may be tracked.
    const names = { kind: 'entries', spares: 'all' } as const;
    call.files.push({ op: 'remove', index: call.at, value: '.', atTop: true, tree: 'some', names });
    return { notFiles: call.text };
  }
  writeCommitFiles(call, [], has(call.options, '-c', '-C', '--create', '--force-create'));
  return { notFiles: call.text };
}

/** `git reset`: only `--hard`, `--merge` and `--keep` write the working tree; the others change the index. */
export function reset(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  if (!has(call.options, '--hard', '--merge', '--keep')) return {};
  writeCommitFiles(call, pathsAfterDashDash(call), false);
  return { notFiles: call.text };
}

/**
 * `git checkout-index` writes index entries into the working tree: `-a` (or `--stdin`) every one,
 * whose names came from whatever tree was read into the index; else the paths named. `--prefix`
 * writes them under another name. `--temp` writes each to a new temporary file at the top of the
 * work tree instead (`--prefix` then plays no part), named `.merge_file_` and six random
 * characters (git-checkout-index(1); git 2.39). With `--temp` or `--prefix` the entries' text lands
 * under a name no rule on the entry covers (`git checkout-index --temp .env`, then `cat
 * .merge_file_*`: red team 13 V2), so each entry is read, as `git unpack-file :.env` reads it —
 * the paths named, or with `-a`/`--stdin` every tracked file, from the top.
 */
export function checkoutIndex({ argv, at, options, ops, files }: GitFilesCall): GitFilesExtra {
  // Its own options (its entry's `long`): `--temp` is not an abbreviation of another subcommand's `--template`.
  const prefix = options.find((o) => is(o, '--prefix'));
  const whole = has(options, '-a', '--all', '--stdin');
  const temp = has(options, '--temp');
  if (temp || prefix) {
    if (whole) files.push({ op: 'read', index: at, value: '.', atTop: true, ...TRACKED_TREE });
    files.push(...ops.map((k) => ({ op: 'read' as const, index: k, ...TRACKED_TREE })));
  }
  if (temp) {
    files.push({ op: 'write', index: at, value: MERGE_FILE, pattern: true, fromRoot: true });
    return {};
  }
  if (prefix) pushOpt(files, optionFile(prefix, 'write', argv, { tree: 'some', names: TREE_NAMES }));
  else if (whole) files.push({ op: 'write', index: at, value: '.', tree: 'some', names: TREE_NAMES });
  if (!prefix) files.push(...all(ops, 'write'));
  return {};
}

/**
 * `git unpack-file BLOB` writes the blob to a new temporary file `.merge_file_XXXXXX` at the top
 * of the work tree (in the directory it runs in when that is inside the repository's .git) and
 * prints its name: a copy of the blob's content that the next command reads by a name no rule
 * covers, so the blob is read as `git show` reads it — `HEAD:.env` by its path, an object id as
 * any tracked file (red team 12).
 */
export function unpackFile(call: GitFilesCall): GitFilesExtra {
  const { argv, at, ops, files } = call;
  readRevPaths(call, ops);
  files.push(...objectIdReads('unpack-file', argv, at, call.options, ops));
  files.push({ op: 'write', index: at, value: MERGE_FILE, pattern: true, fromRoot: true });
  return { notFiles: ops };
}

/** `git read-tree -u` writes the tree's files into the working tree (and removes those it drops); without it only the index changes. Its operands are tree-ish names. */
export function readTree({ at, options, ops, files }: GitFilesCall): GitFilesExtra {
  if (has(options, '-u')) files.push({ op: 'write', index: at, value: '.', tree: 'some', names: TREE_NAMES });
  return { notFiles: ops };
}

/** `git apply PATCH…` reads the patches and writes the files they name (`--check`, `--stat`, … and `--cached` write none). */
export function apply({ argv, at, options, ops, files, unresolved }: GitFilesCall): GitFilesExtra {
  const dry = has(options, '--check', '--stat', '--numstat', '--summary', '--cached');
  files.push(...all(ops, 'read'));
  if (dry) return {};
  // The files the patch names, which toolgate does not read: any name, a protected one included.
  const dir = options.find((o) => is(o, '--directory'));
  if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some', names: PATCH_NAMES }));
  else files.push({ op: 'write', index: at, value: '.', tree: 'some', names: PATCH_NAMES });
  unresolved.push('git apply writes the files named in the patch');
  return {};
}
