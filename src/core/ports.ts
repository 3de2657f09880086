/**
 * Ports: the only ways toolgate's core touches the world. Each has a Node implementation
 * (`toolgate/node`) and an in-memory one for tests (`toolgate/testing`).
 * @packageDocumentation
 */

/** A file's kind as `lstat` reports it. @public */
export type FileKind = 'file' | 'directory' | 'symlink' | 'other';

/** Result of a file-system stat. @public */
export interface FileStat {
  kind: FileKind;
  /** Size in bytes. */
  size: number;
  /** POSIX mode bits (e.g. 0o644), 0 where unknown. */
  mode: number;
}

/**
 * Asynchronous file system used by settings loading, hooks and checkpoints.
 * Paths are absolute. Errors are thrown as `Error` with a `code` like Node's (`ENOENT`, ...).
 * @public
 */
export interface FileSystem {
  readFile(path: string): Promise<Uint8Array>;
  readText(path: string): Promise<string>;
  writeFile(path: string, data: Uint8Array | string, options?: { mode?: number }): Promise<void>;
  /** Write to a temporary file beside `path`, then rename over it. */
  writeFileAtomic(path: string, data: Uint8Array | string, options?: { mode?: number }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  /** Like `lstat`: a symlink reports `symlink`. Returns `undefined` when the path does not exist. */
  stat(path: string): Promise<FileStat | undefined>;
  readlink(path: string): Promise<string>;
  symlink(target: string, path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
  /**
   * Take an exclusive lock on `path` (which need not exist), shared with other processes, waiting
   * while another holder has it; resolves to the function that releases it. Settings writes use it
   * so concurrent writers never lose each other's rules. Optional: without it, writes are only
   * serialised inside one process. `nodeFileSystem` implements it with proper-lockfile.
   */
  lock?(path: string): Promise<() => Promise<void>>;
}

/**
 * Synchronous, read-only facts about the file system that `evaluate` may use (symlink targets,
 * existence). Without one, paths are judged lexically.
 * @public
 */
export interface ReadonlyFsView {
  /** Resolve symlinks; return `undefined` when the path does not exist or cannot be resolved. */
  realpath(path: string): string | undefined;
  exists(path: string): boolean;
  /**
   * Whether the path (symlinks followed) is a directory: `undefined` when it does not exist or
   * cannot be told. Optional; without it a path a command takes whole (`tar c x`, `grep -r p x`)
   * is assumed to be a directory that may hold anything.
   */
  isDirectory?(path: string): boolean | undefined;
  /**
   * The file's identity (symlinks followed) — on POSIX its device and inode, `dev:ino` — so that
   * another name of the same file (an existing hard link) can be told apart from a different
   * file; `undefined` when it does not exist or cannot be told. Optional.
   */
  identity?(path: string): string | undefined;
  /**
   * How many names the regular file at the path has (its hard-link count, symlinks followed):
   * `undefined` for a directory, a path that does not exist or cannot be told. Optional; a write
   * through a file with more than one name may change another name, a protected one included.
   */
  linkCount?(path: string): number | undefined;
  /**
   * Whether the regular file at the path (symlinks followed) has an execute bit: `undefined` when
   * it does not exist, is no regular file or cannot be told. Optional; with it a path given to a
   * program toolgate has no model of is not taken for the command it runs where the file could
   * not be run (`yamllint ./x.yml`).
   */
  isExecutable?(path: string): boolean | undefined;
  /**
   * The names of a directory's entries (symlinks not followed for the directory's own entries):
   * `undefined` when it is no directory or cannot be listed. Optional; with it a recursive read of
   * a directory is judged by what the directory really holds (bounded), without it by what it
   * may hold.
   */
  list?(path: string): readonly string[] | undefined;
  /** Whether the path itself is a symbolic link (not followed). Optional; used with {@link ReadonlyFsView.list}. */
  isSymlink?(path: string): boolean;
  /**
   * What the symbolic link at the path holds, as written (`../../scripts/pre-commit`), not
   * followed: `undefined` when it is no link or cannot be read. Optional; with it a link whose
   * target does not exist yet is known to lead there (creating the target writes through it).
   */
  readlink?(path: string): string | undefined;
  /**
   * The text of a small regular file (symlinks followed, UTF-8): `undefined` when it does not
   * exist, is no regular file, is too large or cannot be read. Optional; git's configuration files
   * are read with it (a configuration key can make a read-only git command run a program).
   * Without it, an existing configuration file is one toolgate cannot read.
   */
  readText?(path: string): string | undefined;
  /**
   * The bytes of a regular file (symlinks followed): `undefined` when it does not exist, is no
   * regular file, is too large or cannot be read. Optional; git's index is read with it (which
   * files git tracks, so a tree read that takes only those skips the others). Without it, git's
   * choice of files is one toolgate cannot see.
   */
  readBytes?(path: string): Uint8Array | undefined;
  /**
   * The zlib stream at the start of `data` (bytes after its end are left alone), inflated:
   * `undefined` when it is no zlib stream or inflates to more than the view allows. Optional;
   * git's objects are read with it (loose objects and pack entries are deflated), so that a
   * command that writes the files of commits (`git reset --hard`, `git checkout main`) is judged
   * by the names those commits hold. Without it, those names are ones toolgate cannot see.
   */
  inflate?(data: Uint8Array): Uint8Array | undefined;
}

/** A clock, in milliseconds since the epoch. @public */
export interface Clock {
  now(): number;
}
