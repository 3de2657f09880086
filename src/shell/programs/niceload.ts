/**
 * GNU parallel's `niceload [options] COMMAND…`: runs COMMAND, suspending it while the load (or
 * memory, I/O, a sensor's reading) is over a limit. What it runs is judged as a command of its
 * own; with no model, `niceload 'a=.e; cat ${a}nv'` printed .env under `Read(./.env)` and
 * `niceload 'x=r; ${x}m -f notes.txt'` ran rm under `Bash(rm *)` (red team 14, NEW-3).
 *
 * Grammar: niceload 20221122 (Debian 12) source: Getopt::Long with `bundling` and `require_order`
 * (the first operand ends the options; long names take `--`, may be shortened), every option below.
 * Without `-q` it runs `system("@ARGV")`: the words joined by blanks, read by `sh -c` — so the
 * words are read as one script. With `-q` it runs `system(@ARGV)`: the words as a command, unless
 * there is one word (Perl hands a lone word to `sh -c`) and no `-n` (which puts `nice -n N` before
 * it). `--sensor TEXT` is shell text it runs to measure. `--program`/`--pid` suspend running
 * processes: no command starts.
 */
import { describeGnuProblem, parseGnuOptions, type GnuArgument, type GnuOptionSpec } from '../options/gnu-options.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const same = (name: string, argument: GnuArgument = 'none') => ({ argument, same: name });

/** niceload 20221122: every option (Getopt::Long names, aliases as the same option). */
const grammar: GnuOptionSpec = {
  short: '+Df:HSI:L:l:M:NBn:p:s:t:qhvV',
  long: {
    debug: n,
    factor: r,
    hard: n,
    soft: n,
    sensor: r,
    si: r,
    sio: same('si', r),
    startio: same('si', r),
    'start-io': same('si', r),
    ri: r,
    rio: same('ri', r),
    runio: same('ri', r),
    'run-io': same('ri', r),
    io: r,
    sl: r,
    startload: same('sl', r),
    'start-load': same('sl', r),
    rl: r,
    runload: same('rl', r),
    'run-load': same('rl', r),
    load: r,
    sm: r,
    startmem: same('sm', r),
    'start-mem': same('sm', r),
    rm: r,
    runmem: same('rm', r),
    'run-mem': same('rm', r),
    mem: r,
    sn: n,
    startnoswap: same('sn'),
    'start-noswap': same('sn'),
    'start-no-swap': same('sn'),
    rn: n,
    runnoswap: same('rn'),
    'run-noswap': same('rn'),
    'run-no-swap': same('rn'),
    noswap: n,
    battery: n,
    net: n,
    nethops: r,
    baseline: n,
    nice: r,
    program: r,
    prg: same('program', r),
    process: r,
    pid: same('process', r),
    suspend: r,
    recheck: r,
    quote: n,
    help: n,
    verbose: n,
    version: n,
  },
};

/** What niceload runs: its `--sensor` text and its command. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return refusedWrap(`niceload: ${describeGnuProblem(parsed)}`);
  const has = (...names: string[]) => parsed.options.some((o) => names.includes(o.name));
  if (has('help', 'h', 'version', 'V')) return wrapInfo([]);
  const inner: Unwrapped[] = [];
  for (const opt of parsed.options) if (opt.name === 'sensor') inner.push(optionScript(argv, opt));
  const start = parsed.operands[0]?.index;
  if (start === undefined || has('program', 'process', 'p')) return wrapInfo(inner);
  const quoted = has('quote', 'q');
  if (quoted && (start < argv.length - 1 || has('nice', 'n'))) inner.push({ kind: 'argv', start, end: argv.length });
  else inner.push({ kind: 'script', index: start, joinFrom: start });
  return wrapInfo(inner);
}

/** The niceload model. @internal */
export const niceload = defineProgram({
  names: ['niceload'],
  summary: 'niceload (GNU parallel): run a command, suspending it while the load is over a limit',
  sources: ['GNU parallel 20221122 niceload(1) and source'],
  grammar,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    {
      command: "niceload 'rm a.txt; cat b.txt'",
      effects: ['remove ./a.txt', 'read ./b.txt'],
      readOnly: false,
      why: 'its words run with sh -c',
    },
    { command: 'niceload -q cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    { command: "niceload --sensor 'rm a.txt' true", effects: ['remove ./a.txt'], readOnly: false, why: 'the sensor is shell text' },
  ],
});
