/**
 * zsh's ways of giving a word it runs its value, for the readers of a zsh start-up file (decision
 * 0164; check32 rows `rt32-c32-given-zsh-*`, `-text-zsh-*`, each run for real with zsh 5.9 -i on a
 * pty): `${(P)N}` (the value of the variable N names), `$A[1]` and `$M[k]` (an element), `set -A A
 * W…`, `print -v T W…`, `typeset -A M; M[k]=W`, `A=(W…)`, a named directory (`hash -d b=~/bin;
 * ~b/x.sh`, `b=~/bin; ~b/x.sh`), modifiers (`${T:h}`, `$T:h`), `${U:-W}` inside a value, the
 * file's own path (`${${(%):-%x}:h}`, `${0:A:h}`), a glob qualifier's code (`*(e:CODE:)`,
 * `*(+func)`) and a `${(f)…}` list handed to `eval`.
 *
 * The bash-shaped readers (`given-values.ts`, `sourced-files.ts`) are reused: a zsh assignment
 * form is restated as `NAME=W` for them, and a zsh word is read as the variable it takes its value
 * from. A flag or modifier that rewrites the value in a way not computed here keeps the rule of
 * decision 0152 for an operator that rewrites: every name below the value's folder.
 */
import type { WordForms } from './command-code.js';
import { givenWords, printfValues, type GivenWord } from './given-values.js';
import { listedFrom, readerFiles, wordsOf } from './sourced-text.js';
import { EXPORTING_BUILTINS } from '../shell/programs/builtins.js';
import { parameterAlternatives } from '../shell/programs/startup-builtins.js';
import { SHELL_MODELS } from '../shell/shells/index.js';
import { quoteRemoved } from '../shell/syntax/words.js';

/**
 * How the shell of a kind of start-up file reads its text its own way, as the start-up reader asks
 * it (`sourced-files.ts`, one entry a kind): its text restated, and its forms for the hook reader. @internal
 */
export interface ShellReading {
  /** The text restated for the bash-shaped readers: what they would otherwise not see run (bash's BASH_SOURCE: decision 0163; zsh's: 0164). */
  textAsRead(text: string, file: string, real: string): string;
  /** Its ways of giving a run word a value beside bash's, for the hook reader (`command-code.ts`); none for bash itself. */
  forms?: WordForms;
}

/** zsh's reading (zsh 5.9: zshexpn(1), zshparam(1), zshbuiltins(1)). @internal */
export const ZSH_READING: ShellReading = {
  textAsRead: zshTextAsRead,
  forms: {
    given: zshGivenWords,
    // `~b/x.sh`, `$x[1]`, `$PWD:h`: zsh reads them as bash does not (the shell model's own list).
    // The shell model is read at the call, not as the module loads: the hook loads the shell analysis only for a call that needs it.
    placeable: (word) => SHELL_MODELS.zsh.wordProblem(word) === undefined,
  },
};

/** A word of the text as written: quotes and escapes kept. */
const WORD = String.raw`(?:"(?:[^"\\]|\\.)*"|'[^']*'|\\.|[^\s;&|()<>"'\\])+`;

/** The flags of `${(FLAGS)…}` that keep each element of the value as it is (the elements, sorted, unique, indirect). */
const KEEPING_FLAGS = /^[@PAQuvkoOina]*$/;

/**
 * The words `word` may become with the values zsh's forms give its variables (see the module's
 * comment); none when it is no such form or the text gives the variable no value.
 * @internal
 */
export function zshGivenWords(word: string, text: string): GivenWord[] {
  // Double quotes change nothing of a parameter's value; a quoted `~` is no named directory.
  const form = valueForm(word.startsWith('~') ? word : word.replace(/"/g, ''));
  if (form === undefined) return [];
  const restated = `${text}\n${restatedAssignments(text).join('\n')}`;
  const values = givenWords(`\${${form.indirect ? '!' : ''}${form.name}}`, restated).map((g) => g.word);
  // A subscript of a scalar is characters of its value; of an array, an element.
  const rewrites = !form.kept || (form.subscript && !arrayNames(text).has(form.name));
  const out: GivenWord[] = [];
  for (const value of values) {
    const modified = modifiedValue(value, form.modifiers);
    const made = (modified ?? value) + form.rest;
    const shape: GivenWord['shape'] = rewrites || modified === undefined ? 'below' : 'exact';
    // `T=${U:-~/bin}`: the value the default gives when U is unset, and U's.
    for (const w of parameterAlternatives(made)) if (!out.some((o) => o.word === w)) out.push({ word: w, shape });
  }
  return out;
}

/** The variable a zsh word takes its value from, at its start, and what is done to it. */
interface ValueForm {
  name: string;
  /** `${(P)N}`: the value of the variable N's value names. */
  indirect: boolean;
  /** `$A[1]`, `${M[k]}`. */
  subscript: boolean;
  /** Every flag keeps the value's elements as they are. */
  kept: boolean;
  /** zsh's modifiers, as written (`:A:h`). */
  modifiers: string;
  /** The word after the expansion. */
  rest: string;
}

/**
 * `~NAME/rest` (a named directory: `hash -d NAME=DIR`, or a parameter holding an absolute path),
 * `$NAME[SUB]`, `$NAME:MODS`, `${(FLAGS)NAME[SUB]:MODS}`, `${~NAME}`: the parts, or undefined for
 * a word that starts with no such form (bash's own forms are `given-values.ts`'s).
 */
function valueForm(word: string): ValueForm | undefined {
  const named = /^~([A-Za-z_]\w*)(?=\/|$)/.exec(word);
  if (named !== null)
    return { name: named[1]!, indirect: false, subscript: false, kept: true, modifiers: '', rest: word.slice(named[0].length) };
  const unbraced = /^\$([A-Za-z_]\w*)(\[[^\]]*\])?((?::(?:[a-zA-Z&]\d*))*)/.exec(word);
  if (unbraced !== null)
    return {
      name: unbraced[1]!,
      indirect: false,
      subscript: unbraced[2] !== undefined,
      kept: true,
      modifiers: unbraced[3]!,
      rest: word.slice(unbraced[0].length),
    };
  const braced = /^\$\{(?:\(([^()]*)\))?[~=^]*([A-Za-z_]\w*)(\[[^\]]*\])?((?::(?:[a-zA-Z&]\d*))*)\}/.exec(word);
  if (braced === null) return undefined;
  const flags = braced[1] ?? '';
  return {
    name: braced[2]!,
    indirect: flags.includes('P'),
    subscript: braced[3] !== undefined,
    kept: KEEPING_FLAGS.test(flags),
    modifiers: braced[4]!,
    rest: word.slice(braced[0].length),
  };
}

/**
 * A value with zsh's modifiers applied (zshexpn(1), "Modifiers"): `:h` the folder, `:t` the last
 * name, `:r` without its extension, `:e` the extension; `:a`, `:A`, `:P`, `:q`, `:Q`, `:c` leave a
 * path's file as it is (a link is followed where the place is judged). Undefined for any other.
 */
function modifiedValue(value: string, modifiers: string): string | undefined {
  const quote = /^(['"])(.*)\1$/s.exec(value);
  let v = quote === null ? value : quote[2]!;
  for (const m of modifiers.match(/:[a-zA-Z&]\d*/g) ?? []) {
    const mod = m.slice(1);
    if (mod === 'h' || mod === 't') v = SHELL_MODELS.zsh.bracedModifier(v, mod) ?? v;
    else if (mod === 'r') v = v.replace(/\.[^./]*$/, '');
    else if (mod === 'e') v = /\.([^./]*)$/.exec(v)?.[1] ?? '';
    else if (!/^[aAPqQc]$/.test(mod)) return undefined;
  }
  return quote === null ? v : `${quote[1]}${v}${quote[1]}`;
}

/**
 * zsh's ways of giving a variable a value, restated as `NAME=W` lines the bash-shaped reader
 * reads: `set -A NAME W…`, `print -v NAME W…` (`-f FORMAT` as `printf -v`), `hash -d NAME=DIR`,
 * `nameddirs[NAME]=DIR`, `NAME[SUB]=W`, and each element of `NAME=(W…)` (`typeset -A M=(k v)` too).
 */
function restatedAssignments(text: string): string[] {
  const out: string[] = [];
  const head = String.raw`(?:^|[\s;&|({])`;
  for (const m of text.matchAll(new RegExp(`${head}set\\s+[-+][a-zA-Z]*A[a-zA-Z]*\\s+([A-Za-z_]\\w*)((?:[ \\t]+${WORD})*)`, 'gm')))
    for (const w of wordsOf(m[2]!)) out.push(`${m[1]}=${w}`);
  for (const m of text.matchAll(new RegExp(`${head}print((?:[ \\t]+${WORD})+)`, 'gm'))) out.push(...printed(wordsOf(m[1]!)));
  for (const m of text.matchAll(new RegExp(`${head}hash\\s+-[a-zA-Z]*d[a-zA-Z]*((?:[ \\t]+${WORD})+)`, 'gm')))
    for (const w of wordsOf(m[1]!)) if (/^[A-Za-z_]\w*=/.test(w)) out.push(w);
  for (const m of text.matchAll(new RegExp(`${head}nameddirs\\[([A-Za-z_]\\w*)\\]=(${WORD})`, 'gm'))) out.push(`${m[1]}=${m[2]}`);
  for (const m of text.matchAll(new RegExp(`${head}([A-Za-z_]\\w*)\\[[^\\]\\s]*\\]\\+?=(${WORD})`, 'gm')))
    if (m[1] !== 'nameddirs') out.push(`${m[1]}=${m[2]}`);
  for (const a of arrayLiterals(text)) {
    const words = a.words.map((w) => w.replace(/^\[[^\]]*\]=/, ''));
    // `nameddirs=(b ~/bin)`: pairs of a name and its folder.
    if (a.name === 'nameddirs') for (let i = 0; i + 1 < words.length; i += 2) out.push(`${words[i]}=${words[i + 1]}`);
    else for (const w of words) out.push(`${a.name}=${w}`);
  }
  return out;
}

/** What `print -v NAME ARGS…` assigns (zsh 5.9 zshbuiltins(1)): each argument, or what `-f FORMAT` makes of them. */
function printed(words: readonly string[]): string[] {
  let name: string | undefined;
  let format: string | undefined;
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--' || w === '-') {
      i++;
      break;
    }
    if (!/^-[a-zA-Z]+$/.test(w)) break;
    for (let j = 1; j < w.length; j++) {
      if (!'CuxXvf'.includes(w[j]!)) continue;
      const arg = w.slice(j + 1) || words[++i];
      if (w[j] === 'v') name = arg;
      if (w[j] === 'f') format = arg;
      break;
    }
  }
  if (name === undefined || !/^[A-Za-z_]\w*$/.test(name)) return [];
  const args = words.slice(i);
  if (format === undefined) return args.map((a) => `${name}=${a}`);
  // As `printf -v`: the text the format makes, or the format and each argument. Whether a leading `~`
  // expanded is the quoting of the word the value starts with (`-f '%s/x.sh' ~/bin`: the argument's).
  const made = [format, ...args];
  return printfValues(made.map((w) => quoteRemoved(w))).map((v) => {
    const from = made.find((w) => quoteRemoved(w) === v) ?? (quoteRemoved(format).startsWith('%s') ? args[0] : format) ?? format;
    return `${name}=${/^['"]/.test(from) || /\s/.test(v) ? `'${v.replace(/'/g, '')}'` : v}`;
  });
}

/** `NAME=(W…)`, `NAME+=(W…)`, after `typeset`/`local`/`declare` and their options: each array literal's words as written. */
function arrayLiterals(text: string): { name: string; words: string[] }[] {
  const out: { name: string; words: string[] }[] = [];
  for (const m of text.matchAll(/(?:^|[\s;&|({])([A-Za-z_]\w*)\+?=\(/gm)) {
    const open = m.index + m[0].length - 1;
    let depth = 0;
    let j = open;
    for (; j < text.length; j++) {
      const c = text[j]!;
      if (c === '\\') j++;
      else if (c === "'" || c === '"') j = Math.max(j, text.indexOf(c, j + 1));
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
      if (j < 0) break;
    }
    if (j < 0 || j >= text.length) continue;
    out.push({ name: m[1]!, words: wordsOf(text.slice(open + 1, j).replace(/(^|\s)#[^\n]*/g, '$1')) });
  }
  return out;
}

/** The expressions built from the programs' tables, once ({@link builtForms}). */
interface BuiltForms {
  /** A declaring builtin (`typeset`, `local`, …), its options and the names it declares. */
  declaring: RegExp;
}

let built: BuiltForms | undefined;

/**
 * The expressions built from the programs' tables, made at the first call and kept: the builtins
 * are the programs' table's, read at the call and not as the module loads (the hook loads that
 * table only for a call that needs the shell analysis). Each is used by `matchAll` only, which
 * leaves its `lastIndex` as it is.
 */
function builtForms(): BuiltForms {
  built ??= {
    declaring: new RegExp(String.raw`(?:^|[\s;&|({])(?:${[...EXPORTING_BUILTINS].join('|')})((?:\s+[-+]\w+)*)\s+((?:[A-Za-z_]\w*\s*)+)`, 'gm'),
  };
  return built;
}

/** The names the text makes arrays: `A=(…)`, `A[1]=…`, `set -A A`, `typeset -a A`/`-A M`. */
function arrayNames(text: string): Set<string> {
  const out = new Set(arrayLiterals(text).map((a) => a.name));
  for (const m of text.matchAll(/(?:^|[\s;&|({])([A-Za-z_]\w*)\[[^\]\s]*\]\+?=/gm)) out.add(m[1]!);
  for (const m of text.matchAll(/(?:^|[\s;&|({])set\s+[-+][a-zA-Z]*A[a-zA-Z]*\s+([A-Za-z_]\w*)/gm)) out.add(m[1]!);
  // A declaring builtin's options and names (`typeset -A M`, `local -a L`).
  for (const m of text.matchAll(builtForms().declaring))
    if (/[-+]\w*[aA]/.test(m[1]!)) for (const n of m[2]!.split(/\s+/)) if (n !== '') out.add(n);
  return out;
}

/**
 * A zsh start-up file's text with what the bash-shaped readers would not see put in (decision
 * 0164): the file's own path where zsh gives it (`${(%):-%x}`, `${(%):-%N}`, `${0:h}`, `$0:A:h`,
 * as `%x` and FUNCTION_ARGZERO's `$0` are there), with `:A`/`:P` through its link (`real`); a glob
 * qualifier's code (`*(e:CODE:)`, `*(+func)`: zsh runs it for each match) as a line of its own;
 * and for a variable listed from a file that `eval` is given (`for l in "${(@f)$(<F)}"; do eval
 * $l; done`), `eval "$(<F)"`: F's text is run, a line at a time.
 * @internal
 */
export function zshTextAsRead(text: string, file: string, real: string): string {
  const own = ownPathPut(text, file, real);
  const added = [...qualifierCode(own), ...evaluatedLists(own), ...expandedAgain(own)];
  return added.length === 0 ? own : `${own}\n${added.join('\n')}`;
}

/** A value that reads the same unquoted and inside double quotes. */
const PLAIN = /^[A-Za-z0-9_./@%+,:=-]+$/;

/** `${${(%):-%x}MODS}`, `${(%):-%x}` (`%N` too), `${0MODS}`, `$0MODS` with at least one modifier. */
const OWN_PATH = /\$\{\$\{\(%\):-%[xN]\}((?::[a-zA-Z])*)\}|\$\{\(%\):-%[xN]\}|\$\{0((?::[a-zA-Z])+)\}|\$0((?::[a-zA-Z])+)/g;

/** The files zsh reads at start itself (zsh 5.9 zsh(1), "Startup/Shutdown Files"), where `$0` is the shell's name. */
const START_FILE = /(?:^|\/)\.?z(?:shenv|profile|shrc|login|logout)$/;

/**
 * `%x` is the file being read (a function's too); `$0` is the file in a file `source` reads, but in
 * a file zsh reads at start it is the shell's name (`zsh`), so `${0:A:h}` there is the folder zsh
 * started in: taken as `.`, read from the home as every relative name of a start-up file is (zsh
 * 5.9 -i: `${0:A:h}` in ~/.zshrc named the starting folder, in a sourced file that file's folder).
 */
function ownPathPut(text: string, file: string, real: string): string {
  if (!text.includes('%') && !text.includes('$0') && !text.includes('${0')) return text;
  const singles = singleQuoted(text);
  const named = START_FILE.test(file) ? './zsh' : undefined;
  return text.replace(OWN_PATH, (all: string, a: string | undefined, b: string | undefined, c: string | undefined, at: number) => {
    if (singles.some(([s, e]) => at > s && at < e)) return all;
    const mods = a ?? b ?? c ?? '';
    const self = a === undefined && (b !== undefined || c !== undefined) && named !== undefined ? named : /:[AP]/.test(mods) ? real : file;
    const path = modifiedValue(self, mods);
    return path !== undefined && PLAIN.test(path) ? path : all;
  });
}

/** The spans of the text's single-quoted strings (outside double quotes, escapes and comments). */
function singleQuoted(text: string): [number, number][] {
  const out: [number, number][] = [];
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '#' && !double && (i === 0 || /\s/.test(text[i - 1]!))) i = endOfLine(text, i);
    else if (c === '"') double = !double;
    else if (c === "'" && !double) {
      const end = text.indexOf("'", i + 1);
      out.push([i, end < 0 ? text.length : end]);
      if (end < 0) break;
      i = end;
    }
  }
  return out;
}

/** The index of the line end at or after `at` (the text's length when none). */
function endOfLine(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
}

/** Closing delimiters of a glob qualifier's argument that opens with a bracket. */
const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/**
 * The code of each glob qualifier that runs some (zshexpn(1), "Glob Qualifiers"): `e:CODE:` (any
 * delimiter; brackets pair) and `+NAME`, in a pattern word's trailing `(…)` or a `(#q…)`, outside
 * quotes; the code after the shell's quote removal (`*(e:"~/bin/x.sh":)` runs `~/bin/x.sh`).
 */
function qualifierCode(text: string): string[] {
  const out: string[] = [];
  let quote: string | undefined;
  let wordStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      continue;
    }
    if (/[\s;&|<>]/.test(c)) {
      wordStart = i + 1;
      continue;
    }
    // A comment (`# it's`): no quote in it opens.
    if (c === '#' && i === wordStart) {
      i = endOfLine(text, i) - 1;
      continue;
    }
    if (c !== '(' || i === wordStart) continue;
    const before = text.slice(wordStart, i);
    const hashQ = text.startsWith('#q', i + 1);
    if (!hashQ && (!/[*?\]]/.test(before) || /[$=]$/.test(before))) continue;
    const end = qualifiers(text, hashQ ? i + 3 : i + 1, out);
    if (end > i) i = end;
  }
  return out.map((code) => quoteRemoved(code));
}

/** Reads a qualifier list from `at` to its `)`, pushing each code it runs onto `out`; the index of the `)`. */
function qualifiers(text: string, at: number, out: string[]): number {
  let j = at;
  while (j < text.length && text[j] !== ')' && !/[\s;&|]/.test(text[j]!)) {
    const c = text[j]!;
    if (c === 'e' || ('ugPf'.includes(c) && /[^\w\s+=-]/.test(text[j + 1] ?? ''))) {
      const open = text[j + 1] ?? '';
      const close = CLOSERS[open] ?? open;
      const end = text.indexOf(close, j + 2);
      if (open === '' || end < 0) return j;
      if (c === 'e') out.push(text.slice(j + 2, end));
      j = end + 1;
    } else if (c === '+') {
      const name = /^[\w:.-]+/.exec(text.slice(j + 1))?.[0] ?? '';
      if (name !== '') out.push(name);
      j += 1 + name.length;
    } else j++;
  }
  return j;
}

/**
 * `eval "$(<F)"` for each file F whose text a `${(e)…}` expansion expands again (zshexpn(1), flag
 * `e`: parameter expansion, command substitution and arithmetic expansion of the value): a
 * variable given F's text (`T=$(<F)`, `T=$(cat F)`, `read -r T < F`) or a substitution inside the
 * expansion (`${(e)"$(<F)"}`). zsh 5.9 -i ran the `$(…)` F held for each (decision 0170); without
 * `(e)`, nothing of it. A value the text gives itself is read where it is given, as before. A flag
 * `e` is taken wherever it stands among the flags (an `e` inside `(s:e:)` too: fail closed).
 */
function expandedAgain(text: string): string[] {
  if (!/\$\{\([^()]*e/.test(text)) return [];
  const listed = listedFrom(text);
  const out: string[] = [];
  for (const m of text.matchAll(/\$\{\(([^()]*)\)[~=^]*("?\$\((?:[^()]|\([^()]*\))*\)|[A-Za-z_]\w*)/g)) {
    if (!m[1]!.includes('e')) continue;
    const from = m[2]!;
    const files = /^[A-Za-z_]/.test(from) ? (listed.get(from) ?? []) : readerFiles(from.replace(/^"?\$\(|\)$/g, '')).map((f) => f.word);
    for (const f of files) out.push(`eval "$(<${f})"`);
  }
  return out;
}

/**
 * `eval "$(<F)"` for each file F a variable is listed from (`for l in "${(@f)$(<F)}"`, zsh's
 * `L=(${(f)"$(<F)"})`, `while read l … done < F`) when the text hands that variable to `eval`: what
 * eval runs is F's lines, so F's text is code — and each file a line of it runs, read in turn.
 */
function evaluatedLists(text: string): string[] {
  if (!/\beval\b/.test(text)) return [];
  const out: string[] = [];
  for (const [name, files] of listedFrom(text)) {
    const used = new RegExp(`\\beval\\b[^;&|\\n]*\\$\\{?(?:\\([^)]*\\))?${name}\\b`);
    if (used.test(text)) for (const f of files) out.push(`eval "$(<${f})"`);
  }
  return out;
}
