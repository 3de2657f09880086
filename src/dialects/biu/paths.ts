import { normalizePath } from '../../paths/index.js';

/**
 * Is `path` inside `workingPath` (biu's working-directory gate)? Both are cleaned lexically and
 * compared without case; an empty path or working path is never inside (fails closed); on macOS
 * `/private/tmp` and `/tmp` are the same directory.
 * @public
 */
export function pathInWorkingPath(path: string, workingPath: string, platform: 'linux' | 'macos' | 'windows' = 'linux'): boolean {
  if (path.trim() === '' || workingPath.trim() === '') return false;
  const clean = (p: string) => {
    let n = normalizePath(p, { cwd: '/', home: '/', platform }).toLowerCase();
    if (platform === 'macos' && (n === '/private/tmp' || n.startsWith('/private/tmp/'))) n = n.slice('/private'.length);
    return n.length > 1 ? n.replace(/\/+$/, '') : n;
  };
  const p = clean(path);
  const w = clean(workingPath);
  return p === w || w === '/' || p.startsWith(`${w}/`);
}

/**
 * Expand `${PROJECT_ROOT}` in an additionalDirectories entry (biu docs, "The three
 * settings.json layers").
 * @public
 */
export function expandProjectRoot(dir: string, projectRoot: string): string {
  return dir.split('${PROJECT_ROOT}').join(projectRoot.replace(/\/+$/, ''));
}
