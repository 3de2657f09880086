import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FileKind, FileStat, FileSystem, ReadonlyFsView } from '../core/ports.js';

function kindOf(stat: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FileKind {
  if (stat.isSymbolicLink()) return 'symlink';
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'directory';
  return 'other';
}

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : data;
}

async function writeFileAtomic(path: string, data: Uint8Array | string, options?: { mode?: number }): Promise<void> {
  // node:crypto and proper-lockfile are imported when first written or locked with: a command that
  // only reads through this port (`toolgate lint`, `check`) does not load them (≈ 25 ms of CPU).
  const { randomBytes } = await import('node:crypto');
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fsp.open(tmp, 'wx', options?.mode ?? 0o666);
  try {
    try {
      await handle.writeFile(toBytes(data));
      if (options?.mode !== undefined) await handle.chmod(options.mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(tmp, path);
  } catch (error) {
    await fsp.rm(tmp, { force: true });
    throw error;
  }
  // Make the rename itself durable where the platform lets a directory be fsynced.
  try {
    const dir = await fsp.open(dirname(path), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Directories cannot be opened for sync on Windows; the rename has still happened.
  }
}

/**
 * A cross-process lock with proper-lockfile: an atomic `mkdir` of `<path>.lock`, refreshed while
 * held and taken over only once it is older than 10 s (its holder died). Waits up to about 20 s.
 * A lock found compromised (taken over while held) makes `release` reject instead of crashing the
 * process, which is proper-lockfile's default.
 */
async function lock(path: string): Promise<() => Promise<void>> {
  let lost: Error | undefined;
  const { default: lockfile } = await import('proper-lockfile');
  const release = await lockfile.lock(path, {
    realpath: false,
    stale: 10_000,
    retries: { retries: 250, factor: 1.05, minTimeout: 5, maxTimeout: 100, randomize: true },
    onCompromised: (error) => {
      lost = error;
    },
  });
  return async () => {
    if (lost !== undefined) throw lost;
    await release();
  };
}

/**
 * The {@link FileSystem} port on `node:fs/promises`.
 *
 * - `writeFileAtomic` writes a temporary file in the same directory, fsyncs it, renames it over
 *   the target and fsyncs the directory, so readers see the old or the new content, never a mix.
 * - `stat` is `lstat` (a symlink reports `symlink`) and returns `undefined` for a missing path.
 * - `remove` removes files, symlinks and directories (recursively); a missing path is not an error.
 * - `mkdir` creates parents and accepts an existing directory.
 * - `lock` is a cross-process lock (proper-lockfile: an atomic `mkdir` of `<path>.lock`, taken
 *   over when its holder has not refreshed it for 10 s); it waits up to about 20 s for a holder.
 * - Other errors are Node's own (`ENOENT`, `EACCES`, ... in `error.code`).
 * @public
 */
export function nodeFileSystem(): FileSystem {
  return {
    async readFile(path) {
      return new Uint8Array(await fsp.readFile(path));
    },
    readText(path) {
      return fsp.readFile(path, 'utf8');
    },
    async writeFile(path, data, options) {
      await fsp.writeFile(path, toBytes(data), options?.mode === undefined ? {} : { mode: options.mode });
      if (options?.mode !== undefined) await fsp.chmod(path, options.mode);
    },
    writeFileAtomic,
    rename(from, to) {
      return fsp.rename(from, to);
    },
    remove(path) {
      return fsp.rm(path, { recursive: true, force: true });
    },
    async mkdir(path) {
      await fsp.mkdir(path, { recursive: true });
    },
    readdir(path) {
      return fsp.readdir(path);
    },
    async stat(path): Promise<FileStat | undefined> {
      try {
        const s = await fsp.lstat(path);
        return { kind: kindOf(s), size: s.size, mode: s.mode & 0o7777 };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
          return undefined;
        }
        throw error;
      }
    },
    readlink(path) {
      return fsp.readlink(path);
    },
    symlink(target, path) {
      return fsp.symlink(target, path);
    },
    chmod(path, mode) {
      return fsp.chmod(path, mode);
    },
    lock,
  };
}

export { nodeFsView } from './fs-view.js';
