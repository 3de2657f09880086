/**
 * Programs toolgate does not know may run other programs named in their arguments (`ssh host rm
 * -rf x`, `make CC=rm`, `npx rimraf`, `rg --pre=rm`). This lists the words in the arguments of
 * such programs, so a deny or ask rule that names one of them can make the command a firm ask.
 * A program is known when toolgate sees everything it runs: a wrapper it looks through, a
 * shell, git, sed, tar (their models say so), a file command, a builtin, or a call the read-only set accepts.
 */
import { foldedCommandName } from './commands/emit.js';
import { PROGRAMS } from './programs/index.js';
import { isReadOnly, isReadOnlyAt } from './read-only/index.js';
import type { ShellAnalysis } from './types.js';
import { shellName } from './programs/posix-shells.js';
import { fileOperands } from './effects/file-effects/index.js';
import { innerProgramWords, inputTextsOf } from './programs/unmodelled-text.js';
import { escapeCodeOf } from './programs/code-runners.js';
import { projectCodeOf } from './programs/project-runners.js';
import { PATH_FREE_BUILTINS } from './programs/builtins.js';
import type { SimpleCommand } from './types.js';
import { segmentMatches } from '../paths/glob.js';
import { spelledBraces } from './syntax/brace.js';

/** Programs whose runs toolgate reads (as children, opaque or unknown) or that run nothing named in their arguments: the shells. */
const known = (name: string): boolean => shellName(name) !== undefined;

/** Whether the program's model says toolgate sees everything it runs. */
function runsSeen(name: string): boolean {
  const runs = PROGRAMS.get(name)?.runs;
  return runs === 'nothing' || runs === 'seen';
}

/**
 * Each word (lower-cased, by its last path segment) in the arguments of a program toolgate does
 * not know, also after a second quote removal (`tmux new 'r""m x'` hands sh `r""m x`, which runs
 * rm), and — for a program with no model at all — in the text written for its input (a
 * here-string, what an `echo` or `printf` beside it writes: `printf '.sy rm x' | groff -U`): with
 * where it is, for a person to read (`"tmux new r""m x" runs a program toolgate does not know, and
 * its arguments name`). Computed once per analysis.
 */
export function wordsOfUnknownPrograms(analysis: ShellAnalysis): Map<string, string> {
  const out = new Map<string, string>();
  const parents = new Set<number>();
  for (const c of analysis.commands) if (c.parent !== undefined) parents.add(c.parent);
  analysis.commands.forEach((cmd, i) => {
    if (cmd.argv.length === 0 || cmd.unknown !== undefined || cmd.opaque !== undefined || parents.has(i)) return;
    const name = cmd.program;
    if (known(name) || runsSeen(name)) return;
    // A program whose model says it runs code it reads (`m4`, `batch`, `make`) is judged by the
    // opaque-code table for what its input holds.
    const readsInput = escapeCodeOf(name, cmd.argv) === undefined && projectCodeOf(name, cmd.argv) === undefined;
    // The input text is worked out only for a program that may hand it on: most commands stop
    // at the cheap checks above or at the read-only check.
    let inputs: readonly string[] | undefined;
    if (cmd.argv.length < 2) {
      inputs = readsInput ? inputTextsOf(analysis, i) : [];
      if (inputs.length === 0) return;
    }
    if (isReadOnlyAt(analysis, i, 'claudeCode').readOnly) return;
    inputs ??= readsInput ? inputTextsOf(analysis, i) : [];
    let line: string | undefined;
    // A brace builds words the program is given (`torsocks {r,}m -f x` runs rm): read as spelled out.
    const argv = spelledBraces(cmd.argv, cmd.literal)?.argv ?? cmd.argv;
    for (const [token, where] of innerProgramWords(argv, inputs)) {
      const word = foldedCommandName(token);
      if (word === '' || out.has(word)) continue;
      line ??= `"${cmd.argv.join(' ')}" runs a program toolgate does not know, and`;
      out.set(word, `${line} ${where === 'arguments' ? 'its arguments name' : 'the input written for it names'}`);
    }
  });
  return out;
}

/**
 * Whether the command's program is one toolgate has no model of: no program model (or one of
 * some facets only, `otherwiseUnknown`), no file effects it knows, not a wrapper, shell or
 * builtin it reads, not read-only. Its effects are
 * unknown — what it writes, what it runs — so it is judged like opaque code (the opaque-code
 * table; a wildcard allow rule is consent for it, as the program is not known to run code).
 */
export function unmodelledProgram(cmd: SimpleCommand): boolean {
  if (cmd.literal[0] !== true || cmd.unknown !== undefined || cmd.opaque !== undefined) return false;
  const name = cmd.program;
  if (name === '' || known(name) || PATH_FREE_BUILTINS.has(name)) return false;
  // A model of some facets only (`otherwiseUnknown`: kubectl's --kubeconfig) leaves the rest unknown.
  const model = PROGRAMS.get(name);
  if (model !== undefined && model.otherwiseUnknown !== true) return false;
  if (model === undefined && fileOperands(name, cmd.argv, cmd.literal).modelled !== false) return false;
  return !isReadOnly(cmd, { set: 'claudeCode' }).readOnly;
}

/**
 * The word of {@link wordsOfUnknownPrograms} that names `program` — the word itself, or a pattern
 * the name matches (`r?`, `[r]m`, `/bin/r?` by its last segment: the shell the program hands it to
 * may expand it to `/bin/rm`, decision 0098) — with where it is, or `undefined`. A word of `*`
 * alone names no program: it is every name, as in `select * from t`.
 */
export function unknownWordNaming(
  words: ReadonlyMap<string, string>,
  program: string,
  patterns: readonly string[] = unknownPatterns(words),
): { word: string; where: string } | undefined {
  const where = words.get(program);
  if (where !== undefined) return { word: program, where };
  for (const word of patterns) if (segmentMatches(word, program, false)) return { word, where: words.get(word)! };
  return undefined;
}

/**
 * The words of {@link wordsOfUnknownPrograms} that are patterns ({@link namePattern}), in order: most
 * calls have none, and every deny and ask rule asks {@link unknownWordNaming}, so a call works them
 * out once.
 */
export function unknownPatterns(words: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const word of words.keys()) if (namePattern(word)) out.push(word);
  return out;
}

/** Whether a word is a pattern that may name a program: a `*`, `?` or `[` with more than `*` around it. */
export const namePattern = (word: string): boolean => /[*?[]/.test(word) && !/^\**$/.test(word);
