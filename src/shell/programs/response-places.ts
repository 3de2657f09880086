/**
 * Where a program reads a response file (`responsePlaces`): by default each argument word
 * `@FILE`, whose words take its place (libiberty's expandargv); a model says where else one may
 * stand (gcc's `-Wl,@FILE`: `compiler-driver.ts`).
 */
import type { ResponsePlace } from './model.js';

/** Word `k` of `argv` is `@FILE`: FILE's words take its place. */
export function wholeWordPlace(argv: readonly string[], k: number): ResponsePlace {
  return {
    index: k,
    file: argv[k]!.slice(1),
    splice: (words) => ({ argv: [...argv.slice(0, k), ...words, ...argv.slice(k + 1)], from: k, to: k + words.length }),
  };
}

/** Each argument word `@FILE`. */
export function argumentPlaces(argv: readonly string[]): ResponsePlace[] {
  const out: ResponsePlace[] = [];
  for (let k = 1; k < argv.length; k++) if (argv[k]!.startsWith('@')) out.push(wholeWordPlace(argv, k));
  return out;
}

/**
 * The words of a file of lines as ctags reads an option file (`argNewFromLineFile`): each line
 * (ended by `\n` or `\r`) with the blanks around it removed (C's isspace: no other space) is one
 * word; empty lines and lines beginning with `#` are skipped.
 */
export function lineWords(text: string): string[] {
  return text
    .split(/\r\n?|\n/)
    .map((l) => l.replace(/^[ \t\v\f]+/, '').replace(/[ \t\v\f]+$/, ''))
    .filter((l) => l !== '' && !l.startsWith('#'));
}
