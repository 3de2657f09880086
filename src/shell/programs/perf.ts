/**
 * `perf stat [options] [--] COMMAND [ARGS…]`: runs COMMAND and counts performance events. What it
 * runs is judged as a command of its own; with no model, `perf stat -o /dev/null sh -c 'x=r; ${x}m
 * -f notes.txt'` ran rm under a `Bash(rm *)` deny rule (replay of red team 13, N10). `--pre CMD`
 * and `--post CMD` run CMD with the shell; `-o FILE` writes the counts. Only `perf stat` is read:
 * perf's other subcommands (`record` writes ./perf.data, `script` runs scripts, `probe`, `trace`, …)
 * and its own options before the subcommand make the command unknown.
 *
 * Grammar: perf 6.1 perf-stat(1) and `perf stat -h` (Debian 12). perf's option parser takes a
 * unique prefix of a long name, a value attached or in the next word, and stops at the first operand.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** perf 6.1 `perf stat`: every option `perf stat -h` lists (no others). */
const STAT: GnuOptionSpec = {
  short: '+aABC:D:de:G:gI:ijM:no:p:r:St:Tvx:',
  long: {
    'all-cpus': n,
    'no-aggr': n,
    'big-num': n,
    cpu: r,
    delay: r,
    detailed: n,
    event: r,
    cgroup: r,
    group: n,
    'interval-print': r,
    'no-inherit': n,
    'json-output': n,
    metrics: r,
    null: n,
    output: r,
    pid: r,
    repeat: r,
    sync: n,
    tid: r,
    transaction: n,
    verbose: n,
    'field-separator': r,
    'all-kernel': n,
    'all-user': n,
    append: n,
    control: r,
    cputype: r,
    filter: r,
    'for-each-cgroup': r,
    'hybrid-merge': n,
    'interval-clear': n,
    'interval-count': r,
    iostat: o,
    'log-fd': r,
    'metric-no-group': n,
    'metric-no-merge': n,
    'metric-only': n,
    'no-csv-summary': n,
    'no-merge': n,
    'per-core': n,
    'per-die': n,
    'per-node': n,
    'per-socket': n,
    'per-thread': n,
    'percore-show-thread': n,
    post: r,
    pre: r,
    quiet: n,
    scale: n,
    'no-scale': n,
    'smi-cost': n,
    summary: n,
    table: n,
    'td-level': r,
    timeout: r,
    topdown: n,
  },
};

/** Subcommands that run nothing and read no recording. */
const QUIET = new Set(['list', 'version', '--version', 'help', '--help']);

/** What `perf stat …` runs (the words from `stat` on). */
function unwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  if (argv[1] !== undefined && QUIET.has(argv[1])) return wrapInfo([]);
  if (argv[1] !== 'stat') return refusedWrap(`perf ${argv[1] ?? ''}: toolgate reads only perf stat`);
  const parsed = parseGnuOptions(argv, STAT, 2);
  if (!parsed.ok) return refusedWrap(`perf stat: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const opt of parsed.options) {
    if (opt.name === 'pre' || opt.name === 'post') inner.push(optionScript(argv, opt));
    if (opt.name === 'control')
      inner.push({ kind: 'unknown', reason: 'perf stat --control opens files or descriptors toolgate does not model' });
    if ((opt.name === 'o' || opt.name === 'output') && literal[opt.valueIndex ?? opt.index] === false)
      inner.push({ kind: 'unknown', reason: 'perf stat -o is given a word that is not literal' });
  }
  const start = parsed.operands[0]?.index;
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** `-o FILE` is written. */
function files(_name: string, argv: readonly string[]): FileOperands {
  if (argv[1] !== 'stat') return { files: [], unresolved: [] };
  return readBy(argv.slice(1), STAT, (words) => {
    const out: FileOperand[] = [];
    for (const opt of words.options)
      if (opt.name === '-o' || opt.name === '--output') pushOpt(out, optionFile(opt, 'write', argv.slice(1)));
    return { files: out.map((f) => ({ ...f, index: f.index + 1 })), unresolved: [] };
  });
}

/** The perf model. @internal */
export const perf = defineProgram({
  names: ['perf'],
  summary: 'perf stat: run a command and count performance events (other perf subcommands are unknown)',
  sources: ['perf 6.1 perf-stat(1)'],
  files,
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap,
  examples: [
    { command: 'perf stat -o st.txt cat a.txt', effects: ['write ./st.txt', 'read ./a.txt'], readOnly: false },
    { command: 'perf list', effects: [], why: 'lists the events; runs nothing' },
    {
      command: "perf stat --pre 'rm a.txt' true",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: '--pre runs its value with the shell',
    },
  ],
});
