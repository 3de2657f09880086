/**
 * What a directory or a glob really reaches, asked of the file-system view (toolgate docs, "Which
 * answer for what cannot be seen"): a directory holds a covered path only if one of its real
 * entries is one; a glob names only the entries that exist and that it matches under every shell
 * option a user's rc could set (the union: `dotglob`, `nocaseglob`, `globstar` on and off). The
 * walk is bounded; a bound hit, an unlistable directory or a missing view is "cannot tell".
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { segmentMatches } from '../paths/glob.js';
import { expandBraces } from '../shell/syntax/brace.js';

/** How many directory entries one question may visit before it answers "cannot tell". */
export const ENTRY_BOUND = 10_000;

/** What the view says a directory (or glob) reaches. */
export type Reach = { kind: 'nothing' } | { kind: 'holds'; path: string } | { kind: 'unknown'; why: string };

const NOTHING: Reach = { kind: 'nothing' };

/** The questions' shared budget of entries (one per call), so a command with many operands stays bounded too. */
export interface Budget {
  left: number;
}

/** A fresh budget of {@link ENTRY_BOUND} entries. */
export function newBudget(): Budget {
  return { left: ENTRY_BOUND };
}

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/**
 * Where the name `path` itself is, its last part not followed (`mv` of a link moves the link):
 * the folders above it resolved in the view, the last part kept; `undefined` when they do not resolve.
 */
export function realOfName(view: ReadonlyFsView, path: string): string | undefined {
  const at = path.lastIndexOf('/');
  if (at < 0 || path === '/') return undefined;
  const dir = view.realpath(at === 0 ? '/' : path.slice(0, at));
  return dir === undefined ? undefined : join(dir, path.slice(at + 1));
}

/** Where a name an effect reads or removes leads: its real path, or with `linkItself` the name itself in its real folder. */
export function realOfEffectName(view: ReadonlyFsView, path: string, linkItself: boolean | undefined): string | undefined {
  return linkItself === true ? realOfName(view, path) : view.realpath(path);
}

/**
 * Does the directory `dir` hold a path `covered` names? `mayHold(p)` says whether anything under
 * `p` could be covered (lexically), so only those directories are walked. Symbolic links are
 * followed (their real paths checked too), a cycle ends at the budget.
 */
export function dirHolds(
  view: ReadonlyFsView | undefined,
  dir: string,
  covered: (p: string) => boolean,
  mayHold: (p: string) => boolean,
  budget: Budget,
): Reach {
  if (view === undefined) return { kind: 'unknown', why: 'no file-system view' };
  if (view.list === undefined || view.isDirectory === undefined)
    return { kind: 'unknown', why: 'the file-system view cannot list directories' };
  if (!view.exists(dir)) return { kind: 'unknown', why: `${dir} does not exist yet` };
  if (view.isDirectory(dir) === false) return NOTHING;
  const v = view as ListingView;
  return walkTree(v, dir, budget, (p) => {
    if (covered(p)) return { stop: { kind: 'holds', path: p } };
    const target = view.isSymlink?.(p) === true ? view.realpath(p) : undefined;
    if (target !== undefined && covered(target)) return { stop: { kind: 'holds', path: `${p} (a link to ${target})` } };
    // A link is walked where it leads, so the entries below it are checked by their real paths.
    if (v.isDirectory(p) === true && (mayHold(p) || (target !== undefined && mayHold(target)))) return { descend: target ?? p };
    return undefined;
  });
}

/**
 * The first entry under the directory `dir` that `hit` names, walked as a recursive reader walks
 * it: the symbolic links inside are followed (walked where they lead) only when `followsLinks`;
 * a link the reader does not follow is not read, nor a folder `skipsFolder` says it surely does
 * not enter (rg's ignored `node_modules`). `holds` with its path, `nothing`, or `unknown` (a bound
 * hit, an unlistable directory, a view that cannot list).
 */
export function entryUnder(
  view: ReadonlyFsView,
  dir: string,
  hit: (p: string) => boolean,
  followsLinks: boolean,
  budget: Budget,
  skipsFolder: (p: string) => boolean = () => false,
): Reach {
  if (view.list === undefined || view.isDirectory === undefined)
    return { kind: 'unknown', why: 'the file-system view cannot list directories' };
  if (view.isDirectory(dir) !== true) return NOTHING;
  const v = view as ListingView;
  return walkTree(v, dir, budget, (p) => {
    // A view that cannot tell links apart: the entry may be read.
    if (!followsLinks && view.isSymlink?.(p) === true) return undefined;
    if (hit(p)) return { stop: { kind: 'holds', path: p } };
    return v.isDirectory(p) === true && !skipsFolder(p) ? { descend: p } : undefined;
  });
}

/** A view that can list directories, as the tree walks need. */
export type ListingView = ReadonlyFsView & Required<Pick<ReadonlyFsView, 'list' | 'isDirectory'>>;

/** What a tree walk does with one entry: stop with an answer, walk into a directory, or go on. */
export type WalkStep<T> = { stop: T } | { descend: string } | undefined;

/**
 * Walks the tree under `dir` breadth first, each directory once by its real path (so a cycle of
 * links ends), calling `visit` on every entry's path within `budget`. An unlistable directory or
 * the bound ends the walk as unknown; a walk that `visit` never stops holds nothing.
 */
export function walkTree<T>(view: ListingView, dir: string, budget: Budget, visit: (p: string) => WalkStep<T>): T | Reach {
  const queue = [dir];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const d = queue.shift()!;
    const real = view.realpath(d) ?? d;
    if (seen.has(real)) continue;
    seen.add(real);
    const names = view.list(d);
    if (names === undefined) return { kind: 'unknown', why: `${d} cannot be listed` };
    for (const name of names) {
      if (--budget.left < 0) return { kind: 'unknown', why: `more than ${ENTRY_BOUND} entries to look through` };
      const step = visit(join(d, name));
      if (step === undefined) continue;
      if ('stop' in step) return step.stop;
      queue.push(step.descend);
    }
  }
  return NOTHING;
}

/**
 * The paths an absolute glob names in the view, or why that cannot be told. Each wild segment is
 * matched against the directory's real entries with leading dots and case ignored (so every rc
 * setting's answer is among them); `**` (and zsh's `***`) also stands for any number of
 * directories, linked ones included.
 */
export function expandGlob(view: ReadonlyFsView | undefined, glob: string, budget: Budget): { paths: string[] } | { unknown: string } {
  if (view === undefined) return { unknown: 'no file-system view' };
  if (view.list === undefined) return { unknown: 'the file-system view cannot list directories' };
  const segs = glob.split('/').filter((s) => s !== '');
  let current = ['/'];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    const next = new Set<string>();
    if (!/[*?[]/.test(seg)) {
      for (const d of current) next.add(join(d, seg));
    } else {
      const deep = seg === '**' || seg === '***';
      const starts = deep ? allDirsUnder(view, current, budget) : current;
      if (!Array.isArray(starts)) return starts;
      for (const d of starts) {
        if (deep) {
          next.add(d);
          continue;
        }
        // `.*` also matches `.` and `..` (bash before 5.2): a pattern that may climb is not settled
        // here. Only a pattern that starts with a dot can (bash and zsh, dotglob or not).
        if (/^[.[]/.test(seg) && segmentMatches(seg, '..', true))
          return { unknown: `the pattern segment ${seg} may name a parent directory` };
        const names = view.list(d);
        if (names === undefined) {
          if (view.exists(d) && view.isDirectory?.(d) !== false) return { unknown: `${d} cannot be listed` };
          continue;
        }
        for (const name of names) {
          if (--budget.left < 0) return { unknown: `more than ${ENTRY_BOUND} entries to look through` };
          // `*` matches a leading dot here (dotglob) and case is ignored (nocaseglob): the union.
          if (segmentMatches(seg, name, true)) next.add(join(d, name));
        }
      }
    }
    current = [...next];
  }
  // A link whose target does not exist is a name the glob matches all the same (bash reads the folder).
  return { paths: current.filter((p) => view.exists(p) || view.isSymlink?.(p) === true) };
}

/**
 * The paths a glob with braces names in the view (every alternative expanded), or why that cannot
 * be told: {@link expandGlob} for each.
 */
export function globMatches(view: ReadonlyFsView, glob: string, budget: Budget): { paths: string[] } | { unknown: string } {
  const alts = glob.includes('{') ? expandBraces(glob, 256) : [glob];
  if (alts === undefined) return { unknown: `${glob} spells out more than 256 names` };
  const out = new Set<string>();
  for (const alt of alts) {
    const named = expandGlob(view, alt, budget);
    if ('unknown' in named) return named;
    for (const p of named.paths) out.add(p);
  }
  return { paths: [...out] };
}

/**
 * Every directory at or under `dirs` (for `**`), or why that cannot be told. Links to directories
 * are taken and walked too (bash's `**` matches a linked folder, zsh's `***` walks through it), so
 * the answer holds every shell's matches; a link back to a folder it is inside ends the walk
 * there, as `find -L` does. A folder that cannot be listed, or the bound, is "cannot tell".
 */
function allDirsUnder(view: ReadonlyFsView, dirs: readonly string[], budget: Budget): string[] | { unknown: string } {
  const out: string[] = [];
  const queue: { dir: string; above: ReadonlySet<string> }[] = dirs.map((dir) => ({ dir, above: new Set<string>() }));
  while (queue.length > 0) {
    const { dir: d, above } = queue.shift()!;
    if (view.isDirectory?.(d) !== true) continue;
    out.push(d);
    const real = view.realpath(d) ?? d;
    if (above.has(real)) continue;
    const chain = new Set(above).add(real);
    const names = view.list?.(d);
    if (names === undefined) return { unknown: `${d} cannot be listed` };
    for (const name of names) {
      if (--budget.left < 0) return { unknown: `more than ${ENTRY_BOUND} entries to look through` };
      queue.push({ dir: join(d, name), above: chain });
    }
  }
  return out;
}

/**
 * Where a read of `dir` may lead outside `inside` through the symbolic links it holds, as the view
 * shows them: the first link under it whose real path is outside, `nothing`, or why that cannot be
 * told (a bound hit, an unlistable directory): `leads` names the link and its real path. `followsLinks` false: the reader does not follow
 * links it finds inside the directory (`grep -r`, `rg`, `find` without `-L`), only the directory
 * itself, which the caller resolves — so nothing under it leads anywhere. `directoriesOnly`: only a
 * link to a directory counts (a lister prints a linked file's own name, not what is outside).
 */
export function linkOutOf(
  view: ReadonlyFsView,
  dir: string,
  inside: (p: string) => boolean,
  budget: Budget,
  followsLinks = true,
  directoriesOnly = false,
): Reach | { kind: 'leads'; path: string; link: string } {
  if (!followsLinks) return NOTHING;
  if (view.list === undefined || view.isDirectory === undefined || view.isSymlink === undefined)
    return { kind: 'unknown', why: 'the file-system view cannot list directories' };
  if (view.isDirectory(dir) !== true) return NOTHING;
  const v = view as ListingView & Required<Pick<ReadonlyFsView, 'isSymlink'>>;
  return walkTree(v, dir, budget, (p) => {
    if (v.isSymlink(p)) {
      const target = view.realpath(p);
      // A dangling link reaches nothing; one leading outside is followed there.
      if (target !== undefined && !inside(target) && (!directoriesOnly || v.isDirectory(target) === true))
        return { stop: { kind: 'leads' as const, path: target, link: p } };
      // A link to a directory inside is walked where it leads (what is there may lead out).
      return target !== undefined && v.isDirectory(target) === true ? { descend: target } : undefined;
    }
    return v.isDirectory(p) === true ? { descend: p } : undefined;
  });
}
