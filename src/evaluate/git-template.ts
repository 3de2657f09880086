/**
 * `git init` and `git clone` make the new repository's `.git` with content of their own, which
 * the protected-path check passes over (`ownMetadata`), unless a template supplies that content:
 * git copies a template directory's files, its `hooks` among them, into `.git`, and a hook there
 * runs at the next commit. `--template` and `-c init.templateDir` are read from the words
 * (`programs/git/files.ts`); `GIT_TEMPLATE_DIR` and the configuration need the call's facts.
 */
import type { PathEffect, ShellAnalysis } from '../shell/types.js';
import { commandBasename } from '../shell/commands/emit.js';
import { gitTemplateSource, makesRepositoryFromTemplate } from '../shell/programs/git/template.js';
import { findsRepositoryFromCwd } from '../shell/programs/index.js';
import type { GitWhere } from '../shell/programs/git/world.js';
import { gitWhere } from './shell-read-only.js';
import type { EvalState } from './types.js';

/**
 * The effects with `ownMetadata` taken off each `.git` a `git init` or `git clone` may fill from a
 * template (the protected-path check then judges it as it judges `git init --template=DIR`), and
 * why, by the path written.
 * @internal
 */
export function withGitTemplates(
  effects: readonly PathEffect[],
  analysis: ShellAnalysis,
  state: EvalState,
): { effects: readonly PathEffect[]; templates: ReadonlyMap<string, string> } {
  const templates = new Map<string, string>();
  if (!effects.some((e) => e.ownMetadata === true)) return { effects, templates };
  let where: GitWhere | undefined;
  const out = effects.map((e) => {
    const cmd = e.ownMetadata === true ? analysis.commands[e.command] : undefined;
    // git (the one program that finds its repository from the working directory) making one.
    if (cmd === undefined || !findsRepositoryFromCwd(commandBasename(cmd.argv[0] ?? '')) || !makesRepositoryFromTemplate(cmd.argv))
      return e;
    const why = gitTemplateSource((where ??= gitWhere(state)), assignmentsOf(analysis, e.command));
    if (why === undefined) return e;
    templates.set(e.path, why);
    const { ownMetadata: _own, ...judged } = e;
    return judged;
  });
  return { effects: out, templates };
}

/** The `NAME=value` assignments a command runs with: its own and its wrappers' (`env NAME=value git …`). */
function assignmentsOf(analysis: ShellAnalysis, index: number): string[] {
  const out: string[] = [];
  for (let i: number | undefined = index; i !== undefined; i = analysis.commands[i]?.parent) {
    const c = analysis.commands[i];
    if (c === undefined) break;
    out.push(...c.assignments);
    if (i !== index) out.push(...c.argv.filter((w) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)));
  }
  return out;
}
