/**
 * Names a command writes or removes under a directory without naming them on its command line —
 * an archive's members, a patch's targets, a recursive copy's entries, the untracked files
 * `git clean` removes — meet the protected-path check too (DESIGN, "Which answer for what cannot
 * be seen": a write that may be protected is a protected ask). Names held in content toolgate does
 * not read may be any name; a directory's entries are what the file-system view lists (bounded),
 * and what the view cannot settle may be any name.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { protectedPathMatch, type ProtectedPathSpec } from '../paths/index.js';
import type { PathNames } from '../shell/types.js';
import { dirHolds, globMatches, type Budget } from './fs-reach.js';
import { commitNames } from './git-commit-names.js';

/** Why names written or removed under a path may be protected. */
export interface ProtectedNames {
  /** The ask's message: what may be written or removed, and why it may be protected. */
  message: string;
  /** The path the ask blocks. */
  blockedPath: string;
  /** The names are the files git takes from commits: an allow rule naming the command answers the ask (see `namingRuleAnswers`). */
  namingRuleAnswers?: true;
}

/** Where the names come from, and what the check needs to look at them. */
export interface NamesCheck {
  /** The directory the names are written or removed under. */
  path: string;
  names: PathNames;
  /** The names are removed, not written. */
  removal: boolean;
  /** For names the program works out as it runs (`PathNames` `program`): why toolgate cannot, in words. */
  why?: string;
  /** The program takes a link it is given as the name itself (`mv link x`, `tar --remove-files link`): it removes no entries through it. */
  linkItself?: boolean;
  spec: ProtectedPathSpec;
  /**
   * Why writing a path changes what a later program runs though the spec does not list it (the
   * file an exported `AWS_CONFIG_FILE` names, a folder on `PATH`): each name written is checked
   * with it too, so `cp -r t/. .` with `t/awscfg` meets it as `cp t/awscfg awscfg` does.
   */
  changesPrograms?: (path: string) => string | undefined;
  view: ReadonlyFsView | undefined;
  /** Whether the environment may set a variable (absent: any may be set). */
  maySet?: (name: string) => boolean;
  /** Shared by the checks of one call, so a command with many operands stays bounded too. */
  budget: Budget;
}

/** Where unseen names come from, in the reason's words. */
const UNSEEN_NAMES: Readonly<Record<Extract<PathNames, { kind: 'unseen' }>['what'], string>> = {
  archive: 'the names an archive holds',
  'git-tree': 'the files a git tree holds',
  'git-commits': 'the files git takes from commits (or the index)',
  diff: 'the files a patch names',
  remote: 'the names a server sends',
  input: 'names the command gets from its input (xargs, parallel, find -exec)',
  'found-folders': 'names relative to each folder find -execdir runs the command in',
  numbered: 'names a file-name format makes from piece numbers (csplit -b)',
  list: 'the names a list file or the input holds',
  program: 'names toolgate cannot work out',
};

/** Whether a `.git` directory the command leaves alone is on the way from the source to `p`. */
function spared(rel: readonly string[], spares: 'top' | 'all' | undefined): boolean {
  if (spares === undefined) return false;
  const isGit = (s: string) => s.toLowerCase() === '.git';
  return spares === 'top' ? rel.length > 0 && isGit(rel[0]!) : rel.some(isGit);
}

/** The protected path among the names written or removed under `check.path`, or why any of them may be one; `undefined` when none can be. */
export function protectedNames(check: NamesCheck): ProtectedNames | undefined {
  const { path, names, removal, spec } = check;
  const hitAt = (dest: string): string | undefined =>
    protectedPathMatch(dest, spec) ?? (removal ? undefined : check.changesPrograms?.(dest));
  const verb = removal ? 'removes' : 'writes';
  if (names.kind === 'unseen') {
    // A tree's files written at a path the view shows as a regular file (`git checkout -- src/a.js`):
    // the one name written is the path itself, which the protected-path check has judged.
    if (names.what === 'git-commits' && !removal && check.view?.isDirectory?.(path) === false && check.view.isSymlink?.(path) !== true)
      return undefined;
    let what = UNSEEN_NAMES[names.what];
    let readWhole = 'which toolgate does not read';
    // The commits a git command takes its files from, where the command line says which: their trees' names.
    if (names.what === 'git-commits' && names.commits !== undefined && !removal) {
      const judged = commitNames(check.view, path, names.commits, spec, check.maySet ?? (() => true));
      if ('clear' in judged) return undefined;
      if ('hit' in judged) {
        const { path: p, entry, moved } = judged.hit;
        const how = moved ? ', where a merge may move a file into a folder the other side renamed' : '';
        return {
          message: `may write ${p}, a protected path (${entry}): the commits (or the index) git takes its files from hold it${how}`,
          blockedPath: p,
        };
      }
      what = 'the files git takes from commits (or the index)';
      readWhole = `which toolgate cannot read whole (${judged.unknown})`;
    }
    // Names a program works out as it runs may be any path (decision 0092): the same ask as a
    // write to a protected path, whether or not a rule exists.
    if (names.what === 'program')
      return {
        message: `${verb} names toolgate cannot work out${check.why !== undefined ? ` (${check.why})` : ''}: any of them may be a protected path (.git, .claude, …)`,
        blockedPath: path,
      };
    // Names from input or relative to folders found at run time may be anywhere, not only under the path.
    if (names.what === 'input' || names.what === 'found-folders')
      return {
        message: `${verb} ${what}, which toolgate cannot see: any of them may be a protected path (.git, .claude, …)`,
        blockedPath: path,
      };
    return {
      message: `${verb} ${what} under ${path}, ${readWhole}: any of them may be a protected path (.git, .claude, …)`,
      blockedPath: path,
      ...(names.what === 'git-commits' ? { namingRuleAnswers: true as const } : {}),
    };
  }
  const { eachFolder, skipsHidden, flat } = names;
  // A removal of what the view shows is no directory (a file, or nothing there) removes no entries.
  const view = check.view;
  if (removal && view !== undefined && view.isSymlink?.(path) !== true && (!view.exists(path) || view.isDirectory?.(path) === false))
    return undefined;
  // A link removed as a name of its own (no trailing `/`) leaves what it leads to alone.
  if (removal && check.linkItself === true && view?.isSymlink?.(path) === true) return undefined;
  for (const { source, at } of sourcesOf(names.of, path, check)) {
    const prefix = source === '/' ? '/' : `${source}/`;
    const relOf = (p: string): string[] | undefined => (p.startsWith(prefix) ? p.slice(prefix.length).split('/') : undefined);
    const into = (rel: readonly string[]) => `${at === '/' ? '' : at}/${rel.join('/')}`;
    // What lands for an entry: the entry itself, with `eachFolder` that file inside a folder, with
    // `flat` its base name renamed, directly under the path (undefined: the entry lands nowhere).
    const landing = (rel: readonly string[]): string | undefined => {
      if (flat === undefined) return eachFolder === undefined ? into(rel) : `${into(rel)}/${eachFolder}`;
      const base = rel.at(-1) ?? '';
      const pair = flat.find(([from]) => base.endsWith(from) && base.length > from.length);
      return pair === undefined ? undefined : into([base.slice(0, base.length - pair[0].length) + pair[1]]);
    };
    const left = (rel: readonly string[]) => spared(rel, names.spares) || (skipsHidden === true && rel.some((s) => s.startsWith('.')));
    const covered = (p: string): boolean => {
      const rel = relOf(p);
      if (rel === undefined || left(rel)) return false;
      if (eachFolder !== undefined && check.view?.isDirectory?.(p) !== true) return false;
      // Flattened, only files land (a folder's own name is never written).
      if (flat !== undefined && check.view?.isDirectory?.(p) === true) return false;
      const dest = landing(rel);
      if (dest === undefined) return false;
      if (hitAt(dest) !== undefined) return true;
      // A file landing on a name the destination already holds is written through it: a link
      // there writes where it leads, a hard link every other name of the file.
      return (
        !removal &&
        (source !== at || eachFolder !== undefined) &&
        check.view !== undefined &&
        (eachFolder !== undefined || check.view.isDirectory?.(p) === false) &&
        writesThrough(check.view, dest, spec)
      );
    };
    const mayHold = (p: string): boolean => {
      const rel = relOf(p);
      return rel === undefined || !left(rel);
    };
    const reach = dirHolds(check.view, source, covered, mayHold, check.budget);
    if (reach.kind === 'holds') {
      const held = reach.path.replace(/ \(a link to .*\)$/s, '');
      const target = landing(relOf(held) ?? []) ?? at;
      const entry =
        hitAt(target) ??
        `${target} is a link or one of several names of a file, which the ${eachFolder === undefined ? 'copy' : 'command'} writes through`;
      const message =
        source === at
          ? `${removal ? 'may remove' : 'may write'} ${target}, a protected path (${entry})`
          : flat !== undefined
            ? `writes ${target} from ${reach.path}, a protected path (${entry})`
            : `copies ${reach.path} to ${target}, a protected path (${entry})`;
      return { message, blockedPath: target };
    }
    if (reach.kind === 'unknown') {
      const what = source === at ? `the entries of ${at}` : `the entries of ${source} under ${at}`;
      return {
        message: `${verb} ${what}, which the file-system view cannot settle (${reach.why}): any of them may be a protected path`,
        blockedPath: at,
      };
    }
  }
  return undefined;
}

/**
 * The folders whose entries land, each with where they land: a source spelled as a glob (`cp -r
 * src/* dist/`) is each folder or file the file-system view matches, landing under `path` — or,
 * where `path` ends in the glob's own last name (the copy into a folder, `dist/*`), under the
 * folder plus the match's base name. A glob the view cannot settle stays as spelled (its entries
 * are unknown: an ask).
 */
function sourcesOf(of: readonly string[], path: string, check: NamesCheck): { source: string; at: string }[] {
  const out: { source: string; at: string }[] = [];
  const view = check.view;
  for (const source of of) {
    const named = view?.list !== undefined && /[*?[]/.test(source) ? globMatches(view, source, check.budget) : undefined;
    if (named === undefined || !('paths' in named)) {
      out.push({ source, at: path });
      continue;
    }
    const last = source.slice(source.lastIndexOf('/') + 1);
    const intoEach = path.endsWith(`/${last}`);
    for (const m of named.paths)
      out.push({ source: m, at: intoEach ? `${path.slice(0, -last.length)}${m.slice(m.lastIndexOf('/') + 1)}` : path });
  }
  return out;
}

/** Does a write to `dest`, an existing name, reach a protected path through it (a link, or a file with other names)? */
function writesThrough(view: ReadonlyFsView, dest: string, spec: ProtectedPathSpec): boolean {
  if (view.isSymlink?.(dest) === true) {
    const real = view.realpath(dest);
    return real === undefined || protectedPathMatch(real, spec) !== undefined;
  }
  return (view.linkCount?.(dest) ?? 1) > 1;
}
