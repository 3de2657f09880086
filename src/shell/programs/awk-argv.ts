/**
 * Whether an awk program changes `ARGV` or `ARGC`, the list of files it reads after `BEGIN`
 * (gawk(1) "Built-in Variables", mawk(1) 8.): `BEGIN{ARGV[1]=".env"} 1' README.md` reads `.env`,
 * not README.md, and `ARGV[ARGC++]=…`, `sub(/R.*\/,".env",ARGV[1])`, `split(".env", ARGV)` or a
 * function given the array (arrays are passed by reference) add or rename files (red team 18 F5,
 * observed with mawk 1.3.4; gawk reads ARGV alike). Reading them (`ARGV[i]` in an expression,
 * `i < ARGC`, `k in ARGV`) changes nothing. A name on the command line cannot set them: `-v
 * ARGV[1]=f` is refused, and `-v ARGC=3` or an operand `ARGC=3` only counts words already there.
 */

/** Built-in functions that only read their arguments; any other call (`sub`, `split`, a user function) may change an array or a variable given to it. */
const READING_CALLS = new Set(
  'length substr index sprintf tolower toupper int sqrt exp log sin cos atan2 rand srand system close fflush strftime systime mktime gensub and or xor lshift rshift compl strtonum typeof isarray'.split(
    ' ',
  ),
);

/** Words after which a `(` groups rather than calls. */
const KEYWORDS = new Set('if while for do print printf return in else exit getline switch case delete'.split(' '));

/** The program with its string literals blanked (`"ARGV[1]="` is text, not the array). */
function withoutStrings(program: string): string {
  return program.replace(/"(?:[^"\\\n]|\\.)*"/g, (s) => '"' + ' '.repeat(s.length - 2) + '"');
}

/** The index just after the subscript `[…]` that opens at `i` (brackets nested), or `i` when none opens there. */
function afterSubscript(code: string, i: number): number {
  let j = i;
  while (code[j] === ' ' || code[j] === '\t') j++;
  if (code[j] !== '[') return i;
  let depth = 0;
  for (; j < code.length; j++) {
    if (code[j] === '[') depth++;
    else if (code[j] === ']' && --depth === 0) return j + 1;
  }
  return code.length;
}

/** Is position `at` inside the arguments of a call that may change them (`sub(…, ARGV[1])`, `f(ARGV)`)? */
function insideChangingCall(code: string, at: number): boolean {
  let depth = 0;
  for (let k = at - 1; k >= 0; k--) {
    const c = code[k];
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      // An unclosed `(` around the name: a call when a function name (or gawk's `@name`) touches it.
      const name = /(@?)([A-Za-z_]\w*)$/.exec(code.slice(0, k));
      if (name !== null && !KEYWORDS.has(name[2]!) && !READING_CALLS.has(name[2]!)) return true;
    }
  }
  return false;
}

/**
 * Why the awk program `program` may change `ARGV` or `ARGC`, or undefined: an assignment
 * (`=`, `+=`, …), `++`/`--`, `delete`, `getline` into it, a `for (ARGC in a)` loop, the array given
 * whole (`split(s, ARGV)`, `f(ARGV)`), an element or ARGC given to a call that may change it
 * (`sub(/x/, "y", ARGV[1])`), or gawk's `SYMTAB`, through which any variable may be set.
 */
export function changesArgv(program: string): string | undefined {
  if (!/\b(?:ARGV|ARGC|SYMTAB)\b/.test(program)) return undefined;
  const code = withoutStrings(program);
  for (const m of code.matchAll(/\b(ARGV|ARGC|SYMTAB)\b/g)) {
    const name = m[1]!;
    const at = m.index;
    if (name === 'SYMTAB') return "the awk program uses gawk's SYMTAB, through which it may set ARGV or ARGC";
    const before = code.slice(0, at).trimEnd();
    const end = afterSubscript(code, at + name.length);
    const after = code.slice(end);
    const changed =
      /^\s*(?:[-+*/%^]?=(?!=)|\+\+|--)/.test(after) ||
      /(?:\+\+|--|\bdelete|\bgetline|\bfor\s*\()$/.test(before) ||
      (name === 'ARGV' && end === at + name.length && !/\bin$/.test(before)) ||
      insideChangingCall(code, at);
    if (changed) return `the awk program changes ${name}, so it reads files its words do not name`;
  }
  return undefined;
}
