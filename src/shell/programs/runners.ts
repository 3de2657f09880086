/**
 * Programs that run the command given as their remaining words (`timeout 5 rm x`, `nice -n 5 rm
 * x`, `doas rm x`), each read with its own option grammar through the GNU option parser, so every
 * spelling (`--k 1`, `--kill-after=1`, `-k1`, `--`) finds the same command. An option the tool
 * does not know, or an ambiguous abbreviation, makes the tool refuse to run — and toolgate calls
 * the command unknown rather than guess. What they run is judged as a command of its own; Claude
 * Code looks through the transparent ones (`timeout`, `time`, `nice`, `nohup`, `stdbuf`) for
 * allow rules, with the options of theirs known safe.
 */
import { describeGnuProblem, parseGnuOptions, type GnuArgument, type GnuOption, type GnuOptionSpec } from '../options/gnu-options.js';
import { quoteWord } from '../syntax/environment.js';
import { optionFile, pushOpt, type FileOperand } from '../options/file-operands.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import { readBy } from './parse.js';
import { readOnlyEntry, type ReadOnlyProfile } from './read-only-profile.js';
import { coreutils } from './sources.js';
import { inDirectory, interactiveShell, refusedWrap, wrapInfo } from './wrapper-info.js';
import { systemdEnvironment, type SetEnvironment } from './systemd-environment.js';

/** How one program runs the command in its operands. @internal */
export interface Runner {
  /** The program's option grammar. */
  readonly spec: GnuOptionSpec;
  /** Operands before the command: timeout's duration, chroot's new root, taskset's mask. */
  readonly skip?: number;
  /** Options after which no command runs (`taskset -p`, `ionice -p`). */
  readonly none?: readonly string[];
  /** With no command, an interactive shell reads standard input (chroot, nsenter, unshare). */
  readonly shellWhenEmpty?: boolean;
  /** Claude Code looks through it for allow rules. */
  readonly transparent?: boolean;
  /** Never covered by a prefix allow rule. */
  readonly exactOnly?: boolean;
  /** Options that run the command in another directory (`unshare --wd DIR`, `nsenter -w DIR`). */
  readonly chdir?: readonly string[];
  /** The variables its options set for the command it runs (`systemd-run -E NAME=VALUE`), or why they cannot be read. */
  readonly environment?: (options: readonly GnuOption[], literal: readonly boolean[]) => SetEnvironment;
}

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;
const same = (name: string, argument: GnuArgument = 'none') => ({ argument, same: name });
const HV = { help: n, version: n } as const;
const NAMESPACES = { mount: o, uts: o, ipc: o, net: o, pid: o, user: o, cgroup: o, time: o } as const;

/**
 * A command run in another directory (see {@link inDirectory}). A directory that is not literal
 * text, or one the option leaves to another process (`nsenter -w` with no value: the target's),
 * is unknown.
 */
function runIn(name: string, dir: GnuOption, argv: readonly string[], literal: readonly boolean[], start: number): Unwrapped {
  const known = literal[dir.valueIndex ?? dir.index] === false ? undefined : dir.value;
  const words = argv.slice(start).map((w, k) => (literal[start + k] === false ? w : quoteWord(w)));
  return inDirectory(known, words, `${name} ${dir.word}`, `${name}: runs its command in a directory toolgate cannot tell`);
}

/** The command a {@link Runner} runs: its operands from `skip` on. @internal */
export function runnerCommand(name: string, argv: readonly string[], runner: Runner, literal: readonly boolean[] = []): WrapperInfo {
  const parsed = parseGnuOptions(argv, runner.spec);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  const wrap = (inner: Parameters<typeof wrapInfo>[0]) => wrapInfo(inner, runner.transparent, runner.exactOnly);
  const dir = runner.chdir ? parsed.options.filter((opt) => runner.chdir!.includes(opt.name)).pop() : undefined;
  const first = parsed.operands[runner.skip ?? 0]?.index;
  if (dir !== undefined && first !== undefined) return wrap([runIn(name, dir, argv, literal, first)]);
  if (name === 'doas' && parsed.options.some((opt) => opt.name === 's')) return wrap([interactiveShell(name)]);
  const start = parsed.operands[runner.skip ?? 0]?.index;
  // `taskset -p MASK PID`: no command runs; words after it are read as one anyway (the tool refuses them).
  if (runner.none && parsed.options.some((opt) => runner.none!.includes(opt.name)))
    return wrap(start === undefined ? [] : [{ kind: 'argv', start, end: argv.length }]);
  if (start === undefined)
    return wrap(runner.shellWhenEmpty && parsed.operands.length >= (runner.skip ?? 0) ? [interactiveShell(name)] : []);
  const env = runner.environment?.(parsed.options, literal) ?? [];
  if ('unknown' in env) return refusedWrap(`${name}: ${env.unknown}`);
  if (env.length > 0) return wrap([withEnvironment(name, env, argv, literal, start)]);
  return wrap([{ kind: 'argv', start, end: argv.length }]);
}

/**
 * A command a wrapper runs with variables it sets: read again as `env NAME=VALUE … COMMAND`, so
 * the variables are judged as env's are (a loader variable, a shell's start-up file …) and the
 * command is exec'd, never a builtin of this shell.
 */
function withEnvironment(name: string, env: readonly string[], argv: readonly string[], literal: readonly boolean[], start: number): Unwrapped {
  const words = argv.slice(start).map((w, k) => (literal[start + k] === false ? w : quoteWord(w)));
  return { kind: 'text', script: ['env', ...env.map((a) => a.slice(0, a.indexOf('=') + 1) + quoteWord(a.slice(a.indexOf('=') + 1))), ...words].join(' '), what: `${name} ${env.join(' ')}` };
}

/** What a runner's model says besides its reading of its words. */
interface RunnerFacts extends Partial<
  Omit<ProgramModel, 'names' | 'grammar' | 'runs' | 'unwrap' | 'readOnly' | 'summary' | 'sources' | 'examples'>
> {
  readonly summary: string;
  readonly sources: readonly string[];
  /** The options known safe when Claude Code looks through it (the wrapped command is judged on its own). */
  readonly lookedThrough?: ReadOnlyProfile;
  readonly examples: readonly ProgramExample[];
}

/** The model of the runner `name`. */
function runner(name: string, spec: Runner, facts: RunnerFacts): ProgramModel {
  const { lookedThrough, ...rest } = facts;
  return defineProgram({
    ...rest,
    names: [name],
    grammar: spec.spec,
    runs: 'seen',
    role: 'wrapper',
    unwrap: (argv, literal) => runnerCommand(name, argv, spec, literal),
    ...(lookedThrough !== undefined ? { readOnly: { wrapper: { [name]: readOnlyEntry(spec.spec, lookedThrough) } } } : {}),
  });
}

const UTIL_LINUX = (tool: string): string => `util-linux 2.38 ${tool}(1)`;
const SYSTEMD = (tool: string): string => `systemd 252 ${tool}(1)`;
const WRAPPED = { operands: 'text', globs: false } as const;

/** GNU time 1.9 (`time --help`): every option. */
const TIME: GnuOptionSpec = {
  short: '+af:o:pqvV',
  long: { append: n, format: r, output: r, portability: n, quiet: n, verbose: n, ...HV },
};

/** GNU time 1.9: `-o`/`--output FILE` writes the report (`-a` appends to it). */
function timeFiles(_name: string, argv: readonly string[]) {
  return readBy(argv, TIME, (words) => {
    const files: FileOperand[] = [];
    for (const opt of words.options) if (opt.name === '-o' || opt.name === '--output') pushOpt(files, optionFile(opt, 'write', argv));
    return { files, unresolved: [] };
  });
}

/** The runners' models. @internal */
export const RUNNER_MODELS: readonly ProgramModel[] = [
  runner(
    'timeout',
    {
      spec: { short: '+k:s:v', long: { foreground: n, 'kill-after': r, 'preserve-status': n, signal: r, verbose: n, ...HV } },
      skip: 1,
      transparent: true,
    },
    {
      summary: 'timeout: run a command with a time limit',
      sources: [coreutils('timeout')],
      lookedThrough: { source: coreutils('timeout'), safe: 'all', ...WRAPPED },
      examples: [
        { command: 'timeout 5 cat a.txt', effects: ['read ./a.txt'], readOnly: true },
        {
          command: 'timeout --k 1 5 rm -rf build',
          effects: ['remove ./build'],
          readOnly: false,
          why: '--k is --kill-after (its value 1), 5 the duration',
        },
      ],
    },
  ),
  runner(
    'time',
    { spec: TIME, transparent: true },
    {
      summary: 'time (GNU time): run a command and report the resources it used',
      sources: ['GNU time 1.9 time(1)'],
      files: timeFiles,
      touchesFilesAsWrapper: true,
      lookedThrough: { source: 'GNU time 1.9 time(1)', safe: { short: 'pv', long: 'portability verbose help version' }, ...WRAPPED },
      examples: [
        { command: 'nice time -p cat a.txt', effects: ['read ./a.txt'], readOnly: true },
        { command: 'nice time -o t.txt cat a.txt', effects: ['write ./t.txt', 'read ./a.txt'], readOnly: false },
        {
          command: 'nice time --out t.txt cat a.txt',
          effects: ['write ./t.txt', 'read ./a.txt'],
          readOnly: false,
          why: 'GNU time reads --out as --output (an abbreviation), as it does to find the command',
        },
      ],
    },
  ),
  runner(
    'nice',
    { spec: { short: '+n:', long: { adjustment: r, ...HV }, numeric: true }, transparent: true },
    {
      summary: 'nice: run a command at another scheduling priority',
      sources: [coreutils('nice')],
      lookedThrough: { source: coreutils('nice'), safe: 'all', ...WRAPPED },
      examples: [
        { command: 'nice -n 5 cat a.txt', effects: ['read ./a.txt'], readOnly: true },
        {
          command: 'nice -5 rm a.txt',
          effects: ['remove ./a.txt'],
          readOnly: false,
          why: '-5 is the adjustment (nice reads a number as one)',
        },
      ],
    },
  ),
  runner(
    'nohup',
    { spec: { short: '+', long: HV }, transparent: true },
    {
      summary: 'nohup: run a command immune to hangups',
      sources: [coreutils('nohup')],
      lookedThrough: { source: coreutils('nohup'), safe: 'all', ...WRAPPED },
      examples: [{ command: 'nohup cat a.txt', effects: ['read ./a.txt'], readOnly: true }],
    },
  ),
  runner(
    'lckdo',
    // moreutils 0.67 lckdo(1): `lckdo [options] LOCKFILE PROGRAM [ARGS]`, options -q -w -W SEC -e
    // -E NNN -s -x -t -n; getopt stops at the lock file (verified: `lckdo /tmp/lk -q echo hi` runs
    // `-q`) and refuses an unknown option (`lckdo -z …`: "invalid option").
    { spec: { short: '+qwW:eE:sxtn', long: {} }, skip: 1 },
    {
      summary: 'lckdo (moreutils): run a program with a lock file held',
      sources: ['moreutils 0.67 lckdo(1)'],
      examples: [{ command: 'lckdo -w /tmp/lk rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'stdbuf',
    { spec: { short: '+i:o:e:', long: { input: r, output: r, error: r, ...HV } }, transparent: true },
    {
      summary: 'stdbuf: run a command with other buffering of its standard streams',
      sources: [coreutils('stdbuf')],
      lookedThrough: { source: coreutils('stdbuf'), safe: 'all', ...WRAPPED },
      examples: [{ command: 'stdbuf -oL cat a.txt', effects: ['read ./a.txt'], readOnly: true }],
    },
  ),
  runner(
    'exec',
    { spec: { short: '+cla:' } },
    {
      summary: 'exec: replace the shell with a command',
      sources: ['bash 5.2 help exec'],
      examples: [{ command: 'exec rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'chronic',
    { spec: { short: '+ev' } },
    {
      summary: 'chronic (moreutils): run a command quietly unless it fails',
      sources: ['moreutils chronic(1)'],
      examples: [{ command: 'chronic rm -rf build', effects: ['remove ./build'], readOnly: false }],
    },
  ),
  runner(
    'setsid',
    { spec: { short: '+cfwhV', long: { ctty: n, fork: n, wait: n, ...HV } }, exactOnly: true },
    {
      summary: 'setsid: run a command in a new session',
      sources: [UTIL_LINUX('setsid')],
      examples: [{ command: 'setsid -f cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'ionice',
    {
      spec: { short: '+c:n:p:P:u:thV', long: { class: r, classdata: r, pid: r, pgid: r, uid: r, ignore: n, ...HV } },
      none: ['p', 'P', 'u', 'pid', 'pgid', 'uid'],
      exactOnly: true,
    },
    {
      summary: 'ionice: run a command (or set a process) at another I/O scheduling class',
      sources: [UTIL_LINUX('ionice')],
      examples: [{ command: 'ionice -c 3 cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'taskset',
    { spec: { short: '+acphV', long: { 'all-tasks': n, 'cpu-list': n, pid: n, ...HV } }, skip: 1, none: ['p', 'pid'] },
    {
      summary: 'taskset: run a command (or set a process) on a set of CPUs',
      sources: [UTIL_LINUX('taskset')],
      examples: [
        { command: 'taskset 1 cat a.txt', effects: ['read ./a.txt'], readOnly: false, why: '1 is the CPU mask' },
        { command: 'taskset -p 1 1234', effects: [], why: '-p sets a running process: no command runs' },
      ],
    },
  ),
  runner(
    'prlimit',
    {
      spec: {
        short: '+c::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y::p:o:hV',
        long: {
          core: o,
          data: o,
          nice: o,
          fsize: o,
          sigpending: o,
          memlock: o,
          rss: o,
          nofile: o,
          msgqueue: o,
          rtprio: o,
          stack: o,
          cpu: o,
          nproc: o,
          as: o,
          locks: o,
          rttime: o,
          pid: r,
          output: r,
          noheadings: n,
          raw: n,
          verbose: n,
          ...HV,
        },
      },
      none: ['p', 'pid'],
    },
    {
      summary: 'prlimit: run a command (or set a process) with resource limits',
      sources: [UTIL_LINUX('prlimit')],
      examples: [{ command: 'prlimit --nofile=1024 cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'setpriv',
    {
      spec: {
        short: '+dhV',
        long: {
          dump: n,
          nnp: n,
          'no-new-privs': same('nnp'),
          'ambient-caps': r,
          'inh-caps': r,
          'bounding-set': r,
          ruid: r,
          euid: r,
          rgid: r,
          egid: r,
          reuid: r,
          regid: r,
          'clear-groups': n,
          'keep-groups': n,
          'init-groups': n,
          groups: r,
          securebits: r,
          pdeathsig: r,
          'selinux-label': r,
          'apparmor-profile': r,
          'landlock-access': r,
          'landlock-rule': r,
          'reset-env': n,
          ...HV,
        },
      },
      none: ['d', 'dump'],
    },
    {
      summary: 'setpriv: run a command with other privilege settings',
      sources: [UTIL_LINUX('setpriv')],
      examples: [{ command: 'setpriv --nnp cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'chroot',
    { spec: { short: '+', long: { groups: r, userspec: r, 'skip-chdir': n, ...HV } }, skip: 1, shellWhenEmpty: true },
    {
      summary: 'chroot: run a command (or a shell) with another root directory',
      sources: [coreutils('chroot')],
      examples: [{ command: 'chroot /srv/root cat /etc/passwd', effects: ['read /etc/passwd'], readOnly: false }],
    },
  ),
  runner(
    'nsenter',
    {
      spec: {
        short: '+aceFhVZt:m::u::i::n::p::C::U::T::S:G:r::w::W:',
        long: {
          all: n,
          target: r,
          ...NAMESPACES,
          'user-parent': n,
          setuid: r,
          setgid: r,
          'preserve-credentials': n,
          'keep-caps': n,
          root: o,
          wd: o,
          wdns: r,
          env: n,
          'no-fork': n,
          'join-cgroup': n,
          'follow-context': n,
          ...HV,
        },
      },
      shellWhenEmpty: true,
      chdir: ['w', 'wd', 'W', 'wdns'],
    },
    {
      summary: "nsenter: run a command (or a shell) in other processes' namespaces",
      sources: [UTIL_LINUX('nsenter')],
      examples: [{ command: 'nsenter -t 1 -m cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'unshare',
    {
      spec: {
        short: '+cfhVmuinpCTUrR:w:S:G:l:',
        long: {
          ...NAMESPACES,
          fork: n,
          'kill-child': o,
          'mount-proc': o,
          'mount-binfmt': o,
          'map-user': r,
          'map-users': r,
          'map-group': r,
          'map-groups': r,
          'map-root-user': n,
          'map-current-user': n,
          'map-auto': n,
          propagation: r,
          setgroups: r,
          'keep-caps': n,
          setuid: r,
          setgid: r,
          root: r,
          wd: r,
          monotonic: r,
          boottime: r,
          'load-interp': r,
          ...HV,
        },
      },
      shellWhenEmpty: true,
      chdir: ['w', 'wd'],
    },
    {
      summary: 'unshare: run a command (or a shell) in new namespaces',
      sources: [UTIL_LINUX('unshare')],
      examples: [
        { command: 'unshare -r rm -rf build', effects: ['remove ./build'], readOnly: false },
        {
          command: 'unshare --wd=src rm a.txt',
          effects: ['read ./src', 'remove ./a.txt', 'remove ./src/a.txt'],
          readOnly: false,
          why: '--wd runs the command in src: read again as `cd -P -- ./src && rm a.txt`, a nested script whose directory is kept both ways',
        },
      ],
    },
  ),
  runner(
    'systemd-run',
    {
      spec: {
        short: '+hrdqtPGSH:M:u:p:E:',
        long: {
          'no-ask-password': n,
          user: n,
          system: n,
          host: r,
          machine: r,
          scope: n,
          unit: r,
          property: r,
          description: r,
          slice: r,
          'slice-inherit': n,
          'no-block': n,
          'remain-after-exit': n,
          wait: n,
          'send-sighup': n,
          'service-type': r,
          uid: r,
          gid: r,
          nice: r,
          'working-directory': r,
          'same-dir': n,
          setenv: r,
          pty: n,
          pipe: n,
          quiet: n,
          collect: n,
          shell: n,
          'path-property': r,
          'socket-property': r,
          'timer-property': r,
          'on-active': r,
          'on-boot': r,
          'on-startup': r,
          'on-unit-active': r,
          'on-unit-inactive': r,
          'on-calendar': r,
          'on-timezone-change': n,
          'on-clock-change': n,
          'expand-environment': r,
          'ignore-failure': n,
          background: r,
          json: r,
          ...HV,
        },
      },
      shellWhenEmpty: true,
      environment: systemdEnvironment,
    },
    {
      summary: 'systemd-run: run a command (or a shell) as a transient systemd unit',
      sources: [SYSTEMD('systemd-run')],
      examples: [{ command: 'systemd-run --user cat a.txt', effects: ['read ./a.txt'], readOnly: false }],
    },
  ),
  runner(
    'run0',
    {
      spec: {
        short: '+u:g:D:hV',
        long: {
          'no-ask-password': n,
          machine: r,
          unit: r,
          property: r,
          description: r,
          slice: r,
          'slice-inherit': n,
          user: r,
          group: r,
          nice: r,
          chdir: r,
          setenv: r,
          background: r,
          pty: n,
          pipe: n,
          'shell-prompt-prefix': r,
          lightweight: r,
          ...HV,
        },
      },
      shellWhenEmpty: true,
      environment: systemdEnvironment,
    },
    {
      summary: 'run0: run a command (or a shell) as another user, through systemd',
      sources: [SYSTEMD('run0')],
      examples: [{ command: 'run0 rm /etc/motd', effects: ['remove /etc/motd'], readOnly: false }],
    },
  ),
  runner(
    'doas',
    { spec: { short: '+a:C:Lnsu:' }, none: ['C', 'L'] },
    {
      summary: 'doas: run a command (or a shell, -s) as another user',
      sources: ['OpenBSD doas(1)'],
      examples: [{ command: 'doas rm /etc/motd', effects: ['remove /etc/motd'], readOnly: false }],
    },
  ),
  runner(
    'not',
    // LLVM 14 utils/not/not.cpp: `not [--crash] PROGRAM [ARGS…]` runs PROGRAM with ARGS and inverts
    // its status; only an exact first `--crash` is its own (verified: `not-14 sh ./t.sh` ran sh,
    // `not-14 FileCheck-14 … @r ck` printed what @r names). Installed as `not-14` on Debian.
    { spec: { short: '+', long: { crash: n } } },
    {
      summary: "LLVM's not: run a command and invert its exit status",
      sources: ['LLVM 14 utils/not/not.cpp'],
      nameVariants: true,
      examples: [
        { command: 'not cat a.txt', effects: ['read ./a.txt'], readOnly: false },
        { command: 'not --crash rm a.txt', effects: ['remove ./a.txt'], readOnly: false },
      ],
    },
  ),
];
