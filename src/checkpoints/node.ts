/**
 * Node implementations of the checkpoint ports: a content-addressed store under a directory the
 * host chooses, and the local file system as the workspace.
 *
 * Store layout: `<dir>/blobs/<2 hex>/<64 hex>` (read-only files), `<dir>/sessions/<id>.json`,
 * `<dir>/tmp/` for writes in progress (leftovers from a crash are never read and may be deleted).
 * @packageDocumentation
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
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
   * Flush blobs and the index to disk (`fsync`) before renaming them into place, and flush the
   * directory after. Default `true`. Without it a process crash still leaves the store readable;
   * a power loss may lose the latest recordings.
   */
  fsync?: boolean;
}

const HASH = /^[0-9a-f]{64}$/;

function sessionFile(sessionId: string): string {
  const name = encodeURIComponent(sessionId);
  if (name === '' || name === '.' || name === '..') throw Object.assign(new Error(`invalid session id ${JSON.stringify(sessionId)}`), { code: 'EINVAL' });
  return `${name}.json`;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * A {@link CheckpointStorage} under `directory` (created when missing). Blobs are written to a
 * temporary file while hashed with SHA-256, flushed, then renamed to their hash; a blob already
 * stored is kept and the duplicate dropped. The index is replaced by temporary file + fsync +
 * rename. A process killed at any point leaves the store readable.
 * @public
 */
export function createNodeCheckpointStorage(directory: string, options: NodeCheckpointStorageOptions = {}): CheckpointStorage {
  const durable = options.fsync ?? true;
  const blobsDir = nodePath.join(directory, 'blobs');
  const sessionsDir = nodePath.join(directory, 'sessions');
  const tmpDir = nodePath.join(directory, 'tmp');
  let ready: Promise<void> | undefined;
  const prepare = () =>
    (ready ??= Promise.all([fs.mkdir(blobsDir, { recursive: true }), fs.mkdir(sessionsDir, { recursive: true }), fs.mkdir(tmpDir, { recursive: true })]).then(
      () => undefined,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    ));
  const tempName = () => nodePath.join(tmpDir, `${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
  const syncDir = async (dir: string) => {
    if (!durable || process.platform === 'win32') return;
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  async function writeTemp(source: ByteStream | string, hasher?: Sha256): Promise<{ temp: string; size: number }> {
    const temp = tempName();
    const handle = await fs.open(temp, 'wx', 0o600);
    let size = 0;
    try {
      if (typeof source === 'string') {
        await handle.writeFile(source, 'utf8');
      } else {
        for await (const chunk of source) {
          hasher?.update(chunk);
          size += chunk.byteLength;
          await handle.write(chunk);
        }
      }
      if (durable) await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    return { temp, size };
  }

  return {
    async putBlob(source) {
      await prepare();
      const hasher = nodeSha256();
      const { temp, size } = await writeTemp(source, hasher);
      const hash = await hasher.digest();
      const dir = nodePath.join(blobsDir, hash.slice(0, 2));
      const dest = nodePath.join(dir, hash);
      try {
        const existing = await fs.stat(dest).catch((error: unknown) => (isNotFound(error) ? undefined : Promise.reject(error)));
        if (existing?.isFile() && existing.size === size) return { hash, size };
        await fs.mkdir(dir, { recursive: true });
        await fs.chmod(temp, 0o444);
        await fs.rename(temp, dest);
        await syncDir(dir);
        return { hash, size };
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
    async readBlob(hash) {
      if (!HASH.test(hash)) return undefined;
      const file = nodePath.join(blobsDir, hash.slice(0, 2), hash);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
      return createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>;
    },
    async readIndex(sessionId) {
      try {
        return await fs.readFile(nodePath.join(sessionsDir, sessionFile(sessionId)), 'utf8');
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async writeIndex(sessionId, text) {
      await prepare();
      const dest = nodePath.join(sessionsDir, sessionFile(sessionId));
      const { temp } = await writeTemp(text);
      try {
        await fs.rename(temp, dest);
      } finally {
        await fs.rm(temp, { force: true });
      }
      await syncDir(sessionsDir);
    },
    sha256: nodeSha256,
  };
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
    readStream: (path) => createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>,
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
