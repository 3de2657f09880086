/**
 * What an unquoted glob word may expand to, read from its pattern alone: whether a name it matches
 * may begin with a character (`-` for an option, `@` for a response file), and, for a pattern
 * whose only wildcards are bracket expressions listing their members (`-[n]`, `-[i]s`,
 * `-[e]xec`), the few names it can match at all. `glob-options.ts` and find's own reading of its
 * primaries (`find.ts`) share it; it imports no program model, so any model may use it.
 */

/**
 * Whether an unquoted glob pattern may match a name beginning with `lead`: its first character is
 * `lead` (quoted or not), `*` or `?`, or a bracket expression that may hold it (`[-]*`, `[!.]*`,
 * `[[:punct:]]*`). `src/*`, `a*`, `[a-z]*` may not.
 * @internal
 */
export function globMayBegin(pattern: string, lead: string): boolean {
  return globMayMatchStart(pattern, lead);
}

/** At most this many names are listed for one pattern; a pattern that may match more is read as matching anything. */
const MAX_NAMES = 32;

/** The members of a bracket expression's body written out (`a-c` is `abc`), or `undefined` when it is no plain list. */
function members(body: string): string[] | undefined {
  if (/\[[:=.]/.test(body)) return undefined;
  const out = new Set<string>();
  for (let j = 0; j < body.length; j++) {
    let c = body[j]!;
    if (c === '\\' && j + 1 < body.length) c = body[++j]!;
    if (body[j + 1] === '-' && j + 2 < body.length) {
      let to = body[j + 2]!;
      let skip = 2;
      if (to === '\\' && j + 3 < body.length) [to, skip] = [body[j + 3]!, 3];
      if (to.charCodeAt(0) - c.charCodeAt(0) > MAX_NAMES) return undefined;
      for (let x = c.charCodeAt(0); x <= to.charCodeAt(0); x++) out.add(String.fromCharCode(x));
      j += skip;
    } else out.add(c);
  }
  return [...out];
}

/**
 * Every name an unquoted glob pattern can match when its only wildcards are bracket expressions
 * that list their members (`-[n]` is `-n`, `-[in]s` is `-is` or `-ns`): a name the shell may hand
 * the program in its place. `undefined` when it may match names without end (`*`, `?`, a negated
 * set, a character class) or more than a few. Quotes and backslashes keep what they hold as
 * written (`'-'[n]` is `-n`).
 * @internal
 */
export function globNames(pattern: string): string[] | undefined {
  let names = [''];
  const append = (choices: readonly string[]): boolean => {
    names = names.flatMap((n) => choices.map((c) => n + c));
    return names.length <= MAX_NAMES;
  };
  for (let j = 0; j < pattern.length; j++) {
    const c = pattern[j]!;
    if (c === "'" || c === '"') {
      const close = pattern.indexOf(c, j + 1);
      if (close < 0) return undefined;
      const text = pattern.slice(j + 1, close);
      if (c === '"' && /[\\$`]/.test(text)) return undefined;
      append([text]);
      j = close;
    } else if (c === '\\') {
      if (j + 1 >= pattern.length) return undefined;
      append([pattern[++j]!]);
    } else if (c === '*' || c === '?') return undefined;
    else if (c === '[') {
      if (/^[!^]/.test(pattern.slice(j + 1))) return undefined;
      // A `]` first in the set is a member; the set ends at the next `]`.
      const end = pattern.indexOf(']', pattern[j + 1] === ']' ? j + 2 : j + 1);
      if (end < 0) {
        append(['[']);
        continue;
      }
      const set = members(pattern.slice(j + 1, end));
      if (set === undefined || !append(set)) return undefined;
      j = end;
    } else append([c]);
  }
  return names;
}

/** One part of a pattern: a character as written, `?`, `*`, or a bracket expression's test. */
type Part = { char: string } | { any: true } | { star: true } | { test: (c: string) => boolean };

/** A bracket expression's body as a test of one character (a class, equivalence or collating element may hold any). */
function bracketTest(body: string, negated: boolean): (c: string) => boolean {
  if (/\[[:=.]/.test(body)) return () => true;
  const plain = body.replace(/\\(.)/g, '$1');
  return (c) => {
    let holds = false;
    for (let j = 0; j < plain.length; j++) {
      if (plain[j + 1] === '-' && j + 2 < plain.length) {
        if (plain[j]! <= c && c <= plain[j + 2]!) holds = true;
        j += 2;
      } else if (plain[j] === c) holds = true;
    }
    return negated ? !holds : holds;
  };
}

/** The parts of an unquoted glob pattern, its quoted and escaped characters as written; `undefined` for a quote left open. */
function parts(pattern: string): Part[] | undefined {
  const out: Part[] = [];
  for (let j = 0; j < pattern.length; j++) {
    const c = pattern[j]!;
    if (c === "'" || c === '"') {
      const close = pattern.indexOf(c, j + 1);
      if (close < 0) return undefined;
      for (const q of pattern.slice(j + 1, close)) out.push({ char: q });
      j = close;
    } else if (c === '\\' && j + 1 < pattern.length) out.push({ char: pattern[++j]! });
    else if (c === '*') out.push({ star: true });
    else if (c === '?') out.push({ any: true });
    else if (c === '[') {
      const negated = /^[!^]/.test(pattern.slice(j + 1));
      const from = negated ? j + 2 : j + 1;
      const end = pattern.indexOf(']', pattern[from] === ']' ? from + 1 : from);
      if (end < 0) out.push({ char: '[' });
      else {
        out.push({ test: bracketTest(pattern.slice(from, end), negated) });
        j = end;
      }
    } else out.push({ char: c });
  }
  return out;
}

/**
 * Whether an unquoted glob pattern may match a name that begins with `prefix` (`-?` may match
 * `-o…`; `--*` may not, nor may `-[a-j]*`). A quote left open may match anything.
 * @internal
 */
export function globMayMatchStart(pattern: string, prefix: string): boolean {
  const ps = parts(pattern);
  if (ps === undefined) return true;
  // The parts reached after a star may also be the ones after it (a star may match nothing).
  const close = (states: Set<number>): Set<number> => {
    for (const s of states) if ('star' in (ps[s] ?? {})) states.add(s + 1);
    return states;
  };
  let states = close(new Set([0]));
  for (const c of prefix) {
    const next = new Set<number>();
    for (const s of states) {
      const p = ps[s];
      if (p === undefined) continue;
      if ('star' in p) next.add(s);
      else if ('any' in p || ('char' in p ? p.char === c : p.test(c))) next.add(s + 1);
    }
    states = close(next);
    if (states.size === 0) return false;
  }
  return true;
}
