/**
 * `ps`: lists processes. procps-ng reads BSD letters (`aux`), UNIX options (`-ef`) and long ones;
 * BSD `e` prints each process's environment. It opens no file toolgate models.
 */
import type { ReadOnlyVerdict } from '../types.js';
import { defineProgram } from './model.js';
import { CC_CLI } from './sources.js';

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/**
 * ps (procps-ng 4.0): BSD letters without `e` (which prints each process's environment), UNIX
 * letters, a few long options, and values for the selection and format options.
 */
function psReadOnly(argv: readonly string[]): ReadOnlyVerdict {
  // The CLI asks about `ps -aux` (procps reads it as BSD `aux` for a user named x): no u/U/x after a dash.
  // Not -o/--format (nor -O): the Claude Code CLI 2.1.332's read-only table lists neither, and it asks.
  const valueShort = 'pqGgCts';
  const flagShort = 'AaedfFHjlLMNTwcyPZ';
  const longs = new Set(['forest', 'no-headers', 'headers', 'cumulative', 'deselect', 'help', 'version', 'info']);
  const longValue = new Set([
    'sort',
    'pid',
    'ppid',
    'user',
    'User',
    'group',
    'Group',
    'cols',
    'columns',
    'width',
    'lines',
    'rows',
    'tty',
    'sid',
    'quick-pid',
  ]);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [name, value] = a.slice(2).split('=', 2) as [string, string | undefined];
      if (longs.has(name) && value === undefined) continue;
      if (longValue.has(name)) {
        const v = value ?? argv[++i];
        if (v === undefined || !/^[\w,.:%=+-]+$/.test(v)) return no(`ps ${a} needs a plain value`);
        continue;
      }
      return no(`ps ${a} is not an option known to be read-only`);
    }
    if (a.startsWith('-')) {
      for (let k = 1; k < a.length; k++) {
        const c = a[k]!;
        if (valueShort.includes(c)) {
          const v = k + 1 < a.length ? a.slice(k + 1) : argv[++i];
          if (v === undefined || !/^[\w,.:%=+-]+$/.test(v)) return no(`ps -${c} needs a plain value`);
          break;
        }
        if (!flagShort.includes(c)) return no(`ps -${c} is not an option known to be read-only`);
      }
      continue;
    }
    if (!/^[auxwfjlsvhrTcmnSHLMZXU]+$/.test(a))
      return no(`ps ${a} is not a BSD option known to be read-only (e shows process environments)`);
  }
  return YES;
}

/** The ps model. @internal */
export const ps = defineProgram({
  names: ['ps'],
  summary: 'ps: list processes',
  sources: ['procps-ng 4.0 ps(1)', CC_CLI],
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      ps: {
        source: `${CC_CLI}; procps-ng 4.0 ps(1) (BSD e/eww shows environments: not listed)`,
        operands: 'none',
        globs: false,
        check: 'ps',
      },
    },
  },
  readOnlyCheck: { claudeCode: (_name, argv) => psReadOnly(argv) },
  runs: 'unseen',
  examples: [
    { command: 'ps aux', effects: [], readOnly: true },
    { command: 'ps -p 1', effects: [], readOnly: true },
    { command: 'ps -o pid,comm -p 1', effects: [], readOnly: false, why: 'the Claude Code CLI asks about -o (not in its read-only table)' },
    { command: 'ps eww', effects: [], readOnly: false, why: "BSD e prints each process's environment" },
  ],
});
