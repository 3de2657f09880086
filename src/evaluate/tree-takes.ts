import type { ReadonlyFsView } from '../core/ports.js';
import { segmentMatches } from '../paths/glob.js';
import { gitSkipsIn, gitTracksThroughLinks } from '../shell/programs/git/takes.js';
import { rgSkipsIn } from '../shell/programs/rg-skips.js';
import type { NameChoice, PathEffect } from '../shell/types.js';
import { ENTRY_BOUND } from './fs-reach.js';

/** What {@link takenOf} asks of the world: the file-system view, the user's home (rg's global ignore files) and which variables may be set. */
export interface TakeLook {
  view?: ReadonlyFsView | undefined;
  /** The user's home, where a reader's global ignore files live (git's excludes, which rg reads). */
  home?: string | undefined;
  /** Whether an environment variable may be set (a reader's choice of files may depend on it); absent: any may be. */
  maySet?: ((name: string) => boolean) | undefined;
}

/** What a tree read takes: the covered paths it reads; `skipsFolder`, a folder it surely does not enter (absent: it may enter any). */
export interface Taken {
  covered: (p: string) => boolean;
  settled: boolean;
  why: string;
  skipsFolder?: (p: string) => boolean;
}

/**
 * The covered paths a tree read takes: git's reads of a working tree take only the files it
 * tracks (and for `git add .`, the untracked ones no `.gitignore` ignores), when the view settles
 * which those are (`PathEffect.gitTakes`); every other reader may take them all.
 */
export function takenOf(e: PathEffect, covered: (p: string) => boolean, look: TakeLook): Taken {
  const taken = takenByChoice(e, covered, look);
  const names = e.leavesOut;
  if (names === undefined || names.length === 0) return taken;
  // Names the reader leaves out whatever chooses them (a host's last exclusion globs).
  const top = e.path === '/' ? '/' : `${e.path}/`;
  const out = (p: string) =>
    p.startsWith(top) &&
    p
      .slice(top.length)
      .split('/')
      .some((name) => names.some((g) => surelyMatches(g, name)));
  const skips = taken.skipsFolder;
  return { ...taken, covered: (p) => !out(p) && taken.covered(p), skipsFolder: (p) => out(p) || (skips?.(p) ?? false) };
}

function takenByChoice(e: PathEffect, covered: (p: string) => boolean, look: TakeLook): Taken {
  const as = { covered, settled: false, why: '' };
  const view = look.view;
  if (e.includes !== undefined && view !== undefined) {
    // A covered file the choice surely leaves out is not read; a folder is not read itself but
    // walked (unless skipped), so its files are judged one by one; what the view cannot tell
    // counts as read.
    const choice = e.includes;
    const top = e.path === '/' ? '/' : `${e.path}/`;
    const skipsFolder = (p: string) =>
      p.startsWith(top) &&
      p
        .slice(top.length)
        .split('/')
        .some((name) => choice.skipDirs.some((g) => surelyMatches(g, name)));
    const chosen = (p: string) => {
      const dir = view.isDirectory?.(p);
      if (dir === true) return false;
      return dir === undefined || (!skipsFolder(p.slice(0, p.lastIndexOf('/'))) && !leftOut(choice, p.slice(p.lastIndexOf('/') + 1)));
    };
    const said = choice.files
      .map((f) => `--${f.include ? 'include' : 'exclude'}=${f.glob}`)
      .concat(choice.skipDirs.map((g) => `--exclude-dir=${g}`));
    return { covered: (p) => covered(p) && chosen(p), settled: true, why: `its name choice (${said.join(' ')}) may take it`, skipsFolder };
  }
  if (e.rgSkips !== undefined && look.view !== undefined && look.home !== undefined) {
    const skips = rgSkipsIn(look.view, e.path, look.home, look.maySet ?? (() => true), e.rgSkips.noConfig, e.rgSkips.hidden);
    if (skips === undefined) return as;
    const list = e.rgSkips.whitelist;
    if (list !== undefined) {
      // Matched by base name, case ignored (every spelling's match is among these).
      const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
      const named = (p: string) => list.globs.some((g) => segmentMatches(g, base(p), true));
      // A type whitelists files its globs match (any file when toolgate does not know them); an ignore file still outranks it.
      const typed = (p: string) =>
        list.types && (list.typeGlobs === undefined || list.typeGlobs.some((g) => segmentMatches(g, base(p), true)));
      // A `!` glob with no positive one beside it leaves out what it surely matches, folder or file
      // below the tree (the last override that matches decides; none whitelists here).
      const top = e.path === '/' ? '/' : `${e.path}/`;
      const excluded = (p: string) =>
        list.globs.length === 0 &&
        list.excludes !== undefined &&
        p.startsWith(top) &&
        p
          .slice(top.length)
          .split('/')
          .some((name) => list.excludes!.some((g) => surelyMatches(g, name)));
      // With a type, rg searches only the files a type chooses (the `ignore` crate's types ignore
      // every other file); with no glob or type, what is neither hidden nor ignored.
      const read = (p: string) => !excluded(p) && (list.globs.length > 0 ? named(p) : list.types ? typed(p) : !skips(p));
      return {
        covered: (p) => covered(p) && read(p),
        settled: true,
        why: 'rg may read it: a glob or type it was given chooses it, or it is neither hidden nor ignored',
        skipsFolder: (p) => (skips(p) && !named(p)) || excluded(p),
      };
    }
    return {
      covered: (p) => covered(p) && !skips(p),
      settled: true,
      why: 'rg may read it: it is neither hidden nor ignored, or an ignore file may take it back',
      // rg does not enter a folder it skips: an ignore file cannot take back what is below it.
      skipsFolder: skips,
    };
  }
  if (e.gitTakes === undefined || look.view === undefined) return as;
  const real = look.view.realpath(e.path);
  if (real !== undefined && real !== e.path) return as;
  const skips = gitSkipsIn(look.view, e.path, e.gitTakes, look.maySet ?? (() => true));
  if (skips === undefined) return as;
  const why =
    e.gitTakes === 'tracked' ? 'git takes it: its index tracks it' : 'git takes it: its index tracks it, or no .gitignore ignores it';
  // A folder git skips holds nothing it tracks (nor, for `git add .`, anything it adds).
  return { covered: (p) => covered(p) && !skips(p), settled: true, why, skipsFolder: skips };
}

/**
 * Whether the reader of the whole tree `e` follows the symbolic links inside it: a reader that
 * follows them only by a configuration the environment may name (rg's `RIPGREP_CONFIG_PATH`)
 * does unless the environment is known to lack it; git, which never walks into a link, still reads
 * a tracked path below one where it stands (`PathEffect.gitTakes` `tracked`), so it follows them
 * unless the view shows that the index tracks nothing below a link.
 */
export function walksThroughLinks(e: PathEffect, look: TakeLook): boolean {
  if (e.walksLinks !== false) return true;
  const maySet = look.maySet ?? (() => true);
  if (e.walksLinksWith !== undefined && maySet(e.walksLinksWith)) return true;
  if (e.gitTakes !== 'tracked') return false;
  return look.view === undefined || gitTracksThroughLinks(look.view, e.path, maySet, ENTRY_BOUND);
}

/** A glob surely matches the name as grep matches it (case kept, every reading of a bracket). */
const surelyMatches = (glob: string, name: string) => segmentMatches(glob, name, false, 'must');

/**
 * Whether grep surely leaves a file of this base name out: the last --include/--exclude glob
 * that matches it decides, and when none does, the reverse of the first one's kind (gnulib
 * `excluded_file_name`). A glob that may match under some reading (case ignored, a bracket
 * read otherwise) and does not surely match leaves the answer open: read.
 */
function leftOut(choice: NameChoice, name: string): boolean {
  if (choice.files.length === 0) return false;
  for (let k = choice.files.length - 1; k >= 0; k--) {
    const { glob, include } = choice.files[k]!;
    if (!include && surelyMatches(glob, name)) return true;
    if (segmentMatches(glob, name, true)) return false;
  }
  return choice.files[0]!.include;
}
