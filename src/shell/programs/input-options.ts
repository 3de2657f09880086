/**
 * What a word a program gets from its input at run time may make it do when the word is one of its
 * options (`echo -o.claude/x | xargs sort`, `echo --pre=sh | xargs rg foo`): worked out once per
 * model from its own facets — each option of its grammar tried in place of an input word, and kept
 * when the model then says the program writes or removes a file, or runs a program, that the
 * words without it do not. The registry holds one table per model ({@link ProgramRegistry}), so a
 * call pays for none of it.
 */
import { shortArgument } from '../options/gnu-options.js';
import type { ProgramModel } from './model.js';
import type { RunTimeInput } from '../types.js';

/**
 * The options of a program that act on more than its operands, as a person reads them (`-o…`,
 * `--remove-files`): `undefined` for a model whose words no grammar lists.
 * @internal
 */
export interface InputOptionTable {
  /** Options that make it write or remove a file (`sort -o…`, `tar --remove-files`). */
  readonly writes: readonly string[];
  /** Options that make it run a program (`sort --compress-program=…`, `rg --pre=…`). */
  readonly runs: readonly string[];
  /**
   * Options that make it read what its words as written do not: a file the option names (`wc
   * --files0-from=…`, `hexdump --format-file=…`), a directory's files (`grep -r`), or names it
   * finds in a file (`file -f …`).
   */
  readonly reads: readonly string[];
}

/** A word from input while the table is made (no file name or option holds a NUL). */
const INPUT = '\u0000input';

/** The words of the grammar one input word may be: an option taking a value holds the input itself. */
function optionWords(model: ProgramModel): { word: string; said: string }[] {
  const grammar = model.grammar!;
  const out: { word: string; said: string }[] = [];
  const optstring = grammar.short ?? '';
  for (const letter of new Set(optstring.replace(/^[+-]/, '').replace(/:/g, ''))) {
    const takes = shortArgument(optstring, letter) ?? 'none';
    out.push(takes === 'none' ? { word: `-${letter}`, said: `-${letter}` } : { word: `-${letter}${INPUT}`, said: `-${letter}…` });
  }
  for (const [long, entry] of Object.entries(grammar.long ?? {})) {
    const takes = typeof entry === 'string' ? entry : entry.argument;
    out.push(takes === 'none' ? { word: `--${long}`, said: `--${long}` } : { word: `--${long}=${INPUT}`, said: `--${long}=…` });
  }
  return out;
}

/**
 * The command lines an option is tried in: the program alone, and each of its examples written in
 * plain words (`tar -cf x.tar src`), since what some options do depends on the others (tar's
 * `--remove-files` removes only when it writes an archive).
 */
function contexts(model: ProgramModel): string[][] {
  const out: string[][] = [[model.names[0]!]];
  for (const e of model.examples) {
    if (!/^[\w./=:,+@%^ -]+$/.test(e.command)) continue;
    const words = e.command.split(/ +/).filter((w) => w !== '');
    if (words.length > 1 && model.names.includes(words[0]!)) out.push(words);
  }
  return out;
}

/** The table of one model (see {@link InputOptionTable}); `undefined` when it has no grammar. @internal */
export function inputOptionTable(model: ProgramModel): InputOptionTable | undefined {
  if (model.grammar === undefined) return undefined;
  const writes = new Set<string>();
  const runs = new Set<string>();
  const reads = new Set<string>();
  const name = model.names[0]!;
  const options = optionWords(model);
  for (const context of contexts(model)) {
    const base = [...context, INPUT, INPUT];
    const literal = base.map(() => true);
    const files = model.files?.(name, base, literal);
    const ran = new Set((model.unwrap?.(base, literal)?.inner ?? []).map((u) => JSON.stringify(u)));
    for (const option of options) {
      if (writes.has(option.said) && runs.has(option.said)) continue;
      const other = base.slice();
      other[context.length] = option.word;
      const more = model.files?.(name, other, literal);
      const same = (a: { op: string; index: number; value?: string }) =>
        (files?.files ?? []).some((b) => b.op === a.op && b.index === a.index && b.value === a.value);
      // A read is new when it reaches further too (`grep -r INPUT` reads a folder's files).
      const sameRead = (a: { op: string; index: number; value?: string; tree?: string }) =>
        (files?.files ?? []).some((b) => b.op === a.op && b.index === a.index && b.value === a.value && b.tree === a.tree);
      if (
        (more?.files ?? []).some((f) => f.op !== 'read' && !same(f)) ||
        (more?.unseen ?? []).some((u) => !(files?.unseen ?? []).some((b) => b.op === u.op && b.why === u.why))
      )
        writes.add(option.said);
      if ((model.unwrap?.(other, literal)?.inner ?? []).some((u) => !ran.has(JSON.stringify(u)))) runs.add(option.said);
      // The operand the option word took the place of is no read of the option's (`grep -r INPUT` reads the other one).
      const moved = (f: { index: number }) => f.index === context.length;
      if (
        (more?.files ?? []).some((f) => f.op === 'read' && !sameRead(f) && (!moved(f) || f.value !== undefined || f.tree !== undefined)) ||
        (more?.unresolved ?? []).some((u) => !(files?.unresolved ?? []).includes(u))
      )
        reads.add(option.said);
    }
  }
  return { writes: [...writes], runs: [...runs], reads: [...reads] };
}

/**
 * Whether `word` is an option whose NAME holds the placeholder (`-{}`, `--{}`, `-c{}` for tar,
 * `-r{}` for zip: input fills in which option or cluster it is), not only its value (`-o{}` for
 * sort, `--output={}`, whose value-from-input the models judge as a name). A short cluster is
 * read letter by letter with the program's grammar: a letter that takes a value before the
 * placeholder makes the rest its value; with no grammar, any letters may.
 */
function namesOption(word: string, placeholder: string, grammar: ProgramModel['grammar'] | undefined): boolean {
  return optionNameAt(word, word.indexOf(placeholder), grammar);
}

/**
 * Whether what stands at index `at` of option-looking `word` is part of the option's NAME (see
 * {@link namesOption}): an input placeholder or an expansion (`-$(echo o)`, `tar -c$x`, `--$x`).
 * @internal
 */
export function optionNameAt(word: string, at: number, grammar: ProgramModel['grammar'] | undefined): boolean {
  if (!word.startsWith('-') || at <= 0) return false;
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    return eq < 0 || at < eq;
  }
  const optstring = grammar?.short;
  if (optstring === undefined) return true;
  for (const letter of word.slice(1, at)) {
    const takes = shortArgument(optstring, letter);
    if (takes !== undefined && takes !== 'none') return false;
  }
  return true;
}

/**
 * The index of the first word of `argv` a program gets from its input that may be one of its
 * options: what xargs appends (at `argv.length` when `appended`), a word that begins with the
 * placeholder (`xargs -I{} sort {}`, parallel's `{}`), or an option whose name holds it
 * (`find .claude -{}`, `tar -c{}`: {@link namesOption}); none when the words are paths that never
 * begin with `-` (find's, fd's) or a literal `--` before the word makes it an operand.
 * @internal
 */
export function inputOptionAt(
  argv: readonly string[],
  literal: readonly boolean[],
  input: Pick<RunTimeInput, 'appended' | 'placeholder' | 'via' | 'optionFree'>,
  grammar?: ProgramModel['grammar'],
): number | undefined {
  if (input.optionFree === true || input.via === 'find -exec') return undefined;
  let at: number | undefined = input.appended ? argv.length : undefined;
  if (input.placeholder !== undefined) {
    const k = argv.findIndex((w, j) => j > 0 && (w.startsWith(input.placeholder!) || namesOption(w, input.placeholder!, grammar)));
    if (k > 0 && (at === undefined || k < at)) at = k;
  }
  if (at === undefined) return undefined;
  const ended = argv.slice(1, at).some((w, k) => w === '--' && literal[k + 1] === true);
  return ended ? undefined : at;
}
