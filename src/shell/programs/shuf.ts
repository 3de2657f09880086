/**
 * `shuf`: prints its input lines (or `-e` words, `-i` a range) in random order; `-o` writes them
 * to a file.
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** `shuf [-o OUT] [--random-source F] [FILE]` (`-e` and `-i` take words, not files). */
function shufOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'ino',
    longArg: ['input-range', 'head-count', 'output', 'random-source'],
    longFlags: ['echo', 'repeat', 'zero-terminated', 'help', 'version'],
  });
  for (const o of options) {
    if (is(o, '-o', '--output')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--random-source')) pushOpt(files, optionFile(o, 'read', argv));
  }
  const echo = has(options, '-e', '--echo');
  if (!echo) files.push(...all(ops, 'read'));
  return { files, unresolved: [], ...(echo ? { notFiles: ops } : {}) };
}

/** The shuf model. @internal */
export const shuf = defineProgram({
  names: ['shuf'],
  summary: 'shuf: print lines in random order',
  sources: [coreutils('shuf')],
  files: (_name, argv) => shufOperands(argv),
  runs: 'unseen',
  examples: [
    { command: 'shuf -o out in', effects: ['write ./out', 'read ./in'], readOnly: false },
    { command: 'shuf -e a b c', effects: [], why: 'with -e the operands are the lines to shuffle, not files' },
  ],
});
