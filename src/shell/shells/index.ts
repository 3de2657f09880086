/**
 * The shells toolgate models, and which of them a command may run in: the one the context
 * names, or — when the shell is unknown — bash and zsh at once (sh only when named: every
 * question toolgate asks has the same answer in sh as in bash, but for `~-` after a `cd`, which
 * dash leaves as written).
 */
import { bash } from './bash.js';
import type { ModelledShell, ShellModel } from './model.js';
import { sh } from './sh.js';
import { zsh } from './zsh.js';

export type { ModelledShell, PreviousDirectory, ShellModel } from './model.js';

/** Every shell model, by name. @internal */
export const SHELL_MODELS: Readonly<Record<ModelledShell, ShellModel>> = { bash, sh, zsh };

/** The shells a command may run in when the shell is `shell` (`unknown`: bash and zsh). @internal */
export function shellsFor(shell: ModelledShell | 'unknown'): readonly ShellModel[] {
  return shell === 'unknown' ? UNKNOWN : [SHELL_MODELS[shell]];
}

const UNKNOWN: readonly ShellModel[] = [bash, zsh];

/** The first reason any of `shells` gives, or undefined. @internal */
export function anyShell<T>(shells: readonly ShellModel[], ask: (s: ShellModel) => T | undefined): T | undefined {
  for (const s of shells) {
    const answer = ask(s);
    if (answer !== undefined) return answer;
  }
  return undefined;
}
