import { decodeWord } from './words.js';

/**
 * Bash brace expansion of one word: `a{b,c}d` → `abd`, `acd`; `{1..3}` → `1`, `2`, `3`;
 * `{a..c}`; nesting; a `{…}` without a top-level comma or a valid range stays as written.
 * Quotes are not taken into account: expanding a quoted brace only adds alternatives, which is the
 * safe direction for deny rules and critical paths. At most `max` alternatives (default 64); past
 * that, `undefined`.
 */
export function expandBraces(word: string, max = 64): string[] | undefined {
  const out = expand(word, max);
  return out !== undefined && out.length <= max ? out : undefined;
}

function expand(word: string, max: number): string[] | undefined {
  const open = findOpen(word, 0);
  if (open < 0) return [word];
  const close = findClose(word, open);
  if (close < 0) return [word];
  const pre = word.slice(0, open);
  const body = word.slice(open + 1, close);
  const post = word.slice(close + 1);
  const parts = splitTop(body);
  let alternatives: string[] | undefined;
  if (parts.length > 1) {
    alternatives = [];
    for (const p of parts) {
      const e = expand(p, max);
      if (e === undefined) return undefined;
      alternatives.push(...e);
      if (alternatives.length > max) return undefined;
    }
  } else {
    const seq = sequence(body, max);
    if (seq === 'tooMany') return undefined;
    alternatives = seq;
  }
  if (alternatives === undefined) {
    // Not an expansion: keep `{…}` literally and look for one further on.
    const rest = expand(post, max);
    return rest?.map((r) => `${pre}{${body}}${r}`);
  }
  const tails = expand(post, max);
  if (tails === undefined) return undefined;
  const result: string[] = [];
  for (const a of alternatives) {
    for (const t of tails) {
      result.push(pre + a + t);
      if (result.length > max) return undefined;
    }
  }
  return result;
}

function findOpen(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '{' && s[i - 1] !== '$') return i;
  }
  return -1;
}

function findClose(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function splitTop(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function sequence(body: string, max: number): string[] | 'tooMany' | undefined {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  const numeric = /^-?\d+$/.test(m[1]) && /^-?\d+$/.test(m[2]);
  if (!numeric && (/\d/.test(m[1]) || /\d/.test(m[2]))) return undefined;
  const a = numeric ? Number(m[1]) : m[1].charCodeAt(0);
  const b = numeric ? Number(m[2]) : m[2].charCodeAt(0);
  const count = Math.floor(Math.abs(b - a) / step) + 1;
  if (count > max) return 'tooMany';
  const dir = b >= a ? 1 : -1;
  const out: string[] = [];
  for (let k = 0, v = a; k < count; k++, v += dir * step) out.push(numeric ? String(v) : String.fromCharCode(v));
  return out;
}

/**
 * A command's words with each unquoted brace expansion spelled out, as bash and zsh do before the
 * command runs (`torsocks {r,}m -f x` runs `torsocks rm m -f x`: strace, replay 25 W1), each
 * alternative a word of its own and an empty one no word; `undefined` when no word has one.
 * Reading braces in a `sh` line too only adds words (dash keeps `{r,}m`): the safe direction for
 * what a word may name.
 */
export function spelledBraces(
  argv: readonly string[],
  literal: readonly boolean[],
  max = 64,
): { argv: string[]; literal: boolean[] } | undefined {
  let out: { argv: string[]; literal: boolean[] } | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const alts = literal[i] === false && word.includes('{') && decodeWord(word).brace ? expandBraces(word, max) : undefined;
    if (alts === undefined || alts.length < 2) {
      out?.argv.push(word);
      out?.literal.push(literal[i] !== false);
      continue;
    }
    out ??= { argv: argv.slice(0, i), literal: argv.slice(0, i).map((_, k) => literal[k] !== false) };
    for (const alt of alts) {
      if (alt === '') continue;
      const d = decodeWord(alt);
      out.argv.push(d.literal ? d.value : alt);
      out.literal.push(d.literal);
    }
  }
  return out;
}
