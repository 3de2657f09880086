/**
 * Tracers that start the command in their remaining words and report what it does: `strace`,
 * `ltrace`. What they run is judged as a command of its own; with no model, `strace -f -o
 * /dev/null sh -c 'x=r; ${x}m -f notes.txt'` ran rm under a `Bash(rm *)` deny rule (replay of red
 * team 13, N5). Their own effects: `-o FILE` writes the trace (strace's `-o '|CMD'` or `-o '!CMD'`
 * pipes it to CMD, run by the shell); `-E VAR=VAL` gives the command an environment (code to it);
 * ltrace's `-F FILE` reads a configuration file. With `-p PID` and no command they attach to a
 * running process and start nothing.
 *
 * Grammar: strace 6.1 (Debian 12) `strace -h` and strace.c (getopt
 * `+a:Ab:cCdDe:E:fFhiI:kno:O:p:P:qrs:S:tTu:U:vVwxX:yYzZ` with its long names); ltrace 0.7.3
 * ltrace(1) and options.c (getopt `+cfhiLrStTVbCa:A:D:e:F:l:n:o:p:s:u:x:X:w:`).
 */
import { describeGnuProblem, parseGnuOptions, type GnuOption, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** strace 6.1: every option. */
const STRACE: GnuOptionSpec = {
  short: '+a:Ab:cCdDe:E:fFhiI:kno:O:p:P:qrs:S:tTu:U:vVwxX:yYzZ',
  long: {
    columns: r,
    'output-append-mode': n,
    'detach-on': r,
    'summary-only': n,
    summary: n,
    debug: n,
    daemonize: o,
    daemonised: o,
    daemonized: o,
    env: r,
    'follow-forks': n,
    'output-separately': n,
    help: n,
    'instruction-pointer': n,
    interruptible: r,
    'stack-traces': n,
    'syscall-number': n,
    output: r,
    'summary-syscall-overhead': r,
    attach: r,
    'trace-path': r,
    'relative-timestamps': o,
    'string-limit': r,
    'summary-sort-by': r,
    'absolute-timestamps': o,
    timestamps: o,
    'syscall-times': o,
    user: r,
    'summary-columns': r,
    'no-abbrev': n,
    version: n,
    'summary-wall-clock': n,
    'strings-in-hex': o,
    'const-print-style': r,
    'decode-pids': r,
    'pidns-translation': n,
    'successful-only': n,
    'failed-only': n,
    'failing-only': n,
    'seccomp-bpf': n,
    secontext: o,
    tips: o,
    trace: r,
    abbrev: r,
    verbose: r,
    raw: r,
    signal: r,
    signals: r,
    status: r,
    read: r,
    write: r,
    fault: r,
    inject: r,
    kvm: r,
    quiet: o,
    silent: o,
    silence: o,
    'decode-fds': o,
  },
};

/** ltrace 0.7.3: every option. */
const LTRACE: GnuOptionSpec = {
  short: '+cfhiLrStTVbCa:A:D:e:F:l:n:o:p:s:u:x:X:w:',
  long: {
    align: r,
    config: r,
    debug: r,
    demangle: n,
    indent: r,
    help: n,
    library: r,
    output: r,
    version: n,
    'no-signals': n,
    where: r,
  },
};

/** The tracer's output option (`-o`, `--output`). */
const isOutput = (opt: GnuOption): boolean => opt.name === 'o' || opt.name === 'output';

/** What strace or ltrace (`name`) runs: its command, and strace's `-o |CMD`. */
function unwrap(name: string, spec: GnuOptionSpec, argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, spec);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const opt of parsed.options) {
    if (opt.name === 'E' || opt.name === 'env')
      inner.push({ kind: 'opaque', reason: `${name} -E sets the environment of the command it runs` });
    if (name === 'strace' && isOutput(opt) && literal[opt.valueIndex ?? opt.index] === false)
      inner.push({ kind: 'unknown', reason: `${name} -o is given a word that is not literal, which may name a command to pipe to` });
    else if (name === 'strace' && isOutput(opt) && /^[|!]/.test(opt.value ?? '')) {
      const script = optionScript(argv, opt);
      inner.push(script.kind === 'script' ? { ...script, offset: (script.offset ?? 0) + 1 } : script);
    }
  }
  const start = parsed.operands[0]?.index;
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** `-o FILE` is written (not strace's `-o |CMD`); ltrace's `-F FILE` is read. */
function files(spec: GnuOptionSpec) {
  return (_name: string, argv: readonly string[]) =>
    readBy(argv, spec, (words) => {
      const out: FileOperand[] = [];
      for (const opt of words.options) {
        if ((opt.name === '-o' || opt.name === '--output') && !/^[|!]/.test(opt.value ?? '')) pushOpt(out, optionFile(opt, 'write', argv));
        if (spec === LTRACE && (opt.name === '-F' || opt.name === '--config')) pushOpt(out, optionFile(opt, 'read', argv));
      }
      return { files: out, unresolved: [] };
    });
}

/** The strace model. @internal */
export const strace = defineProgram({
  names: ['strace'],
  summary: 'strace: run a command (or attach to a process) and trace its system calls',
  sources: ['strace 6.1 strace(1), strace.c'],
  grammar: STRACE,
  files: files(STRACE),
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap: (argv, literal) => unwrap('strace', STRACE, argv, literal),
  examples: [
    { command: 'strace -c ls', effects: [], readOnly: false, why: 'the command (ls) is judged on its own' },
    { command: 'strace -f -o t.txt cat a.txt', effects: ['write ./t.txt', 'read ./a.txt'], readOnly: false },
    { command: "strace -o '|rm a.txt' true", effects: ['remove ./a.txt'], readOnly: false, why: '-o |CMD pipes the trace to CMD' },
    { command: 'strace -p 1234', effects: [], why: 'attaches to a running process' },
  ],
});

/** The ltrace model. @internal */
export const ltrace = defineProgram({
  names: ['ltrace'],
  summary: 'ltrace: run a command (or attach to a process) and trace its library calls',
  sources: ['ltrace 0.7.3 ltrace(1), options.c'],
  grammar: LTRACE,
  files: files(LTRACE),
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap: (argv, literal) => unwrap('ltrace', LTRACE, argv, literal),
  examples: [
    { command: 'ltrace -o t.txt cat a.txt', effects: ['write ./t.txt', 'read ./a.txt'], readOnly: false },
    { command: "ltrace sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false },
  ],
});
