/**
 * What Claude Code's Grep tool reads: it runs ripgrep on its `path` (the cwd when absent) with
 * `--hidden` and an exclusion glob per version-control folder (`GrepTool.ts`; earlier versions
 * left hidden names out, which reads less) — ignored names skipped, hidden ones searched but
 * `.git` and its kind, the links inside not followed (unless `RIPGREP_CONFIG_PATH` names a
 * configuration that says so), a link given as the path followed. Its `glob` becomes rg's `--glob` and its `type` rg's `--type`, which whitelist
 * files (hidden or ignored ones too). A glob that cannot be judged by a base name (a `/` inside)
 * leaves every file of the tree read.
 */
import type { ToolCall } from '../core/types.js';
import { expandBraces } from '../shell/syntax/brace.js';
import type { PathEffect } from '../shell/types.js';

/** The version-control folders the Grep tool leaves out (`--glob !NAME`). */
const VCS_FOLDERS: readonly string[] = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

/** The tree read of a Grep call on the folder `path` (already resolved), as rg walks it. */
export function grepToolTreeRead(call: ToolCall, path: string, raw: string): PathEffect {
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
  };
  const glob = typeof call.input['glob'] === 'string' ? call.input['glob'] : '';
  const type = typeof call.input['type'] === 'string' ? call.input['type'] : '';
  const hidden = { except: VCS_FOLDERS };
  if (glob === '' && type === '') return { ...e, rgSkips: { noConfig: false, hidden } };
  const globs = glob === '' ? [] : whitelistGlobs(glob);
  // A glob toolgate cannot judge by base name: no file or folder is known to be skipped.
  if (globs === undefined) return e;
  return { ...e, rgSkips: { noConfig: false, whitelist: { globs, types: type !== '' }, hidden } };
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
