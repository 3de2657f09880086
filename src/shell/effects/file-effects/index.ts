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
  const known = modelledOperands(name, argv, literal, variable, input);
  if (!known) return { files: assumedOperands(argv, literal, 1, new Set()), unresolved: [], modelled: false };
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
