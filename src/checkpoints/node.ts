/**
 * Node implementations of the checkpoint ports: a content-addressed store under a directory the
 * host chooses, and the local file system as the workspace.
 *
 * Store layout: `<dir>/blobs/<2 hex>/<64 hex>` (read-only files), `<dir>/sessions/<id>.jsonl`,
 * `<dir>/tmp/` for writes in progress (leftovers from a crash are never read and may be deleted).
 * @packageDocumentation
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { ByteStream, CheckpointStorage, Sha256, WorkspaceFs, WorkspaceStat } from './ports.js';

/** A streaming SHA-256 from `node:crypto`. @public */
export function nodeSha256(): Sha256 {
  const hash = createHash('sha256');
  return {
    update: (chunk) => void hash.update(chunk),
    digest: async () => hash.digest('hex'),
  };
}

/** Options of {@link createNodeCheckpointStorage}. @public */
export interface NodeCheckpointStorageOptions {
  /**
   * Flush each blob to disk (`fsync`) before renaming it into place, each index append after
   * writing it, and the directories after. Default `true`. Without it a process crash still leaves the store readable;
   * a power loss may lose the latest recordings.
   */
  fsync?: boolean;
}

const HASH = /^[0-9a-f]{64}$/;

function sessionFile(sessionId: string): string {
  const name = encodeURIComponent(sessionId);
  if (name === '' || name === '.' || name === '..')
    throw Object.assign(new Error(`invalid session id ${JSON.stringify(sessionId)}`), { code: 'EINVAL' });
  return `${name}.jsonl`;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** `O_DSYNC` where the platform has it (a write returns once its data is on disk), else `undefined`. */
const DSYNC: number | undefined = (fsConstants as { O_DSYNC?: number }).O_DSYNC;
const CREATE_EXCL = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL;
const APPEND = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_APPEND;

/** Blobs up to this size are hashed in memory first, so content already stored is never written again. */
const SMALL_BLOB = 1024 * 1024;

/**
 * A {@link CheckpointStorage} under `directory` (created when missing). A blob is hashed with
 * SHA-256 while it is written to a temporary file (content up to 1 MiB is hashed first and not
 * written at all when already stored), flushed, then renamed to its hash. Each session's index
 * is an append-only journal (`sessions/<id>.jsonl`), each append flushed. A process killed at any
 * point leaves the store readable.
 * @public
 */
export function createNodeCheckpointStorage(directory: string, options: NodeCheckpointStorageOptions = {}): CheckpointStorage {
  const durable = options.fsync ?? true;
  const blobsDir = nodePath.join(directory, 'blobs');
  const sessionsDir = nodePath.join(directory, 'sessions');
  const tmpDir = nodePath.join(directory, 'tmp');
  const madeDirs = new Set<string>();
  const tidied = new Set<string>();
  /** Blobs this object stored or saw in place: they are never removed, so no need to look again. */
  const present = new Set<string>();
  const journals = new Map<string, Journal>();
  let ready: Promise<void> | undefined;
  const prepare = () =>
    (ready ??= Promise.all([
      fs.mkdir(blobsDir, { recursive: true }),
      fs.mkdir(sessionsDir, { recursive: true }),
      fs.mkdir(tmpDir, { recursive: true }),
    ]).then(
      () => undefined,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    ));
  const tempPrefix = `${process.pid}-${randomBytes(8).toString('hex')}`;
  let tempCount = 0;
  const tempName = () => nodePath.join(tmpDir, `${tempPrefix}-${(tempCount++).toString(36)}.tmp`);
  const syncDir = async (dir: string) => {
    if (!durable || process.platform === 'win32') return;
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  const blobPath = (hash: string) => nodePath.join(blobsDir, hash.slice(0, 2), hash);
  const exists = async (hash: string, size: number) => {
    if (present.has(hash)) return true;
    try {
      const stat = await fs.stat(blobPath(hash));
      const found = stat.isFile() && stat.size === size;
      if (found) present.add(hash);
      return found;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };

  /**
   * Write `head` then the rest of `source` to a new temporary file and make it durable. Content
   * that is all in `head` goes out in one write through `O_DSYNC` (durable when the write returns,
   * no separate flush). When durable, the handle's close is returned unawaited so it can overlap
   * the rename; without fsync it is awaited, since close is then the only report of a failed write.
   */
  async function writeTemp(
    head: Uint8Array[],
    rest: AsyncIterator<Uint8Array> | undefined,
    hasher: Sha256 | undefined,
  ): Promise<{ temp: string; size: number; closing: Promise<void> }> {
    const temp = tempName();
    const oneWrite = rest === undefined && durable && DSYNC !== undefined;
    const handle = await fs.open(temp, oneWrite ? CREATE_EXCL | DSYNC! : 'wx', 0o444);
    let size = 0;
    try {
      if (rest === undefined) {
        const data = head.length === 1 ? head[0]! : Buffer.concat(head);
        size = data.byteLength;
        if (size > 0) await handle.write(data);
        else if (oneWrite) await handle.datasync(); // no write carried O_DSYNC's flush
      } else {
        for (const chunk of head) {
          size += chunk.byteLength;
          await handle.write(chunk);
        }
        for (let next = await rest.next(); !next.done; next = await rest.next()) {
          hasher?.update(next.value);
          size += next.value.byteLength;
          await handle.write(next.value);
        }
      }
      // fdatasync also flushes the file size, all a reader needs; it skips timestamps.
      if (durable && !oneWrite) await handle.datasync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.rm(temp, { force: true });
      throw error;
    }
    if (!durable) {
      await handle.close();
      return { temp, size, closing: Promise.resolve() };
    }
    const closing = handle.close();
    closing.catch(() => undefined);
    return { temp, size, closing };
  }

  /** Rename a durable temporary file to its hash and flush the directory entry. */
  async function place(temp: string, hash: string, closing: Promise<void>): Promise<void> {
    const dir = nodePath.dirname(blobPath(hash));
    try {
      if (!madeDirs.has(dir)) {
        await fs.mkdir(dir, { recursive: true });
        madeDirs.add(dir);
      }
      if (!durable || process.platform === 'win32') {
        await closing;
        await fs.rename(temp, blobPath(hash));
        await syncDir(dir);
      } else {
        // The bytes are already on disk: closing, renaming and opening the directory wait together.
        const [closed, renamed, opened] = await Promise.allSettled([closing, fs.rename(temp, blobPath(hash)), fs.open(dir, 'r')]);
        const dirHandle = opened.status === 'fulfilled' ? opened.value : undefined;
        try {
          for (const r of [closed, renamed, opened]) if (r.status === 'rejected') throw r.reason;
          await dirHandle!.sync();
        } finally {
          void dirHandle?.close().catch(() => undefined);
        }
      }
      present.add(hash);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /** Drop a fragment a crash left after the journal's last newline; false when there is no journal yet. */
  async function tidy(file: string): Promise<boolean> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r+');
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const buf = Buffer.alloc(64 * 1024);
      for (let end = size; end > 0;) {
        const start = Math.max(0, end - buf.length);
        const { bytesRead } = await handle.read(buf, 0, end - start, start);
        const nl = buf.subarray(0, bytesRead).lastIndexOf(0x0a);
        if (nl >= 0) {
          if (start + nl + 1 < size) await handle.truncate(start + nl + 1);
          return true;
        }
        end = start;
      }
      if (size > 0) await handle.truncate(0);
      return true;
    } finally {
      await handle.close();
    }
  }

  return {
    async putBlob(source) {
      await prepare();
      const hasher = nodeSha256();
      const iterator = source[Symbol.asyncIterator]();
      const head: Uint8Array[] = [];
      let headSize = 0;
      let more = true;
      while (headSize <= SMALL_BLOB) {
        const next = await iterator.next();
        if (next.done) {
          more = false;
          break;
        }
        head.push(next.value);
        hasher.update(next.value);
        headSize += next.value.byteLength;
      }
      if (!more) {
        const hash = await hasher.digest();
        if (!(await exists(hash, headSize))) {
          const { temp, closing } = await writeTemp(head, undefined, undefined);
          await place(temp, hash, closing);
        }
        return { hash, size: headSize };
      }
      const { temp, size, closing } = await writeTemp(head, iterator, hasher);
      const hash = await hasher.digest();
      if (await exists(hash, size)) {
        await closing.catch(() => undefined);
        await fs.rm(temp, { force: true });
      } else await place(temp, hash, closing);
      return { hash, size };
    },
    async readBlob(hash) {
      if (!HASH.test(hash)) return undefined;
      const file = blobPath(hash);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
      return readChunks(file);
    },
    async readIndex(sessionId) {
      try {
        return await fs.readFile(nodePath.join(sessionsDir, sessionFile(sessionId)), 'utf8');
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async appendIndex(sessionId, lines) {
      await prepare();
      const file = nodePath.join(sessionsDir, sessionFile(sessionId));
      let created = false;
      if (!tidied.has(file)) {
        created = !(await tidy(file));
        tidied.add(file);
      }
      let journal = journals.get(file);
      if (journal === undefined) {
        journal = openJournal(file, durable, () => journals.delete(file));
        journals.set(file, journal);
      }
      await journal.append(lines);
      if (created) await syncDir(sessionsDir);
    },
    sha256: nodeSha256,
  };
}

/** An index journal kept open between appends; closed after {@link JOURNAL_IDLE_MS} without one. */
interface Journal {
  append(lines: string): Promise<void>;
}

/** Milliseconds a journal stays open after its last append (appends come in bursts, one per edit). */
const JOURNAL_IDLE_MS = 1000;

function openJournal(file: string, durable: boolean, closed: () => void): Journal {
  let handle: Promise<fs.FileHandle> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = 0;
  const close = () => {
    const h = handle;
    handle = undefined;
    closed();
    void h?.then((x) => x.close()).catch(() => undefined);
  };
  return {
    async append(lines) {
      if (timer !== undefined) clearTimeout(timer);
      busy++;
      try {
        // With O_DSYNC each append is durable when its write returns: one wait instead of two.
        handle ??= fs.open(file, durable && DSYNC !== undefined ? APPEND | DSYNC : 'a', 0o600);
        const h = await handle.catch((error: unknown) => {
          handle = undefined;
          throw error;
        });
        await h.write(lines);
        if (durable && DSYNC === undefined) await h.datasync();
      } catch (error) {
        close();
        throw error;
      } finally {
        busy--;
        if (busy === 0 && handle !== undefined) {
          timer = setTimeout(close, JOURNAL_IDLE_MS);
          timer.unref();
        }
      }
    },
  };
}

/**
 * Stream a file in chunks of up to 1 MiB through one file handle. With `expectedSize` (from a
 * `stat` just before), a first read that comes back short with exactly that many bytes is the
 * end of the file, which saves the empty read that would otherwise confirm it.
 */
async function* readChunks(path: string, expectedSize?: number): ByteStream {
  const handle = await fs.open(path, 'r');
  try {
    const hinted = expectedSize !== undefined && expectedSize < 1024 * 1024;
    let size = hinted ? expectedSize + 1 : 64 * 1024;
    for (let first = true; ; first = false) {
      const buf = Buffer.allocUnsafe(size);
      const { bytesRead } = await handle.read(buf, 0, size, null);
      if (bytesRead === 0) return;
      yield buf.subarray(0, bytesRead);
      if (first && hinted && bytesRead === expectedSize) return;
      size = Math.min(Math.max(size * 2, 64 * 1024), 1024 * 1024);
    }
  } finally {
    // Closing a file only read from reports nothing worth waiting for.
    void handle.close().catch(() => undefined);
  }
}

/**
 * The local file system as a {@link WorkspaceFs}. Paths are used as given (forward slashes work
 * on Windows too). `writeStream` flushes the file (`fsync`) before closing it.
 * @public
 */
export function createNodeWorkspace(): WorkspaceFs {
  return {
    async lstat(path): Promise<WorkspaceStat | undefined> {
      try {
        const s = await fs.lstat(path);
        const kind = s.isFile() ? 'file' : s.isDirectory() ? 'directory' : s.isSymbolicLink() ? 'symlink' : 'other';
        return { kind, size: s.size, mode: s.mode & 0o7777, mtimeMs: s.mtimeMs };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async realpath(path) {
      try {
        return (await fs.realpath(path)).replace(/\\/g, '/');
      } catch (error) {
        if (isNotFound(error) || (error as { code?: unknown }).code === 'ELOOP') return undefined;
        throw error;
      }
    },
    readlink: (path) => fs.readlink(path),
    symlink: (target, path) => fs.symlink(target, path),
    readStream: (path, options) => readChunks(path, options?.size),
    async writeStream(path, source, options) {
      const handle = await fs.open(path, 'w', options.mode);
      try {
        for await (const chunk of source) await handle.write(chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    rename: (from, to) => fs.rename(from, to),
    chmod: (path, mode) => fs.chmod(path, mode),
    async remove(path) {
      try {
        await fs.unlink(path);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async mkdir(path) {
      await fs.mkdir(path, { recursive: true });
    },
  };
}
