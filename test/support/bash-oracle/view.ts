/**
 * The file-system view toolgate decides with in the oracle: the run's files as the sandbox shows
 * them, as Claude Code's hook sees the user's files through the node view. A sandbox path is
 * resolved link by link on the run directory (a link the project holds may lead to HOME or
 * outside), so the view answers in sandbox paths, never the host's.
 */
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import type { ReadonlyFsView } from '../../../src/core/ports.js';
import { hostPath, physicalPath } from './physical.js';

/** The largest file `readText` reads, as the node view. */
const MAX_TEXT = 1024 * 1024;

/** A view of `runDir` (a template or a run's copy of it) in sandbox paths. */
export function sandboxView(runDir: string): ReadonlyFsView {
  const real = (p: string): string | undefined => (p.startsWith('/') ? physicalPath(runDir, posix.normalize(p)) : undefined);
  const stat = (p: string) => {
    const r = real(p);
    if (r === undefined) return undefined;
    try {
      return statSync(hostPath(runDir, r), { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
  };
  return {
    realpath: real,
    exists: (p) => stat(p) !== undefined,
    isDirectory: (p) => stat(p)?.isDirectory(),
    identity: (p) => {
      const s = stat(p);
      return s !== undefined ? `${s.dev}:${s.ino}` : undefined;
    },
    linkCount: (p) => {
      const s = stat(p);
      return s?.isFile() === true ? s.nlink : undefined;
    },
    list: (p) => {
      const r = real(p);
      if (r === undefined) return undefined;
      try {
        return readdirSync(hostPath(runDir, r));
      } catch {
        return undefined;
      }
    },
    isSymlink: (p) => {
      const n = posix.normalize(p);
      const parent = n === '/' ? undefined : real(posix.dirname(n));
      if (parent === undefined) return false;
      try {
        return lstatSync(hostPath(runDir, posix.join(parent, posix.basename(n)))).isSymbolicLink();
      } catch {
        return false;
      }
    },
    readText: (p) => {
      const r = real(p);
      const s = stat(p);
      if (r === undefined || s?.isFile() !== true || s.size > MAX_TEXT) return undefined;
      try {
        return readFileSync(hostPath(runDir, r), 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}
