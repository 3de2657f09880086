/**
 * Programs that run a command given as their remaining words (`timeout 5 rm x`, `chrt -o 0 rm
 * x`), read with each tool's own option list through the shared GNU option parser, so every
 * spelling (`--k 1`, `--kill-after=1`, `-k1`, `--`) finds the same command. An option the tool
 * does not know, or an ambiguous abbreviation, makes the tool refuse to run — and toolgate calls
 * the command unknown rather than guess.
 * Sources: `--help` of coreutils 9.1, util-linux 2.38, procps-ng 4.0, findutils 4.9, moreutils,
 * systemd 252; sudo(8), doas(1), expect's unbuffer(1).
 */
import { describeGnuProblem, parseGnuOptions, type GnuArgument, type GnuOptionSpec } from './gnu-options.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** How one program runs the command in its operands. @internal */
export interface Runner {
  readonly spec: GnuOptionSpec;
  /** Operands before the command: timeout's duration, chroot's new root, taskset's mask. */
  readonly skip?: number;
  /** Options after which no command runs (`taskset -p`, `ionice -p`). */
  readonly none?: readonly string[];
  /** With no command, an interactive shell reads standard input (chroot, nsenter, unshare). */
  readonly shellWhenEmpty?: boolean;
  readonly transparent?: boolean;
  readonly exactOnly?: boolean;
}

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;
const same = (name: string, argument: GnuArgument = 'none') => ({ argument, same: name });
const HV = { help: n, version: n } as const;
const NAMESPACES = { mount: o, uts: o, ipc: o, net: o, pid: o, user: o, cgroup: o, time: o } as const;

/** The programs read by {@link runnerCommand}, by name. @internal */
export const RUNNERS: Readonly<Record<string, Runner>> = {
  timeout: { spec: { short: '+k:s:v', long: { foreground: n, 'kill-after': r, 'preserve-status': n, signal: r, verbose: n, ...HV } }, skip: 1, transparent: true },
  nice: { spec: { short: '+n:', long: { adjustment: r, ...HV }, numeric: true }, transparent: true },
  nohup: { spec: { short: '+', long: HV }, transparent: true },
  stdbuf: { spec: { short: '+i:o:e:', long: { input: r, output: r, error: r, ...HV } }, transparent: true },
  time: { spec: { short: '+af:o:pqvV', long: { append: n, format: r, output: r, portability: n, quiet: n, verbose: n, ...HV } }, transparent: true },
  exec: { spec: { short: '+cla:' } },
  chronic: { spec: { short: '+ev' } },
  setsid: { spec: { short: '+cfwhV', long: { ctty: n, fork: n, wait: n, ...HV } }, exactOnly: true },
  ionice: {
    spec: { short: '+c:n:p:P:u:thV', long: { class: r, classdata: r, pid: r, pgid: r, uid: r, ignore: n, ...HV } },
    none: ['p', 'P', 'u', 'pid', 'pgid', 'uid'],
    exactOnly: true,
  },
  taskset: { spec: { short: '+acphV', long: { 'all-tasks': n, 'cpu-list': n, pid: n, ...HV } }, skip: 1, none: ['p', 'pid'] },
  prlimit: {
    spec: {
      short: '+c::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y::p:o:hV',
      long: {
        core: o, data: o, nice: o, fsize: o, sigpending: o, memlock: o, rss: o, nofile: o, msgqueue: o, rtprio: o, stack: o, cpu: o, nproc: o, as: o,
        locks: o, rttime: o, pid: r, output: r, noheadings: n, raw: n, verbose: n, ...HV,
      },
    },
    none: ['p', 'pid'],
  },
  setpriv: {
    spec: {
      short: '+dhV',
      long: {
        dump: n, nnp: n, 'no-new-privs': same('nnp'), 'ambient-caps': r, 'inh-caps': r, 'bounding-set': r, ruid: r, euid: r, rgid: r, egid: r, reuid: r,
        regid: r, 'clear-groups': n, 'keep-groups': n, 'init-groups': n, groups: r, securebits: r, pdeathsig: r, 'selinux-label': r,
        'apparmor-profile': r, 'landlock-access': r, 'landlock-rule': r, 'reset-env': n, ...HV,
      },
    },
    none: ['d', 'dump'],
  },
  chroot: { spec: { short: '+', long: { groups: r, userspec: r, 'skip-chdir': n, ...HV } }, skip: 1, shellWhenEmpty: true },
  nsenter: {
    spec: {
      short: '+aceFhVZt:m::u::i::n::p::C::U::T::S:G:r::w::W:',
      long: {
        all: n, target: r, ...NAMESPACES, 'user-parent': n, setuid: r, setgid: r, 'preserve-credentials': n, 'keep-caps': n, root: o, wd: o, wdns: r,
        env: n, 'no-fork': n, 'join-cgroup': n, 'follow-context': n, ...HV,
      },
    },
    shellWhenEmpty: true,
  },
  unshare: {
    spec: {
      short: '+cfhVmuinpCTUrR:w:S:G:l:',
      long: {
        ...NAMESPACES, fork: n, 'kill-child': o, 'mount-proc': o, 'mount-binfmt': o, 'map-user': r, 'map-users': r, 'map-group': r, 'map-groups': r,
        'map-root-user': n, 'map-current-user': n, 'map-auto': n, propagation: r, setgroups: r, 'keep-caps': n, setuid: r, setgid: r, root: r, wd: r,
        monotonic: r, boottime: r, 'load-interp': r, ...HV,
      },
    },
    shellWhenEmpty: true,
  },
  'systemd-run': {
    spec: {
      short: '+hrdqtPGSH:M:u:p:E:',
      long: {
        'no-ask-password': n, user: n, system: n, host: r, machine: r, scope: n, unit: r, property: r, description: r, slice: r, 'slice-inherit': n,
        'no-block': n, 'remain-after-exit': n, wait: n, 'send-sighup': n, 'service-type': r, uid: r, gid: r, nice: r, 'working-directory': r,
        'same-dir': n, setenv: r, pty: n, pipe: n, quiet: n, collect: n, shell: n, 'path-property': r, 'socket-property': r, 'timer-property': r,
        'on-active': r, 'on-boot': r, 'on-startup': r, 'on-unit-active': r, 'on-unit-inactive': r, 'on-calendar': r, 'on-timezone-change': n,
        'on-clock-change': n, 'expand-environment': r, 'ignore-failure': n, background: r, json: r, ...HV,
      },
    },
    shellWhenEmpty: true,
  },
  run0: {
    spec: {
      short: '+u:g:D:hV',
      long: {
        'no-ask-password': n, machine: r, unit: r, property: r, description: r, slice: r, 'slice-inherit': n, user: r, group: r, nice: r, chdir: r,
        setenv: r, background: r, pty: n, pipe: n, 'shell-prompt-prefix': r, lightweight: r, ...HV,
      },
    },
    shellWhenEmpty: true,
  },
  doas: { spec: { short: '+a:C:Lnsu:' }, none: ['C', 'L'] },
};

const info = (inner: Unwrapped[], transparent = false, exactOnly = false): WrapperInfo => ({ inner, transparent, exactOnly });
const refused = (why: string): WrapperInfo => info([{ kind: 'unknown', reason: why }]);
const interactiveShell = (name: string): Unwrapped => ({ kind: 'opaque', reason: `${name} without a command starts a shell that reads its input` });

/** The command a {@link Runner} runs: its operands from `skip` on. */
export function runnerCommand(name: string, argv: readonly string[], runner: Runner): WrapperInfo {
  const parsed = parseGnuOptions(argv, runner.spec);
  if (!parsed.ok) return refused(`${name}: ${describeGnuProblem(parsed)}`);
  const wrap = (inner: Unwrapped[]) => info(inner, runner.transparent, runner.exactOnly);
  if (name === 'doas' && parsed.options.some((opt) => opt.name === 's')) return wrap([interactiveShell(name)]);
  const start = parsed.operands[runner.skip ?? 0]?.index;
  // `taskset -p MASK PID`: no command runs; words after it are read as one anyway (the tool refuses them).
  if (runner.none && parsed.options.some((opt) => runner.none!.includes(opt.name))) return wrap(start === undefined ? [] : [{ kind: 'argv', start, end: argv.length }]);
  if (start === undefined) return wrap(runner.shellWhenEmpty && parsed.operands.length >= (runner.skip ?? 0) ? [interactiveShell(name)] : []);
  return wrap([{ kind: 'argv', start, end: argv.length }]);
}

/** util-linux 2.38 chrt. @internal */
export const CHRT_OPTIONS: GnuOptionSpec = {
  short: '+abdD:fiphmoP:T:rRvV',
  long: {
    'all-tasks': n, batch: n, deadline: n, fifo: n, idle: n, other: n, rr: n, 'reset-on-fork': n, 'sched-runtime': r, 'sched-period': r,
    'sched-deadline': r, max: n, pid: n, verbose: n, ...HV,
  },
};

/** `chrt [policy options] [PRIORITY] COMMAND…`: the priority is a number; newer versions let it be left out. */
export function chrtCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, CHRT_OPTIONS);
  if (!parsed.ok) return refused(`chrt: ${describeGnuProblem(parsed)}`);
  const [first, second] = parsed.operands;
  const start = first !== undefined && !/^\d+$/.test(first.text) ? first : second;
  return info(start ? [{ kind: 'argv', start: start.index, end: argv.length }] : []);
}

/** util-linux 2.38 flock. @internal */
export const FLOCK_OPTIONS: GnuOptionSpec = {
  short: '+sexnoFuw:E:hV?',
  long: {
    shared: n, exclusive: n, unlock: n, nonblocking: n, nb: same('nonblocking'), timeout: r, wait: same('timeout', r), 'conflict-exit-code': r,
    close: n, 'no-fork': n, verbose: n, fcntl: n, ...HV,
  },
};

/** `flock [opts] FILE COMMAND…` or `flock [opts] FILE -c SCRIPT` (`-c`/`--command` right after the file, as flock reads it). */
export function flockCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, FLOCK_OPTIONS);
  if (!parsed.ok) return refused(`flock: ${describeGnuProblem(parsed)}`);
  const [, next, script] = parsed.operands;
  if (next === undefined) return info([], false, true);
  if (next.text === '-c' || next.text === '--command') {
    return info([script ? { kind: 'script', index: script.index } : { kind: 'unknown', reason: `flock ${next.text} without a script` }], false, true);
  }
  return info([{ kind: 'argv', start: next.index, end: argv.length }], false, true);
}

/** procps-ng 4.0 watch. @internal */
export const WATCH_OPTIONS: GnuOptionSpec = {
  short: '+bCcefd::ghq:n:prs:twvx',
  long: {
    beep: n, color: n, 'no-color': n, differences: o, errexit: n, follow: n, chgexit: n, interval: r, precise: n, equexit: r, 'no-rerun': n,
    shotsdir: r, 'no-title': n, 'no-wrap': n, exec: n, ...HV,
  },
};

/** `watch [opts] COMMAND…`: the words joined, run by `sh -c`; with `-x` run as they are. */
export function watchCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, WATCH_OPTIONS);
  if (!parsed.ok) return refused(`watch: ${describeGnuProblem(parsed)}`);
  const first = parsed.operands[0];
  if (!first) return info([], false, true);
  const exec = parsed.options.some((opt) => opt.name === 'x' || opt.name === 'exec');
  return info([exec ? { kind: 'argv', start: first.index, end: argv.length } : { kind: 'script', index: first.index, joinFrom: first.index }], false, true);
}

/** A script given as the value of an option (`-c SCRIPT`, `-cSCRIPT`, `--command=SCRIPT`). */
function optionScript(argv: readonly string[], opt: { index: number; valueIndex?: number; value?: string }): Unwrapped {
  if (opt.valueIndex !== undefined) return { kind: 'script', index: opt.valueIndex };
  const word = argv[opt.index]!;
  return { kind: 'script', index: opt.index, offset: word.length - (opt.value ?? '').length };
}

const SU_LONG = {
  command: r, 'session-command': r, fast: n, login: n, 'preserve-environment': n, pty: n, 'no-pty': n, shell: r, group: r, 'supp-group': r,
  'whitelist-environment': r, ...HV,
} as const;

/** util-linux 2.38 su and runuser. @internal */
export const SU_OPTIONS: GnuOptionSpec = { short: 'c:fg:G:lmpPs:hVw:', long: SU_LONG };
/** @internal */
export const RUNUSER_OPTIONS: GnuOptionSpec = { short: 'c:fg:G:lmpPs:hVw:u:', long: { ...SU_LONG, user: r } };

/**
 * `su [opts] [-] [USER [ARG…]]` and `runuser` (also `-u USER COMMAND…`): `-c` scripts, the
 * program `-s` names, arguments handed to the user's shell; without any, an interactive shell.
 */
export function suCommand(name: string, argv: readonly string[], quote: (w: string) => string): WrapperInfo {
  const runuser = name === 'runuser';
  const parsed = parseGnuOptions(argv, runuser ? RUNUSER_OPTIONS : SU_OPTIONS);
  if (!parsed.ok) return refused(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  let script = false;
  for (const opt of parsed.options) {
    if (['c', 'command', 'session-command'].includes(opt.name)) {
      inner.push(optionScript(argv, opt));
      script = true;
    }
    if ((opt.name === 's' || opt.name === 'shell') && opt.value !== undefined) inner.push({ kind: 'text', script: quote(opt.value), what: `${name} --shell` });
  }
  const operands = parsed.operands.map((op) => op.text);
  if (runuser && parsed.options.some((opt) => opt.name === 'u' || opt.name === 'user')) {
    if (operands.length > 0) inner.push({ kind: 'text', script: operands.map(quote).join(' '), what: `${name} -u` });
    return info(inner);
  }
  const args = (operands[0] === '-' ? operands.slice(2) : operands.slice(1)).map(quote);
  if (args.length > 0) inner.push({ kind: 'text', script: `sh ${args.join(' ')}`, what: `${name}: arguments to the user's shell` });
  else if (!script) inner.push(interactiveShell(name));
  return info(inner);
}

/** `sg [-] [GROUP [-c] COMMAND]`: the command is run by `sh -c`. */
export function sgCommand(argv: readonly string[]): WrapperInfo {
  let i = 1;
  if (argv[i] === '-') i++;
  i++;
  if (i >= argv.length) return info([interactiveShell('sg')]);
  if (argv[i] === '-c') return info(i + 1 < argv.length ? [{ kind: 'script', index: i + 1 }] : [{ kind: 'unknown', reason: 'sg -c without a command' }]);
  return info([{ kind: 'script', index: i, joinFrom: i }]);
}

/** Every option of sudo 1.9 (sudo(8)). @internal */
export const SUDO_OPTIONS: GnuOptionSpec = {
  short: '+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv',
  long: {
    askpass: n, 'auth-type': r, background: n, bell: n, 'close-from': r, 'login-class': r, chdir: r, 'preserve-env': o, edit: n, group: r,
    'set-home': n, help: n, host: r, login: n, 'remove-timestamp': n, 'reset-timestamp': n, list: n, 'non-interactive': n, 'preserve-groups': n,
    prompt: r, chroot: r, role: r, stdin: n, shell: n, type: r, 'command-timeout': r, 'other-user': r, user: r, version: n, validate: n,
  },
};

/** `sudo [opts] [VAR=value…] COMMAND…`; `-s`/`-i` hand the command to a shell. */
export function sudoCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SUDO_OPTIONS);
  if (!parsed.ok) return refused(`sudo: ${describeGnuProblem(parsed)}`);
  const names = new Set(parsed.options.map((opt) => opt.name));
  // `-e`, `-l`, `-v`, `-k`, `-K` run no command (or refuse one); words after them are read as one anyway.
  let k = 0;
  const assignments: number[] = [];
  while (k < parsed.operands.length && parsed.operands[k]!.text.includes('=')) assignments.push(parsed.operands[k++]!.index);
  const start = parsed.operands[k]?.index;
  const shell = ['s', 'shell', 'i', 'login'].some((x) => names.has(x));
  if (start === undefined) return info(shell ? [interactiveShell('sudo')] : []);
  if (shell) return info([{ kind: 'script', index: start, joinFrom: start }]);
  return info([{ kind: 'argv', start, end: argv.length, assignments }]);
}

/** `unbuffer [-p] PROGRAM…` (expect's `spawn` reads its own flags first). */
export function unbufferCommand(argv: readonly string[]): WrapperInfo {
  let i = argv[1] === '-p' ? 2 : 1;
  while (i < argv.length && argv[i]!.startsWith('-')) {
    const a = argv[i]!;
    if (['-noecho', '-console', '-nottycopy', '-nottyinit', '-pty'].includes(a)) i++;
    else if (a === '-ignore') i += 2;
    else if (a === '-open' || a === '-leaveopen') return info([]);
    else return refused(`unbuffer: spawn does not take ${a}`);
  }
  return info(i < argv.length ? [{ kind: 'argv', start: i, end: argv.length }] : []);
}

/** util-linux 2.38 script. @internal */
export const SCRIPT_OPTIONS: GnuOptionSpec = {
  short: 'aB:c:eE:fI:O:o:qm:T:t::Vh',
  long: {
    append: n, command: r, echo: r, return: n, flush: n, force: n, quiet: n, 'log-in': r, 'log-out': r, 'log-io': r, 'log-timing': r,
    'logging-format': r, 'output-limit': r, timing: o, ...HV,
  },
};

/** `script [opts] [FILE]`: `-c SCRIPT` runs through the shell; without it, an interactive shell reads input. */
export function scriptCommand(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SCRIPT_OPTIONS);
  if (!parsed.ok) return refused(`script: ${describeGnuProblem(parsed)}`);
  const command = parsed.options.filter((opt) => opt.name === 'c' || opt.name === 'command').pop();
  return info([command ? optionScript(argv, command) : interactiveShell('script')]);
}
