import { braceAlternatives } from './glob-overlap.js';
import type { SimpleCommand } from '../shell/types.js';

/**
 * A word of a command as a deny rule sees it: literal text, or a hole (a variable, a substitution,
 * a glob). A glob's hole may carry the literal `prefix` every word it expands to starts with
 * (`tmp/` for `tmp/*.tmp`, case aside).
 */
type Word = { literal: string } | { hole: true; prefix?: string };

/**
 * The literal text every word a glob expands to starts with, in bash and zsh under every option
 * a user's rc may set (`nullglob` drops the word, `nocaseglob` and zsh's `NO_CASE_GLOB` change its
 * case, so the prefix is compared ignoring case), or `undefined`. Only for a word that is a glob
 * and nothing else — no variable or substitution (word splitting may start a word anywhere), no
 * quote, escape, space or tilde — and only the run of plain characters before its first special one.
 */
export function globPrefix(word: string): string | undefined {
  if (!/[*?[]/.test(word) || /[$`'"\\\s~{}()!@+^#=<>|&;]/.test(word)) return undefined;
  const prefix = /^[A-Za-z0-9_./,:%-]*/.exec(word)?.[0] ?? '';
  return prefix === '' ? undefined : prefix;
}

function holeOf(word: string): Word {
  const prefix = globPrefix(word);
  return prefix === undefined ? { hole: true } : { hole: true, prefix };
}

/** Could a word that starts with `prefix` (case aside) match the pattern token `t`? */
function mayStartAs(t: string, prefix: string | undefined): boolean {
  if (prefix === undefined) return true;
  const star = t.indexOf('*');
  const head = (star < 0 ? t : t.slice(0, star)).toLowerCase();
  const p = prefix.toLowerCase();
  return head.startsWith(p) || (star >= 0 && p.startsWith(head));
}

const MAX_VARIANTS = 64;

/**
 * The command's words with brace expansions spelled out (`git {push,} origin` gives
 * `git push origin` and `git origin`); a word that stays non-literal is a hole. At most 64
 * variants; beyond that the rest are holes.
 */
export function wordVariants(cmd: SimpleCommand): Word[][] {
  let variants: Word[][] = [[]];
  cmd.argv.forEach((word, i) => {
    if (cmd.literal[i] !== false) {
      for (const v of variants) v.push({ literal: word });
      return;
    }
    const alts = word.includes('{') ? braceAlternatives(word) : [word];
    const expanded = alts.map((a): Word => (/[$`*?[\]{}~]/.test(a) ? holeOf(a) : { literal: a }));
    if (variants.length * expanded.length > MAX_VARIANTS) {
      for (const v of variants) v.push({ hole: true });
      return;
    }
    variants = variants.flatMap((v) => expanded.map((w) => [...v, w]));
  });
  return variants;
}

/** Claude Code's `*` inside one pattern token: any run of characters. */
function tokenMatches(token: string, word: string): boolean {
  if (!token.includes('*')) return token === word;
  const parts = token.split('*');
  let pos = 0;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k] ?? '';
    if (k === 0) {
      if (!word.startsWith(part)) return false;
      pos = part.length;
    } else if (k === parts.length - 1) {
      return word.length - part.length >= pos && word.endsWith(part);
    } else {
      const at = word.indexOf(part, pos);
      if (at < 0) return false;
      pos = at + part.length;
    }
  }
  return true;
}

/**
 * Could a command pattern (`git push *`) match the command for some value of its holes? A hole
 * may stand for no word, one word or several (an unquoted `$P` can expand to `push origin`).
 * Word-level and conservative: a `*` inside a token matches within that word only.
 */
export function mayMatchWithHoles(spec: string, words: Word[]): boolean {
  const tokens = spec.replace(/:\*$/, ' *').trim().split(/\s+/).filter(Boolean);
  const memo = new Map<number, boolean>();
  const walk = (i: number, j: number): boolean => {
    const key = i * 4096 + j;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    let out: boolean;
    const t = tokens[i];
    const w = words[j];
    if (t === undefined) out = j === words.length || words.slice(j).every((x) => 'hole' in x);
    else if (t === '*') out = walk(i + 1, j) || (w !== undefined && walk(i, j + 1));
    else if (w === undefined) out = false;
    // A hole may stand for no word, or for this token and maybe more (each one a word it starts).
    else if ('hole' in w) out = walk(i, j + 1) || (mayStartAs(t, w.prefix) && (walk(i + 1, j + 1) || walk(i + 1, j)));
    else out = tokenMatches(t, w.literal) && walk(i + 1, j + 1);
    memo.set(key, out);
    return out;
  };
  return walk(0, 0);
}

/** Does the command have any word that is not literal? */
export function hasHoles(cmd: SimpleCommand): boolean {
  return cmd.literal.some((l) => l === false);
}

/** The literal text of a variant with no holes, or `undefined`. */
export function literalText(words: Word[]): string | undefined {
  const out: string[] = [];
  for (const w of words) {
    if ('hole' in w) return undefined;
    out.push(w.literal);
  }
  return out.join(' ');
}
