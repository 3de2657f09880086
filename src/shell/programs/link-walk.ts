/**
 * Listers that walk a tree and follow the symbolic links they meet (`ls -LR`, `du -L`, `tree -l`,
 * `find -L`): the names they print come from wherever those links lead. Their reads of the
 * directories they walk say so (`PathEffect.walksLinks`), so a link inside that leads out of the
 * working directories is a read out of them; with no operand they walk the working directory.
 */
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperand, FileOperands } from '../options/file-operands.js';

/** `result` with its reads marked as walking links when the command has, by `grammar`, every option group of `needs` (each group: any of its names). */
export function walkingLinksWhen(
  result: FileOperands,
  argv: readonly string[],
  grammar: GnuOptionSpec,
  needs: readonly (readonly string[])[],
): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  // A command the program refuses walks nothing; its words are judged as they are.
  if (!parse.ok || !needs.every((group) => parse.options.some((o) => group.includes(o.name)))) return result;
  return walking(result);
}

/** `result` with its reads marked as walking links; with no read, the working directory is walked. */
export function walking(result: FileOperands): FileOperands {
  const files: FileOperand[] = result.files.map((f) => (f.op === 'read' && f.walksLinks === undefined ? { ...f, walksLinks: true } : f));
  if (!files.some((f) => f.op === 'read' && f.walksLinks === true)) files.push({ op: 'read', index: 0, value: '.', walksLinks: true });
  return { ...result, files };
}
