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
