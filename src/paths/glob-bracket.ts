/**
 * Bracket expressions (`[a-z]`, `[![:alpha:]]`, `[[=e=]]`, `[[.a.]-c]`) read as each shell reads
 * them. The shells differ: bash knows `[=c=]`, `[.c.]` and `[:word:]`; dash knows only the twelve
 * POSIX classes and treats any other `[` as a member; zsh has its own classes (`[:IDENT:]`) and
 * closes `[!]` at once. A reader answers, for the `[` at `start` and one character, where the
 * pattern goes on after the character (none: no match). What hangs on the locale or the user's
 * settings (an equivalence class, a named collating symbol, a non-ASCII letter, a range under a
 * collation order) is a `maybe`: a reading that may match takes it as a match, one that must,
 * as none.
 * @packageDocumentation
 */

/** A shell's reading of bracket expressions; `plain` is a set of literal characters and ranges (globset, gitignore without classes). */
export type BracketReading = 'bash' | 'bash-5.1' | 'bash-5.3' | 'zsh' | 'dash' | 'dash-caret' | 'plain';

/** Every reading: a glob that may name a path under one of them may name it. */
export const BRACKET_READINGS: readonly BracketReading[] = ['bash', 'bash-5.1', 'bash-5.3', 'zsh', 'dash', 'dash-caret', 'plain'];

/** The readings a pattern that must name a path is held to: POSIX brackets as bash and zsh read them (`!` and `^` negate). */
export const STRICT_READINGS: readonly BracketReading[] = ['bash', 'zsh'];

/** How one member of a bracket expression answers for a character. */
type Hit = 'yes' | 'maybe' | 'no';

type ClassTest = (code: number) => Hit;

const ascii =
  (test: (c: number) => boolean, beyond: Hit = 'maybe'): ClassTest =>
  (c) =>
    c > 0x7f ? beyond : test(c) ? 'yes' : 'no';
const isUpper = (c: number) => c >= 0x41 && c <= 0x5a;
const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isAlpha = (c: number) => isUpper(c) || isLower(c);
const isGraph = (c: number) => c >= 0x21 && c <= 0x7e;

/** The twelve POSIX classes with their C meaning; beyond ASCII the locale decides (digits stay ASCII in glibc). */
const POSIX: Record<string, ClassTest> = {
  alpha: ascii(isAlpha),
  digit: ascii(isDigit, 'no'),
  alnum: ascii((c) => isAlpha(c) || isDigit(c)),
  upper: ascii(isUpper),
  lower: ascii(isLower),
  xdigit: ascii((c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66), 'no'),
  space: ascii((c) => c === 0x20 || (c >= 0x09 && c <= 0x0d)),
  blank: ascii((c) => c === 0x20 || c === 0x09),
  cntrl: ascii((c) => c < 0x20 || c === 0x7f),
  punct: ascii((c) => isGraph(c) && !isAlpha(c) && !isDigit(c)),
  graph: ascii(isGraph),
  print: ascii((c) => c === 0x20 || isGraph(c)),
};
const identChar = ascii((c) => isAlpha(c) || isDigit(c) || c === 0x5f);
const ANY: ClassTest = () => 'maybe';

/** Class names each shell knows (checked with bash 5.2, dash 0.5.12, zsh 5.9). */
const CLASSES: Record<'bash' | 'zsh' | 'dash', Record<string, ClassTest>> = {
  bash: { ...POSIX, ascii: ascii(() => true, 'no'), word: identChar },
  dash: POSIX,
  zsh: {
    ...POSIX,
    ascii: ascii(() => true, 'no'),
    IDENT: identChar,
    // $IFS and $WORDCHARS are the user's to set.
    IFS: ANY,
    IFSSPACE: ANY,
    WORD: (c) => (identChar(c) === 'yes' ? 'yes' : 'maybe'),
    INCOMPLETE: ascii(() => false),
    INVALID: ascii(() => false),
  },
};

function best(a: Hit, b: Hit): Hit {
  return a === 'yes' || b === 'yes' ? 'yes' : a === 'maybe' || b === 'maybe' ? 'maybe' : 'no';
}

/** The character and, when case is folded, its other spellings (bash's nocaseglob folds the text and the pattern). */
export function spellings(ch: string, fold: boolean): string[] {
  if (!fold) return [ch];
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  return [ch, ...(lower.length === 1 && lower !== ch ? [lower] : []), ...(upper.length === 1 && upper !== ch ? [upper] : [])];
}

const classHit = (test: ClassTest, ch: string): Hit => test(ch.charCodeAt(0));

/**
 * A range `lo-hi` (a named collating symbol as an end: `undefined`). By code point it is certain
 * (bash's globasciiranges, dash, zsh); a locale's collation order (`aAbB…`) may add the other case.
 */
function rangeHit(lo: string | undefined, hi: string | undefined, ch: string): Hit {
  if (lo === undefined || hi === undefined) return 'maybe';
  if (ch >= lo && ch <= hi) return 'yes';
  const l = ch.toLowerCase();
  const u = ch.toUpperCase();
  const folded = l !== u && ((l >= lo.toLowerCase() && l <= hi.toLowerCase()) || (u >= lo.toUpperCase() && u <= hi.toUpperCase()));
  return folded ? 'maybe' : 'no';
}

/** The ends a bracket's verdict leads to: `hit` over its members, `end` just past its `]`. */
function verdict(hit: Hit, negated: boolean, end: number): number[] {
  if (hit === 'maybe') return [end];
  return (hit === 'yes') !== negated ? [end] : [];
}

/**
 * Where the pattern goes on after the bracket at `g[start] === '['` matches `ch` (one spelling of
 * it: case folding is the caller's), for each way the reading may take it (empty: no match). `maybe` members count as matches when `may` is set,
 * else as misses.
 */
export function bracketEnds(reading: BracketReading, g: string, start: number, ch: string, may: boolean): number[] {
  const settle = (h: Hit): Hit => (h === 'maybe' && !may ? 'no' : h);
  switch (reading) {
    case 'bash':
      return bashEnds(g, start, ch, settle, true);
    case 'bash-5.1':
      return bashEnds(g, start, ch, settle, false);
    case 'bash-5.3':
      return bash53Ends(g, start, ch, settle);
    case 'zsh':
      return zshEnds(g, start, ch, settle);
    default:
      return dashEnds(g, start, ch, settle, reading);
  }
}

type Settle = (h: Hit) => Hit;

/** A `[` with no `]` to close it is a literal `[` in bash and dash (zsh: a bad pattern, literal with NO_BAD_PATTERN). */
const literal = (start: number, ch: string): number[] => (ch === '[' ? [start + 1] : []);

/**
 * bash's reading (lib/glob/sm_loop.c `BRACKMATCH`; checked with 5.2.15). After a member matches,
 * bash skips to the `]` another way than it read the members: before 5.2 (macOS's 3.2, Ubuntu
 * 22.04's 5.1, `subSkip` false) by counting `[:`, `[=`, `[.` openers; from 5.2 past each one that
 * closes before a `]`. So `[[:]` matches `:` and `[x[:]` matches `x` in 5.2.
 */
function bashEnds(g: string, start: number, ch: string, settle: Settle, subSkip: boolean): number[] {
  const out = new Set<number>();
  let p = start + 1;
  const negated = g[p] === '!' || g[p] === '^';
  if (negated) p++;
  // A member answered `hit`; the rest of the bracket is skipped from `from`. True when the answer is final.
  const matched = (hit: Hit, from: number): boolean => {
    if (hit === 'no') return false;
    const skip = subSkip ? bash52Skip(g, from) : bashSkip(g, from);
    if (skip === 'literal') for (const e of literal(start, ch)) out.add(e);
    else if (skip !== 'none' && !negated) out.add(skip);
    return hit === 'yes';
  };
  const done = () => [...out];
  // A `[.` no `.]` closes: bash reads on past the pattern's end; a reading that may match lets it end the pattern.
  const unclosed = () => (settle('maybe') === 'maybe' ? [...out, ...literal(start, ch), g.length] : [...out]);
  let c = g[p++];
  for (;;) {
    if (c === '[' && g[p] === '=' && g[p + 2] === '=' && g[p + 3] === ']') {
      const e = g[p + 1]!;
      p += 4;
      const hit = settle(ch === e ? 'yes' : 'maybe');
      if (matched(hit, p)) return done();
      c = g[p++];
      if (c === undefined) return [...out, ...literal(start, ch)];
      continue; // bash reads a `]` after an equivalence class as a member
    }
    if (c === '[' && g[p] === ':') {
      let close = p + 1;
      while (close < g.length && !(g[close] === ':' && g[close + 1] === ']')) close++;
      let hit: Hit = 'no';
      if (close < g.length) {
        const test = CLASSES.bash[g.slice(p + 1, close)];
        hit = test === undefined ? 'no' : settle(classHit(test, ch));
        p = close + 2;
      }
      if (matched(hit, p)) return done();
      c = g[p++];
      if (c === undefined) return [...out, ...literal(start, ch)];
      if (c === ']') break;
      continue;
    }
    let lo: string | undefined;
    if (c === '[' && g[p] === '.') {
      const sym = collatingSymbol(g, p);
      if (sym === undefined) return unclosed();
      lo = sym.value;
      p = sym.next;
    } else if (c === '\\') {
      if (p >= g.length) return done();
      lo = g[p++];
    } else lo = c;
    if (c === undefined) return [...out, ...literal(start, ch)];
    c = g[p++];
    let hi = lo;
    if (c === '-' && g[p] !== ']') {
      let end = g[p++];
      if (end === '\\') end = g[p++];
      if (end === undefined) return done();
      if (end === '[' && g[p] === '.') {
        const sym = collatingSymbol(g, p);
        if (sym === undefined) return unclosed();
        end = sym.value;
        p = sym.next;
      }
      hi = end;
      c = g[p++];
    }
    if (matched(settle(rangeHit(lo, hi, ch)), p - 1)) return done();
    if (c === ']') break;
  }
  if (negated) out.add(p);
  return done();
}

/**
 * bash 5.3's reading (bash's current source; not installed here to check): `[:`, `[=` and `[.` open
 * a class, an equivalence class or a collating symbol only when their closer follows before any
 * `]` (else `[` is a member), and a `]` after one ends the bracket.
 */
function bash53Ends(g: string, start: number, ch: string, settle: Settle): number[] {
  const out = new Set<number>();
  const lit = () => [...out, ...literal(start, ch)];
  let p = start + 1;
  const negated = g[p] === '!' || g[p] === '^';
  if (negated) p++;
  // A member answered `hit`; the rest is skipped from `from`. True when the answer is final.
  const matched = (hit: Hit, from: number): boolean => {
    if (hit === 'no') return false;
    let q = from;
    for (;;) {
      const c = g[q++];
      if (c === undefined) {
        for (const e of literal(start, ch)) out.add(e);
        break;
      }
      if (c === '[' && (g[q] === '=' || g[q] === ':' || g[q] === '.')) {
        const close = subBracket(g, q);
        if (close >= 0) q = close + 2;
      } else if (c === ']') {
        if (!negated) out.add(q);
        break;
      } else if (c === '\\') {
        if (q >= g.length) {
          for (const e of literal(start, ch)) out.add(e);
          break;
        }
        q++;
      }
    }
    return hit === 'yes';
  };
  let c = g[p++];
  for (;;) {
    const close = c === '[' && (g[p] === '=' || g[p] === ':' || g[p] === '.') ? subBracket(g, p) : -1;
    if (close >= 0 && g[p] !== '.') {
      const name = g.slice(p + 1, close);
      let hit: Hit;
      if (g[p] === '=') hit = settle(name === ch ? 'yes' : 'maybe');
      else {
        const test = CLASSES.bash[name];
        hit = test === undefined ? 'no' : settle(classHit(test, ch));
      }
      p = close + 2;
      if (matched(hit, p)) return [...out];
      c = g[p++];
      if (c === undefined) return lit();
      if (c === ']') break;
      continue;
    }
    let lo: string | undefined = c;
    if (close >= 0) {
      const name = g.slice(p + 1, close);
      lo = name.length === 1 ? name : undefined;
      p = close + 2;
    } else if (c === '\\') {
      if (p >= g.length) return lit();
      lo = g[p++];
    }
    if (c === undefined) return lit();
    c = g[p++];
    if (c === undefined) return lit();
    let hi = lo;
    let range = false;
    if (c === '-' && g[p] !== ']') {
      let end: string | undefined = g[p++];
      if (end === '\\') end = g[p++];
      if (end === undefined) return lit();
      const sym = end === '[' && g[p] === '.' ? subBracket(g, p) : -1;
      if (sym >= 0) {
        const name = g.slice(p + 1, sym);
        end = name.length === 1 ? name : undefined;
        p = sym + 2;
      }
      hi = end;
      range = true;
      c = g[p++];
    }
    const hit = range ? rangeHit(lo, hi, ch) : lo === undefined ? 'maybe' : lo === ch ? 'yes' : 'no';
    if (matched(settle(hit), p - 1)) return [...out];
    if (c === ']') break;
  }
  if (negated) out.add(p);
  return [...out];
}

/** Where `[:name:]`, `[=c=]`, `[.sym.]` closes, from its `:`/`=`/`.` at `at`; -1 when a `]` or the end comes first (a `]` may sit in a symbol). */
function subBracket(g: string, at: number): number {
  const type = g[at];
  for (let q = at + 1; q < g.length; q++) {
    if (type !== '.' && g[q] === ']') return -1;
    if (g[q] === type && g[q + 1] === ']') return q;
  }
  return -1;
}

/** bash 5.2's skip past a matched member: `[:`, `[=`, `[.` are stepped over when they close. */
function bash52Skip(g: string, from: number): number | 'none' | 'literal' {
  let q = from;
  for (;;) {
    const c = g[q++];
    if (c === undefined) return 'literal';
    if (c === '[' && (g[q] === '=' || g[q] === ':' || g[q] === '.')) {
      const close = subBracket(g, q);
      if (close >= 0) q = close + 2;
    } else if (c === ']') return q;
    else if (c === '\\') {
      if (q >= g.length) return 'literal';
      q++;
    }
  }
}

/** bash's skip past a matched member: `none` when a trailing `\` ends the pattern, `literal` when no `]` closes. */
function bashSkip(g: string, from: number): number | 'none' | 'literal' {
  let q = from;
  let depth = 1;
  while (depth > 0) {
    if (q >= g.length) return 'literal';
    const c = g[q++];
    if (c === '[' && (g[q] === '=' || g[q] === ':' || g[q] === '.')) depth++;
    else if (c === ']') depth--;
    else if (c === '\\') {
      if (q >= g.length) return 'none';
      q++;
    }
  }
  return q;
}

/** `[.x.]` from the `.` at `dot`: a one-character symbol is that character; a name (`space`) is left to the locale (`undefined`). */
function collatingSymbol(g: string, dot: number): { value: string | undefined; next: number } | undefined {
  const close = g.indexOf('.]', dot + 1);
  if (close < 0) return undefined;
  const name = g.slice(dot + 1, close);
  return { value: name.length === 1 ? name : undefined, next: close + 2 };
}

/** zsh's reading (Src/pattern.c, zsh 5.9): a leading `]` is a member only when another `]` follows. */
function zshEnds(g: string, start: number, ch: string, settle: Settle): number[] {
  let p = start + 1;
  const negated = g[p] === '!' || g[p] === '^';
  if (negated) p++;
  let hit: Hit = 'no';
  if (g[p] === ']') {
    if (!hasClose(g, p + 1)) return verdict('no', negated, p + 1);
    hit = best(hit, settle(rangeHit(']', ']', ch)));
    p++;
  }
  while (p < g.length && g[p] !== ']') {
    if (g[p] === '[' && g[p + 1] === ':') {
      const colon = g.indexOf(':', p + 2);
      if (colon >= 0 && g[colon + 1] === ']') {
        const test = CLASSES.zsh[g.slice(p + 2, colon)];
        if (test !== undefined) hit = best(hit, settle(classHit(test, ch)));
        p = colon + 2;
        continue;
      }
    }
    let lo = g[p++]!;
    if (lo === '\\' && p < g.length) lo = g[p++]!;
    let hi = lo;
    if (g[p] === '-' && p + 1 < g.length && g[p + 1] !== ']') {
      hi = g[p + 1]!;
      p += 2;
      if (hi === '\\' && p < g.length) hi = g[p++]!;
    }
    hit = best(hit, settle(rangeHit(lo, hi, ch)));
  }
  if (p >= g.length) return literal(start, ch);
  return verdict(hit, negated, p + 1);
}

function hasClose(g: string, from: number): boolean {
  for (let i = from; i < g.length; i++) {
    if (g[i] === '\\') i++;
    else if (g[i] === ']') return true;
  }
  return false;
}

/**
 * dash's reading (src/expand.c `pmatch`; `dash-caret` as newer dash, where `^` also negates), and
 * `plain`: literal members and ranges, no classes.
 */
function dashEnds(g: string, start: number, ch: string, settle: Settle, reading: BracketReading): number[] {
  let p = start + 1;
  const negated = g[p] === '!' || (reading !== 'dash' && g[p] === '^');
  if (negated) p++;
  let hit: Hit = 'no';
  let c = g[p++];
  do {
    if (c === undefined) return literal(start, ch);
    if (c === '[' && reading !== 'plain') {
      const m = /^:([a-z]+):\]/.exec(g.slice(p, p + 10));
      const test = m === null ? undefined : CLASSES.dash[m[1]!];
      if (test !== undefined) {
        hit = best(hit, settle(classHit(test, ch)));
        p += m![0].length;
        continue;
      }
    } else if (c === '\\') {
      c = g[p++];
      if (c === undefined) return literal(start, ch);
    }
    if (g[p] === '-' && p + 1 < g.length && g[p + 1] !== ']') {
      p++;
      if (g[p] === '\\') p++;
      hit = best(hit, settle(rangeHit(c, g[p], ch)));
      p++;
    } else hit = best(hit, settle(rangeHit(c, c, ch)));
  } while ((c = g[p++]) !== ']');
  return verdict(hit, negated, p);
}
