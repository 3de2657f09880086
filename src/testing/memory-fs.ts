import type { FileStat, FileSystem, ReadonlyFsView } from '../core/ports.js';

/**
 * An entry given to {@link createMemoryFileSystem}: file content (string or bytes), or an object
 * for a file with a mode, a symlink, or an (empty) directory.
 * @public
 */
export type MemoryEntry =
  string | Uint8Array | { content: string | Uint8Array; mode?: number } | { symlink: string } | { directory: true; mode?: number };

/** What {@link MemoryFileSystem.snapshot} reports for one path. @public */
export type MemorySnapshotEntry = string | Uint8Array | { symlink: string } | { directory: true };

/** An in-memory {@link FileSystem} with a synchronous view and a snapshot, for tests. @public */
export interface MemoryFileSystem extends FileSystem {
  /** A synchronous {@link ReadonlyFsView} over the same tree (sees later writes). */
  view(): ReadonlyFsView;
  /**
   * Every file (text when it decodes as UTF-8, bytes otherwise), every symlink (`{ symlink }`) and
   * every empty directory (`{ directory: true }`), keyed by absolute path, sorted.
   */
  snapshot(): Record<string, MemorySnapshotEntry>;
}

type Node =
  | { kind: 'file'; data: Uint8Array; mode: number }
  | { kind: 'directory'; mode: number }
  | { kind: 'symlink'; target: string; mode: number };

const MAX_LINKS = 40;

function fsError(code: string, syscall: string, path: string): Error {
  const error = new Error(`${code}: ${syscall} '${path}'`) as Error & { code: string; syscall: string; path: string };
  error.code = code;
  error.syscall = syscall;
  error.path = path;
  return error;
}

function split(path: string): string[] {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts;
}

function join(parts: readonly string[]): string {
  return '/' + parts.join('/');
}

function parentOf(parts: readonly string[]): string[] {
  return parts.slice(0, -1);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
}

/**
 * Create an in-memory file system. Paths are absolute POSIX paths (backslashes are read as `/`);
 * parent directories of the given entries are created. Symlinks are followed like on Linux (also
 * in the middle of a path; more than 40 hops gives `ELOOP`; `..` is resolved lexically), `stat` is `lstat`, and errors carry
 * Node's codes (`ENOENT`, `EISDIR`, `ENOTDIR`, `EEXIST`, `EINVAL`, `ELOOP`).
 *
 * Default modes: files `0o644`, directories `0o755`, symlinks `0o777`.
 * @public
 */
export function createMemoryFileSystem(files: Record<string, MemoryEntry> = {}): MemoryFileSystem {
  const nodes = new Map<string, Node>([['/', { kind: 'directory', mode: 0o755 }]]);

  function ensureDirs(parts: readonly string[]): void {
    for (let i = 1; i <= parts.length; i++) {
      const key = join(parts.slice(0, i));
      const existing = nodes.get(key);
      if (existing === undefined) nodes.set(key, { kind: 'directory', mode: 0o755 });
      else if (existing.kind !== 'directory') throw fsError('ENOTDIR', 'mkdir', key);
    }
  }

  for (const [path, entry] of Object.entries(files)) {
    const parts = split(path);
    ensureDirs(parentOf(parts));
    const key = join(parts);
    if (typeof entry === 'string' || entry instanceof Uint8Array) {
      nodes.set(key, { kind: 'file', data: toBytes(entry), mode: 0o644 });
    } else if ('symlink' in entry) {
      nodes.set(key, { kind: 'symlink', target: entry.symlink, mode: 0o777 });
    } else if ('directory' in entry) {
      ensureDirs(parts);
      nodes.set(key, { kind: 'directory', mode: entry.mode ?? 0o755 });
    } else {
      nodes.set(key, { kind: 'file', data: toBytes(entry.content), mode: entry.mode ?? 0o644 });
    }
  }

  /**
   * Resolve `path` to the canonical parts of the entry it names. Symlinks in the middle are always
   * followed; the last component only when `followLast`. The entry itself need not exist, but its
   * parent directory must.
   */
  function resolve(path: string, followLast: boolean, syscall: string): string[] {
    let pending = split(path);
    let done: string[] = [];
    let hops = 0;
    while (pending.length > 0) {
      const name = pending[0] as string;
      pending = pending.slice(1);
      const candidate = [...done, name];
      const node = nodes.get(join(candidate));
      if (node === undefined) {
        if (pending.length > 0) throw fsError('ENOENT', syscall, path);
        return candidate;
      }
      if (node.kind === 'symlink' && (pending.length > 0 || followLast)) {
        if (++hops > MAX_LINKS) throw fsError('ELOOP', syscall, path);
        const base = node.target.startsWith('/') ? [] : done;
        pending = split(`${join(base)}/${node.target}/${pending.join('/')}`);
        done = [];
        continue;
      }
      if (node.kind === 'file' && pending.length > 0) throw fsError('ENOTDIR', syscall, path);
      done = candidate;
    }
    return done;
  }

  function lookup(path: string, followLast: boolean, syscall: string): { key: string; parts: string[]; node: Node | undefined } {
    const parts = resolve(path, followLast, syscall);
    const key = join(parts);
    return { key, parts, node: nodes.get(key) };
  }

  function requireParentDir(parts: readonly string[], syscall: string, path: string): void {
    const parent = nodes.get(join(parentOf(parts)));
    if (parent === undefined) throw fsError('ENOENT', syscall, path);
    if (parent.kind !== 'directory') throw fsError('ENOTDIR', syscall, path);
  }

  function childrenOf(key: string): string[] {
    const prefix = key === '/' ? '/' : key + '/';
    return [...nodes.keys()].filter((k) => k !== key && k.startsWith(prefix));
  }

  function readBytes(path: string): Uint8Array {
    const { node } = lookup(path, true, 'open');
    if (node === undefined) throw fsError('ENOENT', 'open', path);
    if (node.kind === 'directory') throw fsError('EISDIR', 'read', path);
    if (node.kind !== 'file') throw fsError('ENOENT', 'open', path);
    return node.data;
  }

  function write(path: string, data: Uint8Array | string, mode: number | undefined, syscall: string): void {
    const { key, parts, node } = lookup(path, true, syscall);
    requireParentDir(parts, syscall, path);
    if (node?.kind === 'directory') throw fsError('EISDIR', syscall, path);
    const keepMode = node?.kind === 'file' ? node.mode : 0o644;
    nodes.set(key, { kind: 'file', data: toBytes(data), mode: mode ?? keepMode });
  }

  const fs: MemoryFileSystem = {
    async readFile(path) {
      return new Uint8Array(readBytes(path));
    },
    async readText(path) {
      return new TextDecoder().decode(readBytes(path));
    },
    async writeFile(path, data, options) {
      write(path, data, options?.mode, 'open');
    },
    async writeFileAtomic(path, data, options) {
      // A single synchronous map update is already atomic for every observer.
      write(path, data, options?.mode, 'rename');
    },
    async rename(from, to) {
      const source = lookup(from, false, 'rename');
      if (source.node === undefined) throw fsError('ENOENT', 'rename', from);
      const dest = lookup(to, false, 'rename');
      requireParentDir(dest.parts, 'rename', to);
      if (source.key === dest.key) return;
      if (source.node.kind === 'directory' && (dest.key + '/').startsWith(source.key + '/')) {
        throw fsError('EINVAL', 'rename', to);
      }
      if (dest.node?.kind === 'directory') {
        if (source.node.kind !== 'directory') throw fsError('EISDIR', 'rename', to);
        if (childrenOf(dest.key).length > 0) throw fsError('ENOTEMPTY', 'rename', to);
      } else if (dest.node !== undefined && source.node.kind === 'directory') {
        throw fsError('ENOTDIR', 'rename', to);
      }
      const moved = [source.key, ...childrenOf(source.key)];
      const entries = moved.map((k) => [k, nodes.get(k) as Node] as const);
      for (const k of moved) nodes.delete(k);
      for (const [k, n] of entries) nodes.set(dest.key + k.slice(source.key.length), n);
    },
    async remove(path) {
      const { key, node } = lookup(path, false, 'rm');
      if (node === undefined || key === '/') return;
      for (const k of childrenOf(key)) nodes.delete(k);
      nodes.delete(key);
    },
    async mkdir(path) {
      const raw = split(path);
      for (let i = 1; i <= raw.length; i++) {
        const { key, node } = lookup(join(raw.slice(0, i)), true, 'mkdir');
        if (node === undefined) nodes.set(key, { kind: 'directory', mode: 0o755 });
        else if (node.kind !== 'directory') throw fsError(i === raw.length ? 'EEXIST' : 'ENOTDIR', 'mkdir', path);
      }
    },
    async readdir(path) {
      const { key, node } = lookup(path, true, 'scandir');
      if (node === undefined) throw fsError('ENOENT', 'scandir', path);
      if (node.kind !== 'directory') throw fsError('ENOTDIR', 'scandir', path);
      const depth = key === '/' ? 1 : split(key).length + 1;
      return childrenOf(key)
        .filter((k) => split(k).length === depth)
        .map((k) => split(k)[depth - 1] as string)
        .sort();
    },
    async stat(path): Promise<FileStat | undefined> {
      let found: ReturnType<typeof lookup>;
      try {
        found = lookup(path, false, 'lstat');
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'ENOTDIR') return undefined;
        throw error;
      }
      const node = found.node;
      if (node === undefined) return undefined;
      const size = node.kind === 'file' ? node.data.byteLength : node.kind === 'symlink' ? node.target.length : 0;
      return { kind: node.kind, size, mode: node.mode };
    },
    async readlink(path) {
      const { node } = lookup(path, false, 'readlink');
      if (node === undefined) throw fsError('ENOENT', 'readlink', path);
      if (node.kind !== 'symlink') throw fsError('EINVAL', 'readlink', path);
      return node.target;
    },
    async symlink(target, path) {
      const { key, parts, node } = lookup(path, false, 'symlink');
      requireParentDir(parts, 'symlink', path);
      if (node !== undefined) throw fsError('EEXIST', 'symlink', path);
      nodes.set(key, { kind: 'symlink', target, mode: 0o777 });
    },
    async chmod(path, mode) {
      const { key, node } = lookup(path, true, 'chmod');
      if (node === undefined) throw fsError('ENOENT', 'chmod', path);
      nodes.set(key, { ...node, mode });
    },
    view(): ReadonlyFsView {
      return {
        realpath(path) {
          try {
            const { key, node } = lookup(path, true, 'realpath');
            return node === undefined ? undefined : key;
          } catch {
            return undefined;
          }
        },
        exists(path) {
          try {
            return lookup(path, true, 'access').node !== undefined;
          } catch {
            return false;
          }
        },
        isDirectory(path) {
          try {
            const { node } = lookup(path, true, 'stat');
            return node === undefined ? undefined : node.kind === 'directory';
          } catch {
            return undefined;
          }
        },
        list(path) {
          try {
            const { key, node } = lookup(path, true, 'scandir');
            if (node?.kind !== 'directory') return undefined;
            const depth = key === '/' ? 1 : split(key).length + 1;
            return childrenOf(key)
              .filter((k) => split(k).length === depth)
              .map((k) => split(k)[depth - 1] as string)
              .sort();
          } catch {
            return undefined;
          }
        },
        isSymlink(path) {
          try {
            return lookup(path, false, 'lstat').node?.kind === 'symlink';
          } catch {
            return false;
          }
        },
        readlink(path) {
          try {
            const { node } = lookup(path, false, 'lstat');
            return node?.kind === 'symlink' ? node.target : undefined;
          } catch {
            return undefined;
          }
        },
        readText(path) {
          try {
            const { node } = lookup(path, true, 'open');
            return node?.kind === 'file' ? new TextDecoder().decode(node.data) : undefined;
          } catch {
            return undefined;
          }
        },
      };
    },
    snapshot() {
      const out: Record<string, MemorySnapshotEntry> = {};
      for (const key of [...nodes.keys()].sort()) {
        const node = nodes.get(key) as Node;
        if (node.kind === 'file') {
          try {
            out[key] = decoder.decode(node.data);
          } catch {
            out[key] = new Uint8Array(node.data);
          }
        } else if (node.kind === 'symlink') {
          out[key] = { symlink: node.target };
        } else if (key !== '/' && childrenOf(key).length === 0) {
          out[key] = { directory: true };
        }
      }
      return out;
    },
  };
  return fs;
}
