/**
 * The git commands of a shell analysis that the repository checks look at (its hooks, its
 * `help.autocorrect`), one reading shared by them.
 */
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { gitSubcommandWords } from '../shell/programs/git/hooks.js';

/** A git command of an analysis whose words toolgate reads, with its subcommand's words. */
export interface ReadGitCommand {
  readonly cmd: SimpleCommand;
  /** Its index among the analysis's commands. */
  readonly i: number;
  readonly sub: string;
  readonly args: readonly string[];
}

/**
 * The git commands of an analysis that toolgate reads: not opaque already (a command marked
 * opaque is judged as code whatever else it does), the program's name a literal word, a
 * subcommand given.
 */
export function readGitCommands(analysis: ShellAnalysis): ReadGitCommand[] {
  const out: ReadGitCommand[] = [];
  analysis.commands.forEach((cmd, i) => {
    if (cmd.opaque !== undefined || cmd.literal[0] !== true) return;
    const words = gitSubcommandWords(cmd.program, cmd.argv);
    if (words !== undefined) out.push({ cmd, i, sub: words.sub, args: words.args });
  });
  return out;
}
