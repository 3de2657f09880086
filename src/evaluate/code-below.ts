/**
 * Code that runs later, below a folder put in place whole (red team 27, RT27-R; decision 0144):
 * `mv stage scripts`, `mv -T`, `cp -r stage scripts` make a folder toolgate cannot see the names
 * of, and a hook's script, a file a start-up file sources or a program git's configuration names
 * may lie below it — not there yet, perhaps: the folder on its way is made whole, and whatever the
 * moved tree holds at that name is what runs. A reader whose place is a pattern (`for f in
 * ~/dots/*.sh; do . "$f"; done`, vim's `rtp+=~/dots`, a folder on `PATH`) runs whatever names the
 * moved tree holds that the pattern matches (decision 0146).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';

/** A place a reader names by a pattern: the files below `folder` that `pattern` matches run. */
export interface PatternPlace {
  /** The folder the pattern's names lie below: the part of the pattern before its first wildcard. */
  readonly folder: string;
  readonly pattern: RegExp;
  /** The pattern as a person reads it (`~/dots/*.sh`, or the folder). */
  readonly shown: string;
  /** What reads the names it matches, and when. */
  readonly why: string;
}

/**
 * The files and folders the readers name as code that runs later, gathered once per call
 * (`codePlaces` of code-writes.ts), with the judge of a write to one of them.
 */
export interface CodePlaces {
  /** Each place once: what the start-up files source and git's hooks run, the settings' hook code, the programs git's configuration names. */
  readonly paths: readonly string[];
  /** The places a pattern names, each with what reads it. */
  readonly patterns: readonly PatternPlace[];
  /** Why writing `written` (resolved: `real`) changes code that runs later, as every reader of it tells (`codeWriteHit`). */
  readonly hit: (written: string, real: string | undefined) => string | undefined;
}

/**
 * Why a folder put in one piece at `dir` (names toolgate cannot see land there) writes a file that
 * runs code later, or `undefined`. A folder the view shows with entries is not replaced: a move or
 * copy goes into it (`scripts/stage`, judged by its own write) or fails (`mv -T` onto a folder that
 * is not empty, coreutils 9.1). Each place found is judged by the readers that name it, as a write
 * to it is; a pattern's place when `dir` is its folder, holds it, or lies below it where the
 * pattern may match a name.
 *
 * `link`: `dir` is made a symbolic link (`ln -s stage tools`, `ln -sfn stage tools` over a link
 * to a folder: decision 0154), so every name below it is one in the folder it leads to, which the
 * agent fills now or later (`PathEffect.madeLink`). A folder there is not replaced: ln makes the
 * link inside it (`tools/stage`, judged by its own write) or fails (`-T`, coreutils 9.1) — but a
 * link to a folder is, with `-n` or `-T`.
 */
export function codeBelowWrite(
  dir: string,
  view: ReadonlyFsView | undefined,
  code: CodePlaces,
  link?: 'through-links' | 'replacing-links',
): string | undefined {
  const kept =
    link === 'through-links'
      ? view?.isDirectory?.(dir) === true
      : link === 'replacing-links'
        ? isRealFolder(dir, view)
        : view?.isDirectory?.(dir) === true && (view.list?.(dir)?.length ?? 0) > 0;
  if (kept) return undefined;
  const put = link ? 'a link made there' : 'a folder put there whole';
  for (const path of code.paths) {
    if (path === dir || !isInside(path, dir)) continue;
    const hit = code.hit(path, undefined);
    if (hit !== undefined) return `${put} makes ${path}${link ? ' the file of that name in the folder it leads to' : ''}: ${hit}`;
  }
  for (const p of code.patterns)
    if (isInside(p.folder, dir) || (isInside(dir, p.folder) && mayMatchBelow(p.pattern, dir)))
      return `${put} may ${link ? `make ${p.shown} a name in the folder it leads to` : `hold ${p.shown}`}: ${p.why}`;
  return undefined;
}

/** Whether the view shows a folder at `dir` that is no symbolic link (a view that cannot tell links apart shows none). */
function isRealFolder(dir: string, view: ReadonlyFsView | undefined): boolean {
  return view?.isDirectory?.(dir) === true && view.isSymlink !== undefined && !view.isSymlink(dir);
}

/**
 * Whether `pattern` (anchored, absolute) may match a name below `dir`, a folder inside the
 * pattern's own: a wildcard that crosses `/` (`.+` of vim's `plugin/**`) may; one that does not
 * (`[^/]*`) only where the pattern has more parts than `dir`. Read from the pattern's text, every
 * alternative's parts counted together: more parts only ever says "may".
 */
export function mayMatchBelow(pattern: RegExp, dir: string): boolean {
  const s = pattern.source;
  let slashes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      if (s[i + 1] === '/') slashes++;
      i++;
    } else if (c === '[') {
      // A class: `[^/]` never matches a slash; one that may (`[^a]`) crosses.
      const end = s.indexOf(']', i + 2);
      const body = s.slice(i + 1, end < 0 ? s.length : end);
      if (body.startsWith('^') && !body.includes('/')) return true;
      i = end < 0 ? s.length : end;
    } else if (c === '.') return true;
    else if (c === '/') slashes++;
  }
  return dir.split('/').length - 1 < slashes;
}
