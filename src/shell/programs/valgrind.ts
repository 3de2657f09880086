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
import type { FileOperand, FileOperands } from '../options/file-operands.js';
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

/** The options (`1..end`) and why the words cannot be read, if they cannot. */
function readOptions(argv: readonly string[]): { end: number; problem?: string } {
  let i = 1;
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return { end: i + 1 };
    if (!word.startsWith('-')) break;
    if (FLAGS.has(word)) continue;
    const m = /^--([a-z0-9-]+)=(.*)$/s.exec(word);
    const [name, value] = m ? [m[1]!, m[2]!] : ['', ''];
    if (name === 'tool' && (QUIET_TOOLS.has(value) || PROFILING_TOOLS.has(value))) continue;
    if (VALUED.has(name)) continue;
    if ((WRITES.has(name) || READS.has(name)) && !value.includes('%q')) continue;
    return { end: i, problem: `valgrind is given ${word}, an option toolgate does not model` };
  }
  return { end: i };
}

function unwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  const { end, problem } = readOptions(argv);
  if (problem !== undefined) return refusedWrap(problem);
  for (let k = 1; k < end; k++)
    if (literal[k] === false) return refusedWrap(`valgrind is given an option that is not literal: ${argv[k]!}`);
  if (argv.slice(1, end).some((w) => FLAGS.has(w) && /^(-h|--help.*|--version)$/.test(w))) return wrapInfo([]);
  return wrapInfo(end < argv.length ? [{ kind: 'argv', start: end, end: argv.length }] : [], false, true);
}

/**
 * Its files: the log and xtree files written, the suppressions read. A word that is not literal
 * where an option may stand (`VALGRIND_OPTS=$o`, `valgrind $o ls`) may be `--log-file=` naming any
 * file: a write whose names toolgate cannot work out (decision 0092).
 */
function files(_name: string, argv: readonly string[], literal?: readonly boolean[]): FileOperands {
  const { end } = readOptions(argv);
  for (let k = 1; k < argv.length && (literal?.[k] === false || argv[k]!.startsWith('-')); k++)
    if (literal?.[k] === false)
      return {
        files: [],
        unresolved: [],
        unseen: [{ op: 'write', why: `${argv[k]!} may be valgrind's option --log-file= naming any file` }],
      };
  const out: FileOperand[] = [];
  for (let k = 1; k < end; k++) {
    const m = /^--([a-z-]+)=(.+)$/s.exec(argv[k]!);
    if (m === null) continue;
    if (WRITES.has(m[1]!)) out.push({ op: 'write', index: k, value: m[2]! });
    const tool = m[1] === 'tool' && PROFILING_TOOLS.has(m[2]!) ? m[2]! : undefined;
    if (tool !== undefined && !argv.slice(1, end).some((w) => w.startsWith(`--${tool}-out-file=`)))
      out.push({ op: 'write', index: k, value: `${tool}.out.PID` });
    if (READS.has(m[1]!)) out.push({ op: 'read', index: k, value: m[2]! });
  }
  return { files: out, unresolved: [] };
}

/** The valgrind model. @internal */
export const valgrind = defineProgram({
  names: ['valgrind'],
  summary: 'valgrind: run a program under a memory checker or another instrumentation tool',
  sources: ['valgrind 3.19 valgrind(1)'],
  files,
  // valgrind(1): "valgrind reads options from ~/.valgrindrc, $VALGRIND_OPTS and ./.valgrindrc"
  // before its command line (the rc files are protected paths).
  optionVariables: ['VALGRIND_OPTS'],
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
