/**
 * Which words of a command are files it reads, writes or removes, per program. Programs toolgate
 * models have precise effects; for any other program every word that can name a path is
 * assumed read and written (see `unmodelled.ts`).
 */
import { PROGRAMS } from '../../programs/index.js';
import { interpreterOf, interpreterOperands } from '../../programs/interpreters.js';
import { assumedOperands, unclaimedOptionValues } from './unmodelled.js';
import { NO_FILE_WORDS } from '../../programs/no-file-words.js';
import type { FileOperand, FileOperands } from '../../options/file-operands.js';
import type { WrittenInput } from '../../programs/model.js';

export type { FileOperand, FileOperands } from '../../options/file-operands.js';
export { looksLikePath, looksLikeDirectory } from './unmodelled.js';
export { NO_FILE_WORDS } from '../../programs/no-file-words.js';
export { sedFileEffects as sedScriptEffects } from '../../programs/sed/index.js';

/** The modelled effects of a program, or `undefined` when toolgate does not model it. */
function modelledOperands(
  name: string,
  argv: readonly string[],
  literal: readonly boolean[],
  variable: ((name: string) => string | null | undefined) | undefined,
  input: WrittenInput | undefined,
): FileOperands | undefined {
  const modelled = PROGRAMS.files(name, argv, literal, variable, input);
  if (modelled !== undefined) return modelled;
  const family = interpreterOf(name);
  if (family !== undefined) return interpreterOperands(family, argv);
  if (NO_FILE_WORDS.has(name)) return { files: [], unresolved: [] };
  return undefined;
}

/**
 * With the files of the words the program hands another (`handsWords`: rustc's `-C link-arg=ARG`
 * is a word of cc, the C compiler driver it links with), as that program's model reads them (cc's
 * `-oFILE`, `-Wl,-Map,FILE`, `@FILE`), each at the word of the command it came from — which is
 * then no word of its own (`link-arg=-o.claude/settings.json` names no file `./link-arg=…`).
 */
function withHandedWords(name: string, argv: readonly string[], literal: readonly boolean[], known: FileOperands): FileOperands {
  const handed = PROGRAMS.get(name)?.handsWords?.(argv, literal);
  if (handed === undefined || handed.words.length === 0) return known;
  const words = [handed.program, ...handed.words.map((w) => w.word)];
  const inner = fileOperands(handed.program, words, [true, ...handed.words.map((w) => w.literal)]);
  const files = known.files.slice();
  for (const f of inner.files) {
    const { intoDir: _into, ...rest } = f;
    files.push({ ...rest, index: handed.words[f.index - 1]!.index, value: f.value ?? words[f.index]! });
  }
  const notFiles = [...(known.notFiles ?? []), ...handed.words.map((w) => w.index)];
  const out: FileOperands = { ...known, files, notFiles, unresolved: [...known.unresolved, ...inner.unresolved] };
  const unseen = [...(known.unseen ?? []), ...(inner.unseen ?? [])];
  if (unseen.length > 0) out.unseen = unseen;
  return out;
}

/**
 * The files `argv` touches. A program toolgate models gets its precise effects (plus any
 * `--name=PATH` option value its model did not take up, assumed read); any other program, and
 * the words a partial model leaves over, get assumed effects: every word that can name a path is
 * read and written. Never returns "touches nothing" for a program it does not know.
 * @param name - the folded program name (basename of argv[0], lower-cased where that matters).
 * @param literal - per word, whether it is literal.
 * @param variable - what the environment the command runs in holds: a value, `null` when known
 *   unset, `undefined` when it may be set (absent: nothing is known).
 * @param input - the text the line writes on the command's input (absent: not known).
 */
export function fileOperands(
  name: string,
  argv: readonly string[],
  literal: readonly boolean[] = argv.map(() => true),
  variable?: (name: string) => string | null | undefined,
  input?: WrittenInput,
): FileOperands & { modelled: boolean | 'partly' } {
  const found = modelledOperands(name, argv, literal, variable, input);
  if (!found) return { files: assumedOperands(argv, literal, 1, new Set()), unresolved: [], modelled: false };
  const known = withHandedWords(name, argv, literal, found);
  const claimed = new Set<number>([0]);
  for (const f of known.files) {
    claimed.add(f.index);
    if (f.intoDir !== undefined) claimed.add(f.intoDir);
  }
  for (const k of known.notFiles ?? []) claimed.add(k);
  for (const k of known.chdir ?? []) claimed.add(k);
  const modelled = known.modelled ?? true;
  const extra: FileOperand[] =
    modelled === 'partly' ? assumedOperands(argv, literal, 1, claimed) : unclaimedOptionValues(argv, literal, claimed);
  // Built field by field: a spread of the many shapes the models return is slow in V8.
  const out: FileOperands & { modelled: boolean | 'partly' } = {
    files: extra.length === 0 ? known.files.slice() : known.files.concat(extra),
    unresolved: known.unresolved,
    modelled,
  };
  if (known.chdir !== undefined) out.chdir = known.chdir;
  if (known.notFiles !== undefined) out.notFiles = known.notFiles;
  if (known.unseen !== undefined && known.unseen.length > 0) out.unseen = known.unseen;
  return out;
}
