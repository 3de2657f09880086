/**
 * `valgrind [options] PROGRAM [ARGS…]`: runs PROGRAM under a checking tool (memcheck by default).
 * What it runs is judged as a command of its own; with no model, `valgrind -q sh -c 'x=r; ${x}m -f
 * notes.txt'` ran rm under a `Bash(rm *)` deny rule (replay of red team 13, N10). Valgrind reads
 * its options up to the first word that does not begin with `-` (or `--`); a value is attached with
 * `=`. Only the options below are read; any other (a tool's own option, `--vgdb-prefix`, a debug
 * option, `--tool=` of another tool) makes the command unknown. The profiling tools write
 * `TOOL.out.PID` where the command runs (or their `--TOOL-out-file=`).
 * `--log-file=`, `--xml-file=` and the xtree files are written (`%q{VAR}` in the name takes a
 * variable's value: unknown), `--suppressions=` read.
 *
 * Grammar: valgrind 3.19 valgrind(1) and `valgrind --help` (Debian 12).
 */
import type { FileOperand, FileOperands, UnseenNames } from '../options/file-operands.js';
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { withHiddenOptions } from './parse.js';
import { defineProgram } from './model.js';
import type { WrapperInfo } from './wrapper-types.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** Options with no value. */
const FLAGS = new Set(['-q', '--quiet', '-v', '--verbose', '-s', '-h', '--help', '--help-debug', '--help-dyn-options', '--version']);

/** Options that take a value (`--name=value`) and neither run nor touch anything by it. */
const VALUED = new Set(
  (
    'trace-children trace-children-skip trace-children-skip-by-arg child-silent-after-fork vgdb vgdb-error vgdb-stop-at ' +
    'track-fds time-stamp log-fd xml xml-fd xml-user-comment demangle num-callers error-limit exit-on-first-error ' +
    'error-exitcode error-markers show-error-list keep-debuginfo show-below-main default-suppressions gen-suppressions ' +
    'max-stackframe main-stacksize alignment redzone-size xtree-memory fullpath-after read-inline-info read-var-info ' +
    'smc-check run-libc-freeres run-cxx-freeres fair-sched num-transtab-sectors max-threads leak-check leak-resolution ' +
    'show-leak-kinds errors-for-leak-kinds leak-check-heuristics show-reachable show-possibly-lost xtree-leak ' +
    'undef-value-errors track-origins partial-loads-ok expensive-definedness-checks freelist-vol freelist-big-blocks ' +
    'malloc-fill free-fill keep-stacktraces show-mismatched-frees'
  ).split(' '),
);

/** Options whose value is a file written, or read. */
const WRITES = new Set([
  'log-file',
  'xml-file',
  'xtree-memory-file',
  'xtree-leak-file',
  'cachegrind-out-file',
  'callgrind-out-file',
  'massif-out-file',
  'dhat-out-file',
]);
const READS = new Set(['suppressions']);

/** Tools that write no output file unless told to. */
const QUIET_TOOLS = new Set(['memcheck', 'none', 'helgrind', 'drd']);

/**
 * Tools that write `TOOL.out.PID` in the directory the command runs in unless `--TOOL-out-file=`
 * says where (valgrind 3.19 manual, each tool's chapter): the PID is a number, so the name is never
 * a protected one.
 */
const PROFILING_TOOLS = new Set(['cachegrind', 'callgrind', 'massif', 'dhat']);

/**
 * valgrind's grammar: its flags and its `--name=value` options (a value only after `=`, names
 * matched exactly, the options ending at the command). Any other option is one toolgate does not model.
 */
const VALGRIND: GnuOptionSpec = {
  short: '+qvsh',
  long: {
    ...Object.fromEntries(['quiet', 'verbose', 'help', 'help-debug', 'help-dyn-options', 'version'].map((n) => [n, 'none' as const])),
    ...Object.fromEntries([...VALUED, ...WRITES, ...READS, 'tool'].map((n) => [n, 'optional' as const])),
  },
  abbreviations: false,
};

/** The options (`1..end`) and why the words cannot be read, if they cannot. */
function readOptions(argv: readonly string[]): { end: number; problem?: string } {
  const parse = parseGnuOptions(argv, VALGRIND);
  if (!parse.ok) return { end: parse.index, problem: `valgrind is given ${parse.word}, an option toolgate does not model` };
  const end = parse.endOfOptions !== undefined ? parse.endOfOptions + 1 : (parse.operands[0]?.index ?? argv.length);
  for (const o of parse.options) {
    if (o.kind === 'short' || ['quiet', 'verbose', 'help', 'help-debug', 'help-dyn-options', 'version'].includes(o.name)) continue;
    // Each valued option needs its `=value`; `--tool=` only a tool whose files toolgate knows, a file no `%q{VAR}`.
    const value = o.value;
    const known =
      value !== undefined &&
      (o.name === 'tool' ? QUIET_TOOLS.has(value) || PROFILING_TOOLS.has(value) : VALUED.has(o.name) || !value.includes('%q'));
    if (!known) return { end: o.index, problem: `valgrind is given ${o.word}, an option toolgate does not model` };
  }
  return { end };
}

function unwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  const { end, problem } = readOptions(argv);
  if (problem !== undefined) return refusedWrap(problem);
  for (let k = 1; k < end; k++)
    if (literal[k] === false) return refusedWrap(`valgrind is given an option that is not literal: ${argv[k]!}`);
  if (argv.slice(1, end).some((w) => FLAGS.has(w) && /^(-h|--help.*|--version)$/.test(w))) return wrapInfo([]);
  return wrapInfo(end < argv.length ? [{ kind: 'argv', start: end, end: argv.length }] : [], false, true);
}

/** Its files: the log and xtree files written, the suppressions read. */
function plainFiles(argv: readonly string[], literal?: readonly boolean[]): FileOperands {
  const { end } = readOptions(argv);
  const out: FileOperand[] = [];
  const unseen: UnseenNames[] = [];
  for (let k = 1; k < end; k++) {
    const m = /^--([a-z-]+)=(.+)$/s.exec(argv[k]!);
    if (m === null) continue;
    // A value toolgate cannot see (`--log-file=$o`) may name any file.
    if (WRITES.has(m[1]!) && literal?.[k] === false) unseen.push({ op: 'write', why: `${argv[k]!} names a file toolgate cannot see` });
    else if (WRITES.has(m[1]!)) out.push({ op: 'write', index: k, value: m[2]! });
    const tool = m[1] === 'tool' && PROFILING_TOOLS.has(m[2]!) ? m[2]! : undefined;
    if (tool !== undefined && !argv.slice(1, end).some((w) => w.startsWith(`--${tool}-out-file=`)))
      out.push({ op: 'write', index: k, value: `${tool}.out.PID` });
    if (READS.has(m[1]!)) out.push({ op: 'read', index: k, value: m[2]! });
  }
  return { files: out, unresolved: [], ...(unseen.length > 0 ? { unseen } : {}) };
}

/**
 * Its files ({@link plainFiles}), and — where a word that is not literal stands among the options
 * (`VALGRIND_OPTS=$o`, `valgrind $o ls`) — a reading where it is `--log-file=` naming any file: a
 * write whose names toolgate cannot work out (decision 0092).
 */
function files(_name: string, argv: readonly string[], literal?: readonly boolean[]): FileOperands {
  // Options stand up to the first literal word that is none (a word that is not literal may be one).
  let end = 1;
  while (end < argv.length && (literal?.[end] === false || argv[end]!.startsWith('-'))) end++;
  return withHiddenOptions(argv, literal, ['--log-file='], plainFiles, (k) => k < end);
}

/** The valgrind model. @internal */
export const valgrind = defineProgram({
  names: ['valgrind'],
  summary: 'valgrind: run a program under a memory checker or another instrumentation tool',
  sources: ['valgrind 3.19 valgrind(1)'],
  grammar: VALGRIND,
  files,
  // valgrind(1): "valgrind reads options from ~/.valgrindrc, $VALGRIND_OPTS and ./.valgrindrc"
  // before its command line (the rc files are protected paths).
  readsVariables: { VALGRIND_OPTS: { may: ['options'], what: 'VALGRIND_OPTS holds options valgrind reads before its command line' } },
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap,
  examples: [
    { command: 'valgrind -q --leak-check=full cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    { command: 'valgrind --log-file=v.log cat a.txt', effects: ['write ./v.log', 'read ./a.txt'], readOnly: false },
    {
      command: 'valgrind --tool=callgrind cat a.txt',
      effects: ['write ./callgrind.out.PID', 'read ./a.txt'],
      readOnly: false,
      why: 'callgrind writes callgrind.out.<pid> where the command runs',
    },
    { command: "valgrind -q sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'the inner sh -c script is read' },
  ],
});
