/**
 * Searchers that always walk a directory — ag, ack (grep and ripgrep have their models in `programs/`). A directory they walk stands for every file inside it.
 * GNU grep 3 manual; ripgrep(1); ag(1); ack(1).
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../../options/file-operands.js';

/** `ag`/`ack [opts] PATTERN [PATH…]`: recursive by default, from the cwd. */
export function agAckOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'ABCGgmpt',
    longArg: ['file-search-regex', 'max-count', 'path-to-ignore', 'ignore', 'ignore-dir', 'depth', 'pager', 'type', 'output', 'match', 'ackrc'],
  });
  for (const o of options) if (is(o, '-p', '--path-to-ignore', '--ackrc')) pushOpt(files, optionFile(o, 'read', argv));
  const listOnly = has(options, '-f', '-g', '--version', '--help');
  const paths = listOnly ? ops : ops.slice(1);
  files.push(...all(paths, 'read', { tree: 'all' }));
  if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', tree: 'all' });
  return { files, unresolved: has(options, '--pager') ? ['--pager runs a program'] : [], notFiles: listOnly ? [] : ops.slice(0, 1) };
}
