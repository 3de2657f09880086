/**
 * A shell command's path effects as short text, the form program examples and the file-effects
 * tables are written in: `op path` (the project as `.`), plus `[all]`/`[some]` for a directory taken
 * whole, `(assumed)` for an unmodelled program's word, `(history)` for git's index or history,
 * `(status)`/`(listing)` for a read of metadata only (`PathEffect.looks`).
 */
import { analyzeShell, shellPathEffects } from '../../src/shell/index.js';

/** The project directory the texts are relative to. */
export const PROJECT = '/home/user/project';
/**
 * CDPATH is known unset (a relative `cd` goes below the working directory), and so is every other
 * variable (`GIT_ICASE_PATHSPECS`: git matches pathspecs by their case).
 */
const ctx = {
  cwd: PROJECT,
  home: '/home/user',
  platform: 'linux' as const,
  cdPath: null,
  environment: { values: {}, complete: true },
};

/** The path effects of `command`, run in {@link PROJECT}, as text. */
export function effectsText(command: string): string[] {
  return shellPathEffects(analyzeShell(command), ctx).effects.map(
    (e) =>
      `${e.op} ${e.path.replace(PROJECT, '.')}${e.tree ? ` [${e.tree}]` : ''}${e.assumed ? ` (${e.assumed})` : ''}${e.fromHistory ? ' (history)' : ''}${e.looks ? ` (${e.looks})` : ''}`,
  );
}
