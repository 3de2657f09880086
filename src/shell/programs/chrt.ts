/** `chrt`: runs a command (or sets a process) with a real-time scheduling policy and priority. */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;

/** util-linux 2.38 chrt: every option. */
const grammar: GnuOptionSpec = {
  short: '+abdD:fiphmoP:T:rRvV',
  long: {
    'all-tasks': n,
    batch: n,
    deadline: n,
    fifo: n,
    idle: n,
    other: n,
    rr: n,
    'reset-on-fork': n,
    'sched-runtime': r,
    'sched-period': r,
    'sched-deadline': r,
    max: n,
    pid: n,
    verbose: n,
    help: n,
    version: n,
  },
};

/** `chrt [policy options] [PRIORITY] COMMAND…`: the priority is a number; newer versions let it be left out. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return refusedWrap(`chrt: ${describeGnuProblem(parsed)}`);
  const [first, second] = parsed.operands;
  const start = first !== undefined && !/^\d+$/.test(first.text) ? first : second;
  return wrapInfo(start ? [{ kind: 'argv', start: start.index, end: argv.length }] : []);
}

/** The chrt model. @internal */
export const chrt = defineProgram({
  names: ['chrt'],
  summary: 'chrt: run a command with a real-time scheduling policy',
  sources: ['util-linux 2.38 chrt(1)'],
  grammar,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    { command: 'chrt -o 0 rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '0 is the priority' },
    { command: 'chrt --idle rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: 'newer versions let the priority be left out' },
  ],
});
