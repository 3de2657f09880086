/**
 * Arithmetic contexts whose operands toolgate cannot see. bash evaluates a variable named in
 * arithmetic (`$((x))`, `$[x]`, `((x))`, `let x`, `[[ x -eq 1 ]]`, `${s:x}`, `a[x]`) by reading its
 * value as another arithmetic expression, and a subscript there runs a substitution
 * (`x='a[$(cmd)]'; echo $((x))` runs cmd) — even when the value came from an earlier call, the
 * environment or a file. So an operand is accepted only when it is a number, `$#`/`$?`/`$$`/`$!`,
 * or a variable this command itself first sets to a number, unconditionally, before any use.
 */
import type { Node } from 'web-tree-sitter';
import { MAX_SYNTAX_DEPTH } from './limits.js';
import { arithmeticAssigns } from './arithmetic.js';

/** `[[ … ]]` operators whose operands bash evaluates arithmetically. */
const ARITHMETIC_TEST_OPS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/** `${name:offset:length}` (not `:-`, `:=`, `:?`, `:+`): the offset and length are arithmetic. */
const SUBSTRING = /^\$\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])(?:\[[^\]]*\])?:(?![-=?+])/;

type Range = readonly [number, number];

/** The text ranges (offsets into the source) that bash evaluates arithmetically. */
function arithmeticRanges(root: Node): Range[] {
  const out: Range[] = [];
  const visit = (n: Node, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    const s = n.startIndex;
    const e = n.endIndex;
    const text = n.text;
    switch (n.type) {
      case 'arithmetic_expansion':
        if (text.startsWith('$((')) out.push([s + 3, e - 2]);
        else if (text.startsWith('$[')) out.push([s + 2, e - 1]);
        else out.push([s, e]);
        break;
      case 'compound_statement':
        if (n.firstChild?.type === '((') out.push([s + 2, e - 2]);
        break;
      case 'c_style_for_statement': {
        const open = text.indexOf('((');
        const body = n.childForFieldName('body');
        const headEnd = body ? text.lastIndexOf('))', body.startIndex - s) : -1;
        out.push([s + (open < 0 ? 0 : open + 2), headEnd < 0 ? e : s + headEnd]);
        break;
      }
      case 'subscript': {
        const index = n.childForFieldName('index');
        if (index && index.text !== '@' && index.text !== '*') out.push([index.startIndex, index.endIndex]);
        break;
      }
      case 'expansion': {
        const m = SUBSTRING.exec(text);
        if (m) out.push([s + m[0].length, e - 1]);
        break;
      }
      case 'binary_expression': {
        const op = n.childForFieldName('operator')?.text ?? '';
        if (ARITHMETIC_TEST_OPS.has(op)) {
          for (const side of ['left', 'right']) {
            const x = n.childForFieldName(side);
            if (x) out.push([x.startIndex, x.endIndex]);
          }
        }
        break;
      }
      case 'command': {
        const name = n.childForFieldName('name');
        if (name?.text === 'let') for (const arg of n.childrenForFieldName('argument')) if (arg) out.push([arg.startIndex, arg.endIndex]);
        break;
      }
    }
    for (const child of n.namedChildren) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

/**
 * Subscripts bash evaluates that are no operand toolgate checks above: `[[ -v a[i] ]]` and the
 * keys of an array literal (`a=([i]=1)`).
 */
function subscriptRanges(root: Node): Range[] {
  const out: Range[] = [];
  const visit = (n: Node, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    if (n.type === 'unary_expression' && n.childForFieldName('operator')?.text === '-v') {
      const operand = n.namedChildren[n.namedChildren.length - 1];
      const open = operand?.text.search(/\[/) ?? -1;
      if (operand && open >= 0) out.push([operand.startIndex + open, operand.endIndex]);
    }
    if (n.type === 'array') for (const el of n.namedChildren) if (/^\[/.test(el.text)) out.push([el.startIndex, el.endIndex]);
    for (const child of n.namedChildren) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

/**
 * The variables the command's arithmetic contexts assign (`((PATH=0))`, `b[PATH=0]=1`,
 * `x=$((HOME=0))`, `[[ -v a[PATH=0] ]]`, `a=([PATH=0]=1)`): each is a state change like `PATH=0`.
 */
export function arithmeticAssignments(root: Node, src: string): string[] {
  const out = new Set<string>();
  for (const [a, b] of [...arithmeticRanges(root), ...subscriptRanges(root)])
    for (const n of arithmeticAssigns(src.slice(a, b))) out.add(n);
  return [...out];
}

/** Operand tokens of an arithmetic text: `${…}`, `$name`, `$1`/`$@`, `$#`-style, bare names. */
const OPERAND = /\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)|\$([0-9@*])|\$([#?$!-])|(?<![A-Za-z0-9_#.$])([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Why some arithmetic context of the command may evaluate text toolgate cannot see, or
 * undefined. `src` is the text the tree was parsed from.
 */
export function hiddenArithmetic(root: Node, src: string): string | undefined {
  const ranges = arithmeticRanges(root);
  if (ranges.length === 0) return undefined;
  const known = new Map<string, boolean>();
  for (const [a, b] of ranges) {
    const text = src.slice(a, b);
    if (/\$\(|`|<\(|>\(/.test(text)) return `an arithmetic context evaluates the output of a substitution: ${text.slice(0, 40)}`;
    if (/['"\\]/.test(text)) return `an arithmetic context evaluates quoted text: ${text.slice(0, 40)}`;
    for (const m of text.matchAll(OPERAND)) {
      let name: string | undefined;
      if (m[1] !== undefined) {
        const inner = m[1];
        if (/^[#?$!]$/.test(inner) || /^#[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) continue;
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) return `an arithmetic context evaluates \${${inner}}, which toolgate cannot see`;
        name = inner;
      } else if (m[2] !== undefined) name = m[2];
      else if (m[3] !== undefined) return `an arithmetic context evaluates the positional parameter $${m[3]}`;
      else if (m[4] !== undefined) continue;
      else name = m[5];
      if (name === undefined) continue;
      let ok = known.get(name);
      if (ok === undefined) {
        ok = setToNumberFirst(root, src, name, ranges);
        known.set(name, ok);
      }
      if (!ok)
        return `an arithmetic context evaluates the variable ${name}, whose value toolgate cannot see (it may hold a subscript that runs a command)`;
    }
  }
  return undefined;
}

const inRange = (p: number, ranges: readonly Range[]): Range | undefined => ranges.find(([a, b]) => a <= p && p < b);

/**
 * Is `name` first set to a number by a statement that always runs before anything else uses
 * it (a top-level `name=5`, `name=$((…))`, `((name=0))` or `for ((name=0; …))`), and afterwards
 * only used in arithmetic, expanded as `$name`, or set again to a number?
 */
function setToNumberFirst(root: Node, src: string, name: string, ranges: readonly Range[]): boolean {
  const word = new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, 'g');
  let first = true;
  for (const m of src.matchAll(word)) {
    const p = m.index;
    const after = src.slice(p + name.length);
    const before = src.slice(0, p);
    const arith = inRange(p, ranges);
    if (first) {
      first = false;
      if (!unconditionalTopLevel(root, p)) return false;
      if (arith) {
        const rhs = /^\s*=(?!=)[\s0-9+\-*/%()<>&|^!~?:]*(?:[;,]|$)/.exec(src.slice(p + name.length, arith[1]));
        if (!rhs) return false;
      } else if (!/(^|[\s;&|(])$/.test(before) || !numberAssignment(after, src, p + name.length, name, ranges)) return false;
      continue;
    }
    if (arith) continue;
    if (/\$\{?$/.test(before)) continue;
    if (/(^|[\s;&|(])$/.test(before) && numberAssignment(after, src, p + name.length, undefined, ranges)) continue;
    return false;
  }
  return !first;
}

/** `=5` or `=$((…))` followed by the end of the word; `name`: the `$((…))` must not read it (its first setting). */
function numberAssignment(after: string, src: string, at: number, name: string | undefined, ranges: readonly Range[]): boolean {
  if (/^=[0-9]+(?=[\s;&|)]|$)/.test(after)) return true;
  if (!after.startsWith('=$((') && !after.startsWith('=$[')) return false;
  const r = inRange(at + (after.startsWith('=$((') ? 4 : 3), ranges);
  if (!r) return false;
  if (name !== undefined && new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(src.slice(r[0], r[1]))) return false;
  return /^(\)\)|\])(?=[\s;&|)]|$)/.test(src.slice(r[1]));
}

/** Does the statement holding offset `p` always run, in the main shell, before what follows it? */
function unconditionalTopLevel(root: Node, p: number): boolean {
  let n: Node | null = root.descendantForIndex(p);
  while (n && n.parent && n.parent.type !== 'program' && n.parent.type !== 'list') n = n.parent;
  while (n && n.parent && n.parent.type === 'list') {
    if (n.parent.namedChildren[0]?.id !== n.id) return false;
    n = n.parent;
  }
  if (!n || n.parent?.type !== 'program') return false;
  const body = n.type === 'c_style_for_statement' ? n.childForFieldName('body') : null;
  if (body && p >= body.startIndex) return false;
  return ['variable_assignment', 'variable_assignments', 'compound_statement', 'c_style_for_statement'].includes(n.type);
}
