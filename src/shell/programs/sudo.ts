/**
 * `sudo`: runs a command as another user (or hands it to a shell with `-s`/`-i`). `sudo -e` and
 * `sudoedit` run no command: they copy each file, run the editor `SUDO_EDITOR`, `VISUAL` or
 * `EDITOR` names on the copies, and write the copies back over the files (sudo(8) -e). Verified as
 * root on Debian 12, sudo 1.9.13 (#37): `SUDO_EDITOR="sh -c 'echo pwned > $1' x" sudo -e
 * .claude/settings.json` overwrote it and created `.git/hooks/pre-commit` the same way, and
 * `SUDO_EDITOR='rm -rf .claude' sudoedit notes.txt` removed .claude; each was read as running the
 * file as a program, or not read at all. Its words are still read as a command too (`unwrap`): a
 * reading that only asks more.
 */
import type { FileOperands } from '../options/file-operands.js';
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { interactiveShell, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const o = 'optional' as const;

/** Every option of sudo 1.9 (sudo(8)). @internal */
export const SUDO_OPTIONS: GnuOptionSpec = {
  short: '+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv',
  long: {
    askpass: n,
    'auth-type': r,
    background: n,
    bell: n,
    'close-from': r,
    'login-class': r,
    chdir: r,
    'preserve-env': o,
    edit: n,
    group: r,
    'set-home': n,
    help: n,
    host: r,
    login: n,
    'remove-timestamp': n,
    'reset-timestamp': n,
    list: n,
    'non-interactive': n,
    'preserve-groups': n,
    prompt: r,
    chroot: r,
    role: r,
    stdin: n,
    shell: n,
    type: r,
    'command-timeout': r,
    'other-user': r,
    user: r,
    version: n,
    validate: n,
  },
};

/** Whether the command edits files (`sudo -e`, `sudo --edit`, `sudoedit`) rather than running one. */
const edits = (argv: readonly string[], names: ReadonlySet<string>): boolean =>
  /(?:^|\/)sudoedit$/.test(argv[0] ?? '') || names.has('e') || names.has('edit');

/**
 * The `-c` text sudo's shell mode hands the shell (parse_args.c, sudo 1.9): each word with a
 * backslash before every character that is not a letter, a digit, `_`, `-` or `$`, the words
 * joined with spaces — so each word reaches the shell whole (`sudo -s sh -c 'cat .env > x'` runs
 * sh with its -c text intact; replay 24 T2), while a `$NAME` in a word is still expanded.
 */
export function sudoShellText(words: readonly string[]): string {
  return words.map((w) => w.replace(/[^A-Za-z0-9_$-]/g, (c) => `\\${c}`)).join(' ');
}

/** `sudo [opts] [VAR=value…] COMMAND…`; `-s`/`-i` hand the command to a shell. */
function unwrap(argv: readonly string[], literal: readonly boolean[] = []): WrapperInfo {
  const parsed = parseGnuOptions(argv, SUDO_OPTIONS);
  if (!parsed.ok) return refusedWrap(`sudo: ${describeGnuProblem(parsed)}`);
  const names = new Set(parsed.options.map((opt) => opt.name));
  // `-e`, `-l`, `-v`, `-k`, `-K` run no command (or refuse one); words after them are read as one anyway.
  let k = 0;
  const assignments: number[] = [];
  while (k < parsed.operands.length && parsed.operands[k]!.text.includes('=')) assignments.push(parsed.operands[k++]!.index);
  const start = parsed.operands[k]?.index;
  const shell = ['s', 'shell', 'i', 'login'].some((x) => names.has(x));
  if (start === undefined) return wrapInfo(shell ? [interactiveShell('sudo')] : []);
  // Words that are not literal text: the script reading marks them unknown (a firm ask).
  if (shell && literal.slice(start).some((l) => l === false)) return wrapInfo([{ kind: 'script', index: start, joinFrom: start }]);
  if (shell) return wrapInfo([{ kind: 'text', script: sudoShellText(argv.slice(start)), what: 'sudo -s' }]);
  return wrapInfo([{ kind: 'argv', start, end: argv.length, assignments }]);
}

/** The variables naming the editor `sudo -e` runs, in the order sudo reads them (sudo(8) ENVIRONMENT). */
const EDITOR_VARIABLES = ['SUDO_EDITOR', 'VISUAL', 'EDITOR'] as const;

/**
 * The files `sudo -e` writes back: each operand (words the grammar refuses: an unknown, never
 * nothing); and, when the line (or the known environment) names the editor, what that editor does:
 * a write toolgate cannot see (the person's own editor otherwise). Any other sudo command touches
 * no file of its own: its words are the command's, and it reads none of these variables.
 */
function sudoFiles(argv: readonly string[], variable?: (name: string) => string | null | undefined): FileOperands {
  const parsed = parseGnuOptions(argv, SUDO_OPTIONS);
  const words = argv.map((_w, k) => k).slice(1);
  if (!parsed.ok)
    return /(?:^|\/)sudoedit$/.test(argv[0] ?? '') || argv.some((w) => w === '--edit' || /^-[^-]*e/.test(w))
      ? { files: [], unresolved: [`sudo: ${describeGnuProblem(parsed)}`] }
      : { files: [], unresolved: [], notFiles: words };
  const names = new Set(parsed.options.map((opt) => opt.name));
  if (!edits(argv, names)) return { files: [], unresolved: [], notFiles: words };
  const unseen = EDITOR_VARIABLES.flatMap((v) => {
    const value = variable?.(v);
    return typeof value === 'string' && value !== ''
      ? [{ op: 'write' as const, why: `sudo -e runs the editor ${v} names (${value}), which toolgate does not read` }]
      : [];
  }).slice(0, 1);
  return {
    files: parsed.operands.map((o) => ({ op: 'write' as const, index: o.index })),
    unresolved: [],
    notFiles: words.filter((k) => !parsed.operands.some((o) => o.index === k)),
    ...(unseen.length > 0 ? { unseen } : {}),
  };
}

/** The sudo model. @internal */
export const sudo = defineProgram({
  names: ['sudo', 'sudoedit'],
  summary: 'sudo: run a command as another user; sudo -e and sudoedit edit files as another user',
  sources: [
    'sudo 1.9 sudo(8) (-e, --edit, sudoedit; -A, --askpass, -s, --shell; ENVIRONMENT: SUDO_EDITOR, VISUAL, EDITOR, SUDO_ASKPASS, SHELL)',
  ],
  grammar: SUDO_OPTIONS,
  // Verified as `nobody` (sudo 1.9.13, #37 replay 18 NEW-4): `SUDO_ASKPASS=./a sudo -A true` (and
  // `--askpass`, and with DISPLAY set and no terminal no option at all) ran ./a for the password;
  // as root `SHELL=./sh sudo -s true` ran ./sh -c true.
  readsVariables: {
    SUDO_ASKPASS: { may: ['code'], what: 'SUDO_ASKPASS names the program sudo runs to read the password' },
    SHELL: { may: ['code'], what: 'SHELL names the shell sudo -s runs' },
  },
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv, literal) => unwrap(argv, literal),
  files: (_name, argv, _literal, variable) => sudoFiles(argv, variable),

  examples: [
    { command: 'sudo -u www rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-u takes the user' },
    { command: 'sudo -s rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-s hands the words to a shell as a script' },
    {
      command: "sudo -s sh -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: '-s escapes each word before the shell reads it: the inner sh gets its -c text whole (replay 24 T2)',
    },
    { command: "sudo -i cat 'a b.txt'", effects: ['read ./a b.txt'], why: 'the blank inside a word is escaped: one file' },
    { command: 'sudo -e .claude/settings.json', effects: ['write ./.claude/settings.json'], why: '-e writes the edited copy back' },
    {
      command: 'SUDO_ASKPASS=./a sudo -A true',
      effects: ['write ./a', 'write . [some]', 'write ./a'],
      why: 'sudo runs ./a to read the password (the command it runs is given the variable too)',
    },
    {
      command: 'sudoedit a.txt b.txt',
      effects: ['write ./a.txt', 'write ./b.txt', 'write ./b.txt (word)'],
      why: 'the words are read as a command too (a.txt, a program toolgate does not know): a reading that only asks more',
    },
  ],
});
