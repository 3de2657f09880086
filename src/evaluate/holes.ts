import { braceAlternatives } from './glob-overlap.js';
import type { SimpleCommand } from '../shell/types.js';

/** A word of a command as a deny rule sees it: literal text, or a hole (a variable, a substitution, a glob). */
type Word = { literal: string } | { hole: true };

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
    const expanded = alts.map((a): Word => (/[$`*?[\]{}~]/.test(a) ? { hole: true } : { literal: a }));
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
    else if ('hole' in w) out = walk(i, j + 1) || walk(i + 1, j + 1) || walk(i + 1, j);
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
