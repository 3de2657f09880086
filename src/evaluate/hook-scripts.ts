/**
 * The files git runs because a hook names them, beyond the hooks themselves (red team 25): a hook
 * that runs a script of the project (`exec ./scripts/pre-commit.sh`, husky's `.husky/pre-commit`
 * holding `sh scripts/check.sh`, RT25-E) — writing the script ran it at the next `git commit`
 * (git 2.39.5). The hooks folder is protected already; what its hooks run is read here by the one
 * reader of what a command run with no tool call executes (`command-code.ts`, decision 0128). The
 * programs the configuration's keys name (`core.fsmonitor = sh ~/bin/x.sh` in ~/.gitconfig,
 * RT25-G, RT26-A) are read by the same reader in `git-configured-programs.ts` (decision 0135).
 */
import type { EvaluationContext } from './types.js';
import { gitReads, type GitReads } from '../shell/programs/git/reads.js';
import { configFiles, hooksDirectory } from '../shell/programs/git/repository.js';
import { configPlaces } from '../shell/programs/git/world.js';
import { environmentValue } from './shell-world.js';
import type { ReadPlace } from './sourced-files.js';
import { scriptCode } from './command-code.js';

/** At most this many hook files are read. */
const MAX_HOOKS = 32;

/**
 * The scripts the project's repository's hooks run (the hooks folder its effective configuration
 * names), as places a write is a protected write to. Without a view that lists and reads, none.
 */
export function gitRunPlaces(
  ctx: { fs: EvaluationContext['fs']; environment: EvaluationContext['environment']; projectDir: string | undefined },
  home: string,
  git?: GitReads,
): ReadPlace[] {
  const view = ctx.fs;
  if (view?.readText === undefined || view.list === undefined || ctx.projectDir === undefined) return [];
  const reads = git ?? gitReads(view);
  const variable = (name: string) => environmentValue(ctx.environment, name);
  const found = reads.discover(ctx.projectDir);
  if (!('found' in found)) return [];
  const repo = found.found;
  const config = reads.config(configFiles(repo, home, configPlaces(variable)), home);
  if ('unknown' in config) return [];
  return hookFolderPlaces(hooksDirectory(repo, config.entries, home), repo.workTree ?? repo.gitDir, home, ctx.projectDir, view);
}

/**
 * The scripts the hooks in folder `hooks` run, git running each from `top` (the top of the work
 * tree): the repository's hooks folder, or the `core.hooksPath` a start-up file gives every git
 * (decision 0166). Without a view that lists and reads, none.
 */
export function hookFolderPlaces(hooks: string, top: string, home: string, projectDir: string | undefined, view: EvaluationContext['fs']): ReadPlace[] {
  if (view?.readText === undefined || view.list === undefined) return [];
  const h = home === '/' ? '' : home.replace(/\/+$/, '');
  const said = (f: string) => (f.startsWith(`${h}/`) ? `~${f.slice(h.length)}` : f);
  const out: ReadPlace[] = [];
  // husky 9 points core.hooksPath at `.husky/_`, whose hooks run `.husky/<hook>` (its `h` script).
  const dirs = hooks.endsWith('/.husky/_') ? [hooks, hooks.slice(0, -2)] : [hooks];
  let read = 0;
  for (const dir of dirs)
    for (const name of view.list(dir) ?? []) {
      if (name.endsWith('.sample') || read >= MAX_HOOKS) continue;
      const file = `${dir}/${name}`;
      if (view.isDirectory?.(file) !== false) continue;
      read++;
      // git runs a hook from the top of the work tree: what its lines run (decision 0128).
      for (const c of scriptCode(file, { cwd: top, top, home, ...(projectDir !== undefined ? { projectDir } : {}), view }))
        out.push({ path: c.path, ...(c.pattern !== undefined ? { pattern: c.pattern } : { folder: true as const }), why: `${said(c.path)} holds code the git hook ${said(file)} runs (${c.via}): git runs the hook at the next commit, merge or push` });
    }
  return out;
}
