/** `uniq`: drops repeated adjacent lines. It reads its first operand and writes its second. */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 uniq(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'cdDf:is:uw:z',
  long: longOptions(
    `count repeated all-repeated[=] skip-fields= group[=] ignore-case skip-chars= unique zero-terminated check-chars= ${HELP_VERSION}`,
  ),
};

/** `uniq [opts] [IN [OUT]]`: IN read, OUT written. */
function uniqFiles(words: ReadWords): FileOperands {
  const { operands: ops } = words;
  const files: FileOperand[] = [];
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  for (const k of ops.slice(1)) files.push({ op: 'write', index: k });
  return { files, unresolved: [] };
}

/** The uniq model. @internal */
export const uniq = defineProgram({
  names: ['uniq'],
  summary: 'uniq: drop repeated adjacent lines',
  sources: [coreutils('uniq'), CC_DOCS],
  grammar,
  files(_name, argv) {
    const words = readWords(argv, grammar);
    return words ? uniqFiles(words) : refusedWords(argv, grammar, uniqFiles);
  },
  readOnly: {
    claudeCode: {
      uniq: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('uniq')} (a second operand is written; the CLI asks about uniq with a file operand)`,
        safe: 'all',
        operands: 'read',
        maxOperands: 0,
        globs: false,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  positional: true,
  examples: [
    { command: 'uniq -c', effects: [], readOnly: true },
    {
      command: 'uniq in.txt out.txt',
      effects: ['read ./in.txt', 'write ./out.txt'],
      readOnly: false,
      why: 'the second operand is written',
    },
  ],
});
