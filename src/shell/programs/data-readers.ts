/**
 * A command line that only reads files as data: its program's model says so
 * (`operandsAreData`: `cat`, `head`, `tail`, `wc`, `tac`, `nl`), its words are all literal and its
 * grammar reads every option. Where start-up text or a variable's command line names a file
 * (`PROMPT_COMMAND='cat ~/motd.txt'`), such a file is text the program prints, not code a later
 * program runs (decision 0160: bash 5.2 -i printed the file's `$(…)` and ran nothing of it).
 * An allowlist: any other program, any word the shell still expands, a redirection, a pipe or an
 * option the grammar does not know leaves the line read as code.
 */
import { PROGRAMS } from './index.js';
import { readWords } from './parse.js';

/** What the shell may still do with a word (expand it, redirect, pipe, start a list or a subshell). */
const SHELL_ACTIVE = /[\s|&;<>()$`\\*?[\]{}!#'"~]/;

/**
 * Whether `words` — one simple command, split at blanks, quotes taken off — runs a program that
 * only reads its operands as data. Its name is a bare name (a path may be a program of the
 * user's); an operand may start with `~` or `$HOME/` (the file it names is read, not run).
 */
export function readsOnlyData(words: readonly string[]): boolean {
  const name = words[0];
  if (name === undefined || name.includes('/') || SHELL_ACTIVE.test(name)) return false;
  const model = PROGRAMS.get(name);
  if (model?.operandsAreData !== true || model.grammar === undefined) return false;
  if (words.slice(1).some((w) => SHELL_ACTIVE.test(w.replace(/^(?:~|\$HOME|\$\{HOME\})(?=\/)/, '')))) return false;
  return readWords(words, model.grammar) !== undefined;
}

/** Builtins that read none of their input: a here-document given them is only text (`: <<'EOF'`, a block comment). */
const READS_NO_INPUT: ReadonlySet<string> = new Set([':', 'true']);

/**
 * Whether `name`, given no operand, only copies its standard input out as data (a data reader of
 * {@link readsOnlyData}: `cat`, `head`) or reads none of it (`:`, `true`): what a here-document
 * given it holds is text, not code (decision 0166).
 */
export function copiesInputAsData(name: string): boolean {
  return READS_NO_INPUT.has(name) || readsOnlyData([name]);
}

/**
 * Examples of {@link readsOnlyData}, each a test (`test/shell/programs/data-readers.test.ts`).
 * @internal
 */
export const DATA_READER_EXAMPLES: readonly { words: readonly string[]; data: boolean; why?: string }[] = [
  { words: ['cat', '~/motd.txt'], data: true },
  { words: ['head', '-n', '5', '$HOME/notes'], data: true },
  { words: ['tail', '-f', '/var/log/syslog'], data: true },
  { words: ['wc', '-l', '~/todo'], data: true },
  { words: ['cat', '~/x', '|', 'sh'], data: false, why: 'a pipe hands the text to another program' },
  { words: ['cat', '~/x', '>', '~/.bashrc.d/y'], data: false, why: 'a redirection writes a file' },
  { words: ['cat', '$(~/x)'], data: false, why: 'a substitution runs a command' },
  { words: ['~/bin/cat', '~/x'], data: false, why: 'a program named by its path may be the user’s own' },
  { words: ['sh', '~/x'], data: false, why: 'a shell runs its file' },
  { words: ['cat', '--bogus', '~/x'], data: false, why: 'an option the grammar does not know' },
  { words: ['source', '~/x'], data: false },
];
