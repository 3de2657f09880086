/**
 * The two ports checkpoints work through: where recorded contents live (`CheckpointStorage`) and
 * the files being edited (`WorkspaceFs`). Both stream bytes, so a file of any size is recorded
 * and restored without being loaded whole. Node implementations are in `./node.ts`, in-memory
 * ones in `./memory.ts`.
 * @packageDocumentation
 */
import type { FileKind } from '../core/ports.js';

/** A stream of bytes: chunks in order, each at most a few hundred kilobytes in practice. @public */
export type ByteStream = AsyncIterable<Uint8Array>;

/**
 * A streaming SHA-256. `digest()` gives the lowercase hex digest of everything passed to
 * `update`; it is called once.
 * @public
 */
export interface Sha256 {
  update(chunk: Uint8Array): void;
  digest(): Promise<string>;
}

/** What `CheckpointStorage.putBlob` stored. @public */
export interface StoredBlob {
  /** Lowercase hex SHA-256 of the bytes. */
  hash: string;
  /** Size in bytes. */
  size: number;
}

/**
 * A content-addressed store of blobs plus one index journal per session.
 *
 * Contract (both implementations, and any a host writes):
 * - `putBlob` hashes while it writes; a blob is written once, to a temporary name, made durable
 *   and then renamed to its hash, so a reader never sees a partial blob. A blob already present is
 *   kept and the new bytes are dropped.
 * - `appendIndex` appends whole lines durably. A final fragment without a newline (a write cut
 *   short by a crash) is dropped before the first append, so it never merges with a new line.
 * - Errors are thrown (`Error` with a Node-style `code` where one applies); the checkpoint logic
 *   turns them into report entries.
 * @public
 */
export interface CheckpointStorage {
  /** Store the bytes of `source`; resolves with their hash and size. */
  putBlob(source: ByteStream): Promise<StoredBlob>;
  /** The bytes stored under `hash`, or `undefined` when there is no such blob. Not verified here. */
  readBlob(hash: string): Promise<ByteStream | undefined>;
  /** The index journal of a session, or `undefined` when none was written. */
  readIndex(sessionId: string): Promise<string | undefined>;
  /** Append lines (each ending in `\n`) to a session's journal, creating it; resolves once durable. */
  appendIndex(sessionId: string, lines: string): Promise<void>;
  /** A fresh streaming SHA-256, used to verify blobs before they are written back. */
  sha256(): Sha256;
}

/** What `WorkspaceFs.lstat` reports. Symlinks are not followed. @public */
export interface WorkspaceStat {
  kind: FileKind;
  /** Size in bytes. */
  size: number;
  /** POSIX permission bits (e.g. `0o644`); 0 where the platform has none. */
  mode: number;
  /** Last modification time, milliseconds since the epoch. */
  mtimeMs: number;
}

/**
 * The files being edited, as the agent's environment sees them. Paths are absolute and
 * normalised (forward slashes). Errors are thrown as `Error` with a Node-style `code`.
 * @public
 */
export interface WorkspaceFs {
  /** Like `lstat(2)`; `undefined` when nothing is at `path`. */
  lstat(path: string): Promise<WorkspaceStat | undefined>;
  /** The real path (symlinks resolved), or `undefined` when it does not exist. */
  realpath(path: string): Promise<string | undefined>;
  readlink(path: string): Promise<string>;
  /** Create a symlink at `path` pointing at `target` (the target text is kept as given). */
  symlink(target: string, path: string): Promise<void>;
  /**
   * Stream a regular file's bytes. `options.size` is the size a `lstat` just reported, a hint an
   * implementation may use to read a small file in one call; the stream still yields whatever
   * the file holds.
   */
  readStream(path: string, options?: { size?: number }): ByteStream;
  /** Create or truncate `path`, write every chunk of `source`, flush it to disk, then close. */
  writeStream(path: string, source: ByteStream, options: { mode: number }): Promise<void>;
  /** Rename `from` over `to`, replacing a file or symlink at `to` (never following it). */
  rename(from: string, to: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  /** Remove a file or symlink (never a directory, never a link's target). Missing is fine. */
  remove(path: string): Promise<void>;
  /** Create a directory and its missing parents. */
  mkdir(path: string): Promise<void>;
}
