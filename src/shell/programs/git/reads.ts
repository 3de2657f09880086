/**
 * One call's reads of git's repositories through the file-system view: each discovery and each
 * effective configuration is read once and shared by every check of the call that needs it — the
 * hook lookup (`evaluate/git-hook-runs.ts`), the read-only check (`world.ts`), the order file, the
 * hooks directories and the template. The object is made for one call and dropped with it, never
 * kept between calls: a long-running `toolgate serve` sees a configuration changed between two
 * calls. Within a call the view does not change (the call has not run yet); what the command line
 * itself writes is judged apart (`GitWhere.writes`).
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import { discoverRepository, readEffectiveConfig, repositoryAt, type Discovery, type EffectiveConfig } from './repository.js';

/** The reads of one call (see the module comment). Results are shared: callers never change them. */
export interface GitReads {
  /** The view the reads go through. */
  readonly view: ReadonlyFsView;
  /** Discovery from `start` (absolute, normalised), as `discoverRepository`. */
  discover(start: string): Discovery;
  /** The repository git run in `dir` works on, as `repositoryAt` (`gitDir`, `workTree` as the command names them). */
  repositoryAt(dir: string, gitDir?: string, workTree?: string): Discovery;
  /** The effective configuration of `files` in order, with their includes, as `readEffectiveConfig`. */
  config(files: readonly string[], home: string): EffectiveConfig;
}

/** A fresh set of reads through `view`, for one call. @internal */
export function gitReads(view: ReadonlyFsView): GitReads {
  const found = new Map<string, Discovery>();
  const configs = new Map<string, EffectiveConfig>();
  const once = <T>(memo: Map<string, T>, key: string, read: () => T): T => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = read();
    memo.set(key, value);
    return value;
  };
  const discover = (start: string) => once(found, start, () => discoverRepository(view, start));
  return {
    view,
    discover,
    repositoryAt: (dir, gitDir, workTree) =>
      gitDir === undefined
        ? discover(dir)
        : once(found, `${dir}\0${gitDir}\0${workTree ?? ''}`, () => repositoryAt(view, dir, gitDir, workTree)),
    config: (files, home) => once(configs, `${home}\0${files.join('\0')}`, () => readEffectiveConfig(view, files, home)),
  };
}
