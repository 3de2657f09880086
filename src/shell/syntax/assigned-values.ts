/**
 * The values straight-line assignments give their variables for the statements after them:
 * `n=2; sed -n "${n}p" f` and `n=2 && sed -n "${n},5p" f` read `$n` as `2`, so the script is judged
 * as the literal `2p` would be. The walker passes these values to later statements of the same
 * sequence, as it does a loop's values to its body (see `loop-values.ts`). Only when the text alone
 * shows the value: a lower-case name no shell gives a meaning of its own, assigned once, by a
 * wordless statement, a plain literal value, every other mention a plain read, and no other
 * expansion, substitution, `eval`, `source` or `IFS` in the script that could change it unseen.
 */
import type { Node } from 'web-tree-sitter';
import type { ShellModel } from '../shells/index.js';
import { HIDDEN_CHANGE, PLAIN_VALUE, onlyPlainReads, withoutReads } from './loop-values.js';
import { variableStateChange } from './variables.js';
import { decodeWord } from './words.js';

/**
 * Containers whose statements run one after another in the same shell: an assignment there holds
 * for the statements after it. (`if`, `case` and `||` are not: a later branch may run without it.)
 */
export const SEQUENTIAL = new Set(['program', 'compound_statement', 'subshell', 'do_group']);

/**
 * The assignment statements (by start offset) whose value is known to every later statement of
 * their sequence: `{ name, value }`. Empty when anything in the script could change a variable
 * without naming it.
 * @internal
 */
export function assignedValues(root: Node, src: string, shells: readonly ShellModel[]): Map<number, { name: string; value: string }> {
  const found = new Map<number, { name: string; value: string }>();
  if (!src.includes('=') || !src.includes('$') || HIDDEN_CHANGE.test(src)) return found;
  const visit = (n: Node): void => {
    if (n.type === 'variable_assignment' && inSequence(n)) {
      const known = literalAssignment(n, shells);
      if (known !== undefined) found.set(n.startIndex, known);
    }
    for (const child of n.namedChildren) visit(child);
  };
  visit(root);
  for (const [at, { name }] of found) if (!onlyPlainReads(src, name, at)) found.delete(at);
  // A read of any other variable, or any substitution, could run a command that sets one (`$x $y`
  // with x=read, y=n): then none is known.
  if (
    /[$`]/.test(
      withoutReads(
        src,
        [...found.values()].map((v) => v.name),
      ),
    )
  )
    return new Map();
  return found;
}

/** An assignment statement: in a sequence, or the left side of `&&` (as part of `a=1 b=2` too). */
function inSequence(n: Node): boolean {
  const parent = n.parent?.type === 'variable_assignments' ? n.parent.parent : n.parent;
  if (parent === null || parent === undefined) return false;
  return SEQUENTIAL.has(parent.type) || parent.type === 'list';
}

/** `name=value` with a lower-case plain name and a value that is one literal word as written. */
function literalAssignment(n: Node, shells: readonly ShellModel[]): { name: string; value: string } | undefined {
  const m = /^([a-z_][a-z0-9_]*)=(.*)$/s.exec(n.text);
  if (!m) return undefined;
  const name = m[1]!;
  if (variableStateChange(name, false, shells) !== undefined) return undefined;
  const d = decodeWord(m[2]!);
  if (!d.literal || !PLAIN_VALUE.test(d.value)) return undefined;
  return { name, value: d.value };
}
