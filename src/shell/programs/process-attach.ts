/**
 * Programs that attach to a running process, dump its memory or make it open a door into itself,
 * by its process id: debuggers and tracers (`gdb -p`, `gcore`, `strace -p`, `ltrace -p`,
 * `perf record -p`, `pstack`, `eu-stack -p`, `lldb -p`, `pyrasite`, `py-spy`, `criu dump -t`),
 * `node inspect -p` (which opens the Node inspector of the process), `kill` with any signal but 0
 * (one that dumps core or opens the Node inspector reaches the memory; any other stops the
 * process), `prlimit --pid` (which can raise the core-file limit) and `ps e` (which prints the
 * process's environment). What they reach is the process's memory — for toolgate serve, its
 * token — or its life.
 *
 * This is the one thing toolgate reads about these programs (they have no model: how the shell
 * layer judges them — unknown programs, gdb as an interpreter — is unchanged). toolgate serve asks
 * it which process ids a command is aimed at and denies the command when one is its own.
 */

/** What a command is aimed at: the process ids it may name, and what it does to them. @internal */
export interface ProcessAim {
  /**
   * Every process id a word may name (each run of digits, leading zeros dropped); `-ID` for a
   * process group `kill` signals (`-1`: every process the user may signal).
   */
  readonly ids: readonly string[];
  /** What the program does to the process, in a few words. */
  readonly what: string;
}

/**
 * The programs that attach to or dump a process named by id in their words, with what they do.
 * Every run of digits in their words counts as an id it may be aimed at (`-p 12`, `--pid=12`,
 * `-p 12,13`, `-ex 'attach 12'`, `gdb prog 12`): only an id that is serve's own ever matters,
 * and no option of theirs names it by chance.
 */
const ATTACHERS: Readonly<Record<string, string>> = {
  gdb: 'attaches a debugger to',
  gdbserver: 'attaches a debugger to',
  lldb: 'attaches a debugger to',
  gcore: 'dumps the memory of',
  pstack: 'reads the stacks of',
  gstack: 'reads the stacks of',
  'eu-stack': 'reads the stacks of',
  strace: 'traces',
  ltrace: 'traces',
  perf: 'samples',
  bpftrace: 'traces',
  pyrasite: 'injects code into',
  'py-spy': 'reads the memory of',
  rbspy: 'reads the memory of',
  memray: 'injects code into',
  criu: 'dumps',
};

/**
 * Signals whose default action dumps core (signal(7): ABRT/IOT, BUS, FPE, ILL, QUIT, SEGV, SYS,
 * TRAP, XCPU, XFSZ), by name and by number on Linux and macOS, and USR1, which makes a Node
 * process open its inspector (where a client evaluates code in it).
 */
const DUMPING = new Set([
  'ABRT',
  'IOT',
  'BUS',
  'FPE',
  'ILL',
  'QUIT',
  'SEGV',
  'SYS',
  'TRAP',
  'XCPU',
  'XFSZ',
  'USR1',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '10',
  '11',
  '12',
  '24',
  '25',
  '30',
  '31',
]);

/** Whether a signal word (`ABRT`, `SIGABRT`, `6`, `sigquit`) dumps core or opens the inspector. */
function dumps(signal: string): boolean {
  const s = signal.toUpperCase().replace(/^SIG/, '');
  return DUMPING.has(s);
}

/** A run of digits as the kernel reads an id: `018502` is process 18502 to bash, gdb and kill alike. */
const id = (digits: string): string => digits.replace(/^0+(?=\d)/, '');

const digitRuns = (words: readonly string[]): string[] => words.flatMap((w) => (w.match(/\d+/g) ?? []).map(id));

/**
 * The ids `kill` sends to: `12` a process, `-12` a process group (`-1` every process the user may
 * signal), each as the kernel reads it (`012` is 12). A word that is no literal id is not known.
 */
const killTargets = (words: readonly string[], literal: readonly boolean[]): string[] =>
  words.flatMap((w, i) => {
    if (literal[i] === false) return [];
    const group = /^-(\d+)$/.exec(w);
    if (group !== null) return [`-${id(group[1]!)}`];
    return (w.match(/\d+/g) ?? []).map(id);
  });

/**
 * What `kill` sends and to whom: `kill -ABRT 12`, `kill -s QUIT 12`, `kill -n 6 12`,
 * `kill --signal SEGV 12`, `kill -6 -- -12` (a process group). Every signal but `0` (which only
 * asks whether the process exists) counts: one that dumps core or opens the Node inspector reaches
 * the memory, and any other stops the process — serve restarted later reads files the agent may
 * have rewritten meanwhile. A signal that is not literal may be any.
 */
function killAim(argv: readonly string[], literal: readonly boolean[]): ProcessAim | undefined {
  let signal: string | undefined;
  let known = true;
  let k = 1;
  for (; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') {
      k++;
      break;
    }
    if (w === '-l' || w === '-L' || w === '--list' || w === '--table') return undefined;
    if (signal === undefined && (w === '-s' || w === '-n' || w === '--signal')) {
      signal = argv[k + 1] ?? '';
      known = literal[k + 1] !== false;
      k++;
      continue;
    }
    // `-6` and `-ABRT` name the signal when no signal was named yet; after one, `-12` is a process group.
    if (signal === undefined && (/^-(?:\d+|[A-Za-z][A-Za-z0-9+-]*)$/.test(w) || (w.startsWith('-') && literal[k] === false))) {
      signal = w.slice(1);
      known = literal[k] !== false;
      continue;
    }
    break;
  }
  const sent = (signal ?? 'TERM').toUpperCase().replace(/^SIG/, '');
  if (known && /^0+$/.test(sent)) return undefined;
  const ids = killTargets(argv.slice(k), literal.slice(k));
  const what = !known || dumps(sent) ? `sends SIG${sent} (a core dump, or the Node inspector) to` : `sends SIG${sent} (which stops it) to`;
  return { ids, what };
}

/**
 * The process `prlimit` changes the limits of (`--pid 12`, `-p 12`, `--pid=12`, `-p12`): raising
 * the core-file limit undoes the `ulimit -c 0` a person set before starting serve.
 */
function prlimitAim(argv: readonly string[], literal: readonly boolean[]): ProcessAim | undefined {
  const ids: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    const value = w === '--pid' || w === '-p' ? argv[++k] : /^(?:--pid=|-p)(.+)$/.exec(w)?.[1];
    if (value !== undefined && literal[k] !== false) ids.push(...digitRuns([value]));
  }
  return ids.length > 0 ? { ids, what: 'changes the resource limits (core dumps included) of' } : undefined;
}

/**
 * `ps` with the BSD `e` modifier (`ps eww 12`, `ps e -p 12`): it prints the environment of the
 * processes it lists, read from `/proc/ID/environ`.
 */
function psAim(argv: readonly string[], literal: readonly boolean[]): ProcessAim | undefined {
  if (!argv.slice(1).some((w) => /^[A-Za-z]*e[A-Za-z]*$/.test(w))) return undefined;
  const ids = digitRuns(argv.slice(1).filter((_w, i) => literal[i + 1] !== false));
  return ids.length > 0 ? { ids, what: 'prints the environment of' } : undefined;
}

/**
 * The process ids a command (its words after expansion; `literal` per word) is aimed at by a
 * program that attaches to, dumps or opens a process; `undefined` when it is no such command.
 * An id in a word that is not literal (`gcore $(pgrep node)`) is not known here.
 * @internal
 */
export function processesAimedAt(argv: readonly string[], literal: readonly boolean[] = []): ProcessAim | undefined {
  const first = argv[0];
  if (first === undefined) return undefined;
  const name = first
    .slice(first.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/\.exe$/, '');
  if (name === 'kill') return killAim(argv, literal);
  if (name === 'prlimit') return prlimitAim(argv, literal);
  if (name === 'ps') return psAim(argv, literal);
  if ((name === 'node' || name === 'nodejs') && argv[1] === 'inspect')
    return { ids: digitRuns(argv.slice(2)), what: 'opens the Node inspector of' };
  const what = ATTACHERS[name];
  if (what === undefined) return undefined;
  return { ids: digitRuns(argv.slice(1).filter((_w, i) => literal[i + 1] !== false)), what };
}
