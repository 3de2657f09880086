/**
 * The text a program toolgate does not model is given — its arguments and what it reads on its
 * input from the command line itself — read for the names it may hand on. Such a program may pass
 * a piece of an argument to `sh -c` (`tmux new 'r""m x'`, `sqlite3 … '.shell r""m x'`, `gcc
 * -wrapper sh,-c,…`, groff's `.sy`), which removes quotes again, or open a file an argument or its
 * input names (`cpp <<< '#include ".env"'`, groff's `.so`, `as`'s `.include`). Red team 12.
 */
import type { SimpleCommand } from '../types.js';
import { decodeWord } from '../syntax/words.js';

/** Characters no program name holds: where a text splits into the names it may run. */
const NAME_SPLIT = /[\s;&|()<>'"`=,{}$\\]+/;

/** Characters a path seldom holds in such text: quotes, parentheses, commas, blanks, operators. */
const PATH_SPLIT = /[\s;&|()<>'"`=,{}]+/;

/** Whether a command is `echo`, `printf` or `cat` with no file operand: what it writes is its words or its own input. */
function writesItsText(cmd: SimpleCommand): 'echo' | 'printf' | 'cat' | undefined {
  if (cmd.literal[0] === false) return undefined;
  const name = cmd.argv[0]?.split('/').pop();
  if (name === 'echo' || name === 'printf') return name;
  if (name === 'cat' && cmd.argv.slice(1).every((a) => a === '-')) return 'cat';
  return undefined;
}

/** The text a command reads from a here-string or here-document written on it, if any. */
function hereText(cmd: SimpleCommand): string | undefined {
  const input = [...cmd.redirects].reverse().find((r) => r.kind === 'herestring' || r.kind === 'heredoc' || r.kind === 'read');
  if (input?.kind === 'heredoc') return input.body;
  return input?.kind === 'herestring' ? input.target : undefined;
}

/** printf's escapes in its format (`\n`, `\t`, `\0NNN`, `\xHH`) as the text it prints. */
function printfText(text: string): string {
  return text
    .replace(/\\[abfnrtv]/g, '\n')
    .replace(/\\0?([0-7]{1,3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8)))
    .replace(/\\x([0-9a-fA-F]{1,2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** What a command that writes its own text (`echo`, `printf`, `cat <<EOF`) writes, or undefined. */
function writtenText(cmd: SimpleCommand): string | undefined {
  const kind = writesItsText(cmd);
  if (kind === 'cat') return hereText(cmd);
  if (kind === 'echo') return cmd.argv.slice(1).join(' ');
  if (kind === 'printf') return printfText(cmd.argv.slice(1).join(' '));
  return undefined;
}

/** Whether a command's standard output goes to a file (`printf … > Makefile`), not on to the next command. */
function writesElsewhere(cmd: SimpleCommand): boolean {
  return cmd.redirects.some((r) => (r.kind === 'file' || r.kind === 'devnull') && /^(1|&)?>/.test(r.op));
}

/**
 * The text command `i` reads on its input from the command line: a here-string or here-document
 * on it, and what an `echo`, `printf` or `cat <<EOF` beside it writes (`printf '.so .env\n' |
 * groff`; the parser lists a `cat <<EOF` of a pipe after the command it feeds). Read whether or
 * not a pipe joins them: reading more is the safe side.
 */
export function inputTexts(commands: readonly SimpleCommand[], i: number): string[] {
  const cmd = commands[i];
  if (cmd === undefined) return [];
  const out: string[] = [];
  const here = hereText(cmd);
  if (here !== undefined) out.push(here);
  const beside = (c: SimpleCommand | undefined): boolean => c !== undefined && c.parent === cmd.parent && c.context === cmd.context;
  const before = commands[i - 1];
  if (beside(before) && !writesElsewhere(before!)) {
    const text = writtenText(before!);
    if (text !== undefined) out.push(text);
  }
  const after = commands[i + 1];
  if (beside(after) && writesItsText(after!) === 'cat') {
    const text = hereText(after!);
    if (text !== undefined) out.push(text);
  }
  return out;
}

/**
 * A text and the same text after the shell's quote removal (`r""m` → `rm`, `r\m` → `rm`,
 * `$'\x72m'` → `rm`), as `sh -c` would read it, and with every quote and backslash dropped (for
 * text the shell would not read as one word).
 */
function spellings(text: string): string[] {
  const out = [text];
  const d = decodeWord(text);
  if (d.error === undefined && d.value !== text) out.push(d.value);
  const bare = text.replace(/["'\\]/g, '');
  if (bare !== text && !out.includes(bare)) out.push(bare);
  return out;
}

/**
 * Each word (by its last path segment) in the arguments of a program toolgate does not model and
 * in the text it reads on its input, also after a second quote removal: the names of programs it
 * may run, each with where it was found (the arguments first).
 */
export function innerProgramWords(argv: readonly string[], inputs: readonly string[]): Map<string, 'arguments' | 'input'> {
  const out = new Map<string, 'arguments' | 'input'>();
  const texts = [...argv.slice(1).map((t) => [t, 'arguments'] as const), ...inputs.map((t) => [t, 'input'] as const)];
  for (const [text, where] of texts)
    for (const spelled of spellings(text))
      for (const token of spelled.split(NAME_SPLIT)) {
        const word = token.slice(token.lastIndexOf('/') + 1);
        if (word !== '' && !out.has(word)) out.set(word, where);
      }
  return out;
}

/**
 * The pieces of a program's arguments and input text that may name a file it opens (`.env` in
 * `"select readfile('.env')"`, `creds` in `#include "creds"`), other than what the words
 * themselves already name (a whole argument, an option's `=VALUE`, an `@FILE`: each is taken as a
 * path the program may read and write) and pieces with expansions in them (`$PWD`), which name no
 * one path.
 */
export function innerPathWords(argv: readonly string[], inputs: readonly string[]): string[] {
  const named = new Set<string>();
  for (const word of argv.slice(1)) {
    named.add(word);
    const eq = word.indexOf('=');
    if (eq > 0) named.add(word.slice(eq + 1));
    if (word.startsWith('@')) named.add(word.slice(1));
  }
  const out = new Set<string>();
  for (const text of [...argv.slice(1), ...inputs])
    for (const spelled of spellings(text))
      for (const token of spelled.split(PATH_SPLIT)) {
        const word = token.replace(/^@/, '');
        if (word === '' || word === '-' || word.startsWith('-') || named.has(word) || /[$`]/.test(word)) continue;
        out.add(word);
      }
  return [...out];
}
