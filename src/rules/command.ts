import { wildcardParts, matchParts } from './wildcard.js';

/** A compiled command/content pattern: one or two wildcard alternatives. */
interface CompiledCommandPattern {
  alternatives: string[][];
}

const cache = new Map<string, CompiledCommandPattern>();
const STAR = 42;
const BACKSLASH = 92;
/**
 * Compiled patterns kept: more than a large policy holds (`toolgate lint` of 100,000 rules tries
 * each against sample calls; a smaller bound was emptied and refilled on every call), still bounded.
 */
const CACHE_LIMIT = 65_536;

/** What {@link squeezeCommand} would change: a tab, two spaces, or whitespace at either end (what `trim` removes). */
const NEEDS_SQUEEZE = /\t| {2}|^\s|\s$/;
let lastIn = '';
let lastOut = '';

/**
 * A command text as command patterns see it: runs of spaces and tabs become one space, and the
 * ends are trimmed (`String.prototype.trim`). Idempotent. Most texts need no change and come back
 * as they are; the last answer is remembered, since one call's text meets many rules.
 */
export function squeezeCommand(s: string): string {
  if (s === lastIn) return lastOut;
  const out = NEEDS_SQUEEZE.test(s) ? s.replace(/[ \t]+/g, ' ').trim() : s;
  lastIn = s;
  lastOut = out;
  return out;
}

function compile(specifier: string): CompiledCommandPattern {
  let spec = squeezeCommand(specifier);
  let prefix: string | undefined;
  if (spec.endsWith(':*') && spec.length > 2) prefix = spec.slice(0, -2).trimEnd();
  else if (spec.endsWith(' *')) prefix = spec.slice(0, -2);
  if (prefix === undefined) return { alternatives: [wildcardParts(spec, true)] };
  spec = `${prefix} *`;
  // A trailing ` *` (or `:*`) also matches the bare prefix: `ls *` matches `ls`.
  return { alternatives: [wildcardParts(spec, true), wildcardParts(prefix, true)] };
}

function compiled(specifier: string): CompiledCommandPattern {
  let c = cache.get(specifier);
  if (c === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    c = compile(specifier);
    cache.set(specifier, c);
  }
  return c;
}

/**
 * Claude Code's command-pattern semantics (Claude Code docs, "Configure permissions › Bash") on
 * ONE simple command (already split from its compound command):
 *
 * - no `*`: the whole command must equal the pattern;
 * - `*` anywhere matches any run of characters, spaces and newlines included
 *   (`git * main` matches `git push origin main`);
 * - a trailing ` *` also matches the bare prefix, with a word boundary: `ls *` matches `ls` and
 *   `ls -la`, not `lsof` (`ls*` does); this holds whatever other `*` the pattern has
 *   (`ssh * uptime *` matches `ssh web1 uptime`);
 * - a trailing `:*` is the legacy spelling of ` *`; a `:` anywhere else is literal;
 * - `\*` is a literal `*` and `\\` a literal `\`.
 *
 * Whitespace: runs of spaces and tabs in both the pattern and the command count as one space, and
 * leading/trailing blanks are ignored, so `rm  -rf x` cannot slip past `Bash(rm -rf *)`.
 * (Claude Code compares literally; toolgate normalises so that double spaces are not a way around
 * deny rules.) Matching is case-sensitive. Compiled patterns are cached by specifier. Never throws.
 *
 * @param specifier - The rule's specifier, e.g. `npm run test *`.
 * @param command - One simple command's text.
 * @public
 */
export function matchBashPattern(specifier: string, command: string): boolean {
  if (typeof specifier !== 'string' || typeof command !== 'string') return false;
  return matchSqueezedCommand(specifier, squeezeCommand(command));
}

/**
 * {@link matchBashPattern} for a text already passed through {@link squeezeCommand} (callers
 * that try one text against many rules squeeze it once).
 */
export function matchSqueezedCommand(specifier: string, squeezed: string): boolean {
  if (typeof specifier !== 'string' || typeof squeezed !== 'string') return false;
  // A specifier opening with a plain character (not blank, `*` or `\`) keeps it as the first
  // character of every alternative, so a text opening otherwise cannot match: skip the lookup.
  const first = specifier.charCodeAt(0);
  if (first > 32 && first < 127 && first !== STAR && first !== BACKSLASH && squeezed.charCodeAt(0) !== first) return false;
  for (const parts of compiled(specifier).alternatives) if (matchParts(parts, squeezed)) return true;
  return false;
}

/**
 * The word every text a command pattern matches begins with — the text up to its first space,
 * or the whole text when it has none — or `undefined` when texts with different first words may
 * match (`*`, `ls*`, `$X *`). Read off the compiled alternatives {@link matchSqueezedCommand}
 * uses: an alternative whose first literal part holds a space fixes the first word, and so does
 * one with no `*` at all (the text must equal it). A text whose first word differs never matches.
 */
export function commandPatternFirstWord(specifier: string): string | undefined {
  if (typeof specifier !== 'string') return undefined;
  let key: string | undefined;
  for (const parts of compiled(specifier).alternatives) {
    const head = parts[0]!;
    const space = head.indexOf(' ');
    let word: string;
    if (space !== -1) word = head.slice(0, space);
    else if (parts.length === 1) word = head;
    else return undefined;
    if (key !== undefined && key !== word) return undefined;
    key = word;
  }
  return key;
}

/** The first word of a squeezed text, as {@link commandPatternFirstWord} reads it. */
export function firstWordOf(squeezed: string): string {
  const space = squeezed.indexOf(' ');
  return space === -1 ? squeezed : squeezed.slice(0, space);
}

/**
 * The first two words every text a command pattern matches begins with — the text up to its
 * second space, or the whole text when it has fewer — or `undefined` when texts that differ there
 * may match (`git *`, `git push*`). As {@link commandPatternFirstWord}: an alternative whose first
 * literal part holds two spaces fixes them, and so does one with no `*` at all.
 */
export function commandPatternFirstTwoWords(specifier: string): string | undefined {
  if (typeof specifier !== 'string') return undefined;
  let key: string | undefined;
  for (const parts of compiled(specifier).alternatives) {
    const head = parts[0]!;
    let words: string;
    if (parts.length === 1) words = firstTwoWordsOf(head);
    else {
      const first = head.indexOf(' ');
      const second = first === -1 ? -1 : head.indexOf(' ', first + 1);
      if (second === -1) return undefined;
      words = head.slice(0, second);
    }
    if (key !== undefined && key !== words) return undefined;
    key = words;
  }
  return key;
}

/** The first two words of a squeezed text, as {@link commandPatternFirstTwoWords} reads them. */
export function firstTwoWordsOf(squeezed: string): string {
  const first = squeezed.indexOf(' ');
  if (first === -1) return squeezed;
  const second = squeezed.indexOf(' ', first + 1);
  return second === -1 ? squeezed : squeezed.slice(0, second);
}
