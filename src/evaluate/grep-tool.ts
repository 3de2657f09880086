/**
 * What Claude Code's Grep tool reads: it runs ripgrep on its `path` (the cwd when absent) with
 * `--hidden` and an exclusion glob per version-control folder (`GrepTool.ts`; earlier versions
 * left hidden names out, which reads less) — ignored names skipped, hidden ones searched but
 * `.git` and its kind, the links inside not followed (unless `RIPGREP_CONFIG_PATH` names a
 * configuration that says so), a link given as the path followed. Its `glob` becomes rg's `--glob` and its `type` rg's `--type`, which whitelist
 * files (hidden or ignored ones too); a `!` glob leaves the names it matches out. A glob that
 * cannot be judged by a base name (a `/` inside) leaves every file of the tree read. The host's
 * own exclusion globs (Claude Code's, one per relative Read deny rule) are the dialect's to say
 * (`Dialect.grepToolLeavesOut`, decision 0155); without them a denied file there is met (0150).
 */
import type { ToolCall } from '../core/types.js';
import { expandBraces } from '../shell/syntax/brace.js';
import { rgBuiltInTypeGlobs } from '../shell/programs/rg-types.js';
import type { PathEffect } from '../shell/types.js';

/** The version-control folders the Grep tool leaves out (`--glob !NAME`). */
const VCS_FOLDERS: readonly string[] = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

/**
 * The tree read of a Grep call on the folder `path` (already resolved), as rg walks it; `leavesOut`,
 * the base-name globs the host hands rg last to leave out at every depth.
 */
export function grepToolTreeRead(call: ToolCall, path: string, raw: string, leavesOut: readonly string[] = []): PathEffect {
  const e: PathEffect = {
    op: 'read',
    path,
    raw,
    literal: true,
    command: -1,
    glob: false,
    tree: 'all',
    walksLinks: false,
    walksLinksWith: 'RIPGREP_CONFIG_PATH',
    ...(leavesOut.length > 0 ? { leavesOut } : {}),
  };
  const glob = typeof call.input['glob'] === 'string' ? call.input['glob'] : '';
  const type = typeof call.input['type'] === 'string' ? call.input['type'] : '';
  const hidden = { except: VCS_FOLDERS };
  if (glob === '' && type === '') return { ...e, rgSkips: { noConfig: false, hidden } };
  const globs = glob === '' ? [] : whitelistGlobs(glob);
  // A glob toolgate cannot judge by base name: no file or folder is known to be skipped.
  if (globs === undefined) return e;
  const whitelist: Whitelist = { globs, types: type !== '' };
  // rg's own type table says which names a type chooses (an unknown name chooses any file here).
  const typeGlobs = type !== '' ? rgBuiltInTypeGlobs(type) : undefined;
  if (typeGlobs !== undefined) whitelist.typeGlobs = typeGlobs;
  const excludes = glob === '' ? [] : excludeGlobs(glob);
  if (excludes.length > 0) whitelist.excludes = excludes;
  return { ...e, rgSkips: { noConfig: false, whitelist, hidden } };
}

type Whitelist = NonNullable<NonNullable<PathEffect['rgSkips']>['whitelist']>;

/**
 * The names a Grep `glob` of one `!` glob leaves out, without the `!`, braces expanded. Only a
 * value that is one piece (no space, no comma outside braces) counts: split or whole, every
 * front end hands rg the same glob. One with a `/` is matched against the path from the searched
 * folder, not judged by a base name: none.
 */
function excludeGlobs(glob: string): string[] {
  const g = glob.trim();
  if (!g.startsWith('!') || g.includes('/') || /\s/.test(g) || outsideBraces(g).length > 1) return [];
  return (expandBraces(g.slice(1), 64) ?? []).filter((a) => a !== '');
}

/**
 * The whitelisting globs of a Grep `glob`: the value whole, split at spaces, and at commas outside braces (however
 * the tool hands it to rg, the files it names are among these), braces expanded; `!` globs only
 * leave files out and are dropped. `undefined` when one has a `/` (rg matches it against the path
 * from the searched folder) or too many alternatives.
 */
function whitelistGlobs(glob: string): string[] | undefined {
  const words = glob.split(/\s+/);
  const pieces = new Set(
    [glob, ...words, ...words.flatMap(outsideBraces)].map((g) => g.trim()).filter((g) => g !== '' && !g.startsWith('!')),
  );
  const out: string[] = [];
  for (const piece of pieces) {
    const alts = expandBraces(piece, 64);
    if (alts === undefined) return undefined;
    for (const a of alts) {
      if (a.includes('/')) return undefined;
      out.push(a);
    }
  }
  return out;
}

/** A word split at the commas outside braces (`*.{ts,tsx},*.md` is `*.{ts,tsx}` and `*.md`). */
function outsideBraces(word: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(word.slice(start, i));
      start = i + 1;
    }
  }
  out.push(word.slice(start));
  return out;
}
