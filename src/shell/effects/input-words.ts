/**
 * A word xargs or GNU parallel appends from its input may be any word the program reads — an
 * option or an `of=`-style operand as well as a file name (`echo of=.claude/x | xargs dd
 * if=/dev/null`, `echo -o.claude/x | xargs sort`). Whether one such word can make the program
 * write or remove something is asked of the program's own model, one reading per option of its
 * grammar; a program whose words no grammar lists (dd's operands, git's subcommands) cannot be
 * told, so its input words fail closed, unless it takes every word as data (its read-only entry
 * holds after xargs: `echo`) or a literal `--` before them makes them operands.
 */
import { shortArgument, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import { PROGRAMS } from '../programs/index.js';

/** How a model reads a command's words (the file-effects facet). */
type Files = (argv: readonly string[], literal: readonly boolean[]) => FileOperands;

/**
 * The words of `grammar` one input word may be, each with how a person reads it: an option
 * taking a value carries the input word itself as its value (`-o<input>`, `--output=<input>`).
 */
function optionWords(grammar: GnuOptionSpec, input: string): { word: string; said: string }[] {
  const out: { word: string; said: string }[] = [];
  const optstring = grammar.short ?? '';
  for (const letter of new Set(optstring.replace(/^[+-]/, '').replace(/:/g, ''))) {
    const takes = shortArgument(optstring, letter) ?? 'none';
    out.push(takes === 'none' ? { word: `-${letter}`, said: `-${letter}` } : { word: `-${letter}${input}`, said: `-${letter}…` });
  }
  for (const [long, entry] of Object.entries(grammar.long ?? {})) {
    const takes = typeof entry === 'string' ? entry : entry.argument;
    out.push(takes === 'none' ? { word: `--${long}`, said: `--${long}` } : { word: `--${long}=${input}`, said: `--${long}=…` });
  }
  return out;
}

/**
 * Why a word from input (at `first`, the first word appended) may make program `name` write or
 * remove something its words as written do not: `sort's option -o…`, `dd's options or operands`;
 * undefined when no option or operand it may be does (`xargs wc -l`, `xargs grep foo`,
 * `xargs echo`), or when a literal `--` before it makes it an operand.
 * @internal
 */
export function inputMayBeOption(
  name: string,
  argv: readonly string[],
  literal: readonly boolean[],
  first: number,
  files: Files,
): string | undefined {
  const model = PROGRAMS.get(name);
  if (model === undefined || first >= argv.length) return undefined;
  if (PROGRAMS.readOnly('claudeCode', name)?.afterXargs === true) return undefined;
  const grammar = model.grammar;
  if (grammar === undefined) {
    const ended = argv.slice(1, first).some((w, k) => w === '--' && literal[k + 1] === true);
    return ended ? undefined : `${name}'s options or operands, which toolgate cannot list`;
  }
  const base = files(argv, literal);
  const same = (a: { op: string; index: number; value?: string }) =>
    base.files.some((b) => b.op === a.op && b.index === a.index && b.value === a.value);
  for (const option of optionWords(grammar, argv[first]!)) {
    const other = argv.slice();
    other[first] = option.word;
    const more = files(other, literal);
    const writes = more.files.some((f) => f.op !== 'read' && !same(f));
    const unseen = (more.unseen ?? []).some((u) => !(base.unseen ?? []).some((b) => b.op === u.op && b.why === u.why));
    if (writes || unseen) return `${name}'s option ${option.said}`;
  }
  return undefined;
}
