/**
 * Where checkpoints may read and write: inside the working directories the host passed in, both
 * lexically and after resolving symlinked parents.
 */
import type { WorkspaceFs } from './ports.js';
import { isInside, isInsideOrSame, normalizePath, parentOf, type PathStyle } from './path.js';

/** The working directories as a checker of paths (see the functions' docs). */
export interface Scope {
  readonly style: PathStyle;
  /** Normalised working directories, as the host spelled them. */
  readonly directories: readonly string[];
  /** Normalise a tool's path (relative paths against the first working directory). */
  normalize(path: string): string | undefined;
  /** Whether a normalised path is strictly inside a working directory (as spelled, or its real path). */
  contains(path: string): Promise<boolean>;
  /**
   * Whether the nearest existing ancestor of `path` resolves inside a working directory's real
   * path, so that writing `path` cannot land outside through a symlinked parent.
   */
  parentStaysInside(path: string): Promise<boolean>;
  /** Whether a real (resolved) path is inside a working directory's real path. */
  realInside(real: string): Promise<boolean>;
}

/** Build a {@link Scope}; real paths of the working directories are resolved once, on first use. */
export function createScope(workspace: WorkspaceFs, workingDirectories: readonly string[], style: PathStyle): Scope {
  const directories = workingDirectories.map((d) => normalizePath(d, style)).filter((d): d is string => d !== undefined);
  let realDirs: Promise<string[]> | undefined;
  const reals = (): Promise<string[]> =>
    (realDirs ??= Promise.all(
      directories.map(async (d) => {
        const real = await workspace.realpath(d).catch(() => undefined);
        return real === undefined ? d : (normalizePath(real, style) ?? d);
      }),
    ));

  const realInside = async (real: string): Promise<boolean> => {
    const n = normalizePath(real, style);
    if (n === undefined) return false;
    return (await reals()).some((d) => isInsideOrSame(n, d, style));
  };

  return {
    style,
    directories,
    normalize: (path) => normalizePath(path, style, directories[0]),
    async contains(path) {
      if (directories.some((d) => isInside(path, d, style))) return true;
      return (await reals()).some((d) => isInside(path, d, style));
    },
    async parentStaysInside(path) {
      let dir = parentOf(path);
      // Usually the parent exists: one realpath answers without a lstat first.
      const direct = await workspace.realpath(dir);
      if (direct !== undefined) return realInside(direct);
      for (;;) {
        if ((await workspace.lstat(dir)) !== undefined) break;
        const up = parentOf(dir);
        if (up === dir) return false;
        dir = up;
      }
      const real = await workspace.realpath(dir);
      return real !== undefined && realInside(real);
    },
    realInside,
  };
}
