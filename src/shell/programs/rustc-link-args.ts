/**
 * The words rustc hands the linker: it links by running the C compiler driver (`cc`, which runs
 * ld) with its own words and then the `-C link-arg=ARG` and `-C link-args=ARGS` values, so a value
 * is a word of cc's command line — `-oFILE` is its output (the last `-o` wins), `-Wl,-Map,FILE`
 * and `@FILE` are as on cc's command line (`compilers.ts`, `compiler-driver.ts`). Verified with
 * rustc 1.95 (stable, linking through cc and rust-lld; #37, replay of red team 19 NEW-9):
 * `rustc -C link-arg=-o.claude/settings.json x.rs`, `-Clink-arg=…`, `--codegen link-arg=…`,
 * `--codegen=link-arg=…`, `-C link-args='-o .claude/settings.json'`, `-C link_arg=…`, and
 * `-C link-arg=@r`, `-C link-arg=-Wl,@r` with `-o .claude/settings.json` in r replaced
 * .claude/settings.json with the program; a later `-C link-arg` comes after an earlier one.
 */
import { driverRuns } from './compiler-driver.js';
import type { HandedWords } from './model.js';
import type { Unwrapped } from './wrapper-types.js';

/** rustc's codegen option names read `_` as `-` (`-C link_arg=…` is `-C link-arg=…`). */
const LINK_ARG = /^link[-_]arg(s?)=/s;

/**
 * The words rustc hands cc, in order, each with the word it came from: `link-arg=ARG` is one
 * word, `link-args=ARGS` the words of ARGS split at white space (rustc's `split_whitespace`).
 */
export function rustcLinkWords(argv: readonly string[], literal: readonly boolean[]): HandedWords['words'] {
  const out: { word: string; index: number; literal: boolean }[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    let index = k;
    let value: string | undefined;
    if (w === '-C' || w === '--codegen') value = argv[(index = ++k)];
    else if (w.startsWith('--codegen=')) value = w.slice('--codegen='.length);
    else if (w.startsWith('-C')) value = w.slice(2);
    const m = value === undefined ? null : LINK_ARG.exec(value);
    if (m === null) continue;
    const text = value!.slice(m[0].length);
    const lit = literal[index] !== false;
    for (const word of m[1] === 's' ? text.split(/\s+/).filter((x) => x !== '') : [text]) out.push({ word, index, literal: lit });
  }
  return out;
}

/** The words rustc hands the C compiler driver it links with (`handsWords`). */
export function rustcHands(argv: readonly string[], literal: readonly boolean[]): HandedWords | undefined {
  const words = rustcLinkWords(argv, literal);
  return words.length > 0 ? { program: 'cc', words } : undefined;
}

/** What those words make cc run besides its helpers (`-B DIR`, `-wrapper`, a linker plugin: `driverRuns`). */
export function rustcLinkRuns(argv: readonly string[], literal: readonly boolean[]): Unwrapped[] {
  const words = rustcLinkWords(argv, literal);
  if (words.length === 0) return [];
  return driverRuns('cc', ['cc', ...words.map((w) => w.word)]).map((u) =>
    u.kind === 'opaque' ? { kind: 'opaque' as const, reason: `rustc links through cc with its -C link-arg words: ${u.reason}` } : u,
  );
}
