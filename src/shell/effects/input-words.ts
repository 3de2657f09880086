/**
 * A word xargs or GNU parallel hands a program from its input may be any word the program reads
 * — an option or an `of=`-style operand as well as a file name (`echo of=.claude/x | xargs dd
 * if=/dev/null`, `echo -o.claude/x | xargs sort`, `echo -o.claude/x | xargs -I{} sort {}`).
 * Whether one such word can make the program write or remove something is read from the table
 * the registry keeps for the program's model (`programs/input-options.ts`); a program whose
 * words no grammar lists (dd's operands, git's subcommands) cannot be told, so its input words
 * fail closed, unless its read-only entry holds after xargs (`echo`, `wc`). The options that run
 * a program are opaque code, marked where the command is read (`commands/emit.ts`).
 */
import { inputOptionAt } from '../programs/input-options.js';
import { PROGRAMS } from '../programs/index.js';
import type { RunTimeInput } from '../types.js';

/**
 * Why a word from input may make program `name` write or remove something its words as written
 * do not: `sort's option -o…`, `dd's options or operands, which toolgate cannot list`; undefined
 * when no option it may be does (`xargs wc -l`, `xargs grep foo`, `xargs echo`, `xargs test -f`),
 * when no word from input can be an option (find's and fd's names, a literal `--` before it), or
 * when the program has no model. `argv` holds the command's words without what xargs appends.
 * @internal
 */
export function inputMayBeOption(
  name: string,
  argv: readonly string[],
  literal: readonly boolean[],
  input: Pick<RunTimeInput, 'appended' | 'placeholder' | 'via' | 'optionFree'>,
): string | undefined {
  if (PROGRAMS.get(name) === undefined || inputOptionAt(argv, literal, input, PROGRAMS.get(name)?.grammar) === undefined) return undefined;
  if (PROGRAMS.readOnly('claudeCode', name)?.afterXargs === true) return undefined;
  const table = PROGRAMS.inputOptions(name);
  if (table === undefined) return `${name}'s options or operands, which toolgate cannot list`;
  return table.writes.length > 0 ? `${name}'s option ${table.writes[0]!}` : undefined;
}
