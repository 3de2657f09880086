/**
 * Shell code in the words of a program toolgate has no model of (decision 0125): a shell named
 * with `-c` and its text (`torsocks sh -c 'cp x.json .claude/settings.json'`), or an interpreter's
 * inline code holding commands as strings (`proxychains4 python3 -c 'os.system("rm -rf ~")'`). Such
 * a program most often runs the words from there as a command (a wrapper: replay 24 U1), but
 * toolgate cannot tell; the text is read as `SimpleCommand.embeddedShell` is — what it would write
 * to a protected path or remove of a critical one asks, in every mode, and nothing is denied on
 * the strength of a guess. Everything else about the program stays as it was (unmodelled, its
 * words screened by the unknown-program reading).
 */
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { shellName } from '../shell/programs/posix-shells.js';
import { embeddedShellStrings, interpreterName } from '../shell/programs/interpreters.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import { spelledBraces } from '../shell/syntax/brace.js';

/** Shells outside the POSIX family whose `-c` runs a text too: read as shell text, the nearest reading there is. */
const OTHER_SHELLS: ReadonlySet<string> = new Set(['fish', 'csh', 'tcsh']);

/** Shell options that take the next word as their value (`-o pipefail`, `+O extglob`). */
const OPTION_VALUE = /^[-+][oO]$/;

/** The `-c` text of the shell named at `argv[k]` (`sh -e -c TEXT`, `bash -lc TEXT`), when it has one and it is literal. */
function shellText(argv: readonly string[], literal: readonly boolean[], k: number): string | undefined {
  let inline = false;
  for (let j = k + 1; j < argv.length; j++) {
    const a = argv[j]!;
    if (literal[j] === false) return undefined;
    if (a === '--' || a === '-') return inline ? argv[j + 1] : undefined;
    if (!/^[-+]/.test(a)) return inline ? a : undefined;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) inline = true;
    else if (OPTION_VALUE.test(a)) j++;
  }
  return undefined;
}

/** Shell texts and interpreter strings in a command's words from its second on, each with what holds it. */
export function wordShellCode(argv: readonly string[], literal: readonly boolean[]): { script: string; holder: string }[] {
  const out: { script: string; holder: string }[] = [];
  for (let k = 1; k < argv.length; k++) {
    if (literal[k] === false) continue;
    const name = foldedCommandName(argv[k]!);
    if (shellName(name) !== undefined || OTHER_SHELLS.has(name)) {
      const text = shellText(argv, literal, k);
      if (text !== undefined) out.push({ script: text, holder: `the ${name} -c text in ${argv[0]}'s words` });
    } else if (interpreterName(name) !== undefined) {
      for (const script of embeddedShellStrings(argv.slice(k))) out.push({ script, holder: `the ${name} code in ${argv[0]}'s words` });
    }
  }
  return out;
}

/** Whether any word past the first names a shell or an interpreter: the cheap test before the model lookups. */
const namesRunner = (argv: readonly string[]): boolean =>
  argv.some(
    (w, k) =>
      k > 0 &&
      w !== '' &&
      !w.startsWith('-') &&
      (shellName(foldedCommandName(w)) !== undefined ||
        OTHER_SHELLS.has(foldedCommandName(w)) ||
        interpreterName(foldedCommandName(w)) !== undefined),
  );

/** Marks on each command of a fresh analysis with no model the shell code its words hold (see the file's comment). */
export function markWordShellCode(analysis: ShellAnalysis): void {
  const parents = new Set<number>();
  for (const c of analysis.commands) if (c.parent !== undefined) parents.add(c.parent);
  analysis.commands.forEach((cmd, i) => {
    if (cmd.embeddedShell !== undefined || parents.has(i)) return;
    // A brace may build the shell's name (`torsocks {s,}h -c TEXT`): the words as bash and zsh spell them.
    const words = spelledBraces(cmd.argv, cmd.literal) ?? cmd;
    if (!namesRunner(words.argv) || !unmodelledProgram(cmd)) return;
    const found = wordShellCode(words.argv, words.literal);
    if (found.length === 0) return;
    cmd.embeddedShell = found.map((f) => f.script);
    cmd.embeddedShellHolder = found[0]!.holder;
  });
}
