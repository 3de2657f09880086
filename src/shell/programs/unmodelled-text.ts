/**
 * The text a program toolgate does not model is given — its arguments and what it reads on its
 * input from the command line itself — read for the names it may hand on. Such a program may pass
 * a piece of an argument to `sh -c` (`tmux new 'r""m x'`, `sqlite3 … '.shell r""m x'`, `gcc
 * -wrapper sh,-c,…`, groff's `.sy`), which removes quotes again, or open a file an argument or its
 * input names (`cpp <<< '#include ".env"'`, groff's `.so`, `as`'s `.include`). Red team 12.
 */
import type { ShellAnalysis, SimpleCommand } from '../types.js';
import { decodeWord } from '../syntax/words.js';
import { SideTable } from '../../core/side-table.js';

/** Characters no program name holds: where a text splits into the names it may run. */
const NAME_SPLIT = /[\s;&|()<>'"`=,{}$\\]+/;

/** A character of {@link NAME_SPLIT} (quotes and the backslash among them). */
const NAME_PIECES = /[\s;&|()<>'"`=,{}$\\]/;

/** Characters a path seldom holds in such text: quotes, parentheses, commas, blanks, operators. */
const PATH_SPLIT = /[\s;&|()<>'"`=,{}]+/;

/** A character that splits an argument into pieces ({@link PATH_SPLIT}) or that quote removal drops. */
const PIECES = /[\s;&|()<>'"`=,{}\\]/;

/** Whether a command is `echo`, `printf` or `cat` with no file operand: what it writes is its words or its own input. */
function writesItsText(cmd: SimpleCommand): 'echo' | 'printf' | 'cat' | undefined {
  if (cmd.literal[0] === false) return undefined;
  const argv0 = cmd.argv[0];
  if (argv0 === undefined) return undefined;
  const name = argv0.slice(argv0.lastIndexOf('/') + 1);
  if (name === 'echo' || name === 'printf') return name;
  if (name !== 'cat') return undefined;
  for (let k = 1; k < cmd.argv.length; k++) if (cmd.argv[k] !== '-') return undefined;
  return 'cat';
}

/** The text a command reads from a here-string or here-document written on it, if any (the last such redirection wins). */
function hereText(cmd: SimpleCommand): string | undefined {
  for (let k = cmd.redirects.length - 1; k >= 0; k--) {
    const r = cmd.redirects[k]!;
    if (r.kind === 'heredoc') return r.body;
    if (r.kind === 'herestring') return r.target;
    if (r.kind === 'read') return undefined;
  }
  return undefined;
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
  const before = commands[i - 1];
  if (before !== undefined && beside(before, cmd) && !writesElsewhere(before)) {
    const text = writtenText(before);
    if (text !== undefined) out.push(text);
  }
  const after = commands[i + 1];
  if (after !== undefined && beside(after, cmd) && writesItsText(after) === 'cat') {
    const text = hereText(after);
    if (text !== undefined) out.push(text);
  }
  return out;
}

/**
 * {@link inputTexts} of command `i` of an analysis, worked out at most once per command and held
 * by the analysis: the path effects (what a program with no model may read) and the words of
 * programs toolgate does not know both ask for the same command's.
 */
export function inputTextsOf(analysis: ShellAnalysis, i: number): readonly string[] {
  let texts = INPUT_TEXTS.get(analysis);
  if (texts === undefined) INPUT_TEXTS.set(analysis, (texts = []));
  return (texts[i] ??= inputTexts(analysis.commands, i));
}

const INPUT_TEXTS = new SideTable<ShellAnalysis, (readonly string[] | undefined)[]>();

/** Whether two commands stand side by side in one list or pipeline (same parent, same context). */
function beside(c: SimpleCommand, cmd: SimpleCommand): boolean {
  return c.parent === cmd.parent && c.context === cmd.context;
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
  const add = (token: string, where: 'arguments' | 'input'): void => {
    const word = token.slice(token.lastIndexOf('/') + 1);
    if (word !== '' && !out.has(word)) out.set(word, where);
  };
  const read = (text: string, where: 'arguments' | 'input'): void => {
    // A text with no splitting character, quote or backslash is one name in every spelling.
    if (!NAME_PIECES.test(text)) return add(text, where);
    for (const spelled of spellings(text)) for (const token of spelled.split(NAME_SPLIT)) add(token, where);
  };
  for (let k = 1; k < argv.length; k++) read(argv[k]!, 'arguments');
  for (const text of inputs) read(text, 'input');
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
  let named: Set<string> | undefined;
  let out: Set<string> | undefined;
  const read = (text: string): void => {
    for (const spelled of spellings(text))
      for (const token of spelled.split(PATH_SPLIT)) {
        const word = token.startsWith('@') ? token.slice(1) : token;
        if (word === '' || word.startsWith('-') || /[$`]/.test(word) || (named ??= namedWords(argv)).has(word)) continue;
        (out ??= new Set()).add(word);
      }
  };
  // An argument with no quote, backslash or splitting character is one piece, the word itself,
  // which it already names: most arguments (`run`, `test`, `-5`) are skipped without a split.
  for (let k = 1; k < argv.length; k++) if (PIECES.test(argv[k]!)) read(argv[k]!);
  for (const text of inputs) read(text);
  return out === undefined ? [] : [...out];
}

/**
 * The pieces of one text (a variable's value given on the command line) split as
 * {@link innerPathWords} splits an argument, also after quote removal: `rm -rf .claude` gives
 * `rm`, `-rf`, `.claude`; `-Xlog:gc:file=.claude/x` gives `-Xlog:gc:file`, `.claude/x`. Pieces
 * with an expansion in them (`$PWD`) name no one path and are left out.
 * @internal
 */
export function textPieces(text: string): string[] {
  const out = new Set<string>();
  for (const spelled of spellings(text))
    for (const piece of spelled.split(PATH_SPLIT)) if (piece !== '' && !/[$`]/.test(piece)) out.add(piece);
  return [...out];
}

/** What a program's words already name as paths: each whole argument, an option's `=VALUE`, an `@FILE`'s FILE. */
function namedWords(argv: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    named.add(word);
    const eq = word.indexOf('=');
    if (eq > 0) named.add(word.slice(eq + 1));
    if (word.startsWith('@')) named.add(word.slice(1));
  }
  return named;
}
