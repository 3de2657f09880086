/**
 * zsh's pattern options a user's start-up files commonly set, which toolgate cannot see
 * (zshoptions(1); zsh 5.9 observed with `zsh -o extendedglob -c` and `zsh -o braceccl -c`):
 *
 * - EXTENDED_GLOB: `x#` is zero or more `x` and `x##` one or more (`.e#nv` names `.env`), `^pat`
 *   is anything but `pat` (`.e^xv`, `^x`), and `a~b` in a pattern is `a` without what `b` matches
 *   (`.en*~x` names `.env`; a word with no other pattern character stays as written: `notes.txt~`).
 * - BRACE_CCL: a brace group with no comma and no `..` is a set of characters, one word per
 *   character (`.{e}nv` is `.env`, `.{d-f}nv` is `.dnv .env .fnv`, `stash@{0}` is `stash@0`); `{}`
 *   stays as written.
 *
 * {@link zshPatternOf} gives the glob, in toolgate's (bash's) pattern language, that holds every
 * name such a word may match: a `x#` or `x##` is `*`, a `^` to the end of its name is `*`, a `~`
 * and what follows are dropped, a character-set group is `?`.
 */

/**
 * The word as written with what zsh does not pattern-match blanked: quoted characters, escaped
 * ones, and parameter expansions and substitutions (`${#x}`, `$#`, `$(…)`), character for
 * character so positions stay those of `raw`.
 */
function patternMask(raw: string): string {
  let out = '';
  let double = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      out += raw[i + 1] === undefined ? '_' : '__';
      i++;
    } else if (c === '"') {
      double = !double;
      out += '_';
    } else if (double) out += '_';
    else if (c === "'" || (c === '$' && raw[i + 1] === "'")) {
      const start = c === '$' ? i + 2 : i + 1;
      const end = raw.indexOf("'", start);
      const stop = end < 0 ? raw.length - 1 : end;
      out += '_'.repeat(stop - i + 1);
      i = stop;
    } else if (c === '$' || c === '`') {
      const stop = expansionEnd(raw, i);
      out += '_'.repeat(stop - i);
      i = stop - 1;
    } else out += c;
  }
  return out;
}

/** Where the expansion or substitution starting at `i` (`$x`, `$#`, `${…}`, `$(…)`, `` `…` ``) ends (exclusive). */
function expansionEnd(raw: string, i: number): number {
  const open = raw[i] === '`' ? '`' : raw[i + 1];
  if (open === '`') {
    const end = raw.indexOf('`', i + 1);
    return end < 0 ? raw.length : end + 1;
  }
  if (open === '{' || open === '(') {
    const close = open === '{' ? '}' : ')';
    let depth = 0;
    for (let j = i + 1; j < raw.length; j++) {
      if (raw[j] === '\\') j++;
      else if (raw[j] === open) depth++;
      else if (raw[j] === close && --depth === 0) return j + 1;
    }
    return raw.length;
  }
  const name = /^[A-Za-z_]\w*/.exec(raw.slice(i + 1));
  if (name !== null) return i + 1 + name[0].length;
  return Math.min(raw.length, i + 2);
}

/** A pattern character bash reads too (`*`, `?`, a bracket expression), or one of EXTENDED_GLOB's (`#`, `^`, `(`, `<`). */
const OTHER_PATTERN = /[*?[#^(<]/;

/** The brace groups of `mask` with no comma and no `..` and something inside: BRACE_CCL's character sets. */
const CHARACTER_SET = /\{([^{},]+)\}/g;

/**
 * The glob (bash's pattern language, quotes kept) holding every name zsh may take the word as
 * written `raw` to when EXTENDED_GLOB or BRACE_CCL is set, or undefined when neither option
 * changes what it names. A character set holding `/` is not read here ({@link characterSetSlash}).
 * @internal
 */
export function zshPatternOf(raw: string): string | undefined {
  if (!/[#^~{]/.test(raw)) return undefined;
  const mask = patternMask(raw);
  if (!/[#^{]/.test(mask) && mask.indexOf('~', 1) < 0) return undefined;
  let text = raw;
  let m = mask;
  // `a~b`: `a` without what `b` matches (to the end of the word, `/` too), when `a~b` is a pattern at all.
  const tilde = m.indexOf('~', 1);
  if (tilde > 0 && OTHER_PATTERN.test(m.slice(1))) {
    text = text.slice(0, tilde);
    m = m.slice(0, tilde);
  }
  // BRACE_CCL: one character of the set (a `..` group is a sequence, read elsewhere).
  const sets: [number, number][] = [];
  for (const g of m.matchAll(CHARACTER_SET)) if (!g[1]!.includes('..')) sets.push([g.index, g.index + g[0].length]);
  for (const [start, end] of sets.reverse()) {
    text = `${text.slice(0, start)}?${text.slice(end)}`;
    m = `${m.slice(0, start)}?${m.slice(end)}`;
  }
  // EXTENDED_GLOB, name by name: `x#`/`x##` (x a character, `?` or `[…]`) is `*`; `^` to the name's end is `*`.
  let out = '';
  let at = 0;
  for (const part of m.split('/')) {
    const seg = text.slice(at, at + part.length);
    out += (out === '' && at === 0 ? '' : '/') + extendedName(seg, part, at === 0);
    at += part.length + 1;
  }
  return out === raw ? undefined : out;
}

/** One name of the word (`seg` as written, `mask` its pattern mask) with EXTENDED_GLOB's `#` and `^` read as the globs they may match. */
function extendedName(seg: string, mask: string, first: boolean): string {
  const caret = mask.indexOf('^');
  let text = caret >= 0 ? `${seg.slice(0, caret)}*` : seg;
  let m = caret >= 0 ? `${mask.slice(0, caret)}*` : mask;
  for (let i = m.indexOf('#', first ? 1 : 0); i >= 0; i = m.indexOf('#', i + 1)) {
    // What `#` repeats: the `[…]` or the character before it; at a name's start, the whole name may be anything.
    let from = i - 1;
    if (from >= 0 && m[from] === ']') {
      const open = m.lastIndexOf('[', from);
      if (open >= 0) from = open;
    }
    if (from < 0) return '*';
    const to = m[i + 1] === '#' ? i + 2 : i + 1;
    text = `${text.slice(0, from)}*${text.slice(to)}`;
    m = `${m.slice(0, from)}*${m.slice(to)}`;
    i = from;
  }
  return text;
}

/** Whether a BRACE_CCL character set in the word as written `raw` holds `/` (`{./}env` names `./env`, a path toolgate does not read). @internal */
export function characterSetSlash(raw: string): boolean {
  for (const g of patternMask(raw).matchAll(CHARACTER_SET)) if (!g[1]!.includes('..') && g[1]!.includes('/')) return true;
  return false;
}
