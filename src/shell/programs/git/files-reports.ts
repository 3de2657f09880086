/**
 * The subcommands that only report (their entry's `tree: 'reports'`) and those that export
 * history to a file: what they read of the working tree, the index and history (`git show
 * HEAD:.env`, `git diff`, `git grep`, `git commit -a`), and the archive or bundle they write.
 * Git 2.39 manual pages; decision 0082 for the content a diff, log or show prints.
 */
import { all, has, is, optionFile, pushOpt } from '../../options/file-operands.js';
import { readRevPaths, type GitFilesCall, type GitFilesExtra } from './files-call.js';
import { looksLikeDir, looksLikePath, revPath } from './pathspecs.js';
import { objectIdReads, trackedContentReads, TRACKED_TREE } from './tracked-reads.js';

/** The tracked files a content-printing form reads, or its pathspecs read by name (`tracked-reads.ts`). */
function contentReads({ name, argv, at, options, ops, specs }: GitFilesCall) {
  return trackedContentReads(name, argv, at, options, ops, specs) ?? all(specs, 'read');
}

/** The blobs an object id may name (`git show <id>`, `git cat-file -p <id>`). */
function objectReads({ name, argv, at, options, ops }: GitFilesCall) {
  return objectIdReads(name, argv, at, options, ops);
}

/** A subcommand that only reports: the `rev:path` blobs it names, the content it prints, the objects it shows. */
export function reports(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  call.files.push(...contentReads(call), ...objectReads(call));
  return { notFiles: call.text };
}

/**
 * `git check-ignore PATH…` matches each name against the ignore files (and, without
 * `--no-index`, the index): it opens none of them (strace, git 2.39.5: `git check-ignore -v .env`
 * opens `.gitignore`, never `.env`), so they are looked up, not read (`FileOperand.looks`); a
 * `rev:path` word is a name too, no blob. The names `--stdin` gives are names as well.
 */
export function checkIgnore(call: GitFilesCall): GitFilesExtra {
  call.files.push(...all(call.ops, 'read', { looks: 'status' }));
  return { notFiles: call.text };
}

/** `git notes` options that copy a blob's text into the note: `-C`/`--reuse-message` as it is, `-c`/`--reedit-message` through an editor. */
const NOTE_FROM_BLOB = ['-C', '-c', '--reuse-message', '--reedit-message'];

/**
 * `git notes add|append -C BLOB` copies the blob's text into a note, which `git notes show` and
 * `git log` then print under the commit's name (`-C HEAD:.env`: red team 13 V13). The blob is read
 * as `git show` reads it: `HEAD:.env` or `:.env` by its path, from history; an object id as any
 * tracked file. `git commit -C` takes a commit's message only (git 2.39 refuses a blob there).
 */
export function notes(call: GitFilesCall): GitFilesExtra {
  const extra = reports(call);
  for (const o of call.options) {
    if (!is(o, ...NOTE_FROM_BLOB) || o.value === undefined) continue;
    const k = o.valueIndex ?? o.index;
    const rp = revPath(o.value);
    if (rp) call.files.push({ op: 'read', index: k, value: rp.value, fromRoot: rp.fromRoot, fromHistory: true });
    else call.files.push({ op: 'read', index: k, value: '.', atTop: true, ...TRACKED_TREE });
  }
  return extra;
}

/** `git blame FILE` (and `annotate`) reads the file it annotates, its last operand, and its history. */
export function blame(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  call.files.push(...all(call.ops.slice(-1), 'read'), ...contentReads(call), ...objectReads(call));
  return { notFiles: call.text };
}

/** `git diff --no-index A B` compares two files or trees of the file system, read whole. */
export function diff(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  call.files.push(...contentReads(call));
  if (has(call.options, '--no-index')) call.files.push(...all(call.ops, 'read', { tree: 'all' }));
  call.files.push(...objectReads(call));
  return { notFiles: call.text };
}

/**
 * `git commit -a` stages every tracked file that changed, `git commit PATH` those under PATH (its
 * operands are all pathspecs); both take tracked files only, whose content the commit then holds.
 */
export function commit(call: GitFilesCall): GitFilesExtra {
  const { argv, at, options, ops, files } = call;
  readRevPaths(call, ops);
  for (const k of ops)
    files.push({ op: 'read', index: k, ...(looksLikeDir(argv[k]!) ? { tree: 'all' as const, gitTakes: 'tracked' as const } : {}) });
  if (has(options, '-a', '--all')) files.push({ op: 'read', index: at, value: '.', tree: 'all', gitTakes: 'tracked' });
  files.push(...objectReads(call));
  return { notFiles: call.text };
}

/**
 * `git grep PATTERN [REV…] [-- PATH…]` searches the tracked files (`--untracked`: and the
 * untracked ones not ignored; `--no-index`: every file) below its paths, or the whole tree; the
 * first operand is the pattern unless `-e` or `-f` gives it.
 */
export function grep(call: GitFilesCall): GitFilesExtra {
  const { argv, at, options, ops, files } = call;
  // -O runs a program (the pager, or the one it names) on the files it finds: it may write or
  // remove anything (`-O'rm -rf .claude'`), a write toolgate cannot work out (decision 0092).
  const opens = has(options, '--open-files-in-pager', '-O');
  const unseen = opens ? [{ op: 'write' as const, why: 'git grep -O opens files in a program' }] : [];
  for (const o of options) if (is(o, '-f')) pushOpt(files, optionFile(o, 'read', argv));
  const patternGiven = has(options, '-e', '-f');
  const searched = patternGiven ? ops : ops.slice(1);
  readRevPaths(call, searched);
  const trees = searched.filter((k) => !argv[k]!.includes(':') || looksLikePath(argv[k]!));
  const pathOps = argv.includes('--') ? trees.filter((k) => k > argv.indexOf('--')) : trees.filter((k) => looksLikePath(argv[k]!));
  // It reads regular files only and walks into no symbolic link — a link it is named
  // (`vendor/keys`, `vendor/keys/`) is neither followed nor read, in the index, a tree or the work
  // tree (git 2.39.5) — but the tracked files are read where they stand, so a tracked path below a
  // link is read through it (see `walksThroughLinks`, and `gitTracksBelow` for the link named).
  const link = { walksLinks: false, linkItself: true, pathspecSlash: true } as const;
  const takes = has(options, '--no-index')
    ? link
    : { ...link, gitTakes: has(options, '--untracked') ? ('unignored' as const) : ('tracked' as const) };
  files.push(...all(pathOps, 'read', { tree: 'all', ...takes }));
  if (pathOps.length === 0) files.push({ op: 'read', index: at, value: '.', tree: 'all', ...takes });
  return { notFiles: patternGiven ? [] : ops.slice(0, 1), ...(opens ? { unseen } : {}) };
}

/**
 * `git archive`, `git format-patch` and `git bundle` export history: the content they put in the
 * archive, patches or bundle, and the bundle file they create, verify or unbundle.
 */
export function exportHistory(call: GitFilesCall): GitFilesExtra {
  const { argv, at, name, ops, files } = call;
  readRevPaths(call, ops);
  files.push(...contentReads(call));
  const bundle = name === 'bundle' ? argv[ops[0] ?? -1] : undefined;
  if (bundle === 'create' && ops[1] !== undefined) files.push({ op: 'write', index: ops[1] });
  // The bundle holds every blob of the commits it packs, which `git clone X.bundle` gives back.
  if (bundle === 'create')
    files.push({ op: 'read', index: at, value: '.', atTop: true, tree: 'all', gitTakes: 'tracked', walksLinks: false });
  if ((bundle === 'verify' || bundle === 'list-heads' || bundle === 'unbundle') && ops[1] !== undefined)
    files.push({ op: 'read', index: ops[1] });
  // `unbundle` stores the bundle's objects in the repository (objects named by their hash).
  if (bundle === 'unbundle') files.push({ op: 'write', index: at, value: '.git/objects', tree: 'some', ownMetadata: true });
  return { notFiles: call.text };
}

/**
 * `git update-index` changes index entries toolgate does not follow (its words may be files it
 * reads); an entry made from an object id (`--cacheinfo`, `--index-info`) is read as that blob.
 */
export function updateIndex(call: GitFilesCall): GitFilesExtra {
  readRevPaths(call, call.ops);
  call.files.push(...objectReads(call));
  return { modelled: 'partly', notFiles: [...call.text, call.at] };
}

/**
 * `git fsck --lost-found` writes each dangling object into `.git/lost-found/` (`commit/` or
 * `other/`, blobs as their text: git-fsck(1)): a write into the repository's own .git, and a read
 * of blobs no commit or index holds any more — say a `.env.local` once staged by mistake
 * (`git add` then `git reset`), which no tracked file stands for, so every file of the tree counts
 * (red team 12). Without it fsck only reports.
 */
export function fsck(call: GitFilesCall): GitFilesExtra {
  if (!has(call.options, '--lost-found')) return reports(call);
  call.files.push(
    { op: 'read', index: call.at, value: '.', atTop: true, tree: 'all', walksLinks: false },
    { op: 'write', index: call.at, value: '.git/lost-found', fromRoot: true, tree: 'some' },
  );
  return { notFiles: call.text };
}
