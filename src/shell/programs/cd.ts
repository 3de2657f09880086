/**
 * `cd`, `pushd`, `popd`: the builtins that move the shell's working directory. Their facet is the
 * state they change — where the commands after them run — which the path effects follow and the
 * state check refuses to guess; `cd` with one literal directory is read-only.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { decodeWord } from '../syntax/words.js';
import type { ReadOnlyVerdict, SimpleCommand } from '../types.js';
import type { ShellModel } from '../shells/index.js';
import { splitByOwnBuiltin } from './builtins.js';
import { defineProgram, type DirectoryChange } from './model.js';
import { readWords, readWordsLeniently } from './parse.js';
import { CC_DOCS } from './sources.js';

/**
 * bash 5.2 `help cd`: `cd [-L|[-P [-e]] [-@]] [dir]` (`-@` only where the system has extended
 * attributes as files, not on Linux), `--help`; options end at the first operand, as in every
 * builtin.
 */
const CD: GnuOptionSpec = { short: '+LPe', long: { help: 'none' }, abbreviations: false };

/** bash 5.2 `help pushd` / `help popd`: `-n`, and `-N` (a number) names an entry of the stack. */
const PUSHD: GnuOptionSpec = { short: '+n', long: { help: 'none' }, abbreviations: false, numeric: true };

/**
 * The argv index of the directory word of `cd`/`pushd` (argv.length when none): the first
 * operand, or pushd's `-N`. A word bash refuses (`cd -x dir`, `cd -q dir` as zsh reads it) is
 * skipped as an option of another shell, so the directory is the word after it.
 */
function operand(name: string, argv: readonly string[]): number {
  const grammar = name === 'pushd' ? PUSHD : CD;
  const words = readWords(argv, grammar) ?? readWordsLeniently(argv, grammar);
  const stack = words.options.find((o) => o.name === '-#')?.index;
  return Math.min(words.operands[0] ?? argv.length, stack ?? argv.length);
}

/**
 * Why `cd`/`pushd` goes where its one directory word does not say, or undefined:
 * - two operands: zsh puts the second in place of the first in the working directory's path
 *   (`cd proj proj/.claude`; `cd -q`, `pushd` too), bash refuses and stays (red team 19 R19-3);
 *   a word no shell takes as an option (`-n` for cd, `-x`) counts, as zsh takes it for text;
 * - `pushd -n DIR`: bash adds DIR to the stack and stays, zsh has no -n and replaces the text
 *   `-n` in the path (R19-13: toolgate moved to DIR).
 */
function notWhereNamed(name: string, argv: readonly string[]): string | undefined {
  const words = argv.slice(1).filter((w) => w !== '--' && !/^-[LPeqs@]+$/.test(w));
  if (name === 'pushd' && words.some((w) => /^-[LPqs]*n[LPqsn]*$/.test(w)))
    return 'pushd -n keeps the directory in bash and is a replacement in the path in zsh';
  if (words.length > 1) return `${name} with two directories replaces the first with the second in the path in zsh (bash refuses)`;
  return undefined;
}

/** Where `cd` or `pushd` goes: its operand, home (no operand), or untracked (`cd -`, `pushd +1`, `cd OLD NEW`). */
function directory(name: string, argv: readonly string[]): DirectoryChange {
  const other = notWhereNamed(name, argv);
  if (other !== undefined) return { to: 'untracked', why: other };
  const at = operand(name, argv);
  if (at >= argv.length) return { to: 'home' };
  if (argv[at] === '-') return { to: 'untracked', why: 'cd - goes to the previous directory' };
  if (name === 'pushd' && /^[-+][0-9]+$/.test(argv[at]!))
    return { to: 'untracked', why: `pushd ${argv[at]} goes to a directory of the stack` };
  return { to: 'operand', index: at };
}

/**
 * `~`, `~/DIR`, `~-` or `~-/DIR` in plain characters: the home directory or the previous one,
 * which the path effects resolve as they resolve them in any word (`~` to the context's home or
 * what the command assigns HOME; `~-` to each directory it may name in the shells the command
 * may run in, or somewhere unknown). `~user` and `~+` name other directories.
 */
function homeWord(raw: string): boolean {
  return /^~-?(\/[A-Za-z0-9._/-]*)?$/.test(raw);
}

/** Why `cd`/`pushd` leaves later commands unjudgeable: a target toolgate cannot resolve. */
function hides(name: string, cmd: SimpleCommand): string | undefined {
  const other = notWhereNamed(name, cmd.argv);
  if (other !== undefined) return other;
  const at = operand(name, cmd.argv);
  if (at >= cmd.argv.length) return `${name} without a directory goes to $HOME, which toolgate cannot prove`;
  const target = cmd.argv[at]!;
  if (!cmd.literal[at] && !homeWord(cmd.raw?.[at] ?? target)) return `${name} ${target}: a directory toolgate cannot resolve`;
  if (target === '-') return `${name} - goes to the previous directory, which toolgate does not track`;
  if (/^[-+][0-9]+$/.test(target)) return `${name} ${target} goes to a directory of the stack`;
  return undefined;
}

/**
 * Why `chdir` is not followed as `cd` in `shells`, or undefined when each of them runs it as its
 * cd (zsh's and dash's own builtin, `splitByOwnBuiltin`). In bash it is a program looked up along
 * PATH, which cannot move the shell and which toolgate has no model of; where the shells differ
 * (`--shell unknown`: bash and zsh) where the commands after it run is not known (red team 19
 * R19-11: `chdir src; cat ../.env` printed the project's .env in zsh).
 */
function chdirElsewhere(shells: readonly ShellModel[]): string | undefined {
  const { own, path } = splitByOwnBuiltin(shells, 'chdir');
  if (path.length === 0) return undefined;
  const names = (of: readonly ShellModel[]) => of.map((s) => s.name).join(' and ');
  if (own.length === 0) return `chdir is no builtin of ${names(path)}: a program looked up along PATH, which toolgate has no model of`;
  return `chdir is cd in ${names(own)} and a program looked up along PATH in ${names(path)}: where the commands after it run is not known`;
}

/** The names whose directory toolgate does not follow (in the shells the command may run in), and why. */
const ELSEWHERE: Readonly<Record<string, (shells: readonly ShellModel[]) => string | undefined>> = {
  popd: () => 'popd returns to a directory toolgate does not track',
  chdir: chdirElsewhere,
};

/**
 * The leading parts of a `cd` directory that each `..` in it climbs out of (`cd a/b/../..`: `a/b`
 * and `a/b/..`), leaving out those made of `.`, `..` and `/` only, which exist wherever the shell
 * is. bash's logical cd and zsh's check that each is a directory before folding the `..` away, and
 * fail when one is not (`cd ./nonexist/../..`, `cd README.md/../..`: "No such file or directory",
 * "Not a directory"; bash 5.2 `sh_canonpath` with PATH_CHECKDOTDOT, zsh 5.9 builtin.c); dash
 * folds first and goes (replay of red team 20, NEW-R1).
 * @internal
 */
export function climbedParts(dir: string): string[] {
  const parts = dir.split('/');
  const out: string[] = [];
  parts.forEach((p, k) => {
    if (p !== '..' || parts.slice(0, k).every((q) => q === '' || q === '.' || q === '..')) return;
    out.push(parts.slice(0, k).join('/'));
  });
  return out;
}

/**
 * Whether `cd DIR` looks DIR up along its search path (`CDPATH`): a relative directory whose first
 * component is not `.` or `..` (POSIX.1-2017 cd, step 5; bash, dash and zsh alike).
 * @internal
 */
export function searchesCdPath(dir: string): boolean {
  return dir !== '' && !dir.startsWith('/') && !dir.startsWith('~') && !/^\.\.?(\/|$)/.test(dir);
}

/**
 * The search path an assignment before this one command gives it (`CDPATH=/home/user cd .ssh`;
 * zsh's tied `cdpath=…` too — counted in every shell, which can only add a place it may go):
 * its value (`null` when empty), `unknown` when it is not literal, undefined when none is given.
 * @internal
 */
export function assignedCdPath(assignments: readonly string[]): string | null | 'unknown' | undefined {
  let out: string | null | 'unknown' | undefined;
  for (const a of assignments) {
    const m = /^(CDPATH|cdpath)(\+?)=([\s\S]*)$/.exec(a);
    if (m === null) continue;
    const d = decodeWord(m[3]!);
    if (!d.literal || m[2] === '+') out = 'unknown';
    else out = d.value === '' ? null : d.value;
  }
  return out;
}

/**
 * The directory words `cd DIR` may go to with search path `cdPath` (known): each entry's `DIR` (an
 * empty entry is the working directory), then `DIR` itself — bash, dash and zsh fall back to the
 * working directory when no entry holds it (zsh tries it first).
 * @internal
 */
export function cdCandidates(dir: string, cdPath: string | null): string[] {
  if (cdPath === null || !searchesCdPath(dir)) return [dir];
  const out = cdPath.split(':').map((entry) => (entry === '' ? dir : `${entry.replace(/\/+$/, '')}/${dir}`));
  if (!out.includes(dir)) out.push(dir);
  return [...new Set(out)];
}

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/**
 * Whether a `cd` is read-only in a set: one directory at most, and (Claude Code's set) no option
 * but `-L`/`-P`; robota also refuses `cd` alone (home) and `cd -`. The caller has checked its words.
 * @internal
 */
export function cdReadOnly(cmd: SimpleCommand, set: 'claudeCode' | 'robota'): ReadOnlyVerdict {
  const ops = cmd.argv.slice(1).filter((a) => a !== '--' && !(a.startsWith('-') && a.length > 1));
  if (set === 'robota') {
    if (ops.length === 0) return no('cd without a directory goes to the home directory');
    if (ops[0] === '-') return no('cd - goes to the previous directory');
  }
  if (ops.length > 1) return no('cd with more than one directory');
  if (set === 'claudeCode') {
    const opt = cmd.argv.slice(1).find((a) => a.startsWith('-') && a.length > 1 && a !== '--' && !/^-[LP]+$/.test(a));
    if (opt) return no(`cd ${opt} is not an option known to be read-only`);
  }
  return YES;
}

/** The builtins that move the shell's working directory (zsh's chdir included). @internal */
export const DIRECTORY_BUILTINS: readonly string[] = ['cd', 'pushd', 'popd', 'chdir'];

/** The cd model (`pushd` moves the same way and keeps a stack; `popd` returns along it). @internal */
export const cd = defineProgram({
  // zsh's and dash's chdir is their cd; bash looks a program of that name up along PATH and stays
  // where it is (`chdirElsewhere`).
  names: DIRECTORY_BUILTINS,
  summary: "cd, pushd, popd: change the shell's working directory",
  sources: ['bash 5.2 help cd / pushd / popd', 'POSIX.1-2017 cd', CC_DOCS],
  readOnly: {
    claudeCode: { cd: { source: CC_DOCS, operands: 'read', globs: false, check: 'cd' } },
    robota: { cd: { globs: false, safeShort: '', check: 'cd' } },
  },
  state: {
    directory(name, argv, shells) {
      const other = ELSEWHERE[name]?.(shells);
      return other !== undefined ? { to: 'untracked', why: other } : directory(name, argv);
    },
    hides(name, cmd, shells) {
      return ELSEWHERE[name]?.(shells) ?? hides(name, cmd);
    },
    returnsAlongStack: (name) => name === 'popd',
  },
  runs: 'nothing',
  examples: [
    { command: 'cd src && cat a.js', effects: ['read ./src', 'read ./src/a.js'], readOnly: true },
    {
      command: 'cd /tmp && ls',
      effects: ['read /tmp'],
      readOnly: true,
      why: 'ls reads the directory cd left it in (one effect: the same read)',
    },
    {
      command: 's=/x; cd s && cat a',
      effects: ['read ./s', 'read /**', 'read ./s/a', 'read /**/a'],
      why: "zsh's CDABLE_VARS (start-up files may set it) reads a name that is no directory here as ~s: wherever a variable, hash -d name or user of that name points (replay 18 NEW-5)",
    },
    { command: 'cd -P src', effects: ['read ./src'], readOnly: true },
    { command: 'cd -e src', effects: ['read ./src'], readOnly: false, why: 'only -L and -P are known read-only options' },
    { command: 'cd a b', readOnly: false, why: 'more than one directory' },
    {
      command: 'cd proj proj/.claude; echo x > settings.json',
      hides: true,
      why: 'zsh replaces proj with proj/.claude in the path (red team 19 R19-3)',
    },
    {
      command: 'pushd -n /tmp; echo x > settings.json',
      hides: true,
      why: 'bash stays, zsh replaces the text -n in the path (red team 19 R19-13)',
    },
    { command: 'cd -P src; ls', hides: false, why: 'one directory after a known option' },
    { command: 'chdir src; cat ../.env', hides: true, why: 'zsh moves to src, bash runs a program chdir and stays' },
    {
      command: 'cd ~/src && cat a.js',
      effects: ['read /home/user/src', 'read /home/user/src/a.js'],
      readOnly: true,
      why: '~ is the home directory the path effects resolve: a path like any other (whether it is inside the working directories is judged on the effects)',
    },
    {
      command: 'cd && cat .ssh/id_rsa',
      effects: ['read /home/user/.ssh/id_rsa'],
      readOnly: false,
      why: 'cd alone goes to $HOME, which toolgate cannot prove',
    },
  ],
});
