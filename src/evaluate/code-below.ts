/**
 * Code that runs later, below a folder put in place whole (red team 27, RT27-R; decision 0144):
 * `mv stage scripts`, `mv -T`, `cp -r stage scripts` make a folder toolgate cannot see the names
 * of, and a hook's script, a file a start-up file sources or a program git's configuration names
 * may lie below it — not there yet, perhaps: the folder on its way is made whole, and whatever the
 * moved tree holds at that name is what runs.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';

/**
 * The files and folders the readers name as code that runs later, gathered once per call
 * (`codePlaces` of code-writes.ts), with the judge of a write to one of them.
 */
export interface CodePlaces {
  /** Each place once: what the start-up files source and git's hooks run, the settings' hook code, the programs git's configuration names. */
  readonly paths: readonly string[];
  /** Why writing `written` (resolved: `real`) changes code that runs later, as every reader of it tells (`codeWriteHit`). */
  readonly hit: (written: string, real: string | undefined) => string | undefined;
}

/**
 * Why a folder put in one piece at `dir` (names toolgate cannot see land there) writes a file that
 * runs code later, or `undefined`. A folder the view shows with entries is not replaced: a move or
 * copy goes into it (`scripts/stage`, judged by its own write) or fails (`mv -T` onto a folder that
 * is not empty, coreutils 9.1). Each place found is judged by the readers that name it, as a write
 * to it is.
 */
export function codeBelowWrite(dir: string, view: ReadonlyFsView | undefined, code: CodePlaces): string | undefined {
  if (view?.isDirectory?.(dir) === true && (view.list?.(dir)?.length ?? 0) > 0) return undefined;
  for (const path of code.paths) {
    if (path === dir || !isInside(path, dir)) continue;
    const hit = code.hit(path, undefined);
    if (hit !== undefined) return `a folder put there whole makes ${path}: ${hit}`;
  }
  return undefined;
}
