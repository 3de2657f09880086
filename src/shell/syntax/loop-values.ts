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
const PLAIN_VALUE = /^[A-Za-z0-9_./@%+,:-][A-Za-z0-9_./@%+,:=-]*$/;

/**
 * Words that may give NAME a value without naming it (`source f`, `. f`, `eval`), or change how an
 * unquoted `$NAME` splits (`IFS`): the loop is then left as it was.
 */
const HIDDEN_CHANGE = /(^|[^A-Za-z0-9_])(source|eval|IFS)(?![A-Za-z0-9_])|(^|[\s;&|(){}])\.[ \t]|<</;

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
  const re = new RegExp(`(^|[^A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, 'g');
  for (const m of src.matchAll(re)) {
    const at = (m.index ?? 0) + m[1]!.length;
    if (at === variable.startIndex) continue;
    // zsh expands `~` after parameters: `~$u/x` is user u's home when u is a user's name.
    if (TILDE_PREFIX.test(src.slice(0, src.lastIndexOf('$', at)))) return undefined;
    if (src[at - 1] === '$' && src[at - 2] !== '$' && PLAIN_AFTER.test(src.slice(at + name.length))) continue;
    if (src.slice(at - 2, at) === '${' && src[at + name.length] === '}' && PLAIN_AFTER.test(src.slice(at + name.length + 1))) continue;
    return undefined;
  }
  const rest = src.replace(new RegExp(`\\$(?:${name}(?![A-Za-z0-9_])|\\{${name}\\})`, 'g'), '');
  if (/[$`]/.test(rest)) return undefined;
  return { name, values };
}
