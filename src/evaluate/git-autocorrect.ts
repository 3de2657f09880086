/**
 * git's `help.autocorrect` set in the user's own configuration: a subcommand git does not know is
 * then replaced by the command nearest it, with the rest of the line (red team 17, R17-6: with
 * `help.autocorrect = immediate` in ~/.gitconfig, `git grpe -O'rm -f notes.txt' hello` ran rm under
 * a `Bash(rm *)` deny). The line's own `-c help.autocorrect=…` is judged by the git model
 * (`programs/git/autocorrect.ts`: each command git may run is analysed); the configuration the
 * file-system view shows is read here: where it turns autocorrect on, or cannot be read, such a
 * command runs a git command toolgate did not judge — opaque code, which the opaque-code table judges.
 * Without a view nothing is known of the configuration, and git is judged as before.
 */
import type { ShellAnalysis, PathEffect } from '../shell/types.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { commandDirectories, isUnknownDirectory } from '../shell/effects/path-effects.js';
import { autocorrectCandidates, autocorrectOff } from '../shell/programs/git/autocorrect.js';
import { gitSubcommandWords } from '../shell/programs/git/hooks.js';
import type { GitReads } from '../shell/programs/git/reads.js';
import { configFiles } from '../shell/programs/git/repository.js';
import { configPlaces } from '../shell/programs/git/world.js';

type Variable = (name: string) => string | null | undefined;

/**
 * Marks as opaque each git command of the analysis whose subcommand git does not know when the
 * configuration git reads where it runs turns `help.autocorrect` on (or cannot be read).
 */
export function markGitAutocorrect(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  cwd: string,
  home: string,
  reads: GitReads,
  variable: Variable,
): void {
  analysis.commands.forEach((cmd, i) => {
    if (cmd.opaque !== undefined || cmd.literal[0] !== true) return;
    const words = gitSubcommandWords(foldedCommandName(cmd.argv[0] ?? ''), cmd.argv);
    if (words === undefined || words.sub.startsWith('-')) return;
    const candidates = autocorrectCandidates(words.sub);
    if (candidates.length === 0) return;
    const dirs = (commandDirectories(effects, i) ?? [cwd]).filter((d) => !isUnknownDirectory(d));
    for (const dir of dirs) {
      const found = reads.repositoryAt(dir);
      const config = reads.config(configFiles('found' in found ? found.found : undefined, home, configPlaces(variable)), home);
      const shown = candidates.slice(0, 3).join(', ') + (candidates.length > 3 ? ', …' : '');
      if ('unknown' in config) {
        cmd.opaque = `git ${words.sub} is no command git has, and whether its configuration corrects it to another (help.autocorrect: git ${shown}) cannot be read (${config.unknown}): code toolgate cannot see`;
        return;
      }
      // An alias of that name runs instead of a correction (an alias is judged where it is read).
      if (config.entries.some((e) => e.key === `alias.${words.sub.toLowerCase()}`)) return;
      const last = config.entries.filter((e) => e.key === 'help.autocorrect').at(-1);
      if (last === undefined || autocorrectOff(last.value ?? 'true')) continue;
      cmd.opaque = `git ${words.sub} is no command git has, and help.autocorrect in ${last.file} makes git run the command nearest it instead (git ${shown}): code toolgate did not judge`;
      return;
    }
  });
}
