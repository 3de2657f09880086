/**
 * git runs the hooks of its repository: `git commit` the `pre-commit`, `commit-msg` and
 * `post-commit` hooks, `git status` and `git add` `post-index-change`, `git branch` and `git tag`
 * `reference-transaction`, `git push` `pre-push` (githooks(5), git 2.39; which subcommand may run
 * which hook is `programs/git/hooks.ts`). A hook is a program of the project (husky's
 * `.husky/pre-commit` runs `npm test`), so where the file-system view shows one installed in the
 * directory git takes its hooks from (`core.hooksPath`, else `.git/hooks`) that the command may
 * run, the command runs code toolgate cannot read: opaque code, which the opaque-code table judges
 * (red team 12 C, red team 13 V10). A fresh repository's `*.sample` files and files of other names
 * are no hooks; without a view nothing is known of the hooks, and git is judged as before.
 *
 * The repository is the one that command works on: found from the directory it runs in — after
 * the `cd`s before it and its own `-C DIR` (`commandDirectories`, the directories its paths are
 * resolved from) — or the one it names (`--git-dir`, `--work-tree`, `GIT_DIR`/`GIT_WORK_TREE` given
 * to it or known in the environment). Verified with git 2.39.5: `git -C sub commit`, `cd sub &&
 * git commit`, `git --git-dir=sub/.git commit` and `GIT_DIR=sub/.git git commit` run sub's hook.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import { givenAssignment, givenEnvironment } from '../shell/commands/given-environment.js';
import { knownCommandDirectories } from '../shell/effects/path-effects.js';
import {
  CLONE_HOOKS,
  gitRepositoryWords,
  hooksMayRun,
  isHookName,
  runsSomeHook,
  submoduleHooksMayRun,
} from '../shell/programs/git/hooks.js';
import type { GitReads } from '../shell/programs/git/reads.js';
import { gitHooksPlace, gitSubmoduleHooks, type GitRepositoryGiven } from '../shell/programs/git/world.js';
import type { PathWorld } from './path-lookup.js';
import { readGitCommands } from './git-commands.js';

type Variable = (name: string) => string | null | undefined;

/**
 * The hooks of `names` installed in `hooks` (a directory): each entry present — a link counts even
 * where it leads nowhere yet (the line may write its target) — and no directory. One probe per
 * name a command may run, cheaper than listing the folder (a fresh repository holds 13 samples).
 */
function probedHooks(view: ReadonlyFsView, hooks: string, names: readonly string[]): string[] {
  return names
    .filter((n) => {
      const path = `${hooks}/${n}`;
      if (!view.exists(path)) return view.isSymlink?.(path) === true;
      return view.isDirectory?.(path) !== true;
    })
    .sort();
}

/** The hooks installed in `hooks`: the entries with githooks(5) names that are no directory, as listed. */
function listedHooks(view: ReadonlyFsView, hooks: string): string[] {
  return (view.list?.(hooks) ?? []).filter((n) => isHookName(n) && view.isDirectory?.(`${hooks}/${n}`) !== true);
}

/** The hooks directory of a place, and whether `core.hooksPath` set it (else it is the repository's own `hooks`). */
function hooksOf(place: ReturnType<typeof gitHooksPlace>): { hooks: string; configured: boolean } | undefined {
  if (!('hooks' in place)) return undefined;
  return { hooks: place.hooks, configured: place.hooksPathSet };
}

/** What a person reads: which installed hooks `git SUB` may run, and from where. */
function opaqueReason(sub: string, may: readonly string[] | undefined, run: readonly string[], hooks: string, of = ''): string {
  const shown = run.slice(0, 3).join(', ') + (run.length > 3 ? ', …' : '');
  return may !== undefined
    ? `git ${sub} may run the ${shown} hook${run.length > 1 ? 's' : ''} in ${hooks}${of}: code toolgate cannot see`
    : `git ${sub} ${of === '' ? 'runs its hooks' : 'may run hooks'} from ${hooks}${of}, which holds ${shown}: code toolgate cannot see`;
}

/**
 * The repository a git command names itself: its `--git-dir`/`--work-tree`, else `GIT_DIR` and
 * `GIT_WORK_TREE` assigned to it or known in the environment; `{ unknown }` when one is not literal.
 */
export function namedRepository(analysis: ShellAnalysis, i: number, variable: Variable): GitRepositoryGiven | { unknown: string } {
  const cmd = analysis.commands[i]!;
  const words = gitRepositoryWords(cmd.argv, cmd.literal);
  if (words.unknown !== undefined) return { unknown: words.unknown };
  const given: GitRepositoryGiven = {};
  // What the line gives git's environment, through every wrapper on the way (`env GIT_DIR=x nice git commit`).
  const environment = givenEnvironment(analysis, i);
  for (const [name, key] of [
    ['GIT_DIR', 'gitDir'],
    ['GIT_WORK_TREE', 'workTree'],
  ] as const) {
    const word = words[key];
    if (word !== undefined) {
      given[key] = word;
      continue;
    }
    const a = givenAssignment(environment, name);
    if (a !== undefined) {
      if ('hidden' in a) return { unknown: `${name} may be set: ${a.hidden}` };
      if (a.value === undefined || a.append) return { unknown: `${name} is given a value that is not literal` };
      if (a.value !== '') given[key] = a.value;
      continue;
    }
    const inherited = variable(name);
    if (typeof inherited === 'string' && inherited !== '') given[key] = inherited;
  }
  return given;
}

/**
 * Marks the git commands of a fresh analysis that run an installed hook as opaque code
 * (`SimpleCommand.opaque`), as `markWritablePrograms` (path-lookup.ts) marks programs found where the agent
 * may write. `effects`: the analysis's path effects (where each command runs); `reads`: the call's
 * reads of git's repositories (shared with its read-only check); `variable`: a variable of the
 * environment git inherits (its configuration's places, `GIT_DIR`).
 */
export function markGitHookRuns(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  world: PathWorld,
  reads: GitReads,
  variable: (name: string) => string | null | undefined,
): void {
  const view = reads.view;
  if (view.list === undefined) return;
  const places = new Map<string, { hooks: string; configured: boolean } | undefined>();
  const found = new Map<string, string[]>();
  const modules = new Map<string, ReturnType<typeof gitSubmoduleHooks>>();
  commands: for (const { cmd, i, sub, args } of readGitCommands(analysis)) {
    const named = namedRepository(analysis, i, variable);
    // A repository named by a value toolgate cannot read may be any, with any hooks.
    if ('unknown' in named) {
      if (!runsSomeHook(sub, args)) continue;
      cmd.opaque = `git ${sub} runs the hooks of a repository toolgate cannot tell (${named.unknown}): code toolgate cannot see`;
      continue;
    }
    // A directory somewhere unknown (a cd through a CDPATH that may be set) shows no hooks.
    const dirs = knownCommandDirectories(effects, i, world.cwd);
    const may = hooksMayRun(sub, args);
    const subMay = submoduleHooksMayRun(sub, args);
    const installed = (hooks: string, names: readonly string[] | undefined): string[] => {
      const which = `${hooks}\0${names?.join(' ') ?? '*'}`;
      if (!found.has(which)) found.set(which, names === undefined ? listedHooks(view, hooks) : probedHooks(view, hooks, names));
      return found.get(which)!;
    };
    for (const dir of dirs) {
      const key = `${dir}\0${named.gitDir ?? ''}\0${named.workTree ?? ''}`;
      if (!places.has(key)) places.set(key, hooksOf(gitHooksPlace(reads, dir, world.home, variable, named)));
      const place = places.get(key);
      if (place === undefined) continue;
      const hooks = place.hooks;
      // A clone runs the new repository's hooks: this one's `.git/hooks` never, a `core.hooksPath`
      // may lead here (one its own `--config` gives is read with the other pairs: programs/git/runs.ts).
      if (CLONE_HOOKS.has(sub) && !place.configured) continue;
      const run = installed(hooks, may);
      if (run.length > 0) {
        cmd.opaque = opaqueReason(sub, may, run, hooks);
        continue commands;
      }
      if (CLONE_HOOKS.has(sub)) continue;
      // The submodules git visits run their own hooks (a submodule's index refreshed by `git status`).
      if (subMay !== undefined && subMay.length === 0) continue;
      if (!modules.has(key)) modules.set(key, gitSubmoduleHooks(reads, dir, world.home, variable, named));
      const subs = modules.get(key)!;
      if ('unknown' in subs) {
        cmd.opaque = `git ${sub} may run the hooks of the repository's submodules, which toolgate cannot list (${subs.unknown}): code toolgate cannot see`;
        continue commands;
      }
      for (const s of subs) {
        const ran = installed(s.hooks, subMay);
        if (ran.length === 0) continue;
        cmd.opaque = opaqueReason(sub, subMay, ran, s.hooks, ` (of the submodule ${s.path})`);
        continue commands;
      }
    }
  }
}
