/**
 * Arithmetic contexts whose operands toolgate cannot see. bash evaluates a variable named in
 * arithmetic (`$((x))`, `$[x]`, `((x))`, `let x`, `[[ x -eq 1 ]]`, `${s:x}`, `a[x]`) by reading its
 * value as another arithmetic expression, and a subscript there runs a substitution
 * (`x='a[$(cmd)]'; echo $((x))` runs cmd) — even when the value came from an earlier call, the
 * environment or a file. So an operand is accepted only when it is a number, `$#`/`$?`/`$$`/`$!`,
 * or a variable this command itself first sets to a number, unconditionally, before any use; a
 * number is also the output of a command known to print only numbers (`$(wc -l < f)`, the table in
 * `programs/numeric-output.ts`, given by the caller as `numeric`).
 */
import type { Node } from 'web-tree-sitter';
import { MAX_SYNTAX_DEPTH } from './limits.js';
import { arithmeticAssigns } from './arithmetic.js';

/** `[[ … ]]` operators whose operands bash evaluates arithmetically. */
const ARITHMETIC_TEST_OPS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/** `${name:offset:length}` (not `:-`, `:=`, `:?`, `:+`): the offset and length are arithmetic. */
const SUBSTRING = /^\$\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])(?:\[[^\]]*\])?:(?![-=?+])/;

type Range = readonly [number, number];

/** Whether a command with these literal words prints only numbers (`wc -l`, `date +%s`). */
export type NumericOutput = (argv: readonly string[]) => boolean;

/** A word of a command whose text is known: a plain word, or a quoted one with nothing expanded in it. */
function literalWord(n: Node): string | undefined {
  if (n.type === 'word') return /^[A-Za-z0-9_.,:+%@\/=-]+$/.test(n.text) && !n.text.includes('\\') ? n.text : undefined;
  if (n.type === 'raw_string') return n.text.slice(1, -1);
  if (n.type === 'string' && n.namedChildren.every((c) => c.type === 'string_content')) {
    const inner = n.text.slice(1, -1);
    return /[$`\\]/.test(inner) ? undefined : inner;
  }
  return undefined;
}

/** The words of a simple command with no assignments, when every one is literal. */
function literalArgv(cmd: Node): string[] | undefined {
  const out: string[] = [];
  for (const child of cmd.namedChildren) {
    const word = child.type === 'command_name' ? child.namedChildren[0] : child;
    if (word === undefined || word === null || (child.type === 'command_name' && child.namedChildren.length !== 1)) return undefined;
    const text = literalWord(word);
    if (text === undefined) return undefined;
    out.push(text);
  }
  return out;
}

/**
 * Whether a `$(…)` prints only numbers: its one statement is a command (or the last command of a
 * pipeline, whose output is the only output captured) on the caller's numeric table, with its own
 * input redirected at most (`$(wc -l < f)`, `$(ls | wc -l)`, `$(grep -c x f 2>/dev/null)`); its
 * program not a function the script defines (`wc() { echo 'a[$(cmd)]'; }` would print that).
 */
function numericSubstitution(n: Node, numeric: NumericOutput, functions: ReadonlySet<string>): boolean {
  if (n.type !== 'command_substitution' || !n.text.startsWith('$(') || n.namedChildren.length !== 1) return false;
  let statement = n.namedChildren[0]!;
  if (statement.type === 'pipeline') {
    const last = statement.namedChildren[statement.namedChildren.length - 1];
    if (last === undefined || last === null) return false;
    statement = last;
  }
  let cmd = statement;
  if (statement.type === 'redirected_statement') {
    const body = statement.childForFieldName('body');
    if (body === null) return false;
    cmd = body;
    for (const r of statement.namedChildren) {
      if (r.id === body.id) continue;
      if (!safeRedirect(r)) return false;
    }
  }
  if (cmd.type !== 'command') return false;
  const argv = literalArgv(cmd);
  return argv !== undefined && !functions.has(argv[0] ?? '') && numeric(argv);
}

/** An input redirection, or standard error sent to a file (`< f`, `<<< 1`, `2>/dev/null`): the output captured is the command's own. */
function safeRedirect(r: Node): boolean {
  if (r.type === 'herestring_redirect') return true;
  if (r.type !== 'file_redirect') return false;
  const fd = r.namedChildren.find((c) => c.type === 'file_descriptor')?.text;
  const op = r.children.find((c) => !c.isNamed)?.text;
  if (op === '<') return fd === undefined || fd === '0';
  return fd === '2' && (op === '>' || op === '>>');
}

/** The names of the functions the script defines. */
function definedFunctions(root: Node): Set<string> {
  const out = new Set<string>();
  const visit = (n: Node, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    if (n.type === 'function_definition') {
      const name = n.childForFieldName('name')?.text;
      if (name !== undefined) out.add(name);
    }
    for (const child of n.namedChildren) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

/** The numeric substitutions (`$(wc -l < f)`) within a range, as text ranges. */
function numericSubstitutionsIn(root: Node, [a, b]: Range, numeric: NumericOutput, functions: ReadonlySet<string>): Range[] {
  const out: Range[] = [];
  const visit = (n: Node, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH || n.endIndex <= a || n.startIndex >= b) return;
    if (n.type === 'command_substitution' && n.startIndex >= a && n.endIndex <= b) {
      if (numericSubstitution(n, numeric, functions)) out.push([n.startIndex, n.endIndex]);
      return;
    }
    for (const child of n.namedChildren) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}

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
export function hiddenArithmetic(root: Node, src: string, numeric?: NumericOutput): string | undefined {
  const ranges = arithmeticRanges(root);
  if (ranges.length === 0) return undefined;
  const known = new Map<string, boolean>();
  const functions = numeric === undefined ? new Set<string>() : definedFunctions(root);
  const numericAt = (p: number): Node | undefined => {
    if (numeric === undefined) return undefined;
    let n: Node | null = root.descendantForIndex(p);
    while (n !== null && n.type !== 'command_substitution') n = n.parent;
    return n !== null && n.startIndex === p && numericSubstitution(n, numeric, functions) ? n : undefined;
  };
  for (const [a, b] of ranges) {
    let text = src.slice(a, b);
    // `$(( $(wc -l < f) + 1 ))`: a substitution that prints only numbers is a number.
    if (numeric !== undefined && text.includes('$('))
      for (const [x, y] of numericSubstitutionsIn(root, [a, b], numeric, functions).reverse())
        text = text.slice(0, x - a) + '0'.padEnd(y - x) + text.slice(y - a);
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
        ok = setToNumberFirst(root, src, name, ranges, numericAt);
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
function setToNumberFirst(
  root: Node,
  src: string,
  name: string,
  ranges: readonly Range[],
  numericAt: (p: number) => Node | undefined,
): boolean {
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
      } else if (!/(^|[\s;&|(])$/.test(before) || !numberAssignment(after, src, p + name.length, name, ranges, numericAt)) return false;
      continue;
    }
    if (arith) continue;
    if (/\$\{?$/.test(before)) continue;
    if (/(^|[\s;&|(])$/.test(before) && numberAssignment(after, src, p + name.length, undefined, ranges, numericAt)) continue;
    return false;
  }
  return !first;
}

/**
 * `=5`, `=$((…))` or `=$(wc -l < f)` (a command that prints only numbers) followed by the end of
 * the word; `name`: the `$((…))` must not read it (its first setting).
 */
function numberAssignment(
  after: string,
  src: string,
  at: number,
  name: string | undefined,
  ranges: readonly Range[],
  numericAt: (p: number) => Node | undefined,
): boolean {
  if (/^=[0-9]+(?=[\s;&|)]|$)/.test(after)) return true;
  if (after.startsWith('=$(') && !after.startsWith('=$((')) {
    const sub = numericAt(at + 1);
    return sub !== undefined && /^(?=[\s;&|)]|$)/.test(src.slice(sub.endIndex));
  }
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
