/**
 * The option syntax of every `openssl` command (OpenSSL 3.0 `apps/lib/opt.c`, `opt_next`): an
 * option is a word of one or two dashes and the option's whole name — `-engine` and `--engine` are
 * one option, names never combine or shorten — and a value it takes is either the rest of the word
 * after the first `=` (`-engine=E`, `--engine=E`) or the next word (`-engine E`, `--engine E`).
 * openssl stops reading options at `--` and at the first word that does not begin with `-`.
 *
 * Verified with OpenSSL 3.0.19 (Debian 12, #37, replay of red team 19 NEW-5): `openssl rand
 * -engine=./e.so 1`, `--engine ./e.so`, `--engine=./e.so`, `openssl req --config=./cfg -new` and
 * `openssl engine --pre SO_PATH:./e.so --pre LOAD dynamic` loaded the library as the one-dash,
 * two-word spelling does.
 */

/** One option as openssl reads it. @internal */
export interface OpensslOption {
  /** Its name, without dashes or value (`engine`). */
  readonly name: string;
  /** Its value, when it takes one and one is there. */
  readonly value?: string;
  /** argv index of the option's word. */
  readonly index: number;
  /** argv index of the value's word when the value is the next word. */
  readonly valueIndex?: number;
}

/** A word read as an option: its name and the value written after `=`; undefined for a word that is none (`x`, `--`). @internal */
export function opensslOptionWord(word: string): { readonly name: string; readonly value?: string } | undefined {
  if (!word.startsWith('-') || word === '--') return undefined;
  const body = word.startsWith('--') ? word.slice(2) : word.slice(1);
  const eq = body.indexOf('=');
  return eq < 0 ? { name: body } : { name: body.slice(0, eq), value: body.slice(eq + 1) };
}

/**
 * The options among `argv`'s words from `start` (after `openssl COMMAND`), each read as
 * {@link opensslOptionWord} reads it, with the next word as the value of one that `takesValue`
 * names and has none after `=`; and the words that are neither (operands).
 *
 * It reads every word, past `--` and the first operand too: a caller names only the options it
 * judges (`takesValue`), so a word it takes for an operand may be the value of an option it does
 * not know, and what follows it still options. An option word toolgate cannot place is read as an
 * option: at worst it judges an option openssl would not read.
 * @internal
 */
export function readOpensslOptions(
  argv: readonly string[],
  takesValue: (name: string) => boolean,
  start = 2,
): { readonly options: readonly OpensslOption[]; readonly operands: readonly number[] } {
  const options: OpensslOption[] = [];
  const operands: number[] = [];
  for (let k = start; k < argv.length; k++) {
    const read = opensslOptionWord(argv[k]!);
    if (read === undefined) {
      if (argv[k] !== '--') operands.push(k);
      continue;
    }
    if (read.value !== undefined || !takesValue(read.name) || k + 1 >= argv.length) options.push({ ...read, index: k });
    else {
      options.push({ name: read.name, value: argv[k + 1]!, index: k, valueIndex: k + 1 });
      k++;
    }
  }
  return { options, operands };
}
