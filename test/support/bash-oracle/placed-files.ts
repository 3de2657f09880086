/**
 * Files the world holds before a call, written by the oracle itself into a run's copy of the
 * template (no sandboxed shell, so a call that toolgate does not allow costs no bash run): a
 * user's start-up files, the folders and scripts they name.
 */
import { chmodSync, lchownSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { AREAS } from './areas.js';
import { SANDBOX_UID } from './fixture.js';
import { hostPath } from './physical.js';

/** One file the world holds: a text (with its mode), a symbolic link, or a folder (neither). */
export interface PlacedFile {
  /** Sandbox path, inside HOME, the project or another writable area. */
  path: string;
  /** The file's text; absent for a link or a folder. */
  text?: string;
  /** The file's mode. Default 0644 (a folder 0755). */
  mode?: number;
  /** A symbolic link's target, as written. */
  link?: string;
}

const WRITABLE = Object.values(AREAS);

/** Write `files` into `runDir` (each replacing what is there), owned by the sandbox user; throws for a path outside the writable areas. */
export function placeFiles(runDir: string, files: readonly PlacedFile[]): void {
  for (const f of files) {
    const path = posix.normalize(f.path);
    if (!WRITABLE.some((a) => path.startsWith(`${a}/`)) || path.split('/').includes('..'))
      throw new Error(`bash oracle: a placed file must be inside a writable area: ${f.path}`);
    const host = hostPath(runDir, path);
    mkdirOwned(runDir, posix.dirname(path));
    rmSync(host, { recursive: true, force: true });
    if (f.link !== undefined) symlinkSync(f.link, host);
    else if (f.text !== undefined) {
      writeFileSync(host, f.text);
      chmodSync(host, f.mode ?? 0o644);
    } else {
      mkdirSync(host);
      chmodSync(host, f.mode ?? 0o755);
    }
    lchownSync(host, SANDBOX_UID, SANDBOX_UID);
  }
}

/** Make the folders of a sandbox path that are missing, owned by the sandbox user. */
function mkdirOwned(runDir: string, path: string): void {
  const missing: string[] = [];
  for (let p = path; WRITABLE.some((a) => p.startsWith(`${a}/`)); p = posix.dirname(p)) missing.unshift(p);
  for (const p of missing) {
    const host = hostPath(runDir, p);
    try {
      mkdirSync(host);
    } catch {
      continue;
    }
    lchownSync(host, SANDBOX_UID, SANDBOX_UID);
  }
}
