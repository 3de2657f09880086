/**
 * Which parts of a shell command run code toolgate cannot read (the opaque-code table's input).
 */
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { SHELLS } from '../shell/wrappers.js';

/** Every shell program: the POSIX ones the analyser reads into, and those it never does. */
const SHELL_PROGRAMS: ReadonlySet<string> = new Set([...SHELLS, 'fish', 'csh', 'tcsh']);

/** One simple command that runs code toolgate cannot read, and why. */
export interface OpaqueCommand {
  cmd: SimpleCommand;
  why: string;
}

/**
 * The commands of an analysis that run code toolgate cannot read: an interpreter's code, a sed
 * `-f` file, a file named by `BASH_ENV` (`SimpleCommand.opaque`), or a shell started without
 * `-c`, which runs a script from a file (`bash x.sh`) or standard input (`echo rm x | sh`).
 */
export function opaqueCommands(analysis: ShellAnalysis): OpaqueCommand[] {
  const out: OpaqueCommand[] = [];
  const cmds = analysis.commands;
  for (let i = 0; i < cmds.length; i++) {
    const cmd = cmds[i]!;
    if (cmd.opaque !== undefined) {
      out.push({ cmd, why: cmd.opaque });
      continue;
    }
    const argv = cmd.argv;
    const name = (argv[0] ?? '').slice((argv[0] ?? '').lastIndexOf('/') + 1);
    if (!SHELL_PROGRAMS.has(name)) continue;
    if (argv.some((a) => a === '--version' || a === '--help')) continue;
    if (cmds.some((c) => c.parent === i)) continue; // `bash -c '…'`: its script was read
    out.push({ cmd, why: `${name} runs a script toolgate cannot see (a file or standard input)` });
  }
  return out;
}
