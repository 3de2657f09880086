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
import { knownCommandDirectories } from '../shell/effects/path-effects.js';
import { autocorrectCandidates, autocorrectOff } from '../shell/programs/git/autocorrect.js';
import type { GitReads } from '../shell/programs/git/reads.js';
import { configFiles } from '../shell/programs/git/repository.js';
import { configPlaces } from '../shell/programs/git/world.js';
import { readGitCommands } from './git-commands.js';

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
  for (const { i, sub } of readGitCommands(analysis)) {
    if (sub.startsWith('-')) continue;
    const candidates = autocorrectCandidates(sub);
    if (candidates.length === 0) continue;
    for (const dir of knownCommandDirectories(effects, i, cwd)) {
      const found = reads.repositoryAt(dir);
      const config = reads.config(configFiles('found' in found ? found.found : undefined, home, configPlaces(variable)), home);
      const shown = candidates.slice(0, 3).join(', ') + (candidates.length > 3 ? ', …' : '');
      if ('unknown' in config) {
        write(
          i,
          dir,
          `git ${sub} is no command git has, and whether its configuration corrects it to another (help.autocorrect: git ${shown}) cannot be read (${config.unknown})`,
        );
        break;
      }
      // An alias of that name runs instead of a correction (an alias is judged where it is read).
      if (config.entries.some((e) => e.key === `alias.${sub.toLowerCase()}`)) break;
      const last = config.entries.filter((e) => e.key === 'help.autocorrect').at(-1);
      if (last === undefined || autocorrectOff(last.value ?? 'true')) continue;
      write(
        i,
        dir,
        `git ${sub} is no command git has, and help.autocorrect in ${last.file} makes git run the command nearest it instead (git ${shown}), with words that may make it write anything`,
      );
      break;
    }
  }
  return out;
}
