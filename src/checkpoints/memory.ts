/**
 * In-memory checkpoint storage and workspace, for tests and for hosts without a disk. Hashing
 * uses Web Crypto (`globalThis.crypto.subtle`), so this file imports no `node:*` module.
 * @packageDocumentation
 */
import type { ByteStream, CheckpointStorage, Sha256, WorkspaceFs, WorkspaceStat } from './ports.js';
import { normalizePath, parentOf, type PathStyle } from './path.js';

function fsError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A SHA-256 over Web Crypto: chunks are kept until `digest()` (fine for in-memory sizes). @public */
export function webCryptoSha256(): Sha256 {
  const chunks: Uint8Array[] = [];
  return {
    update: (chunk) => void chunks.push(chunk.slice()),
    async digest() {
      const bytes = await globalThis.crypto.subtle.digest('SHA-256', concat(chunks));
      return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
    },
  };
}

/** In-memory storage; `blobs` and `indexes` are exposed so tests can inspect or corrupt them. @public */
export interface MemoryCheckpointStorage extends CheckpointStorage {
  readonly blobs: Map<string, Uint8Array>;
  readonly indexes: Map<string, string>;
}

/** Create an empty in-memory {@link CheckpointStorage}. @public */
export function createMemoryCheckpointStorage(): MemoryCheckpointStorage {
  const blobs = new Map<string, Uint8Array>();
  const indexes = new Map<string, string>();
  return {
    blobs,
    indexes,
    async putBlob(source) {
      const chunks: Uint8Array[] = [];
      const hasher = webCryptoSha256();
      for await (const chunk of source) {
        chunks.push(chunk.slice());
        hasher.update(chunk);
      }
      const hash = await hasher.digest();
      const data = concat(chunks);
      if (!blobs.has(hash)) blobs.set(hash, data);
      return { hash, size: data.byteLength };
    },
    async readBlob(hash) {
      const data = blobs.get(hash);
      return data === undefined ? undefined : once(data);
    },
    async readIndex(sessionId) {
      return indexes.get(sessionId);
    },
    async appendIndex(sessionId, lines) {
      const text = indexes.get(sessionId) ?? '';
      indexes.set(sessionId, text.slice(0, text.lastIndexOf('\n') + 1) + lines);
    },
    sha256: webCryptoSha256,
  };
}

async function* once(data: Uint8Array): ByteStream {
  yield data.slice();
}

/** A node of the in-memory tree. @public */
export type MemoryNode =
  | { kind: 'file'; data: Uint8Array; mode: number; mtimeMs: number }
  | { kind: 'directory'; mode: number; mtimeMs: number }
  | { kind: 'symlink'; target: string; mtimeMs: number };

/** An in-memory {@link WorkspaceFs}; `nodes` maps normalised absolute paths to what is there. @public */
export interface MemoryWorkspace extends WorkspaceFs {
  readonly nodes: Map<string, MemoryNode>;
  /** Write a file (creating parent directories), as a tool would. */
  writeFile(path: string, data: Uint8Array | string, mode?: number): void;
  /** Read a file's bytes following symlinks, or `undefined`. */
  readFile(path: string): Uint8Array | undefined;
}

/**
 * Create an in-memory workspace. `files` maps absolute paths to contents (parents are created).
 * With `style: 'windows'`, paths use drive letters and compare without regard to case.
 * @public
 */
export function createMemoryWorkspace(files: Record<string, string | Uint8Array> = {}, style: PathStyle = 'posix'): MemoryWorkspace {
  const nodes = new Map<string, MemoryNode>();
  let tick = 1;
  const now = () => tick++;
  const key = (p: string) => {
    const n = normalizePath(p, style);
    if (n === undefined) throw fsError('EINVAL', p);
    return style === 'windows' ? n.toLowerCase() : n;
  };
  const isRoot = (p: string) => parentOf(p) === p;
  const get = (p: string): MemoryNode | undefined => (isRoot(p) ? { kind: 'directory', mode: 0o755, mtimeMs: 0 } : nodes.get(p));

  /** Resolve symlinks in the parents of `path` (and in `path` itself when `followLast`). */
  function resolve(path: string, followLast: boolean, depth = 0): string {
    if (depth > 40) throw fsError('ELOOP', path);
    const p = key(path);
    if (isRoot(p)) return p;
    const parent = resolve(parentOf(p), true, depth + 1);
    const parentNode = get(parent);
    if (parentNode === undefined) throw fsError('ENOENT', path);
    if (parentNode.kind !== 'directory') throw fsError('ENOTDIR', path);
    const here = key(`${parent}/${p.slice(p.lastIndexOf('/') + 1)}`);
    const node = nodes.get(here);
    if (followLast && node?.kind === 'symlink') {
      const target = normalizePath(node.target, style, parent);
      if (target === undefined) throw fsError('ENOENT', path);
      return resolve(target, true, depth + 1);
    }
    return here;
  }
  const tryResolve = (path: string, followLast: boolean) => {
    try {
      return resolve(path, followLast);
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes((error as { code?: string }).code ?? '')) return undefined;
      throw error;
    }
  };
  const need = (path: string, followLast: boolean) => {
    const r = resolve(path, followLast);
    const node = get(r);
    if (node === undefined) throw fsError('ENOENT', path);
    return { path: r, node };
  };
  const mkdirp = (path: string): void => {
    const p = key(path);
    if (isRoot(p)) return;
    mkdirp(parentOf(p));
    const r = resolve(p, true);
    const node = get(r);
    if (node?.kind === 'directory') return;
    if (node !== undefined) throw fsError('EEXIST', path);
    nodes.set(r, { kind: 'directory', mode: 0o755, mtimeMs: now() });
  };
  const placeable = (path: string) => {
    const r = resolve(path, false);
    const parent = get(parentOf(r));
    if (parent === undefined) throw fsError('ENOENT', path);
    if (parent.kind !== 'directory') throw fsError('ENOTDIR', path);
    return r;
  };

  const ws: MemoryWorkspace = {
    nodes,
    writeFile(path, data, mode = 0o644) {
      mkdirp(parentOf(key(path)));
      const r = resolve(path, true);
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data.slice();
      const old = nodes.get(r);
      nodes.set(r, { kind: 'file', data: bytes, mode: old?.kind === 'file' ? old.mode : mode, mtimeMs: now() });
    },
    readFile(path) {
      const r = tryResolve(path, true);
      const node = r === undefined ? undefined : nodes.get(r);
      return node?.kind === 'file' ? node.data.slice() : undefined;
    },
    async lstat(path): Promise<WorkspaceStat | undefined> {
      const r = tryResolve(path, false);
      const node = r === undefined ? undefined : get(r);
      if (node === undefined) return undefined;
      if (node.kind === 'file') return { kind: 'file', size: node.data.byteLength, mode: node.mode, mtimeMs: node.mtimeMs };
      if (node.kind === 'symlink') return { kind: 'symlink', size: node.target.length, mode: 0o777, mtimeMs: node.mtimeMs };
      return { kind: 'directory', size: 0, mode: node.mode, mtimeMs: node.mtimeMs };
    },
    async realpath(path) {
      const r = tryResolve(path, true);
      return r !== undefined && get(r) !== undefined ? r : undefined;
    },
    async readlink(path) {
      const { node } = need(path, false);
      if (node.kind !== 'symlink') throw fsError('EINVAL', path);
      return node.target;
    },
    async symlink(target, path) {
      const r = placeable(path);
      if (nodes.has(r)) throw fsError('EEXIST', path);
      nodes.set(r, { kind: 'symlink', target, mtimeMs: now() });
    },
    readStream(path) {
      return (async function* () {
        const { node } = need(path, true);
        if (node.kind !== 'file') throw fsError('EISDIR', path);
        const chunk = 64 * 1024;
        for (let at = 0; at < node.data.byteLength || at === 0; at += chunk) {
          if (node.data.byteLength === 0) return;
          yield node.data.slice(at, at + chunk);
        }
      })();
    },
    async writeStream(path, source, options) {
      const r = resolve(path, true);
      placeable(r);
      const existing = nodes.get(r);
      if (existing?.kind === 'directory') throw fsError('EISDIR', path);
      const chunks: Uint8Array[] = [];
      nodes.set(r, {
        kind: 'file',
        data: new Uint8Array(0),
        mode: existing?.kind === 'file' ? existing.mode : options.mode,
        mtimeMs: now(),
      });
      for await (const chunk of source) chunks.push(chunk.slice());
      const node = nodes.get(r);
      if (node?.kind === 'file') node.data = concat(chunks);
    },
    async rename(from, to) {
      const src = need(from, false);
      const dest = placeable(to);
      if (nodes.get(dest)?.kind === 'directory') throw fsError('EISDIR', to);
      nodes.delete(src.path);
      nodes.set(dest, src.node);
    },
    async chmod(path, mode) {
      const { node } = need(path, true);
      if (node.kind !== 'symlink') node.mode = mode & 0o7777;
    },
    async remove(path) {
      const r = tryResolve(path, false);
      if (r === undefined || !nodes.has(r)) return;
      if (nodes.get(r)?.kind === 'directory') throw fsError('EISDIR', path);
      nodes.delete(r);
    },
    async mkdir(path) {
      mkdirp(path);
    },
  };
  for (const [path, data] of Object.entries(files)) ws.writeFile(path, data);
  return ws;
}
