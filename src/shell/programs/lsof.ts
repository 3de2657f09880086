/**
 * `lsof`: lists open files. It has its own option loop; most options name files or repeat, so
 * only a few are known read-only. toolgate does not model its files (its words are assumed paths).
 */
import type { ReadOnlyVerdict } from '../types.js';
import { defineProgram } from './model.js';
import { CC_CLI } from './sources.js';

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/** lsof: only `-i[ADDR]`, `-n`, `-P`, `-l` (its own option loop; other options name files or run repeats). */
function lsofReadOnly(argv: readonly string[]): ReadOnlyVerdict {
  for (const a of argv.slice(1)) {
    if (/^-[nPl]+$/.test(a) || /^-i[\w@:.[\]-]*$/.test(a)) continue;
    return no(`lsof ${a} is not an option known to be read-only`);
  }
  return YES;
}

/** The lsof model. @internal */
export const lsof = defineProgram({
  names: ['lsof'],
  summary: 'lsof: list open files',
  sources: ['lsof(8)', CC_CLI],
  readOnly: {
    claudeCode: {
      lsof: {
        source: `${CC_CLI}; lsof(8) (its own option loop: only -i[ADDR], -n, -P, -l listed)`,
        operands: 'none',
        globs: false,
        check: 'lsof',
      },
    },
  },
  readOnlyCheck: { claudeCode: (_name, argv) => lsofReadOnly(argv) },
  runs: 'unseen',
  examples: [
    { command: 'lsof -i:3000 -nP', readOnly: true },
    { command: 'lsof +D src', readOnly: false, why: 'only -i, -n, -P and -l are known read-only' },
  ],
});
