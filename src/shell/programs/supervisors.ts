/**
 * Programs that start the command in their remaining words under some supervision — an init for
 * containers (`tini`, `dumb-init`), another user (`gosu`, `su-exec`, `pkexec`), a memory policy
 * (`numactl`), a faked clock (`faketime`), a password typed for it (`sshpass`), line editing
 * (`rlwrap`), a detachable session (`dtach`), a crash handler (`catchsegv`). What they run is
 * judged as a command of its own: with no model, `tini -- sh -c 'x=r; ${x}m -f notes.txt'` and the
 * like passed the word screen and ran rm (replay of red team 13, N10). Their options that run a
 * program of their choosing (`faketime --date-prog`, `rlwrap -z FILTER`) or type input into the
 * command (`rlwrap -P`) are code toolgate cannot see; the files they name are read or written;
 * an option they do not take makes the command unknown.
 *
 * Sources (each `--help` checked on Debian 12): tini 0.19 (getopt `p:hvwgle:s`, which permutes:
 * hence `tini -- CMD`), dumb-init 1.2.5 (`+hvVcr:`), gosu 1.14, su-exec 0.2 (README), numactl
 * 2.0.16 numactl(8), sshpass 1.09 sshpass(1), faketime 0.9.10 faketime(1) (its own loop),
 * rlwrap 0.46.1 (`+:a::A::b:cC:d::D:e:Ef:F:g:hH:iIl:nNM:m::oO:p::P:q:rRs:S:t:TUvw:Wz:`), dtach 0.9
 * dtach(1), glibc 2.35 catchsegv(1), polkit 122 pkexec(1).
 */
import { describeGnuProblem, parseGnuOptions, type GnuOption, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import { readBy } from './parse.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { interactiveShell, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** How one supervisor reads its words. */
interface Supervisor {
  readonly spec: GnuOptionSpec;
  /** Operands before the command (gosu's user). */
  readonly skip?: number;
  /** Options after which nothing runs (help, version, `numactl --show`). */
  readonly quiet?: readonly string[];
  /** What an option runs or makes unknown, by its name. */
  readonly options?: (opt: GnuOption) => Unwrapped | undefined;
  /** Files its options name: the option's name (`-l`, `--logfile`) → read or write. */
  readonly files?: Readonly<Record<string, 'read' | 'write'>>;
  /** With no command it starts a shell (pkexec). */
  readonly shellWhenEmpty?: boolean;
  /** What else its words make it run, or unknown (pkexec's directory). */
  readonly also?: (argv: readonly string[]) => Unwrapped | undefined;
}

/** What a supervisor runs. */
function supervised(name: string, argv: readonly string[], s: Supervisor): WrapperInfo {
  const parsed = parseGnuOptions(argv, s.spec);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const opt of parsed.options) {
    const got = s.options?.(opt);
    if (got !== undefined) inner.push(got);
  }
  if (parsed.options.some((opt) => s.quiet?.includes(opt.name) === true)) return wrapInfo(inner);
  const also = s.also?.(argv);
  if (also !== undefined) inner.push(also);
  const start = parsed.operands[s.skip ?? 0]?.index;
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  else if (s.shellWhenEmpty === true && parsed.operands.length >= (s.skip ?? 0)) inner.push(interactiveShell(name));
  return wrapInfo(inner, false, true);
}

/** The files a supervisor's options name. */
function supervisedFiles(s: Supervisor) {
  return (_name: string, argv: readonly string[]): FileOperands =>
    readBy(argv, s.spec, (words) => {
      const out: FileOperand[] = [];
      for (const opt of words.options) {
        const op = s.files?.[opt.name];
        if (op !== undefined) pushOpt(out, optionFile(opt, op, argv));
      }
      return { files: out, unresolved: [] };
    });
}

/** The model of the supervisor `names[0]` (and its other names). */
function supervisor(names: string[], s: Supervisor, summary: string, source: string, examples: ProgramExample[]): ProgramModel {
  return defineProgram({
    names,
    summary,
    sources: [source],
    grammar: s.spec,
    runs: 'seen',
    role: 'wrapper',
    unwrap: (argv) => supervised(names[0]!, argv, s),
    ...(s.files !== undefined ? { files: supervisedFiles(s), touchesFilesAsWrapper: true } : {}),
    examples,
  });
}

/** Whether pkexec's options (before its command) hold `--keep-cwd`. */
function keepsDirectory(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length && argv[i]!.startsWith('--'); i++) {
    if (argv[i] === '--keep-cwd') return true;
    if (argv[i] === '--user') i++;
  }
  return false;
}

const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });
const HV = { help: n, version: n } as const;

/** The supervisors' models. @internal */
export const SUPERVISOR_MODELS: readonly ProgramModel[] = [
  supervisor(
    ['tini'],
    { spec: { short: 'p:hvwgle:s', long: { version: n } }, quiet: ['h', 'l', 'version'] },
    'tini: run a command under a minimal init (for containers)',
    'tini 0.19 `tini -h`',
    [
      { command: 'tini -- cat a.txt', effects: ['read ./a.txt'], readOnly: false },
      { command: "tini -s -- sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'the inner sh -c script is read' },
    ],
  ),
  supervisor(
    ['dumb-init'],
    { spec: { short: '+hvVcr:', long: { 'single-child': n, rewrite: r, verbose: n, ...HV } }, quiet: ['h', 'V', 'help', 'version'] },
    'dumb-init: run a command under a simple process supervisor (for containers)',
    'dumb-init 1.2.5 `dumb-init --help`',
    [{ command: 'dumb-init -c cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
  ),
  supervisor(
    ['gosu'],
    { spec: { short: '+', long: HV }, skip: 1, quiet: ['help', 'version'] },
    'gosu: run a command as another user',
    'gosu 1.14 `gosu --help`',
    [{ command: 'gosu nobody cat a.txt', effects: ['read ./a.txt'], readOnly: false, why: 'nobody is the user' }],
  ),
  supervisor(['su-exec'], { spec: { short: '+' }, skip: 1 }, 'su-exec: run a command as another user', 'su-exec 0.2 README', [
    { command: 'su-exec app:app cat a.txt', effects: ['read ./a.txt'], readOnly: false },
  ]),
  supervisor(
    ['catchsegv'],
    { spec: { short: '+', long: HV }, quiet: ['help', 'version'] },
    'catchsegv: run a command and report a backtrace if it crashes',
    'glibc 2.35 catchsegv(1)',
    [{ command: 'catchsegv cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
  ),
  supervisor(
    ['numactl'],
    {
      spec: {
        short: '+abi:p:P:C:N:m:lsHL:o:M:tI:S:f:uTdDVc:',
        long: {
          all: n,
          balancing: n,
          interleave: r,
          preferred: r,
          'preferred-many': r,
          physcpubind: r,
          cpunodebind: r,
          cpubind: r,
          membind: r,
          localalloc: n,
          show: n,
          hardware: n,
          length: r,
          offset: r,
          shmmode: r,
          strict: n,
          shmid: r,
          shm: r,
          file: r,
          huge: n,
          touch: n,
          dump: n,
          'dump-nodes': n,
          verify: n,
        },
      },
      quiet: ['s', 'H', 'show', 'hardware'],
      // `--shm`/`--file` set the policy of a shared memory segment or tmpfs file (creating it).
      options: (opt) =>
        ['S', 'f', 'shm', 'file'].includes(opt.name)
          ? { kind: 'unknown', reason: `numactl ${opt.word}: sets the policy of a file toolgate does not model` }
          : undefined,
    },
    'numactl: run a command with a NUMA memory and CPU policy',
    'numactl 2.0.16 numactl(8)',
    [{ command: 'numactl --interleave=all cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
  ),
  supervisor(
    ['sshpass'],
    { spec: { short: '+f:d:p:P:e::hvV' }, quiet: ['h', 'V'], files: { '-f': 'read' } },
    'sshpass: run a command (ssh) and type a password at its prompt',
    'sshpass 1.09 sshpass(1)',
    [{ command: 'sshpass -f pw.txt cat a.txt', effects: ['read ./pw.txt', 'read ./a.txt'], readOnly: false }],
  ),
  supervisor(
    ['rlwrap'],
    {
      spec: {
        short: '+a::Ab:cC:D:e:f:g:hH:iIl:m::M:nNoO:p::P:q:rRs:S:t:TUvw:Wz:',
        long: {
          'always-readline': o,
          'ansi-colour-aware': n,
          'break-chars': r,
          'complete-filenames': n,
          'command-name': r,
          'history-no-dupes': r,
          'extra-char-after-completion': r,
          file: r,
          'forget-matching': r,
          help: n,
          'history-filename': r,
          'case-insensitive': n,
          'pass-sigint-as-sigterm': n,
          logfile: r,
          'multi-line': o,
          'multi-line-ext': r,
          'no-warnings': n,
          'no-children': n,
          'one-shot': n,
          'only-cook': r,
          'prompt-colour': o,
          'pre-given': r,
          'quote-characters': r,
          remember: n,
          renice: n,
          histsize: r,
          'substitute-prompt': r,
          'set-term-name': r,
          'test-terminal': n,
          'mirror-arguments': n,
          version: n,
          'wait-before-prompt': r,
          polling: n,
          filter: r,
        },
      },
      quiet: ['h', 'v', 'help', 'version', 'T', 'test-terminal'],
      options: (opt) => {
        if (opt.name === 'z' || opt.name === 'filter') return opaque(`rlwrap ${opt.word}: runs a filter program toolgate cannot see`);
        if (opt.name === 'P' || opt.name === 'pre-given') return opaque('rlwrap -P types input into the command it runs');
        return undefined;
      },
      files: { '-f': 'read', '--file': 'read', '-H': 'write', '--history-filename': 'write', '-l': 'write', '--logfile': 'write' },
    },
    'rlwrap: run a command with readline line editing of its input',
    'rlwrap 0.46.1 rlwrap(1)',
    [
      { command: 'rlwrap cat a.txt', effects: ['read ./a.txt'], readOnly: false },
      { command: 'rlwrap -l log.txt cat a.txt', effects: ['write ./log.txt', 'read ./a.txt'], readOnly: false },
    ],
  ),
  supervisor(
    ['pkexec'],
    {
      spec: { short: '+', long: { user: r, 'keep-cwd': n, 'disable-internal-agent': n, ...HV }, abbreviations: false },
      quiet: ['help', 'version'],
      shellWhenEmpty: true,
      // It runs the command in the target user's home directory unless --keep-cwd is given
      // (pkexec(1)): a relative path is then not where the call is, and that home is not known here.
      also: (argv) =>
        keepsDirectory(argv) ? undefined : { kind: 'unknown', reason: "pkexec runs the command in the target user's home directory" },
    },
    'pkexec: run a command (or a shell) as another user, after polkit allows it',
    'polkit 122 pkexec(1)',
    [{ command: 'pkexec --keep-cwd cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
  ),
];

/**
 * faketime 0.9.10 reads its own words: `-m`, `-f`, `--exclude-monotonic`, `--disable-shm`, `-p
 * PID`, `--date-prog PROG` (a program it runs to read the timestamp), then the timestamp, then the
 * command.
 */
function faketimeUnwrap(argv: readonly string[]): WrapperInfo {
  const inner: Unwrapped[] = [];
  let i = 1;
  for (; i < argv.length && argv[i]!.startsWith('-'); i++) {
    const word = argv[i]!;
    if (['-h', '--help', '-v', '--version'].includes(word)) return wrapInfo([]);
    if (['-m', '-f', '--exclude-monotonic', '--disable-shm'].includes(word)) continue;
    if (word === '-p') i++;
    else if (word === '--date-prog') {
      inner.push(opaque(`faketime --date-prog runs ${argv[i + 1] ?? 'a program'} to read the timestamp`));
      i++;
    } else return refusedWrap(`faketime: an option it does not take: ${word}`);
  }
  // argv[i] is the timestamp.
  if (i + 1 < argv.length) inner.push({ kind: 'argv', start: i + 1, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** The faketime model. @internal */
export const faketime = defineProgram({
  names: ['faketime'],
  summary: 'faketime: run a command with a faked system time',
  sources: ['faketime 0.9.10 faketime(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: faketimeUnwrap,
  examples: [
    { command: "faketime '2020-01-01' cat a.txt", effects: ['read ./a.txt'], readOnly: false, why: 'the first operand is the timestamp' },
    { command: "faketime -f '+2y' sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false },
  ],
});

/**
 * Sandboxes whose options change what the command sees (its root, binds, working directory,
 * profiles that run commands): firejail 0.9 firejail(1), PRoot 5 proot(1). Their options are not
 * modelled here, so what they run is unknown (red team 13, N10: `firejail sh -c …` and `proot sh
 * -c …` passed the word screen).
 */
export const sandboxes = defineProgram({
  names: ['firejail', 'proot'],
  summary: 'firejail, proot: run a command in a sandbox or a guest root file system',
  sources: ['firejail 0.9.72 firejail(1)', 'PRoot 5.3 proot(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) =>
    wrapInfo([{ kind: 'unknown', reason: `${argv[0]!}: runs a command in a sandbox whose options toolgate does not model` }], false, true),
  examples: [{ command: 'firejail ls', why: 'what it runs is unknown' }],
});
