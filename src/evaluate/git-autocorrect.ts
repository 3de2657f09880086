/**
 * git's `help.autocorrect` set in the user's own configuration: a subcommand git does not know is
 * then replaced by the command nearest it, with the rest of the line (red team 17, R17-6: with
 * `help.autocorrect = immediate` in ~/.gitconfig, `git grpe -O'rm -f notes.txt' hello` ran rm under
 * a `Bash(rm *)` deny). The line's own `-c help.autocorrect=…` is judged by the git model
 * (`programs/git/autocorrect.ts`: each command git may run is analysed); the configuration the
 * file-system view shows is read here: where it turns autocorrect on, or cannot be read, such a
 * command runs a git command toolgate did not judge, with words that may make it write anything
 * (`grpe --open-files-in-pager='rm -rf .claude'` is grep's pager): a write of names toolgate cannot
 * see where the command runs, the protected ask of decision 0092 in every mode (replay 17b NEW-8:
 * opaque code was allowed under `Bash(*)` alone). Without a view nothing is known of the
 * configuration, and git is judged as before.
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
 * A write of names toolgate cannot see, in each directory it runs in, for each git command of the
 * analysis whose subcommand git does not know when the configuration git reads there turns
 * `help.autocorrect` on (or cannot be read).
 */
export function gitAutocorrectWrites(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  cwd: string,
  home: string,
  reads: GitReads,
  variable: Variable,
): PathEffect[] {
  const out: PathEffect[] = [];
  const write = (i: number, dir: string, why: string): void => {
    out.push({
      op: 'write',
      path: dir,
      raw: why,
      literal: true,
      command: i,
      glob: false,
      tree: 'some',
      names: { kind: 'unseen', what: 'program' },
    });
  };
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
        write(
          i,
          dir,
          `git ${words.sub} is no command git has, and whether its configuration corrects it to another (help.autocorrect: git ${shown}) cannot be read (${config.unknown})`,
        );
        return;
      }
      // An alias of that name runs instead of a correction (an alias is judged where it is read).
      if (config.entries.some((e) => e.key === `alias.${words.sub.toLowerCase()}`)) return;
      const last = config.entries.filter((e) => e.key === 'help.autocorrect').at(-1);
      if (last === undefined || autocorrectOff(last.value ?? 'true')) continue;
      write(
        i,
        dir,
        `git ${words.sub} is no command git has, and help.autocorrect in ${last.file} makes git run the command nearest it instead (git ${shown}), with words that may make it write anything`,
      );
      return;
    }
  });
  return out;
}
