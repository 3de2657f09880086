/**
 * The process-state tools of daemontools and runit, and eatmydata: each runs the command in its
 * remaining words (`envdir d sh -c TEXT` runs sh with its -c text). With no model, the words after
 * them were taken as data: `envdir d sh -c 'cp x.json .claude/settings.json'`, `setlock -n f sh -c
 * …`, `pgrphack sh -c …`, `softlimit -m N sh -c …`, `setuidgid root sh -c …` overwrote the project
 * settings in bypassPermissions and under `Bash(*)` (replay 24 U1, daemontools 0.76 under strace).
 *
 * Their words (daemontools 0.76, verified on Debian 12): `envdir DIR CHILD`, `pgrphack CHILD`,
 * `fghack CHILD`, `setuidgid ACCOUNT CHILD`, `envuidgid ACCOUNT CHILD` take no options (`envdir --
 * d …` took `--` as its directory, `pgrphack -- echo` ran `--`); `setlock [-nNxX] FILE CHILD` and
 * `softlimit [-acdflmoprst N] CHILD` do (sgetopt: `setlock -- lk echo` ran echo). `envdir` (and
 * `chpst -e`) sets a variable from each file of DIR: the evaluator reads DIR's files with the
 * file-system view ({@link environmentFolder}, `evaluate/folder-environment.ts`; decision 0131). `setlock` (and `chpst -l`/`-L`) opens FILE for
 * writing, creating it. runit 2.1 chpst(8): `chpst [-vP012] [-u U] [-U U] [-b ARGV0] [-e DIR] [-/
 * ROOT] [-n INC] [-l|-L LOCK] [-m N] [-d N] [-o N] [-p N] [-f N] [-c N] [-r N] [-t N] PROG`; `-/`
 * changes the root directory, where toolgate cannot place the command's paths. libeatmydata 105
 * eatmydata(1): `eatmydata [--] COMMAND` (it preloads the system's own library).
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** How one tool reads its words. */
interface Tool {
  /** Its options (sgetopt, which stops at the first operand), or none at all: every word is an operand. */
  readonly spec?: GnuOptionSpec;
  /** Operands before the command: envdir's directory, setlock's file, setuidgid's account. */
  readonly skip: number;
  /** What the tool's own first operand is besides: a file it locks. */
  readonly operand?: 'lock';
  /** Its options that lock a file, change the root, or name a folder whose files set variables (`chpst -e DIR`). */
  readonly options?: Readonly<Record<string, 'lock' | 'root' | 'environment'>>;
  /** Its first operand is a folder whose files set the command's variables (`envdir DIR`). */
  readonly folder?: true;
}

/** The operands and options of a tool's words, or why it refuses them. */
function read(argv: readonly string[], t: Tool) {
  if (t.spec === undefined) return { ok: true as const, options: [], operands: argv.slice(1).map((text, k) => ({ text, index: k + 1 })) };
  return parseGnuOptions(argv, t.spec);
}

/** What a tool runs. */
function runs(name: string, argv: readonly string[], t: Tool): WrapperInfo {
  const parsed = read(argv, t);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const opt of parsed.options) {
    const does = t.options?.[opt.name];
    if (does === 'root') inner.push({ kind: 'unknown', reason: `${name} ${opt.word}: runs the command under another root directory` });
  }
  const start = parsed.operands[t.skip]?.index;
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** The files a tool opens: setlock's FILE, chpst's `-l`/`-L` lock (each opened for writing, created if missing). */
function lockFiles(t: Tool) {
  return (_name: string, argv: readonly string[]): FileOperands => {
    const parsed = read(argv, t);
    if (!parsed.ok) return { files: [], unresolved: [] };
    const files = parsed.options.flatMap((opt) =>
      t.options?.[opt.name] === 'lock' && opt.valueIndex !== undefined ? [{ op: 'write' as const, index: opt.valueIndex }] : [],
    );
    const lock = t.operand === 'lock' ? parsed.operands[0] : undefined;
    if (lock !== undefined) files.push({ op: 'write', index: lock.index });
    return { files, unresolved: [] };
  };
}

/** The model of the tool `name`. */
function tool(name: string, t: Tool, summary: string, source: string, examples: ProgramExample[]): ProgramModel {
  const locks = t.operand === 'lock' || Object.values(t.options ?? {}).includes('lock');
  return defineProgram({
    names: [name],
    summary,
    sources: [source],
    ...(t.spec !== undefined ? { grammar: t.spec } : {}),
    runs: 'seen',
    role: 'wrapper',
    unwrap: (argv) => runs(name, argv, t),
    ...(locks ? { files: lockFiles(t), touchesFilesAsWrapper: true } : {}),
    examples,
  });
}

const DAEMONTOOLS = (tool: string): string => `daemontools 0.76 ${tool}(8)`;

/** envdir's words: DIR, then the command. */
const ENVDIR: Tool = { skip: 1, folder: true };

/** chpst's words (runit 2.1). */
const CHPST: Tool = {
  spec: { short: '+u:U:b:e:/:n:l:L:m:d:o:p:f:c:r:t:vP012' },
  skip: 0,
  options: { l: 'lock', L: 'lock', '/': 'root', e: 'environment' },
};

/** The tools whose words name a folder of variables. */
const FOLDER_TOOLS: ReadonlyMap<string, Tool> = new Map([
  ['envdir', ENVDIR],
  ['chpst', CHPST],
]);

/**
 * Where the words of `name` (a tool of this file) name a folder whose files set the variables of
 * the command it runs — `envdir DIR`, `chpst -e DIR`: each file NAME of DIR sets NAME to its first
 * line, an empty one unsets it (daemontools 0.76: `envdir d bash -c true` with d/BASH_ENV holding
 * `./x.sh` sourced x.sh; replay 25 V1) — the index of that word, with the index of the command's
 * first word; `undefined` when it names none.
 */
export function environmentFolder(name: string, argv: readonly string[]): { folder: number; command: number } | undefined {
  const t = FOLDER_TOOLS.get(name);
  if (t === undefined) return undefined;
  const parsed = read(argv, t);
  if (!parsed.ok) return undefined;
  const command = parsed.operands[t.skip]?.index;
  if (command === undefined) return undefined;
  const option = parsed.options.filter((o) => t.options?.[o.name] === 'environment').pop();
  const folder = t.folder === true ? parsed.operands[0]?.index : option?.valueIndex;
  return folder === undefined ? undefined : { folder, command };
}
const LIMITS: GnuOptionSpec = { short: '+a:c:d:f:l:m:o:p:r:s:t:' };

/** The models. @internal */
export const DAEMONTOOLS_MODELS: readonly ProgramModel[] = [
  tool('envdir', ENVDIR, 'envdir (daemontools): run a command with variables read from a directory', DAEMONTOOLS('envdir'), [
    {
      command: "envdir d sh -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'd is the directory, sh -c its command: the text is read (replay 24 U1)',
    },
  ]),
  tool('envuidgid', { skip: 1 }, "envuidgid (daemontools): run a command with an account's ids in UID and GID", DAEMONTOOLS('envuidgid'), [
    { command: 'envuidgid www rm a.txt', effects: ['remove ./a.txt'], readOnly: false },
  ]),
  tool('setuidgid', { skip: 1 }, 'setuidgid (daemontools): run a command as another account', DAEMONTOOLS('setuidgid'), [
    { command: "setuidgid root sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false },
  ]),
  tool('pgrphack', { skip: 0 }, 'pgrphack (daemontools): run a command in a new process group', DAEMONTOOLS('pgrphack'), [
    { command: "pgrphack sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false },
  ]),
  tool(
    'fghack',
    { skip: 0 },
    'fghack (daemontools): run a command that would put itself in the background, in the foreground',
    DAEMONTOOLS('fghack'),
    [{ command: 'fghack rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
  ),
  tool(
    'setlock',
    { spec: { short: '+nNxX' }, skip: 1, operand: 'lock' },
    'setlock (daemontools): run a command with a file locked',
    DAEMONTOOLS('setlock'),
    [
      {
        command: "setlock -n lk sh -c 'rm a.txt'",
        effects: ['write ./lk', 'remove ./a.txt'],
        readOnly: false,
        why: 'setlock opens lk for writing (creating it), then runs sh',
      },
    ],
  ),
  tool('softlimit', { spec: LIMITS, skip: 0 }, 'softlimit (daemontools): run a command with resource limits', DAEMONTOOLS('softlimit'), [
    { command: "softlimit -m 500000000 sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: '-m takes its number' },
  ]),
  tool(
    'chpst',
    CHPST,
    'chpst (runit): run a command with a changed process state',
    'runit 2.1 chpst(8)',
    [
      { command: "chpst -u www sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false },
      { command: 'chpst -l lk rm a.txt', effects: ['write ./lk', 'remove ./a.txt'], readOnly: false, why: '-l opens the lock file' },
    ],
  ),
  tool(
    'eatmydata',
    { spec: { short: '+' }, skip: 0 },
    'eatmydata: run a command with fsync made a no-op',
    'libeatmydata 105 eatmydata(1)',
    [{ command: "eatmydata sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false }],
  ),
];
