import { matchBashPattern } from '../rules/index.js';
import { analyzeShell } from '../shell/index.js';
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';

/**
 * Is a `Bash(...)` pattern more specific than a command name (`git commit*`, `rm -rf *`), not just
 * a name with a wildcard (`git *`, `git`)? Such a pattern cannot be judged on a command whose words
 * come from a substitution or a variable.
 */
function moreSpecificThanName(specifier: string): boolean {
  const words = specifier
    .replace(/:\*$/, ' *')
    .trim()
    .split(/\s+/)
    .filter((w) => !/^\*+$/.test(w));
  return words.length > 1;
}

/** Does any word bash would expand (`$(…)`, backticks, `$VAR`) occur? */
function expands(a: ShellAnalysis): boolean {
  if (a.hasSubstitution) return true;
  return a.commands.some((c) => (c.raw ?? c.argv).some((w, i) => !c.literal[i] && /[$`]/.test(w)));
}

/**
 * The simple commands a hook `if` looks at: each part of the command list and each command inside
 * `$(…)` or backticks, with leading `VAR=` assignments left out (argv never holds them), and the
 * command a transparent wrapper (`timeout`, `nice`, `nohup`, …) runs. Not commands run by another
 * program (`xargs`, `find -exec`, `sudo`). A nested `bash -c '…'` script is looked into (the docs are
 * silent; a guard that runs once too often is the safe side).
 */
function candidates(a: ShellAnalysis): SimpleCommand[] {
  return a.commands.filter((c) => {
    if (c.context === 'top' || c.context === 'substitution' || c.context === 'nested') return true;
    if (c.context !== 'exec' || c.parent === undefined) return false;
    return a.commands[c.parent]?.transparentWrapper === true;
  });
}

/**
 * A hook `if` with a `Bash(...)` rule, as the Claude Code docs ("Hooks reference › if") and the CLI
 * (2.1.332) decide it: every subcommand is tried (compound commands, `$(…)`, backticks), a leading
 * `VAR=value` is stripped, git's global options are not (`Bash(git commit *)` does not match
 * `git -c k=v commit`: the text is matched as written); a pattern more specific than a command
 * name matches whenever the command has a substitution or a `$VAR` (`'unknown'`: the hook runs);
 * a command that cannot be parsed also runs the hook (`'unknown'`). `specifier` undefined is a
 * bare `Bash`: every command.
 */
export function bashIfMatches(specifier: string | undefined, command: string): boolean | 'unknown' {
  if (specifier === undefined || /^\*+$/.test(specifier.trim())) return true;
  const a = analyzeShell(command);
  if (a.unseen.length > 0 || a.parser === 'none') return 'unknown';
  for (const c of candidates(a)) if (matchBashPattern(specifier, c.argv.join(' '))) return true;
  if (moreSpecificThanName(specifier) && expands(a)) return 'unknown';
  if (a.unknown.length > 0) return 'unknown';
  return false;
}
