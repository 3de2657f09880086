/**
 * The words a command runs with after brace expansion, as far as they can be known without
 * running it: literal words, brace alternatives spelled out (empty ones vanish, as in bash),
 * and glob words kept as patterns. Variables, substitutions and `~user` make the words unknown;
 * `~` and `~/…` are the home directory's paths.
 */
import { expandBraces } from '../syntax/brace.js';
import type { SimpleCommand } from '../types.js';
import { decodeWord } from '../syntax/words.js';

/** One word after brace expansion. @internal */
export interface ExpandedWord {
  /** The word (unquoted when literal; a glob pattern as written otherwise). */
  readonly text: string;
  /** Index of the argv word it came from. */
  readonly from: number;
  /** An unquoted glob: stands for any number of names. */
  readonly glob: boolean;
  /** Came out of a brace expansion. */
  readonly brace: boolean;
  /** A glob that may expand to a name beginning with `-` (`*`, `?x`, `[-a]…`). */
  readonly mayBeOption: boolean;
}

/** Expanded words, or why they cannot be known. @internal */
export type ExpandedWords = { ok: true; words: ExpandedWord[] } | { ok: false; reason: string; index: number };

/** Most alternatives one command's brace words may spell out. */
const MAX_ALTERNATIVES = 64;

/** Can a glob pattern match a name that begins with `-`? (Quotes and escapes removed, its first character is `-` or a wildcard.) */
function globMayStartWithDash(text: string): boolean {
  return /^[-*?[]/.test(text.replace(/["'\\]/g, ''));
}

/**
 * The words of `cmd` from `start` on, brace expansion spelled out. `tildeIsText`: a `~` word
 * only prints a home path (echo), so it is taken as text.
 */
export function expandedWords(cmd: SimpleCommand, start = 1, tildeIsText = false): ExpandedWords {
  const words: ExpandedWord[] = [];
  let total = 0;
  for (let i = start; i < cmd.argv.length; i++) {
    const value = cmd.argv[i]!;
    if (cmd.literal[i]) {
      words.push({ text: value, from: i, glob: false, brace: false, mayBeOption: false });
      continue;
    }
    const d = decodeWord(value);
    // `~` and `~/…` name the home directory, `~-` and `~-/…` the previous one, which the path
    // effects resolve (or know unknown): a path like any other. `~user`, `~+` and zsh's named
    // directories stay unknown.
    if (d.tilde && /^~-?(\/|$)/.test(value) && !d.expansion && d.substitutions === 0 && !d.error && !d.zshEquals && !d.glob && !d.brace) {
      words.push({ text: d.value, from: i, glob: false, brace: false, mayBeOption: false });
      continue;
    }
    // A word that is one `<(…)` and nothing else (no substitution inside it either) is the name of
    // the pipe its list prints into, `/dev/fd/63` in bash: a path, never an option. The list's
    // commands are commands of the line, judged on their own.
    if (d.substitutions === 1 && value.startsWith('<(') && value.endsWith(')') && !d.error) {
      words.push({ text: '/dev/fd/63', from: i, glob: false, brace: false, mayBeOption: false });
      continue;
    }
    if (d.expansion || d.substitutions > 0 || (d.tilde && !tildeIsText) || d.error || d.zshEquals) {
      return { ok: false, reason: `uses a variable, substitution or ~ (${value})`, index: i };
    }
    if (d.tilde && !d.glob && !d.brace) {
      words.push({ text: value, from: i, glob: false, brace: false, mayBeOption: false });
      continue;
    }
    const alternatives = d.brace ? expandBraces(value, MAX_ALTERNATIVES) : [value];
    if (alternatives === undefined) return { ok: false, reason: `brace expansion ${value} spells out too many words`, index: i };
    total += alternatives.length;
    if (total > MAX_ALTERNATIVES) return { ok: false, reason: `brace expansions spell out more than ${MAX_ALTERNATIVES} words`, index: i };
    for (const alt of alternatives) {
      const a = decodeWord(alt);
      if (a.expansion || a.substitutions > 0 || a.tilde || a.error || a.zshEquals || a.brace) {
        return { ok: false, reason: `brace expansion ${value} gives a word that is not literal (${alt})`, index: i };
      }
      if (a.literal) {
        // An unquoted empty alternative vanishes (`{-o,}` is `-o`); a quoted one stays.
        if (a.value === '' && alt === '') continue;
        words.push({ text: a.value, from: i, glob: false, brace: d.brace, mayBeOption: false });
      } else {
        words.push({ text: alt, from: i, glob: true, brace: d.brace, mayBeOption: globMayStartWithDash(alt) });
      }
    }
  }
  return { ok: true, words };
}
