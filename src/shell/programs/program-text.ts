/**
 * The program text a command names by a word (`-f FILE`, an operand), read as the program reads
 * it: a word `-` (and `/dev/stdin`) is its input, any other a file (`ProgramModel.programText`).
 */
import type { ParsedOption } from '../options/gnu-options.js';
import type { ProgramText } from './model.js';

/** The words a program reads as its input when they name a file of program text (`awk -f -`, `sed -f /dev/stdin`). */
const INPUT_NAMES = /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/** One word (or a value inside one) naming program text: the index, and the text when it is part of its word. */
export interface TextWord {
  readonly index: number;
  readonly value?: string;
}

/** The option's value as a {@link TextWord}: in the next word, or in the option's own (`-fx.awk`, `--file=x.awk`). */
export function optionTextWord(o: ParsedOption, argv: readonly string[]): TextWord | undefined {
  if (o.value === undefined) return undefined;
  return o.valueIndex !== undefined && o.valueIndex < argv.length ? { index: o.valueIndex } : { index: o.index, value: o.value };
}

/** The program text these words name: each a file, or the input when it is `-` or `/dev/stdin`; `input` adds the input. */
export function programTextFrom(argv: readonly string[], words: readonly (TextWord | undefined)[], input = false): ProgramText | undefined {
  const files: TextWord[] = [];
  let reads = input;
  for (const w of words) {
    if (w === undefined) continue;
    if (INPUT_NAMES.test(w.value ?? argv[w.index] ?? '')) reads = true;
    else files.push(w);
  }
  return files.length === 0 && !reads ? undefined : { files, ...(reads ? { input: true as const } : {}) };
}
