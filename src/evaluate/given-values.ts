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
    if (quotesWhatItReads(words[0]?.slice(words[0].lastIndexOf('/') + 1) ?? '')) continue;
    for (const w of words) if (PATH_WORD.test(w) && !/^["']?\/(?:dev|proc)\//.test(w)) out.push({ word: w, shape: 'exact' });
  }
  for (const m of bare.matchAll(/\$(?:([A-Za-z_]\w*)|\{([!~=^]*)([A-Za-z_]\w*)([^}]*)\})/g)) {
    const name = (m[1] ?? m[3])!;
    const operator = m[4] ?? '';
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

/** The literal values the text gives `name`, and those of the variables they name in turn (`N=T`, `declare -n N=T`). */
function valuesOf(name: string, text: string): string[] {
  const out: string[] = [];
  const names = [name];
  for (let i = 0; i < names.length && i < MAX_NAMES; i++) {
    for (const value of assigned(names[i]!, text)) {
      // A value that is a variable's name: `${!N}` and a nameref `$N` use that variable's value.
      if (/^[A-Za-z_]\w*$/.test(value)) {
        if (!names.includes(value)) names.push(value);
      } else if (!out.includes(value)) out.push(value);
    }
  }
  return out;
}

/** Each value the text assigns `name`: `NAME=W` (after `export`, `declare`, `readonly`, `local`, a `case` arm), `printf -v NAME FORMAT ARGS…`'s format and arguments. */
function assigned(name: string, text: string): string[] {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`(?:^|[\\s;&|()])${n}=("[^"]*"|'[^']*'|[^\\s;&|()<>]+)`, 'gm'))) out.push(m[1]!);
  for (const m of text.matchAll(new RegExp(`(?:^|[\\s;&|(])printf\\s+(?:-\\S+\\s+)*?-v\\s*${n}\\s+([^;&|\\n]*)`, 'gm'))) {
    const words = m[1]!.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
    // A value keeps the quotes of the word it came from (the format's, for the text printf makes): they say whether `~` expanded.
    const quote = (w: string) => (/^['"]/.test(words.find((x) => x.replace(/^(['"])(.*)\1$/, '$2') === w) ?? words[0] ?? '') ? `'${w}'` : w);
    for (const v of printfValues(words.map((w) => w.replace(/^(['"])(.*)\1$/, '$2')))) out.push(quote(v));
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
  const [format = '', ...args] = words;
  if (/%/.test(format.replace(/%[s%]/g, '')) || args.length === 0) return [...words];
  let k = 0;
  let made = '';
  // printf reuses the format while arguments remain.
  do made += format.replace(/%[s%]/g, (c) => (c === '%%' ? '%' : (args[k++] ?? ''))); while (k < args.length && /%s/.test(format));
  return [made];
}
