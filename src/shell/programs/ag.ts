/**
 * Searchers that always walk a directory: ag, ack (grep and ripgrep have models of their own). A directory they walk stands for every file inside it.
 * GNU grep 3 manual; ripgrep(1); ag(1); ack(1).
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** `ag`/`ack [opts] PATTERN [PATH…]`: recursive by default, from the cwd. */
function agAckOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'ABCGgmpt',
    longArg: [
      'file-search-regex',
      'max-count',
      'path-to-ignore',
      'ignore',
      'ignore-dir',
      'depth',
      'pager',
      'type',
      'output',
      'match',
      'ackrc',
    ],
  });
  for (const o of options) if (is(o, '-p', '--path-to-ignore', '--ackrc')) pushOpt(files, optionFile(o, 'read', argv));
  const listOnly = has(options, '-f', '-g', '--version', '--help');
  const paths = listOnly ? ops : ops.slice(1);
  files.push(...all(paths, 'read', { tree: 'all' }));
  if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', tree: 'all' });
  return { files, unresolved: has(options, '--pager') ? ['--pager runs a program'] : [], notFiles: listOnly ? [] : ops.slice(0, 1) };
}

/** The ag model (the silver searcher). @internal */
export const ag = defineProgram({
  names: ['ag'],
  summary: 'ag: search files for a pattern, recursively',
  sources: ['The Silver Searcher 2.2 ag(1)'],
  files: (_name, argv) => agAckOperands(argv),
  runs: 'unseen',
  skips: 'ag skips hidden and ignored files unless its options, configuration or ignore files say otherwise, which toolgate cannot see',
  examples: [
    { command: 'ag TODO src', effects: ['read ./src [all]'], readOnly: false },
    { command: 'ag TODO', effects: ['read . [all]'], why: 'without a path it searches the working directory' },
  ],
});

/** The ack model (also `ack-grep`). @internal */
export const ack = defineProgram({
  names: ['ack', 'ack-grep'],
  summary: 'ack: search files for a pattern, recursively',
  sources: ['ack 3 ack(1)'],
  files: (_name, argv) => agAckOperands(argv),
  runs: 'unseen',
  examples: [{ command: 'ack -f src', effects: ['read ./src [all]'], readOnly: false, why: '-f lists files: every operand is a path' }],
});
