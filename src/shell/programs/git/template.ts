/**
 * Where `git init` and `git clone` take a template directory from besides `--template` and
 * `-c init.templateDir` (read from the command's words in `files.ts`): the `GIT_TEMPLATE_DIR`
 * variable and `init.templateDir` in the configuration (git-init(1) TEMPLATE DIRECTORY). git
 * copies the template's files, its `hooks` among them, into the repository's `.git`, so a hook
 * the template holds runs at the next commit. What cannot be told — a variable that may be set, a
 * configuration file the view cannot read — may name a template.
 */
import { withoutGitGlobalOptions } from './global-options.js';
import { gitReads } from './reads.js';
import { configFiles } from './repository.js';
import { configPlaces, type GitWhere } from './world.js';

/** Whether a git command's subcommand makes a repository git may fill from a template (`init`, `clone`). @internal */
export function makesRepositoryFromTemplate(argv: readonly string[]): boolean {
  const sub = (withoutGitGlobalOptions(argv) ?? argv)[1];
  return sub === 'init' || sub === 'clone';
}

/**
 * Why `git init` or `git clone` run where `where` says, with the command's own `NAME=value`
 * assignments (`assigned`, raw text; an `env` wrapper's included), may copy a template into the
 * new repository's `.git`, or `undefined` when it copies none. @internal
 */
export function gitTemplateSource(where: GitWhere, assigned: readonly string[]): string | undefined {
  const own = assigned.find((a) => a.startsWith('GIT_TEMPLATE_DIR='));
  if (own !== undefined) return `${own} names a template directory git copies into .git, hooks included`;
  const value = where.variable('GIT_TEMPLATE_DIR');
  if (value === undefined) {
    const unknown = where.environmentUnknown !== undefined ? `; ${where.environmentUnknown}` : '';
    return `GIT_TEMPLATE_DIR may be set in the environment, naming a template directory git copies into .git, hooks included${unknown}`;
  }
  if (value !== null && value !== '')
    return `GIT_TEMPLATE_DIR=${value} is set in the environment: git copies that template directory into .git, hooks included`;
  const { view } = where;
  if (!view) return undefined;
  // git init reads init.templateDir before it sets up the repository: the system and global files
  // (and their includes), not a repository's own (observed with git 2.39 on a reinitialisation).
  const config = (where.reads ?? gitReads(view)).config(configFiles(undefined, where.home, configPlaces(where.variable)), where.home);
  if ('unknown' in config)
    return `git's configuration cannot be read (${config.unknown}): it may name a template directory git copies into .git`;
  let set: { file: string; value: string | null } | undefined;
  for (const e of config.entries) if (e.key === 'init.templatedir') set = { file: e.file, value: e.value };
  if (set !== undefined && set.value !== null && set.value.trim() !== '')
    return `${set.file} sets init.templateDir: git copies that template directory into .git, hooks included`;
  return undefined;
}
