/**
 * The paths of the trees git takes files from when a command updates the work tree from commits
 * (`git reset --hard`, `git checkout main`, `git merge main`, `git stash pop`; decision 0121),
 * read through the file-system view: the revision names resolved as git resolves them
 * (gitrevisions(7): `HEAD`, `@`, a full object id, a ref by the six places a short name is looked
 * up, `~N`/`^N`), the commits' trees listed whole, and the index's paths. Anything it does not
 * read exactly — an abbreviated id, `@{…}`, `:/text`, a symbolic link or a submodule in a tree, a
 * sparse index, a SHA-256 repository, a graph walk past its bound — is unknown, with why.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import type { GitCommitsTaken } from '../../types.js';
import { readIndexPaths } from './index-file.js';
import { objectStore, type ObjectStore } from './object-store.js';
import { ownConfigEntries, type FoundRepository } from './repository.js';

/** The paths (relative to the work tree) the command may write or remove, and whether git merges (and may move files into renamed folders). */
export type TakenPaths = { paths: ReadonlySet<string>; merges: boolean } | { unknown: string };

/** Most tree entries listed over all the trees of one command. */
const MAX_ENTRIES = 50_000;
/** Most commits walked down to the merge bases (a merge's or a rebase's commits). */
const MAX_COMMITS = 2_000;

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
const text = new TextDecoder('utf-8', { fatal: true });
const ID = /^[0-9a-f]{40}$/;
/** Keys of the repository's own configuration that move the work tree, change how objects or refs are stored, or read another file. */
const LAYOUT_KEY = /^(core\.worktree|extensions\.(objectformat|refstorage)|include(if\..+)?\.path)$/;
/** Printable ASCII but the backslash. */
const PLAIN_NAME = /^[\x20-\x5b\x5d-\x7e]+$/;

/** Reading one repository: its refs and objects. */
interface Repo {
  view: ReadonlyFsView;
  found: FoundRepository;
  store: ObjectStore;
  packed: Map<string, string> | undefined;
}

class Unknown extends Error {}
const unknown = (why: string): never => {
  throw new Unknown(why);
};

/** The refs `packed-refs` holds (name → id); an empty map without the file. */
function packedRefs(view: ReadonlyFsView, commonDir: string): Map<string, string> {
  const file = join(commonDir, 'packed-refs');
  const out = new Map<string, string>();
  if (!view.exists(file)) return out;
  const body = view.readText?.(file) ?? unknown(`${file} cannot be read`);
  for (const line of body.split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('^')) continue;
    const m = /^([0-9a-f]{40}) (\S+)$/.exec(line) ?? unknown(`${file} holds a line toolgate does not read`);
    out.set(m[2]!, m[1]!);
  }
  return out;
}

/** The id a full ref name leads to (symbolic refs followed), or `undefined` when there is no such ref. */
function refId(repo: Repo, name: string, depth = 0): string | undefined {
  if (depth > 5) unknown(`${name} is a chain of symbolic refs`);
  const { view, found } = repo;
  // HEAD and the pseudo-refs live in the worktree's own directory, refs/ in the shared one.
  const dir = name.startsWith('refs/') ? found.commonDir : found.gitDir;
  const file = join(dir, name);
  if (view.exists(file)) {
    if (view.isDirectory?.(file) !== false) return undefined;
    const body = (view.readText?.(file) ?? unknown(`${file} cannot be read`)).trim();
    if (ID.test(body)) return body;
    const sym = /^ref: *(refs\/\S+|HEAD)$/.exec(body);
    if (sym) return refId(repo, sym[1]!, depth + 1) ?? unknown(`${name} points at ${sym[1]}, which does not exist yet`);
    return unknown(`${file} is no ref toolgate reads`);
  }
  if (!name.startsWith('refs/')) return undefined;
  repo.packed ??= packedRefs(view, found.commonDir);
  return repo.packed.get(name);
}

/** A commit's tree, parents and committer time (seconds; 0 where it cannot be read). */
function commitOf(repo: Repo, id: string): { tree: string; parents: string[]; time: number } {
  for (let depth = 0; depth < 5; depth++) {
    const o = repo.store.read(id) ?? unknown(`object ${id.slice(0, 12)} cannot be read`);
    const body = text.decode(o.data);
    if (o.type === 'tag') {
      id = /^object ([0-9a-f]{40})$/m.exec(body)?.[1] ?? unknown(`tag ${id.slice(0, 12)} cannot be read`);
      continue;
    }
    if (o.type !== 'commit') return unknown(`${id.slice(0, 12)} is no commit`);
    const head = body.slice(0, body.indexOf('\n\n') >>> 0);
    const tree = /^tree ([0-9a-f]{40})$/m.exec(head)?.[1] ?? unknown(`commit ${id.slice(0, 12)} cannot be read`);
    const parents = [...head.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((m) => m[1]!);
    const time = Number(/^committer .* (\d+) [+-]\d{4}$/m.exec(head)?.[1] ?? 0);
    return { tree, parents, time };
  }
  return unknown(`${id.slice(0, 12)} is a chain of tags`);
}

/**
 * Git reads a commit as another where the repository says so: a replace ref (`git replace b X`
 * makes every command that reads b's commit read X — replay 22 NEW-U6: `git checkout b` wrote the
 * replacement's `.claude/settings.local.json`), a grafts file, objects borrowed from another
 * store. Any of them present: unknown.
 */
function commitsAsStored(repo: Repo): void {
  const { view, found } = repo;
  const replace = join(found.commonDir, 'refs/replace');
  if (view.exists(replace)) {
    const entries = view.list?.(replace);
    if (entries === undefined || entries.length > 0)
      unknown('the repository has replace refs (git replace), so git may read other commits');
  }
  repo.packed ??= packedRefs(view, found.commonDir);
  for (const ref of repo.packed.keys())
    if (ref.startsWith('refs/replace/')) unknown('the repository has replace refs (git replace), so git may read other commits');
  for (const file of ['info/grafts', 'objects/info/alternates', 'shallow'])
    if (view.exists(join(found.commonDir, file))) unknown(`the repository has ${file}, which changes the commits git reads`);
}

/** The commit a short or full name leads to, as git looks it up (gitrevisions(7), the six rules). */
function nameId(repo: Repo, name: string): string {
  if (name === 'HEAD' || name === '@') return refId(repo, 'HEAD') ?? unknown('HEAD names no commit yet');
  if (ID.test(name)) return name;
  if (/^[0-9a-fA-F]{4,}$/.test(name)) unknown(`${name} may be an abbreviated object name`);
  if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.startsWith('-') || name.includes('..') || name.endsWith('/'))
    unknown(`${name} is a revision toolgate does not read`);
  // Every rule of the six is tried: git takes the first that exists (`$GIT_DIR/NAME` before
  // refs/heads/NAME for reset and merge, a branch first for checkout), so a name more than one
  // rule finds is unknown — a file `.git/b` made the verified `git reset --hard b` take another
  // commit than refs/heads/b (replay 22 NEW-U6).
  const found: string[] = [];
  for (const full of [
    name,
    `refs/${name}`,
    `refs/tags/${name}`,
    `refs/heads/${name}`,
    `refs/remotes/${name}`,
    `refs/remotes/${name}/HEAD`,
  ]) {
    const id = refId(repo, full);
    if (id !== undefined) found.push(full);
  }
  if (found.length > 1) unknown(`${name} is more than one ref (${found.join(', ')}), and git's choice depends on the command`);
  if (found.length === 1) return refId(repo, found[0]!)!;
  return unknown(`${name} names no branch, tag or commit the repository holds`);
}

/** The entries of a reflog, newest first: each entry's new id and its message. */
function reflog(repo: Repo, file: string): { id: string; message: string }[] {
  if (!repo.view.exists(file)) return unknown(`${file} does not exist`);
  const body = repo.view.readText?.(file) ?? unknown(`${file} cannot be read`);
  const out: { id: string; message: string }[] = [];
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const m = /^[0-9a-f]{40} ([0-9a-f]{40}) [^\t]*\t?(.*)$/.exec(line) ?? unknown(`${file} holds a line toolgate does not read`);
    out.push({ id: m[1]!, message: m[2]! });
  }
  return out.reverse();
}

/**
 * The branch (or commit) checked out before the last `n` switches, as git finds `@{-N}` and `-`
 * (object-name.c, `interpret_nth_prior_checkout`): the n-th newest `checkout: moving from A to B`
 * of HEAD's reflog names A.
 */
function priorCheckout(repo: Repo, n: number): string {
  const moves = reflog(repo, join(repo.found.gitDir, 'logs/HEAD')).flatMap((e) => {
    // As git reads it: the text up to the first " to " (a target may hold spaces: `HEAD@{1 day ago}`).
    const m = /^checkout: moving from (.*?) to /.exec(e.message);
    return m ? [m[1]!] : [];
  });
  return moves[n - 1] ?? unknown(`HEAD's reflog holds fewer than ${n} switches`);
}

/**
 * The commit `stash@{N}` names: the N-th newest entry of the stash's reflog, where its newest is
 * the one `refs/stash` holds (anything else, a reflog git would read otherwise, is unknown).
 */
function stashEntry(repo: Repo, n: number): string {
  const entries = reflog(repo, join(repo.found.commonDir, 'logs/refs/stash'));
  if (entries[0]?.id !== refId(repo, 'refs/stash')) unknown("the stash's reflog does not end at refs/stash");
  return entries[n]?.id ?? unknown(`the stash holds fewer than ${n + 1} entries`);
}

/** The commit a revision names: a name (`-`, `@{-N}`, `stash@{N}` read from the reflogs), then `~N` and `^N` steps. */
function revisionId(repo: Repo, rev: string): string {
  if (rev === '-') return nameId(repo, priorCheckout(repo, 1));
  const prior = /^@\{-([1-9]\d{0,3})\}$/.exec(rev);
  if (prior) return nameId(repo, priorCheckout(repo, Number(prior[1])));
  const stash = /^stash@\{(\d{1,4})\}$/.exec(rev);
  if (stash) return stashEntry(repo, Number(stash[1]));
  const m = /^(.*?)((?:[~^]\d*)*)$/.exec(rev)!;
  let id = nameId(repo, m[1]!);
  for (const step of m[2]!.match(/[~^]\d*/g) ?? []) {
    const n = step.length > 1 ? Number(step.slice(1)) : 1;
    if (step[0] === '^') {
      if (n === 0) continue;
      id = commitOf(repo, id).parents[n - 1] ?? unknown(`${rev} names a parent the commit lacks`);
    } else for (let k = 0; k < n; k++) id = commitOf(repo, id).parents[0] ?? unknown(`${rev} goes past the first commit`);
  }
  return id;
}

/**
 * A name another file system may read as a different one is unknown: a character macOS ignores
 * or folds, a Windows short name (`CLAUDE~1`), a backslash, which Windows reads as a folder.
 */
function plainName(name: string, path: string): void {
  if (!PLAIN_NAME.test(name) || /~\d/.test(name)) unknown(`a name toolgate does not judge (${JSON.stringify(path)})`);
}

/** Adds the paths of a tree (files only; a link or a submodule is unknown). */
function listTree(repo: Repo, id: string, prefix: string, into: Set<string>, seen: Set<string>): void {
  if (seen.has(`${prefix}\0${id}`)) return;
  seen.add(`${prefix}\0${id}`);
  const o = repo.store.read(id) ?? unknown(`tree ${id.slice(0, 12)} cannot be read`);
  if (o.type !== 'tree') unknown(`${id.slice(0, 12)} is no tree`);
  const d = o.data;
  let at = 0;
  while (at < d.length) {
    const sp = d.indexOf(0x20, at);
    const nul = d.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > d.length) unknown(`tree ${id.slice(0, 12)} cannot be read`);
    const mode = text.decode(d.subarray(at, sp));
    const name = text.decode(d.subarray(sp + 1, nul));
    const child = Array.from(d.subarray(nul + 1, nul + 21), (b) => b.toString(16).padStart(2, '0')).join('');
    at = nul + 21;
    const path = prefix + name;
    plainName(name, path);
    if (into.size >= MAX_ENTRIES) unknown(`the trees hold more than ${MAX_ENTRIES} files`);
    if (mode === '40000') listTree(repo, child, `${path}/`, into, seen);
    else if (mode === '100644' || mode === '100755') into.add(path);
    else if (mode === '120000') unknown(`the commit's tree holds a symbolic link (${path})`);
    else if (mode === '160000') unknown(`the commit's tree holds a submodule (${path})`);
    else unknown(`the commit's tree holds an entry toolgate does not read (${path})`);
  }
}

/** Reachable from the first side, from the other, from both. */
const MINE = 1;
const THEIRS = 2;
const BOTH = MINE | THEIRS;

/**
 * The commits reachable from `mine` and not from any of `theirs`, and the converse, as git's
 * merge-base paints them (commit.c, `paint_down_to_common`): each side's mark goes down to the
 * parents, newest commit first, and the walk stops once every commit still to walk is marked by
 * both — the merge bases and all below them are left unread. A mark is only ever given along the
 * parents, so one-sided is never said of a commit both reach, and any commit one side alone
 * reaches lies below one still to walk: the answer holds whatever order clock skew gives (a
 * common commit walked from one side first is marked common afterwards, from the commits both
 * reach). Bounded.
 */
function oneSided(repo: Repo, mine: string, theirs: readonly string[]): { onlyMine: string[]; onlyTheirs: string[] } {
  const marks = new Map<string, number>();
  const queue: { id: string; time: number }[] = [];
  const put = (id: string, mark: number): void => {
    const had = marks.get(id) ?? 0;
    if ((had | mark) === had) return;
    marks.set(id, had | mark);
    const time = commitOf(repo, id).time;
    // Kept sorted oldest first: the newest is popped from the end.
    let at = queue.length;
    while (at > 0 && queue[at - 1]!.time > time) at--;
    queue.splice(at, 0, { id, time });
  };
  put(mine, MINE);
  for (const t of theirs) put(t, THEIRS);
  const walked = new Set<string>();
  while (queue.some((q) => marks.get(q.id) !== BOTH)) {
    const { id } = queue.pop()!;
    walked.add(id);
    if (walked.size > MAX_COMMITS) unknown(`the histories differ by more than ${MAX_COMMITS} commits`);
    for (const p of commitOf(repo, id).parents) put(p, marks.get(id)!);
  }
  // Commits dated alike (a script's commits, one second) may be walked from one side before the
  // other side's mark reaches them: every marked ancestor of a commit both reach is common too.
  const common = [...marks].filter(([, m]) => m === BOTH).map(([id]) => id);
  for (let id = common.pop(); id !== undefined; id = common.pop())
    for (const p of commitOf(repo, id).parents) {
      const m = marks.get(p);
      if (m !== undefined && m !== BOTH) {
        marks.set(p, BOTH);
        common.push(p);
      }
    }
  const only = (mark: number) => [...marks].filter(([, m]) => m === mark).map(([id]) => id);
  return { onlyMine: only(MINE), onlyTheirs: only(THEIRS) };
}

/** The commits a command takes files from (`head` is HEAD's), and whether it merges. */
type Taken = (repo: Repo, taken: GitCommitsTaken, head: string) => { commits: string[]; merges: boolean };

/**
 * Every commit in the history of either side that the other lacks, and their parents (the merge
 * bases among them): the trees a merge, a fast-forward or each commit a rebase replays holds.
 */
const sides =
  (both: boolean): Taken =>
  (repo, taken, head) => {
    const others = taken.revisions.map((r) => revisionId(repo, r));
    const sided = oneSided(repo, head, others);
    const onlyTheirs = both ? sided.onlyTheirs : [];
    const parents = [...sided.onlyMine, ...onlyTheirs].flatMap((c) => commitOf(repo, c).parents);
    return { commits: [head, ...others, ...sided.onlyMine, ...onlyTheirs, ...parents], merges: true };
  };

/** What each kind of command takes (see `GitCommitsTaken`). */
const TAKEN: Readonly<Record<GitCommitsTaken['how'], Taken>> = {
  // A two-way update from HEAD to the commit (checkout, switch, reset --hard/--keep/--merge).
  switch: (repo, taken, head) => ({ commits: [head, ...taken.revisions.map((r) => revisionId(repo, r))], merges: taken.merges === true }),
  'stash-push': (_repo, _taken, head) => ({ commits: [head], merges: false }),
  // The stash commit, its base, its index commit and its untracked files' commit.
  'stash-apply': (repo, taken, head) => {
    const w = revisionId(repo, taken.revisions[0] ?? 'refs/stash');
    return { commits: [head, w, ...commitOf(repo, w).parents], merges: true };
  },
  merge: sides(true),
  // The commits HEAD has that the upstream lacks are replayed onto it.
  rebase: sides(false),
  // HEAD's commits the upstream (the second revision) lacks, replayed onto the new base (the first).
  'rebase-onto': (repo, taken, head) => {
    const [onto, upstream] = taken.revisions.map((r) => revisionId(repo, r));
    const mine = oneSided(repo, head, [upstream ?? unknown('git rebase --onto names no upstream')]).onlyMine;
    const parents = mine.flatMap((c) => commitOf(repo, c).parents);
    return { commits: [head, onto!, ...mine, ...parents], merges: true };
  },
  // Each commit's change (from its parents), merged into HEAD.
  pick: (repo, taken, head) => {
    const picked = taken.revisions.map((r) => revisionId(repo, r));
    return { commits: [head, ...picked, ...picked.flatMap((c) => commitOf(repo, c).parents)], merges: true };
  },
  fetched: () => unknown('git pull takes them from commits it fetches first'),
};

/**
 * The paths a command that updates the work tree of the repository `found` from commits may
 * write or remove: the files of every tree it takes (`taken`) and of the index. `unknown` when
 * the view cannot read them whole.
 */
export function takenPaths(view: ReadonlyFsView, found: FoundRepository, taken: GitCommitsTaken): TakenPaths {
  const store = objectStore(view, found.commonDir);
  if (store === undefined) return { unknown: 'the file-system view cannot read git objects' };
  const repo: Repo = { view, found, store, packed: undefined };
  try {
    commitsAsStored(repo);
    // Parsed, not matched by line: git reads `[core] worktree = ../..` (replay 23 V1).
    const own = ownConfigEntries(view, found);
    if ('unknown' in own) return own;
    const moves = own.find((e) => LAYOUT_KEY.test(e.key));
    if (moves !== undefined) unknown(`${moves.file} sets the work tree or the object format, or includes another file`);
    const { commits, merges } = TAKEN[taken.how](repo, taken, revisionId(repo, 'HEAD'));
    const paths = new Set<string>();
    const seen = new Set<string>();
    for (const c of new Set(commits)) listTree(repo, commitOf(repo, c).tree, '', paths, seen);
    const indexFile = join(found.gitDir, 'index');
    if (view.exists(indexFile)) {
      const bytes = view.readBytes?.(indexFile);
      const index = bytes === undefined ? undefined : readIndexPaths(bytes, 20);
      if (index === undefined) unknown(`${indexFile} cannot be read`);
      if (index!.dirs.length > 0) unknown('the index is sparse');
      for (const p of index!.paths) {
        for (const seg of p.split('/')) plainName(seg, p);
        paths.add(p);
      }
    }
    return { paths, merges };
  } catch (e) {
    if (e instanceof Unknown) return { unknown: e.message };
    if (e instanceof TypeError || e instanceof RangeError) return { unknown: 'a git object cannot be read' };
    throw e;
  }
}
