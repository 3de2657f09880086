import { randomBytes } from 'node:crypto';
import { closeSync, lstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { StoreOpenError } from '../types.js';

/** The file beside a SQLite store in which `toolgate serve` records that it made the store. */
export function sealFile(file: string): string {
  return `${file}-serve-seal`;
}

/**
 * The seal's content: which file serve made, by device and inode. No time is recorded: where
 * `statx` is unavailable (an older kernel, a container's seccomp filter) Node reports the change
 * time as the birth time, which every write moves, and serve would refuse its own store.
 */
interface Seal {
  toolgate: 'serve-seal';
  version: 1;
  dev: number;
  ino: number;
}

/** How a SQLite store at serve's default path was found. */
export type StoreTrust =
  /** No file there: serve makes it (with {@link makeSealedStore}) and seals it. */
  | { kind: 'absent' }
  /** A file serve made: sealed, owned by this user, private, no other name. */
  | { kind: 'sealed' };

const uid = () => process.getuid?.();

/** What is wrong with a file or directory serve would trust, or `undefined`: owned by this user, no access for others, itself (not a link), one name. */
function untrusted(st: Stats, what: string, mode: number): string | undefined {
  const me = uid();
  if (st.isSymbolicLink()) return `${what} is a symbolic link`;
  if (me !== undefined && st.uid !== me) return `${what} belongs to another user (uid ${st.uid})`;
  if ((st.mode & 0o077) !== 0)
    return `${what} has mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}, not ${mode.toString(8).padStart(4, '0')}`;
  if (!st.isDirectory() && st.nlink !== 1) return `${what} has ${st.nlink} names (a hard link elsewhere)`;
  return undefined;
}

const lstat = (path: string): Stats | undefined => {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StoreOpenError(`cannot read ${path}: ${(e as Error).message}`);
  }
};

/**
 * Whether serve may use the SQLite store `file` at its default path (decision 0073): only a
 * store it made. A file there must be a regular file of this user's, mode 0600, with one name,
 * in a directory of this user's that is no link and no one else may enter — and sealed: its
 * `FILE-serve-seal` (the same checks) names its device and inode. Anything else is a
 * `StoreOpenError` naming the file and what was expected: a store planted there before serve's
 * first start carries no seal of serve's.
 */
export function checkDefaultStore(file: string): StoreTrust {
  const dir = dirname(file);
  const d = lstat(dir);
  if (d !== undefined) {
    if (!d.isDirectory() && !d.isSymbolicLink()) throw refuse(file, `its directory ${dir} is not a directory`);
    const bad = untrusted(d, `its directory ${dir}`, 0o700);
    if (bad !== undefined) throw refuse(file, bad);
  }
  // The lock serve takes next is opened by name: a link there would lock (and chmod) its target.
  const lock = lstat(`${file}-serve-lock`);
  if (lock !== undefined && (lock.isSymbolicLink() || !lock.isFile())) throw refuse(file, `${file}-serve-lock is not a regular file`);
  const st = lstat(file);
  if (st === undefined) return { kind: 'absent' };
  if (!st.isFile() && !st.isSymbolicLink()) throw refuse(file, 'it is not a regular file');
  const bad = untrusted(st, 'it', 0o600);
  if (bad !== undefined) throw refuse(file, bad);
  const sealPath = sealFile(file);
  const s = lstat(sealPath);
  if (s === undefined) throw refuse(file, `it has no seal ${sealPath}: toolgate serve did not make it`);
  const sealBad = untrusted(s, `its seal ${sealPath}`, 0o600);
  if (sealBad !== undefined || !s.isFile()) throw refuse(file, sealBad ?? `its seal ${sealPath} is not a regular file`);
  let seal: Partial<Seal>;
  try {
    seal = JSON.parse(readFileSync(sealPath, 'utf8')) as Partial<Seal>;
  } catch (e) {
    throw refuse(file, `its seal ${sealPath} is not JSON (${(e as Error).message})`);
  }
  if (
    seal === null ||
    typeof seal !== 'object' ||
    seal.toolgate !== 'serve-seal' ||
    seal.version !== 1 ||
    typeof seal.dev !== 'number' ||
    typeof seal.ino !== 'number'
  ) {
    throw refuse(file, `its seal ${sealPath}: expected {"toolgate": "serve-seal", "version": 1, "dev": …, "ino": …}`);
  }
  if (seal.dev !== st.dev || seal.ino !== st.ino) {
    throw refuse(
      file,
      `its seal ${sealPath} names another file (device ${seal.dev}, inode ${seal.ino}; this one is device ${st.dev}, inode ${st.ino}): the store was replaced`,
    );
  }
  return { kind: 'sealed' };
}

function refuse(file: string, why: string): StoreOpenError {
  return new StoreOpenError(
    `toolgate serve will not use the store ${file}: ${why}. Expected a store serve made there — a regular file of yours, mode 0600, with one name, sealed by ${sealFile(file)} — ` +
      'since a program could have put one there, with grants and answered asks of its own, before serve first ran. ' +
      'Remove it with its -wal, -shm, -journal and -serve-seal files (serve makes a new one), or, if you made it and trust it, name it with --store sqlite:PATH once (serve then seals it)',
  );
}

/**
 * Make a new, empty store file at `file` for serve (exclusive create, mode 0600): any journal
 * left beside where it will be (`-wal`, `-shm`, `-journal`) is removed first, since SQLite would
 * read one planted there into the new database. Fails when a file appears there meanwhile.
 */
export function makeSealedStore(file: string): void {
  for (const companion of ['-wal', '-shm', '-journal']) rmSync(`${file}${companion}`, { force: true });
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (e) {
    throw new StoreOpenError(`cannot make the store ${file}: ${(e as Error).message}`);
  }
  closeSync(fd);
  seal(file);
}

/**
 * Seal the store `file` as serve's own: its device and inode, written to a new file
 * (mode 0600, exclusive create) renamed over `FILE-serve-seal` (a link there is replaced, never
 * followed). A store that is a link is not sealed (it could never pass {@link checkDefaultStore}).
 */
export function seal(file: string): void {
  const st = lstatSync(file);
  if (!st.isFile()) return;
  const content: Seal = { toolgate: 'serve-seal', version: 1, dev: st.dev, ino: st.ino };
  const made = join(dirname(file), `.serve-seal-${randomBytes(8).toString('hex')}`);
  try {
    writeFileSync(made, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(made, sealFile(file));
  } catch (e) {
    rmSync(made, { force: true });
    throw new StoreOpenError(`cannot seal the store ${file} (${sealFile(file)}): ${(e as Error).message}`);
  }
}
