/**
 * A read of a name's metadata — its status, a link's target — is no read of its content
 * (`PathEffect.looks`): `stat -c %s .env`, `ls -la .env`, `du -h .env`, `git check-ignore -v .env`
 * open no `.env` (strace, coreutils 9.1, git 2.39.5). A Read rule names content, so it passes over
 * such a look; a folder a lister lists (its entries' names) is still a read of the folder.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect } from '../shell/types.js';

/**
 * Whether the read `e` only looks at its name: always for a `status` look; for a `listing`, when
 * the file-system view shows a path that is no folder (a folder, a pattern, or a path the view
 * cannot tell is listed — a read).
 */
export function looksAtNameOnly(e: PathEffect, view: ReadonlyFsView | undefined): boolean {
  if (e.op !== 'read' || e.assumed !== undefined) return false;
  if (e.looks === 'status') return true;
  if (e.looks !== 'listing' || e.glob || e.tree !== undefined) return false;
  return view?.isDirectory?.(e.path) === false;
}
