/**
 * The values a text gives the variables of a word it runs but toolgate cannot place (decision
 * 0152): `T=~/bin; $T/x.sh`, `declare T=~/x`, `readonly T=~/x`, `printf -v T '%s' ~/x`, a `case`
 * arm's `T=~/x`, `${T%XX}`, `${!N}` with `N=T`, `declare -n N=T; $N`, zsh's `${~T}`, and a
 * substitution as the word (`$(echo ~/x)`). Each ran the file for real (bash 5.2 -i and zsh 5.9 -i
 * on a pty, check30 rows 61–72). The reader cannot always tell which value the shell uses, so each
 * value the text gives is one it may use (fail closed), and only what the text names is offered
 * (decision 0136's rule: a variable only inherited names nothing).
 */

import { quotesWhatItReads } from '../shell/programs/quoting-printers.js';
import { parameterAlternatives } from '../shell/programs/startup-builtins.js';
import { splitWords } from '../shell/syntax/split.js';

/** A word the run word may become, and how far it is known. @internal */
export interface GivenWord {
  /** The word as the text writes it (quotes kept: they say whether `~` expands). */
  readonly word: string;
  /**
   * `exact`: the word itself. `prefix`: the word or any part of it from its start (`${T%…}` cuts
   * its end). `below`: any name below the word's folder (an operator that rewrites the value).
   */
  readonly shape: 'exact' | 'prefix' | 'below';
}

/** How many variables one word's values are followed through (`${!N}` → N → T). */
const MAX_NAMES = 8;

/** A path a command's text names: from the root, the home, or `$HOME`. */
const PATH_WORD = /^["']?(?:~|\$\{?HOME\}?)?\//;

/**
 * The words `word` may become with the values `text` gives its variables, or the paths a
 * substitution in it names. Empty when the text gives none of its variables a value.
 * @internal
 */
export function givenWords(word: string, text: string): GivenWord[] {
  const out: GivenWord[] = [];
  const bare = word.replace(/^"(.*)"$/s, '$1');
  // `$(echo ~/bin/x.sh)`, `` `printf %s ~/x` ``: the name is what the substitution prints, made of what it names.
  for (const m of bare.matchAll(/\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`/g)) {
    const words = (m[1] ?? m[2] ?? '').trim().split(/\s+/);
    // A program that quotes every value it prints (`dircolors -b ~/.dircolors`) makes no command of the file.
    if (quotesWhatItReads(words[0]?.slice(words[0].lastIndexOf('/') + 1) ?? '', words.slice(1))) continue;
    for (const w of words) if (PATH_WORD.test(w) && !/^["']?\/(?:dev|proc)\//.test(w)) out.push({ word: w, shape: 'exact' });
  }
  for (const m of bare.matchAll(/\$(?:([A-Za-z_]\w*)|\{([!~=^]*)([A-Za-z_]\w*)([^}]*)\})/g)) {
    const name = (m[1] ?? m[3])!;
    // An array's element (`${A[0]}`, `"${A[@]}"`) may be any value the text gives the array: the subscript is no operator.
    const operator = (m[4] ?? '').replace(/^\[[^\]]*\]/, '');
    // `$T/x.sh` with `T=~/bin`: the value put in its place; an operator form stands for the value alone.
    const plain = operator === '' || /^:?-/.test(operator);
    const shape: GivenWord['shape'] = plain ? 'exact' : /^%/.test(operator) ? 'prefix' : /^:?[-=+?]/.test(operator) ? 'exact' : 'below';
    for (const value of valuesOf(name, text)) {
      const made = plain && m.index === 0 ? value + bare.slice(m[0].length) : value;
      // A name with no `/` is looked up on PATH, not placed: only a path is offered.
      if (made.replace(/["']/g, '').includes('/')) out.push({ word: made, shape });
    }
  }
  return out;
}

/**
 * The literal values the text gives `name`, and those of the variables they name in turn (`N=T`,
 * `declare -n N=T`, `T=$U`). A default in a value (`T=${U:-~/bin}`) is one value and U's another
 * (bash 5.2 -i ran `$T/x.sh` for both, check32).
 */
function valuesOf(name: string, text: string): string[] {
  const out: string[] = [];
  const names = [name];
  for (let i = 0; i < names.length && i < MAX_NAMES; i++) {
    for (const value of assigned(names[i]!, text).flatMap(parameterAlternatives)) {
      // A value that is a variable's name: `${!N}` and a nameref `$N` use that variable's value; `$U` is U's value.
      const other = /^[A-Za-z_]\w*$/.test(value) ? value : /^("?)\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})\1$/.exec(value)?.slice(2).find((n) => n !== undefined);
      if (other !== undefined) {
        if (!names.includes(other)) names.push(other);
      } else if (!out.includes(value)) out.push(value);
    }
  }
  return out;
}

/**
 * Each value the text assigns `name`: `NAME=W`, `NAME+=W`, an element's `NAME[K]=W` (after
 * `export`, `declare`, `readonly`, `local`, a `case` arm), each element of `NAME=(W…)`, `printf -v
 * NAME FORMAT ARGS…`'s format and arguments, and the fields `read … NAME <<< W` may give it.
 */
function assigned(name: string, text: string): string[] {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`(?:^|[\\s;&|()])${n}(?:\\[[^\\]\\s]*\\])?\\+?=("[^"]*"|'[^']*'|[^\\s;&|()<>]+)`, 'gm'))) out.push(m[1]!);
  for (const m of text.matchAll(new RegExp(`(?:^|[\\s;&|()])${n}\\+?=\\(([^()]*)\\)`, 'gm'))) out.push(...wordsOf(m[1]!));
  out.push(...hereStringFields(name, text));
  for (const m of text.matchAll(new RegExp(`(?:^|[\\s;&|(])printf\\s+(?:-\\S+\\s+)*?-v\\s*${n}\\s+([^;&|\\n]*)`, 'gm'))) {
    const words = m[1]!.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
    // Each word as printf receives it: an unquoted leading `~` is the home (`$HOME` here), a quoted one stays `~`,
    // and a value that starts with it is kept literal (`'~/x'`): bash 5.2 ran `printf -v T -- '%s/x.sh' ~/bin; $T`, not `'~/bin/%s'`'s.
    const received = words.map((w) => (/^~(?=\/|$)/.test(w) ? `$HOME${w.slice(1)}` : w.replace(/^(['"])(.*)\1$/, '$2')));
    for (const v of printfValues(received)) out.push(v.startsWith('~') ? `'${v}'` : v);
  }
  return out;
}

/**
 * What `printf -v NAME FORMAT ARGS…` may assign: with a format of `%s` (and `%%`) conversions
 * only (`'~/bin/%s' x.sh`), the text printf makes; else the format and each argument, any of
 * which may be all or part of it (fail closed). Words after quote removal.
 * @internal
 */
export function printfValues(words: readonly string[]): string[] {
  // `printf -v T -- FORMAT …`: `--` ends the options; the format is the word after it (bash 5.2 -i ran `$T`, check32).
  const [format = '', ...args] = words[0] === '--' ? words.slice(1) : words;
  if (/%/.test(format.replace(/%[s%]/g, '')) || args.length === 0) return [...words];
  let k = 0;
  let made = '';
  // printf reuses the format while arguments remain.
  do made += format.replace(/%[s%]/g, (c) => (c === '%%' ? '%' : (args[k++] ?? ''))); while (k < args.length && /%s/.test(format));
  return [made];
}

/** read's options that take the next word as their value (bash 5.2 `help read`; `-a NAME` is read apart). */
const READ_VALUED = /^-[dinNptu]$/;

/** How many fields of a here-string are offered. */
const MAX_FIELDS = 16;

/**
 * The values `read [-a] … NAMES <<< WORD` may give `name`: WORD split at the separators IFS may
 * hold (the one a prefix `IFS=…` gives, any the text assigns IFS, and blanks), each field and each
 * rest from a field on (the last name takes the rest), each keeping the word's quotes
 * (`IFS=: read -r a b <<< "x:$HOME/bin/x.sh"; $b` ran ~/bin/x.sh, bash 5.2 -i: check32).
 */
function hereStringFields(name: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s;&|(])(?:IFS=("[^"]*"|'[^']*'|[^\s;&|]*)\s+)?read((?:\s+(?!<<<)[^\s;&|<>]+)*)\s*<<<\s*("[^"]*"|'[^']*'|[^\s;&|()<>]+)/gm)) {
    const words = wordsOf(m[2]!);
    const names: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w === '-a') names.push(words[++i] ?? '');
      else if (READ_VALUED.test(w)) i++;
      else if (!w.startsWith('-')) names.push(w);
    }
    if (!names.includes(name)) continue;
    const word = m[3]!;
    const quote = /^["']/.test(word) ? word[0]! : '';
    const inner = quote === '' ? word : word.slice(1, -1);
    const ifs = [m[1], ...[...text.matchAll(/(?:^|[\s;&|(])IFS=("[^"]*"|'[^']*'|[^\s;&|]*)/gm)].map((x) => x[1])]
      .map((v) => (v ?? '').replace(/^(["'])(.*)\1$/s, '$2').replace(/\$'\\[tn]'/g, ''))
      .join('');
    const separators = new Set([...ifs, ' ', '\t', '\n']);
    const starts = [0];
    for (let i = 0; i < inner.length && starts.length < MAX_FIELDS; i++) if (separators.has(inner[i]!)) starts.push(i + 1);
    const ends = [...starts.slice(1).map((s) => s - 1), inner.length];
    for (let k = 0; k < starts.length; k++)
      for (const v of [inner.slice(starts[k], ends[k]), inner.slice(starts[k])]) if (v !== '' && !out.includes(`${quote}${v}${quote}`)) out.push(`${quote}${v}${quote}`);
  }
  return out;
}

/** Words split as the shell splits them, quotes kept; at blanks where a quote is not closed. */
function wordsOf(text: string): string[] {
  return splitWords(text) ?? text.split(/\s+/).filter((w) => w !== '');
}
