/** `watch`: runs a command again and again, showing its output. */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** procps-ng 4.0 watch. @internal */
export const WATCH_OPTIONS: GnuOptionSpec = {
  short: '+bCcefd::ghq:n:prs:twvx',
  long: {
    beep: n,
    color: n,
    'no-color': n,
    differences: o,
    errexit: n,
    follow: n,
    chgexit: n,
    interval: r,
    precise: n,
    equexit: r,
    'no-rerun': n,
    shotsdir: r,
    'no-title': n,
    'no-wrap': n,
    exec: n,
    help: n,
    version: n,
  },
};

/** `watch [opts] COMMAND…`: the words joined, run by `sh -c`; with `-x` run as they are. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, WATCH_OPTIONS);
  if (!parsed.ok) return refusedWrap(`watch: ${describeGnuProblem(parsed)}`);
  const first = parsed.operands[0];
  if (!first) return wrapInfo([], false, true);
  const exec = parsed.options.some((opt) => opt.name === 'x' || opt.name === 'exec');
  return wrapInfo(
    [exec ? { kind: 'argv', start: first.index, end: argv.length } : { kind: 'script', index: first.index, joinFrom: first.index }],
    false,
    true,
  );
}

/** The watch model. @internal */
export const watch = defineProgram({
  names: ['watch'],
  summary: 'watch: run a command repeatedly and show its output',
  sources: ['procps-ng 4.0 watch(1)'],
  grammar: WATCH_OPTIONS,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    {
      command: 'watch -n 5 rm a.txt',
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: '-n takes the interval; the words are joined and run by sh -c',
    },
    { command: 'watch -x rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-x runs the words as they are' },
  ],
});
