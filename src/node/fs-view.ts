import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import type { ReadonlyFsView } from '../core/ports.js';

// Apart from ./fs.ts so that what only reads (the `toolgate hook` process) does not load the
// lock library, which patches the fs module when imported.

/** The largest file `readText` reads (configuration files are a few kilobytes). */
const MAX_TEXT = 1024 * 1024;
/** The largest file `readBytes` reads (git's index of a repository of 100,000 files is about 10 MiB). */
const MAX_BYTES = 32 * 1024 * 1024;
/** The most `inflate` gives back (git's trees and commits are small; a larger object is not needed). */
const MAX_INFLATED = 16 * 1024 * 1024;

type Zlib = typeof import('node:zlib');
/**
 * node:zlib, taken on its first use: loading it loads Node's streams (≈ 2 ms of CPU in a fresh
 * process), and every `toolgate hook` call loads this module while only a git checkout's objects
 * are inflated. `process.getBuiltinModule` is Node ≥ 20.16 (without it `node:module`'s require
 * would cost ≈ 0.5 ms more per call); an older Node gets zlib by an import started here, and an
 * inflate before it has loaded gives `undefined`, as for an object that cannot be read.
 */
let zlib: Zlib | undefined;
if (typeof process.getBuiltinModule !== 'function')
  void import('node:zlib').then(
    (z) => (zlib = z),
    () => {},
  );
const loadZlib = (): Zlib | undefined => (zlib ??= process.getBuiltinModule?.('node:zlib') as Zlib | undefined);

/**
 * The {@link ReadonlyFsView} port on Node's synchronous `realpathSync` / `existsSync` / `statSync` /
 * `readdirSync` / `lstatSync` / `readFileSync` (`identity`: device and inode; `linkCount`: its hard
 * links; `readText`: a regular file of at most 1 MiB; `readBytes`: one of at most 32 MiB; `inflate`: zlib, at most 16 MiB out).
 * `realpath` returns `undefined` for a path that does not exist or cannot be resolved (a
 * dangling or looping symlink, a permission error); it never throws.
 * @public
 */
export function nodeFsView(): ReadonlyFsView {
  return {
    realpath(path) {
      // A path that does not resolve is common (a file about to be written); `existsSync` says so
      // without the thrown error, which costs several times the lookup.
      if (!existsSync(path)) return undefined;
      try {
        return realpathSync.native(path);
      } catch {
        return undefined;
      }
    },
    exists(path) {
      return existsSync(path);
    },
    isDirectory(path) {
      try {
        // No exception for a missing path: git's discovery and configuration ask about many.
        const s = statSync(path, { throwIfNoEntry: false });
        return s !== undefined ? s.isDirectory() : undefined;
      } catch {
        return undefined;
      }
    },
    identity(path) {
      try {
        // No exception for a missing file: most paths a command names are checked, few exist twice.
        const s = statSync(path, { bigint: true, throwIfNoEntry: false });
        return s !== undefined ? `${s.dev}:${s.ino}` : undefined;
      } catch {
        return undefined;
      }
    },
    linkCount(path) {
      try {
        const s = statSync(path, { throwIfNoEntry: false });
        return s?.isFile() === true ? s.nlink : undefined;
      } catch {
        return undefined;
      }
    },
    isExecutable(path) {
      try {
        const s = statSync(path, { throwIfNoEntry: false });
        return s?.isFile() === true ? (s.mode & 0o111) !== 0 : undefined;
      } catch {
        return undefined;
      }
    },
    list(path) {
      // A folder that does not exist is common (every git call lists `.git/modules`, mostly absent):
      // readdirSync's thrown error costs ≈ 30 µs, the stat ≈ 2. A path stat cannot reach, readdir
      // cannot open either, so the answer is the same.
      if (!existsSync(path)) return undefined;
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
    isSymlink(path) {
      try {
        return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;
      } catch {
        return false;
      }
    },
    readlink(path) {
      try {
        return readlinkSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    readText(path) {
      try {
        const s = statSync(path, { throwIfNoEntry: false });
        if (s?.isFile() !== true || s.size > MAX_TEXT) return undefined;
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    readBytes(path) {
      try {
        const s = statSync(path, { throwIfNoEntry: false });
        if (s?.isFile() !== true || s.size > MAX_BYTES) return undefined;
        return readFileSync(path);
      } catch {
        return undefined;
      }
    },
    inflate(data) {
      try {
        return loadZlib()?.inflateSync(data, { maxOutputLength: MAX_INFLATED });
      } catch {
        return undefined;
      }
    },
  };
}
