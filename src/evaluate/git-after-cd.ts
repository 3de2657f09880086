import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import { entersDirectory, findsRepositoryFromCwd } from '../shell/programs/index.js';

/**
 * Where a command line changes directory and runs git, git reads the repository of the directory
 * it lands in: that directory's `.git/config` (`core.fsmonitor`, `core.sshCommand`, aliases) and
 * hooks name programs git runs, and a bare repository planted in it is found as well. Claude Code
 * asks for such a line whatever allow rules cover its parts (`cd src && git status` under
 * `Bash(cd *)` and `Bash(git status *)`; CLI 2.1.332 observed): only a tool-wide `Bash` or
 * `Bash(*)` rule, a hook's allow or the mode answers it. The order does not matter (`git log; cd
 * src`), and a change to the current directory itself (`cd .`, `cd <cwd>`) is none.
 *
 * Returns what the line does, for the reason, or `undefined` when it does not both change
 * directory and run git.
 */
export function gitAfterCd(analysis: ShellAnalysis, effects: readonly PathEffect[], cwd: string): string | undefined {
  if (!analysis.commands.some((c) => findsRepositoryFromCwd(c.argv[0] ?? ''))) return undefined;
  for (const [i, cmd] of analysis.commands.entries()) {
    if (!entersDirectory(cmd.argv[0] ?? '')) continue;
    const target = cmd.argv.slice(1).find((w) => !/^-[LPe@]+$/.test(w));
    const where = effects.find((e) => e.command === i && e.op === 'read');
    // `cd` alone goes home, `cd -` to the last directory; a target named with `..` is taken as a
    // change (as Claude Code does), even where it resolves back to the current directory.
    const stays =
      target !== undefined &&
      target !== '-' &&
      where !== undefined &&
      where.literal &&
      !where.glob &&
      where.path === cwd &&
      !target.split('/').includes('..');
    if (!stays)
      return `the command changes directory (${cmd.source}) and runs git, which reads the repository configuration and hooks of the directory it runs in`;
  }
  return undefined;
}
