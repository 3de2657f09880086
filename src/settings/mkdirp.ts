import type { FileSystem } from '../core/ports.js';
import { dirnameOf } from './paths.js';

/**
 * Create `dir` and its missing parents through the FileSystem port. A directory that another
 * writer creates at the same moment is not an error.
 */
export async function mkdirp(fs: FileSystem, dir: string): Promise<void> {
  if ((await fs.stat(dir)) !== undefined) return;
  const parent = dirnameOf(dir);
  if (parent !== dir) await mkdirp(fs, parent);
  try {
    await fs.mkdir(dir);
  } catch (e) {
    if ((await fs.stat(dir))?.kind !== 'directory') throw e;
  }
}
