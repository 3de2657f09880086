/**
 * The shell text of a start-up file that reaches the shell as code without a `.`/`source` of the
 * file itself (red team 25's replay, RP25-B1…B5, each run by bash 5.2 or zsh 5.9 at the next
 * interactive start): the output of a command substitution or process substitution that `eval`,
 * `.`/`source` or a shell is given (`eval "`cat F`"`, `eval "$(sed -n p F)"`, `source <(tr -d "\r"
 * < F)`, zsh's `source =(…)`), a pipe into a shell (`cat F | bash`, `head F | . /dev/stdin`), a
 * function's body at each of its calls (`load() { . "$1"; }; load F`), and a variable whose words
 * a file holds (`while read -r f; do . "$f"; done < LIST`, `mapfile -t L < LIST`,
 * `for f in $(cat LIST)`, `read -r a b < LIST`). Read from the text as the start-up file holds it; which program a name
 * is comes from `shell/programs/` (shell-names, quoting-printers).
 */
import { printfValues } from './given-values.js';
import { LOADER_VARIABLES, type LoaderVariable } from '../shell/programs/loader-variables.js';
import { quotesWhatItReads } from '../shell/programs/quoting-printers.js';
import { shellName } from '../shell/programs/shell-names.js';
import { replaceExpansions } from '../shell/syntax/known-variables.js';
import { splitWords } from '../shell/syntax/split.js';
import { quoteRemoved } from '../shell/syntax/words.js';

/** A file whose text a start-up line has the shell run, and how it says so (`evaluates what sed prints of`). */
export interface FedFile {
  word: string;
  what: string;
}

/** A command substitution or process substitution of a line: its text and where it stands. */
interface Substitution {
  start: number;
  end: number;
  inner: string;
}

/** The top-level substitutions of a line (`$(…)`, `` `…` ``, `<(…)`, `>(…)`, zsh's `=(…)`), outside single quotes. */
function substitutions(line: string): Substitution[] {
  const out: Substitution[] = [];
  let single = false;
  let double = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && !single) {
      i++;
      continue;
    }
    if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
    if (single) continue;
    if (c === '`') {
      let j = i + 1;
      while (j < line.length && line[j] !== '`') j += line[j] === '\\' ? 2 : 1;
      out.push({ start: i, end: Math.min(j + 1, line.length), inner: line.slice(i + 1, j) });
      i = j;
      continue;
    }
    const opens = line[i + 1] === '(' && (c === '$' || ((c === '<' || c === '=') && !double && (i === 0 || /[\s;&|]/.test(line[i - 1]!))));
    if (!opens || line[i + 2] === '(') continue;
    let depth = 1;
    let j = i + 2;
    for (; j < line.length && depth > 0; j++) {
      if (line[j] === '(') depth++;
      else if (line[j] === ')') depth--;
    }
    out.push({ start: i, end: j, inner: line.slice(i + 2, j - 1) });
    i = j - 1;
  }
  return out;
}

/** The line with each substitution's span replaced by one word (`_`), so separators inside it split nothing. */
function masked(line: string, subs: readonly Substitution[]): string {
  let out = line;
  for (const s of [...subs].reverse()) out = `${out.slice(0, s.start)}${'_'.repeat(s.end - s.start)}${out.slice(s.end)}`;
  return out;
}

/** Words before a command's name that leave it the command (`if`, `builtin`, `VAR=x`). */
const LEADING = /^(?:(?:then|do|else|elif|if|while|until|!|builtin|command|exec|time|noglob|nocorrect|[A-Za-z_]\w*=(?:'[^']*'|"[^"]*"|[^\s'"])*)\s+)+/;

/** The name a command text starts with, unquoted (`\.` and `"."` are `.`), and its words. */
export function commandHead(command: string): { name: string; words: string[] } | undefined {
  const words = wordsOf(command.trim().replace(LEADING, ''));
  const name = words[0]?.replace(/^\\/, '').replace(/^(['"])(.*)\1$/, '$2');
  return name === undefined ? undefined : { name: name.slice(name.lastIndexOf('/') + 1) || name, words };
}

/** How the shell takes a command's output or input as code, said as a reason says it, or undefined. */
function codeTaker(name: string): string | undefined {
  if (name === 'eval') return 'evaluates';
  if (name === '.' || name === 'source') return 'sources';
  const shell = shellName(name);
  return shell === undefined ? undefined : `gives ${shell}`;
}

/** Whether a word of a command names a file by its look (`~/x`, `$HOME/x`, `/x`, `./x`, `.x`). */
export function pathLike(word: string): boolean {
  return /^["']?(?:~|\/|\$\{?(?:HOME|ZDOTDIR|XDG_CONFIG_HOME)\b|\.{0,2}\/|\.[\w-])/.test(word) || (/^[^'"\s]*\/[^'"\s]*$/.test(word) && !word.startsWith('-'));
}

/**
 * How a reader of a command's words tells its redirections: `<F`/`0<F` attached (`input`), an
 * operator whose file is the next word (`operator`), and any other redirection word, left out
 * (`other`). A word `<` or `0<` is always an input's operator.
 */
interface RedirectionReading {
  input: RegExp;
  operator: RegExp;
  other: RegExp;
}

/**
 * The redirections of a command whose output may reach the shell (`readerFiles`), read wide (fail
 * closed: what names a file may be one read): `<>F` counts as an input (`>F`), a `<<<`, `<&` or
 * `&>` word and the word after it stay words of the command (a path among them is a file operand),
 * and only `>`/`>>` take the next word.
 */
const READER_REDIRECTIONS: RedirectionReading = { input: /^0?<[^<(&]/, operator: /^\d*>>?$/, other: /^\d*>/ };

/**
 * The redirections of a command that may run its standard input (`shellInputFiles`): only `<F`
 * is its input; `<<<`, `<&`, `<>`, `>&` and `&>` take the next word, and an attached one is none.
 */
const SHELL_INPUT_REDIRECTIONS: RedirectionReading = { input: /^0?<[^<(&>]/, operator: /^\d*(?:[<>]&?|>>|&>>?|<<<?|<>)$/, other: /^\d*[<>]/ };

/** A command's words split into the files redirected to its standard input and the rest, as `reading` tells them. */
function inputsApart(words: readonly string[], reading: RedirectionReading): { inputs: string[]; rest: string[] } {
  const inputs: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '<' || w === '0<') {
      if (words[i + 1] !== undefined) inputs.push(words[++i]!);
    } else if (reading.input.test(w)) inputs.push(w.replace(/^0?</, ''));
    else if (reading.operator.test(w)) i++;
    else if (!reading.other.test(w)) rest.push(w);
  }
  return { inputs, rest };
}

/**
 * The files a command text reads whose text can reach its output: each command's file operands and
 * `<` inputs (`sed -n p F`, `tr -d '\r' < F`, zsh's `$(<F)`), but none of a program that quotes
 * every value it prints (dircolors). Its program's name beside each.
 */
export function readerFiles(text: string): { program: string; word: string }[] {
  const out: { program: string; word: string }[] = [];
  for (const command of text.split(/\|\||&&|[|;&\n]/)) {
    const { inputs, rest } = inputsApart(wordsOf(command.trim()), READER_REDIRECTIONS);
    const head = commandHead(rest.join(' '));
    const program = head?.name ?? '';
    for (const word of inputs) out.push({ program, word });
    if (head === undefined || quotesWhatItReads(head.name, head.words.slice(1))) continue;
    let options = true;
    for (const w of head.words.slice(1)) {
      if (options && w === '--') options = false;
      else if (options && w.startsWith('-')) continue;
      else if (pathLike(w)) out.push({ program, word: w });
    }
  }
  return out;
}

/**
 * The files a line has the shell run by their text, not by their name: a substitution's files
 * given to `eval`, `.`/`source` or a shell, and the files a pipe feeds a shell that reads its
 * standard input (`cat F | bash`, `sed p F | . /dev/stdin`).
 */
export function fedFiles(line: string): FedFile[] {
  const out: FedFile[] = [];
  const subs = substitutions(line);
  const flat = masked(line, subs);
  for (const s of subs) {
    const before = flat.slice(0, s.start).split(/\|\||&&|[|;&(){}]/).pop() ?? '';
    const head = commandHead(before);
    const taker = head === undefined ? undefined : codeTaker(head.name);
    if (taker === undefined) continue;
    for (const f of readerFiles(s.inner)) out.push({ word: f.word, what: `${taker} ${said(f.program)}` });
  }
  for (const pipeline of flat.split(/\|\||&&|[;&]/)) {
    const stages = pipeline.split('|');
    const last = stages.findLastIndex((stage, i) => i > 0 && readsInput(stage));
    if (last < 0) continue;
    const taker = codeTaker(commandHead(stages[last]!)!.name)!;
    let at = flat.indexOf(pipeline);
    for (const stage of stages.slice(0, last)) {
      const text = line.slice(at, at + stage.length);
      at += stage.length + 1;
      for (const f of readerFiles(text)) out.push({ word: f.word, what: `${taker.replace(/^gives/, 'pipes into')} ${said(f.program)}` });
    }
  }
  return out;
}

/**
 * The files a line gives, as standard input, to a command that runs its input as code (a shell
 * given no script: `sh < F`, `bash 0< F`, `bash -s < F`, zsh's `zsh < F`; `. /dev/stdin < F`):
 * bash 5.2 -i and zsh 5.9 -i ran F for each (check32 rt32-c32-fd-sh-stdin, fix33-text).
 */
export function shellInputFiles(line: string): string[] {
  const out: string[] = [];
  const subs = substitutions(line);
  const flat = masked(line, subs);
  let at = 0;
  for (const command of flat.split(/\|\||&&|[|;&(){}]/)) {
    const start = flat.indexOf(command, at);
    at = start + command.length;
    const { inputs, rest } = inputsApart(wordsOf(line.slice(start, at).trim()), SHELL_INPUT_REDIRECTIONS);
    if (inputs.length > 0 && readsInput(rest.join(' '))) out.push(...inputs);
  }
  return out;
}

/** What a program's output is of a file it reads, as a reason says it (`what sed prints of`; the file's text for `$(<F)`). */
function said(program: string): string {
  return program === '' ? 'the text of' : `what ${program} prints of`;
}

/** A stage of a pipe that runs its standard input as code: a shell with no script, `. /dev/stdin`, `source -`. */
function readsInput(stage: string): boolean {
  const head = commandHead(stage);
  if (head === undefined) return false;
  const operand = head.words.slice(1).find((w) => !w.startsWith('-') || w === '-');
  if (head.name === '.' || head.name === 'source') return operand !== undefined && /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0|-)$/.test(operand);
  return shellName(head.name) !== undefined && (operand === undefined || head.words.includes('-s'));
}

/**
 * The functions a shell text defines (`name() { … }`, `function name { … }`), by name: a call's
 * words are put in place of the body's `$1`…`$9`, `$@` and `$*` ({@link calledBody}).
 */
export function functionBodies(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/(?:^|[\s;&|])(?:function\s+([\w.:-]+)\s*(?:\(\s*\)\s*)?|([\w.:-]+)\s*\(\s*\)\s*)\{/g)) {
    const open = m.index + m[0].length - 1;
    let depth = 1;
    let j = open + 1;
    for (; j < text.length && depth > 0; j++) {
      if (text[j] === '{' && text[j - 1] !== '$') depth++;
      else if (text[j] === '}' && !isParameterEnd(text, j)) depth--;
    }
    out.set(m[1] ?? m[2]!, text.slice(open + 1, j - 1));
  }
  return out;
}

/** Whether the `}` at `at` closes a `${…}` parameter expansion. */
function isParameterEnd(text: string, at: number): boolean {
  const open = text.lastIndexOf('${', at);
  return open >= 0 && !text.slice(open, at).includes('}');
}

/** A function's body with a call's words in place of its positional parameters. */
export function calledBody(body: string, args: readonly string[]): string {
  const all = args.join(' ');
  return body
    .replace(/"\$(?:\{[@*]\}|[@*])"|\$(?:\{[@*]\}|[@*])/g, all)
    .replace(/\$\{?([1-9])\}?/g, (_m, n: string) => args[Number(n) - 1] ?? '');
}

/**
 * The variables a shell text fills with the lines or words of a file (`while read -r f; do …;
 * done < LIST`, `cat LIST | while read f`, `mapfile -t L < LIST`, `L=$(cat LIST)`, zsh's
 * `L=(${(f)"$(<LIST)"})`), by name: the list files' words (a `for f in $(cat LIST)` loop's too).
 */
export function listedFrom(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, words: readonly string[]) => {
    if (words.length > 0) out.set(name, [...(out.get(name) ?? []), ...words]);
  };
  const lastName = (readWords: string) =>
    wordsOf(readWords)
      .filter((w) => /^[A-Za-z_]\w*$/.test(w))
      .pop();
  for (const m of text.matchAll(/\bwhile\s+(?:IFS=\S*\s+)?read\b([^;\n]*)[;\n]\s*do\b[\s\S]*?\bdone\s*<\s*(<\([^)]*\)|"[^"]*"|'[^']*'|[^\s;&|)]+)/g)) {
    const name = lastName(m[1]!.replace(/\s-[adnNptu]\s+\S+/g, ' '));
    const from = m[2]!.startsWith('<(') ? readerFiles(m[2]!.slice(2, -1)).map((f) => f.word) : [m[2]!];
    if (name !== undefined) add(name, from);
  }
  for (const m of text.matchAll(/([^\n;&|]*)\|\s*while\s+(?:IFS=\S*\s+)?read\b([^;\n|]*)/g)) {
    const name = lastName(m[2]!.replace(/\s-[adnNptu]\s+\S+/g, ' '));
    if (name !== undefined) add(name, readerFiles(m[1]!).map((f) => f.word));
  }
  for (const m of text.matchAll(/\b(?:mapfile|readarray)\b((?:\s+-[A-Za-z]+(?:\s+(?![<-])\S+)?)*)\s+([A-Za-z_]\w*)\s*<\s*("[^"]*"|'[^']*'|[^\s;&|)]+)/g))
    add(m[2]!, [m[3]!]);
  // `read -r a b < LIST` (no loop): the names take the fields of its first line, a name the list holds.
  for (const m of text.matchAll(/(?:^|[;&|({]\s*|\b(?:then|do|else)\s+)(?:IFS=\S*\s+)?read((?:\s+[^\s;&|<>]+)+)\s*<\s*("[^"]*"|'[^']*'|[^\s;&|)<]+)/gm)) {
    const words = wordsOf(m[1]!);
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w === '-a') add(words[++i] ?? '', [m[2]!]);
      else if (/^-[dinNptu]$/.test(w)) i++;
      else if (/^[A-Za-z_]\w*$/.test(w)) add(w, [m[2]!]);
    }
  }
  for (const m of text.matchAll(/(?:^|[\s;&|])(?:export\s+|local\s+|typeset\s+(?:-\w+\s+)*)?([A-Za-z_]\w*)=\(?("?)(\$\(|`|\$\{\(f\)"\$\()/g)) {
    const rest = text.slice(m.index + m[0].length - m[3]!.length);
    const sub = substitutions(rest.replace(/^\$\{\(f\)"/, ''))[0];
    if (sub !== undefined && sub.start === 0) add(m[1]!, readerFiles(sub.inner).map((f) => f.word));
  }
  for (const m of text.matchAll(/\bfor\s+(\w+)\s+in\s+([^;\n]*?)\s*(?:;|\n|\bdo\b)/g))
    for (const s of substitutions(m[2]!)) add(m[1]!, readerFiles(s.inner).map((f) => f.word));
  return out;
}

/**
 * The values a line assigns to the variables `names` holds (`PS1="…"`, `export PS1=…`, `+=`, an
 * array's elements `PROMPT_COMMAND=(a "b")`), each after the shell's quote removal, its expansions
 * kept as written (`PS1="\`cmd\` $PWD"` holds `` `cmd` $PWD ``).
 */
export function assignedTexts(line: string, names: ReadonlySet<string>): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const m of line.matchAll(/(?:^|[\s;&|({])(?:export\s+|declare\s+-\w+\s+|typeset\s+-\w+\s+|local\s+)?([A-Za-z_]\w*)(?:\[\d+\])?\+?=/g)) {
    if (!names.has(m[1]!)) continue;
    const rest = line.slice(m.index + m[0].length);
    const array = rest.startsWith('(') ? /^\(((?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^)'"\\])*)\)/.exec(rest) : null;
    const words = array !== null ? wordsOf(array[1]!) : (wordsOf(rest.replace(/^((?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s;&|'"\\])*).*$/s, '$1')).slice(0, 1));
    for (const w of words) out.push({ name: m[1]!, value: quoteRemoved(w) });
  }
  // `printf -v NAME FORMAT ARGS…` assigns NAME the text FORMAT makes of ARGS (bash 5.2 -i ran
  // `printf -v PROMPT_COMMAND '%s' '~/x'`'s ~/x before each prompt): the format and each argument
  // may be all or part of it, so each is a value (fail closed).
  for (const m of line.matchAll(/(?:^|[\s;&|({])printf\s+((?:-\S+\s+)*?)-v\s*([A-Za-z_]\w*)\s+(.*)$/g)) {
    if (!names.has(m[2]!)) continue;
    const words: string[] = [];
    for (const w of wordsOf(m[3]!)) {
      if (/^(?:;|&&?|\|\|?)$/.test(w)) break;
      words.push(quoteRemoved(w.replace(/;$/, '')));
      if (w.endsWith(';')) break;
    }
    for (const value of printfValues(words)) out.push({ name: m[2]!, value });
  }
  return out;
}

/**
 * The texts a line gives bash to run before each prompt (`PROMPT_COMMAND='. ~/.x'`, `+=`, the
 * array's elements): read as commands, as a trap's text is (red team 26 RT26-E2: bash -i ran it,
 * bash 5.2; fix30-start: `PROMPT_COMMAND="\`~/x\`"` too).
 */
export function promptCommands(line: string): string[] {
  return assignedTexts(line, PROMPT_COMMAND).map((a) => a.value);
}

const PROMPT_COMMAND: ReadonlySet<string> = new Set(['PROMPT_COMMAND']);

/** The commands a prompt's text substitutes (`$(…)`, `` `…` ``) each time the shell shows it. */
export function promptSubstitutions(prompt: string): string[] {
  return substitutions(prompt).map((s) => s.inner);
}

/**
 * Words split at blanks outside quotes, quotes and escapes kept (the caller takes them off):
 * the shell's own word splitting (`splitWords`), or for a text it cannot close (a quote a line
 * break cut), at blanks outside a pair of quotes.
 */
export function wordsOf(text: string): string[] {
  return splitWords(text) ?? [...text.matchAll(/(?:"(?:[^"\\]|\\.)*"|'[^']*'|\\.|[^\s"'\\])+/g)].map((m) => m[0]);
}

/**
 * The loader variables a line sets (`export EDITOR=~/.x`, `declare -x PYTHONSTARTUP=~/.x`, zsh's
 * `typeset -x`, a plain `NODE_OPTIONS="…"`), with the value as written less its quotes: the
 * variables of `programs/loader-variables.ts` (npm's `npm_config_*` in any case).
 */
export function loaderAssignments(line: string): { name: string; value: string; variable: LoaderVariable }[] {
  const out: { name: string; value: string; variable: LoaderVariable }[] = [];
  // `NAME+=TEXT` appends TEXT to what the shell inherited (bash 5.2 and zsh 5.9 alike, `export` too):
  // the inherited part is the environment's, read apart; TEXT is read as the value (check30 c30-28).
  for (const m of line.matchAll(/(?:^|[;&|]\s*|\s)([A-Za-z_]\w*)\+?=((?:"[^"]*"|'[^']*'|[^\s;&|"'`])*)/g)) {
    const upper = m[1]!.toUpperCase();
    const variable = LOADER_VARIABLES.get(m[1]!) ?? (LOADER_VARIABLES.get(upper)?.anyCase === true ? LOADER_VARIABLES.get(upper) : undefined);
    if (variable !== undefined) out.push({ name: m[1]!, value: m[2]!.replace(/"([^"]*)"|'([^']*)'/g, '$1$2'), variable });
  }
  return out;
}

/**
 * `~` at the start or after `=`, `:` or a blank, `$HOME` and `${HOME}`, as the home: what the
 * shell makes of an assignment's value, and what a program that runs the value through `sh -c`
 * (git, for EDITOR) makes of a quoted one. @internal
 */
export function homeExpanded(word: string, home: string): string {
  const h = home === '/' ? '' : home.replace(/\/+$/, '');
  return word.replace(/(^|[=:\s])~(?=\/|$|:|\s)/g, `$1${h}`).replace(/\$\{HOME\}|\$HOME\b/g, h);
}

/** A line without its comment (`#` that starts a word). @internal */
export function uncommented(line: string): string {
  return line.replace(/(^|\s)#.*$/, '$1');
}

/**
 * The simple commands of a line: split at `;`, `&&`, `||`, `|`, `&`, braces, parentheses and
 * backquotes (a substitution's command, run where the line runs it — in a prompt too: a
 * backquoted `sh ~/x` in bash's PS1 ran at each prompt, RT27-S9, as a `$(…)` does), leading
 * keywords dropped, and after a `[[ … ]]` test (zsh's short `if [[ -r ~/.x ]] source ~/.x` runs the
 * command after it: RT26-E8, zsh 5.9; `(( … ))` splits at its parentheses). @internal
 */
export function commandsOf(line: string): string[] {
  return line
    .split(/;|&&|\|\||\||&|(?:^|\s)[{}](?=\s|$)|[()`]|(?<=\s)\]\](?=\s|$)/)
    .map((c) => c.replace(/^\s*(?:(?:then|do|else|elif|if|while|until|!|builtin|command|exec|time|noglob|emulate\s+\w+\s+-c)\s+)*/, '').trim())
    .filter((c) => c !== '');
}

/** A path that reads the same quoted or not, and holds no pattern character. */
const PLAIN_PATH = /^\/[\w./@%+,:=-]*$/;

/**
 * A bash start-up file's text with its own path put in where the text names it (decision 0163):
 * `$BASH_SOURCE`, `${BASH_SOURCE[0]}`, `${BASH_SOURCE:-…}` (the file), `${BASH_SOURCE%/*}` (its
 * folder), and then `$(dirname "FILE")`, `$(readlink -f "FILE")`/`$(realpath "FILE")` (`real`:
 * where its links lead) and `$(cd "DIR" && pwd)` of those paths. bash sets BASH_SOURCE to the
 * path it read the file by (`/home/u/.bashrc` for ~/.bashrc, `~` expanded for `. ~/.a`: bash 5.2
 * -i ran `source "${BASH_SOURCE%/*}/bin/x.sh"` and `. "$(dirname "${BASH_SOURCE[0]}")/bin/x.sh"`,
 * check32). Outside single quotes; only a plain absolute path is put in.
 * @internal
 */
export function withOwnPath(text: string, file: string, real = file): string {
  if (!text.includes('BASH_SOURCE') || !PLAIN_PATH.test(file) || !PLAIN_PATH.test(real)) return text;
  const dirOf = (p: string): string => p.slice(0, p.lastIndexOf('/')) || '/';
  const own = replaceExpansions(text, (t, i) => {
    const m = /^\$(?:\{BASH_SOURCE(?:\[0\])?(%\/\*|:?-(?:[^{}]|\{[^{}]*\})*)?\}|BASH_SOURCE\b)/.exec(t.slice(i, i + 200));
    return m === null ? undefined : [m[0].length, m[1] === '%/*' ? dirOf(file) : file];
  });
  if (own === text) return text;
  const path = (p: string): string => `"?${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?`;
  return own
    .replace(new RegExp(`\\$\\(\\s*(?:readlink\\s+-[fe]|realpath)\\s+(?:--\\s+)?${path(file)}\\s*\\)`, 'g'), real)
    .replace(new RegExp(`\\$\\(\\s*dirname\\s+(?:--\\s+)?${path(file)}\\s*\\)|\`\\s*dirname\\s+(?:--\\s+)?${path(file)}\\s*\``, 'g'), dirOf(file))
    .replace(new RegExp(`\\$\\(\\s*dirname\\s+(?:--\\s+)?${path(real)}\\s*\\)`, 'g'), dirOf(real))
    .replace(new RegExp(`\\$\\(\\s*cd\\s+(?:-P\\s+)?${path(dirOf(file))}\\s*(?:&&|;)\\s*pwd(?:\\s+-P)?\\s*\\)`, 'g'), dirOf(file))
    .replace(new RegExp(`\\$\\(\\s*cd\\s+(?:-P\\s+)?${path(dirOf(real))}\\s*(?:&&|;)\\s*pwd(?:\\s+-P)?\\s*\\)`, 'g'), dirOf(real));
}
