/**
 * The values a `for NAME in WORDS; do BODY; done` gives NAME, when they are known from the text
 * alone: every word of the list literal, and nothing in the script that could give NAME another
 * value or make reading it do more than stand for that value. The walker then judges the body
 * once per value with `$NAME` replaced by it. Anything else leaves NAME unknown, as before.
 */
import type { Node } from 'web-tree-sitter';
import type { ShellModel } from '../shells/index.js';
import { variableStateChange } from './variables.js';
import { decodeWord } from './words.js';

/** More values than this leave the variable unknown (the body is judged once per value). */
export const MAX_LOOP_VALUES = 64;

/**
 * A value bash takes as one word when read unquoted: no blank or IFS character to split at, no
 * glob character, no leading `~` or `=` (zsh), nothing that quoting would change.
 */
export const PLAIN_VALUE = /^[A-Za-z0-9_./@%+,:-][A-Za-z0-9_./@%+,:=-]*$/;

/**
 * Words that may give NAME a value without naming it (`source f`, `. f`, `eval`), or change how an
 * unquoted `$NAME` splits (`IFS`): the loop is then left as it was.
 */
export const HIDDEN_CHANGE = /(^|[^A-Za-z0-9_])(source|eval|IFS)(?![A-Za-z0-9_])|(^|[\s;&|(){}])\.[ \t]|<</;

/**
 * What may follow a read of the variable for it to stand for its value alone: zsh reads `$f[1,4]`
 * as a slice of the value and `$f:t` as its last path part.
 */
const PLAIN_AFTER = /^(?:$|[\s"'/;&|)<>.,=+@%-])/;

/** Text ending inside a tilde prefix: a word that starts with `~` and has no `/` yet. */
const TILDE_PREFIX = /(^|[\s;&|()<>=:])~[^\s/;&|()<>]*$/;

/** The loop variable and its values in order, or undefined when they are not known. @internal */
export function loopValues(node: Node, src: string, shells: readonly ShellModel[]): { name: string; values: string[] } | undefined {
  // `select` sets its variable from what a person types: empty on an answer that is no item.
  if (node.firstChild?.type !== 'for') return undefined;
  const variable = node.childForFieldName('variable');
  const name = variable?.text ?? '';
  if (variable === null || !/^[a-z_][a-z0-9_]*$/.test(name)) return undefined;
  // A name a shell gives a meaning of its own (zsh's `path`, …) is not plain data.
  if (variableStateChange(name, false, shells) !== undefined) return undefined;
  const values: string[] = [];
  let sawIn = false;
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i)!;
    if (child.type === 'in') sawIn = true;
    if (node.fieldNameForChild(i) !== 'value') continue;
    const d = decodeWord(child.text);
    if (!d.literal || !PLAIN_VALUE.test(d.value)) return undefined;
    values.push(d.value);
  }
  // `for f; do` walks "$@"; an empty list runs the body never.
  if (!sawIn || values.length === 0 || values.length > MAX_LOOP_VALUES) return undefined;
  if (HIDDEN_CHANGE.test(src)) return undefined;
  // Every other mention of the name must be a plain read (`$f`, `${f}`), and no other expansion or
  // substitution may appear anywhere (a computed name could assign it: `printf -v "$n"`, `read "$n"`).
  if (!onlyPlainReads(src, name, variable.startIndex)) return undefined;
  if (/[$`]/.test(withoutReads(src, [name]))) return undefined;
  return { name, values };
}

/**
 * Whether every mention of `name` in `src` but the one at `except` is a plain read: `$name` with
 * nothing after it that zsh reads as a subscript or modifier (`$f[1,4]`, `$f:t`), or `${name}`,
 * after which any text is text in bash, dash and zsh (`${n}p`, `${f}:t`). A read inside a tilde
 * prefix is none: zsh expands `~` after parameters (`~$u/x` is user u's home). Quotes and
 * backslashes are looked through (`printf -v'f'`, `-vf''oo` name `f` and `foo`), and a name at the
 * end of an option word is a mention (`printf -vf`, `read -af`, `wait -pf` set `f`); only the word
 * `-name` itself is an option, not a name (`sed -n`). Words that may become a name unseen — a glob
 * of name characters (`printf -v ?` when a file `f` exists) or a brace expansion (`-v{f..f}`) —
 * make every name unknown.
 * @internal
 */
export function onlyPlainReads(src: string, name: string, except: number): boolean {
  const { text, at: origin } = lookThroughQuotes(src);
  if (NAME_GLOB.test(text) || BRACE_EXPANSION.test(src)) return false;
  const nameChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  for (let from = 0; ;) {
    const k = text.indexOf(name, from);
    if (k < 0) return true;
    from = k + 1;
    if (nameChar(text[k + name.length])) continue;
    let j = k;
    while (j > 0 && nameChar(text[j - 1])) j--;
    // Inside a longer word (`printf`, `notes`), unless that word is an option cluster (`-vf`).
    if (j < k && !/[-+]/.test(text[j - 1] ?? '')) continue;
    const at = origin[k]!;
    if (at === except) continue;
    if (j === k && text[k - 1] === '-' && /^(|[\s;&|()])$/.test(text[k - 2] ?? '') && /^(|[\s;&|()<>])$/.test(text[k + name.length] ?? ''))
      continue;
    if (j < k) return false;
    if (TILDE_PREFIX.test(src.slice(0, src.lastIndexOf('$', at)))) return false;
    if (src[at - 1] === '$' && src[at - 2] !== '$' && PLAIN_AFTER.test(src.slice(at + name.length))) continue;
    if (src.slice(at - 2, at) === '${' && src[at + name.length] === '}') continue;
    return false;
  }
}

/** A word of only name characters and glob characters (`?`, `-v*`, `[f]`), not `[`, `]` alone. */
const NAME_GLOB = /(?:^|[\s;&|()<>])(?![[\]]{1,2}(?:[\s;&|()<>]|$))[-+A-Za-z0-9_!^]*[*?[][-+A-Za-z0-9_!^*?[\]]*(?=[\s;&|()<>]|$)/;

/** A brace expansion: `{a,b}` or a sequence `{a..z}`. */
const BRACE_EXPANSION = /\{[^{}\s]*(?:,|\.\.)[^{}\s]*\}/;

/** `src` without its quote characters and backslashes, and where each remaining character stood. */
function lookThroughQuotes(src: string): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "'" || c === '"' || c === '\\') continue;
    text += c;
    at.push(i);
  }
  return { text, at };
}

/** `src` with the plain reads of `names` (`$name`, `${name}`) taken out. @internal */
export function withoutReads(src: string, names: readonly string[]): string {
  if (names.length === 0) return src;
  const alt = names.join('|');
  return src.replace(new RegExp(`\\$(?:(?:${alt})(?![A-Za-z0-9_])|\\{(?:${alt})\\})`, 'g'), '');
}
