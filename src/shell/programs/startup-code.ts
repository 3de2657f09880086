/**
 * Files a program runs as code by itself when it starts, whatever its words say: `gdb --version`
 * runs the commands of ~/.gdbearlyinit, `less notes.txt` the `LESSOPEN` a ~/.lesskey file's `#env`
 * section sets. Such a command runs code toolgate cannot see when the file is there, so the
 * evaluation takes it as opaque code where the file-system view shows the file (and its text is
 * not known to run nothing) or the same command line writes it (`evaluate/startup-code.ts`).
 * The files themselves are protected paths (`paths/protected.ts`); a program that is opaque code
 * for every command line (`R`, `irb`, `python3 -m pdb`) needs no entry here.
 *
 * Sources: GDB 13.1 manual, "Initialization Files" (early initialization files, read before
 * option processing ends); less 590 less(1) and lesskey(1) (`#env` section, LESSKEYIN, LESSKEY);
 * tmux 3.3a tmux(1), "FILES" (the configuration files a starting server runs; `tmux.ts`);
 * git 2.39 pager.c and man-db 2.11 (a pager only when the output is a terminal).
 */
import { tmuxConfigFiles, tmuxConfigHarmless } from './tmux.js';

/** What a program runs as it starts, from which files. */
export interface StartupCode {
  /** What it runs from the file, for a reason (`the commands`). */
  readonly what: string;
  /**
   * The files it runs code from (absolute), for this command line; `undefined` when this command
   * line reads none of them or is opaque code on its own. `variable` gives a variable of the
   * environment (its value, `null` when known unset, `undefined` when it may be set: the usual
   * place is taken then, as the protected paths take `~/.config`).
   */
  readonly files: (
    argv: readonly string[],
    variable: (name: string) => string | null | undefined,
    home: string,
  ) => readonly string[] | undefined;
  /** Whether a file's text runs nothing (comments, settings that name no file or program). */
  readonly harmless: (text: string) => boolean;
  /** When it runs it, for a reason (`as it starts` unless said). */
  readonly when?: string;
  /** It runs its command with a terminal for its output, so the command pages (`givesTerminal`). */
  readonly terminal?: true;
}

/** A variable's value when it is a known absolute path. */
function absolute(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value.startsWith('/') ? value.replace(/\/+$/, '') : undefined;
}

/** `$XDG_CONFIG_HOME`, or `~/.config` when it is unset or not known. */
function configHome(variable: (name: string) => string | null | undefined, home: string): string {
  return absolute(variable('XDG_CONFIG_HOME')) ?? `${home}/.config`;
}

/** gdb's words that only print (getopt_long_only: `-version` is `--version`, `-v` too). */
const GDB_INFO: ReadonlySet<string> = new Set(['--version', '-version', '-v', '--help', '-help', '-h']);

/**
 * gdb runs its early initialization file before it prints its version or help (GDB 13.1: a
 * `shell touch` line in ~/.gdbearlyinit ran on `gdb --version`, `gdb --help`; `-nx` skips it, but
 * any other word makes gdb opaque code anyway). `$XDG_CONFIG_HOME/gdb/gdbearlyinit` comes first.
 */
function gdbFiles(argv: readonly string[], variable: (name: string) => string | null | undefined, home: string): string[] | undefined {
  if (argv.length < 2 || !argv.slice(1).every((w) => GDB_INFO.has(w))) return undefined;
  return [`${configHome(variable, home)}/gdb/gdbearlyinit`, `${home}/.gdbearlyinit`];
}

/** An early initialization file that only quiets gdb or sets its styles, or holds comments (the uses its manual gives). */
function gdbEarlyHarmless(text: string): boolean {
  return text.split('\n').every((line) => /^\s*(#.*)?$/.test(line) || /^\s*set\s+(startup-quietly|style)\b[\w .-]*$/.test(line));
}

/** less's words that only print its version (it opens no file, so runs no LESSOPEN). */
const LESS_INFO: ReadonlySet<string> = new Set(['-V', '--version']);

/**
 * less reads a lesskey source file (`LESSKEYIN`, else `$XDG_CONFIG_HOME/lesskey`,
 * `~/.config/lesskey`, `~/.lesskey`) and a compiled one (`LESSKEY`, else `~/.less` and its
 * `.config` forms) as it starts: a `#env` section there sets `LESSOPEN`, the command less runs on
 * each file it opens (less 590: `LESSOPEN=|touch m; cat %s` in ~/.lesskey ran on `less notes.txt`,
 * its output a pipe or a terminal).
 */
function lessFiles(argv: readonly string[], variable: (name: string) => string | null | undefined, home: string): string[] | undefined {
  if (argv.length > 1 && argv.slice(1).every((w) => LESS_INFO.has(w))) return undefined;
  const xdg = configHome(variable, home);
  const source = absolute(variable('LESSKEYIN'));
  const compiled = absolute(variable('LESSKEY'));
  return [
    ...(source !== undefined ? [source] : [`${xdg}/lesskey`, `${home}/.config/lesskey`, `${home}/.lesskey`]),
    ...(compiled !== undefined ? [compiled] : [`${xdg}/less`, `${home}/.config/less`, `${home}/.less`]),
  ];
}

/** Variables a lesskey `#env` section may set that name no file and no program (less(1), "ENVIRONMENT VARIABLES"). */
const LESS_PLAIN_VARIABLES =
  /^(LESSCHARSET|LESSCHARDEF|LESSUTFCHARDEF|LESSBINFMT|LESSUTFBINFMT|LESSHISTSIZE|LESSSEPARATOR|LESSANSIMIDCHARS|LESSANSIENDCHARS|LESSMETACHARS|LESSMETAESCAPE|LESS_IS_MORE|LESS_TERMCAP_\w+)$/;

/**
 * A lesskey source file whose `#env` section, if any, sets only variables that name no file and no
 * program: key bindings (`#command`, `#line-edit`) run a command only on a key press, in a terminal.
 * A compiled file (`\0` bytes) is not read.
 */
function lesskeyHarmless(text: string): boolean {
  if (text.includes('\0')) return false;
  let section = 'command';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const marker = /^#(command|line-edit|env|stop)\s*$/.exec(line);
    if (marker) {
      if (marker[1] === 'stop') return true;
      section = marker[1]!;
      continue;
    }
    if (section !== 'env' || line === '' || line.startsWith('#')) continue;
    const name = /^([A-Za-z_]\w*)\s*\+?=/.exec(line)?.[1];
    if (name === undefined || !LESS_PLAIN_VARIABLES.test(name)) return false;
  }
  return true;
}

/** script's and unbuffer's words that only print (script -V, -h; unbuffer takes none of its own). */
const PTY_INFO: ReadonlySet<string> = new Set(['-V', '--version', '-h', '--help']);

/**
 * script and unbuffer run their command in a terminal of their own, and git, man and the like page
 * their output through less when it is a terminal (a tool call's output is a pipe, where they do
 * not): less then runs the LESSOPEN a lesskey file sets on its input when it begins `|-` (less
 * 590: `script -qc 'git log' /dev/null`, `unbuffer git log`, `script -qc 'man git' /dev/null` ran
 * it; `git -p log` with a pipe did not). Which command pages is not told, so any may.
 */
function ptyLessFiles(argv: readonly string[], variable: (name: string) => string | null | undefined, home: string): string[] | undefined {
  if (argv.length === 2 && PTY_INFO.has(argv[1]!)) return undefined;
  return lessFiles([argv[0]!, 'x'], variable, home);
}

/** The programs, by their folded name. */
const GDB: StartupCode = { what: 'the commands', files: gdbFiles, harmless: gdbEarlyHarmless };
const LESS: StartupCode = { what: 'the LESSOPEN command (its #env section)', files: lessFiles, harmless: lesskeyHarmless };
const PTY: StartupCode = {
  what: 'the LESSOPEN command (its #env section)',
  files: ptyLessFiles,
  harmless: lesskeyHarmless,
  when: 'through less, the pager git, man and the like start in the terminal it gives its command',
  terminal: true,
};
const STARTUP_CODE: Readonly<Record<string, StartupCode>> = {
  gdb: GDB,
  // gdbtui is a script that runs `gdb --tui "$@"`: `gdbtui --version` ran ~/.gdbearlyinit (replay 22 NEW-U4).
  gdbtui: GDB,
  less: LESS,
  // zless runs less (gzip's script), and Debian's pager alternative is less where less is installed
  // (a machine may choose more, which reads no lesskey): both ran ~/.lesskey's LESSOPEN (replay 22 NEW-U4).
  zless: LESS,
  pager: LESS,
  // A starting tmux server runs its configuration files' commands, `run-shell` among them: `tmux
  // start-server` ran ~/.tmux.conf's `run-shell 'sh …/x.sh'` (tmux 3.3a; red team 22, NEW-T4).
  tmux: { what: 'the commands', files: tmuxConfigFiles, harmless: tmuxConfigHarmless },
  script: PTY,
  unbuffer: PTY,
};

/**
 * Whether the program (its folded name) runs its command with a terminal for its output, so git
 * there starts its configured pager (replay 23 V3). @internal
 */
export function givesTerminal(name: string): boolean {
  return startupCodeOf(name)?.terminal === true;
}

/** The entry of a program (its folded name), or undefined. @internal */
export function startupCodeOf(name: string): StartupCode | undefined {
  return Object.hasOwn(STARTUP_CODE, name) ? STARTUP_CODE[name] : undefined;
}

/**
 * Examples: each is a test (`test/shell/programs/startup-code.test.ts`): the command, the files
 * present under home `/home/user` (their text), and whether it runs code from one of them.
 * @internal
 */
export const STARTUP_CODE_EXAMPLES: readonly {
  readonly command: string;
  readonly files: Readonly<Record<string, string>>;
  readonly runs: boolean;
  readonly why?: string;
}[] = [
  { command: 'gdb --version', files: { '/home/user/.gdbearlyinit': 'shell rm -f README.md\n' }, runs: true, why: 'GDB 13.1 ran it' },
  { command: 'gdb --help', files: { '/home/user/.config/gdb/gdbearlyinit': 'shell ./x.sh\n' }, runs: true },
  { command: 'gdb --version', files: { '/home/user/.gdbearlyinit': '# quiet\nset startup-quietly on\n' }, runs: false },
  { command: 'gdb --version', files: {}, runs: false },
  {
    command: 'gdb --version',
    files: { '/home/user/.gdbinit': 'shell ./x.sh\n' },
    runs: false,
    why: 'gdb --version reads no ~/.gdbinit (verified)',
  },
  { command: 'less notes.txt', files: { '/home/user/.lesskey': '#env\nLESSOPEN=|./x.sh %s\n' }, runs: true, why: 'less 590 ran it' },
  {
    command: 'less notes.txt',
    files: { '/home/user/.config/lesskey': '#env\nLESS = -o log.txt\n' },
    runs: true,
    why: 'LESS may name a log file',
  },
  { command: 'less notes.txt', files: { '/home/user/.lesskey': '#command\n\\e[A back-line\n#env\nLESSCHARSET=utf-8\n' }, runs: false },
  { command: 'less notes.txt', files: { '/home/user/.less': 'c\0\0e\0' }, runs: true, why: 'a compiled file is not read' },
  { command: 'less --version', files: { '/home/user/.lesskey': '#env\nLESSOPEN=|./x.sh %s\n' }, runs: false },
  { command: 'gdbtui --version', files: { '/home/user/.gdbearlyinit': 'shell ./x.sh\n' }, runs: true, why: 'gdbtui runs gdb --tui' },
  { command: 'zless notes.txt.gz', files: { '/home/user/.lesskey': '#env\nLESSOPEN=|./x.sh %s\n' }, runs: true, why: 'zless runs less' },
  {
    command: 'pager notes.txt',
    files: { '/home/user/.lesskey': '#env\nLESSOPEN=|./x.sh %s\n' },
    runs: true,
    why: "Debian's pager is less",
  },
  { command: 'pager notes.txt', files: {}, runs: false },
  {
    command: 'tmux start-server',
    files: { '/home/user/.tmux.conf': "run-shell 'sh /home/user/project/x.sh'\n" },
    runs: true,
    why: 'tmux 3.3a ran it (red team 22, NEW-T4)',
  },
  { command: 'tmux new -d', files: { '/home/user/.config/tmux/tmux.conf': "set -g default-command './x.sh'\n" }, runs: true },
  { command: 'tmux', files: { '/home/user/.tmux.conf': "set -g automatic-rename-format '#(./x.sh)'\n" }, runs: true, why: 'a new session' },
  { command: 'tmux a', files: { '/home/user/.tmux.conf': 'set -g mouse on;run-shell ./x.sh\n' }, runs: true, why: 'a prefix of attach-session' },
  { command: 'tmux -c true', files: { '/etc/tmux.conf': 'if-shell ./x.sh ""\n' }, runs: true, why: '-c starts a server' },
  { command: 'tmux list-keys', files: { '/home/user/.tmux.conf': 'source-file ~/.tmux.conf.local\n' }, runs: true },
  {
    command: 'tmux new -d',
    files: { '/home/user/.tmux.conf': "# mine\nset -g mouse on\nset -g prefix C-a\nbind r run-shell 'tmux source ~/.tmux.conf'\nset -g @plugin 'tmux-plugins/tpm'\n" },
    runs: false,
    why: 'options and key bindings run nothing as the file is read (a key runs its command only when pressed)',
  },
  { command: 'tmux ls', files: { '/home/user/.tmux.conf': "run-shell './x.sh'\n" }, runs: false, why: 'list-sessions starts no server' },
  { command: 'tmux -V', files: { '/home/user/.tmux.conf': "run-shell './x.sh'\n" }, runs: false },
  { command: 'tmux -N new -d', files: { '/home/user/.tmux.conf': "run-shell './x.sh'\n" }, runs: false, why: '-N starts no server' },
  {
    command: "script -qc 'git log' /dev/null",
    files: { '/home/user/.lesskey': '#env\nLESSOPEN=|-./x.sh %s\n' },
    runs: true,
    why: 'git pages through less in the terminal script gives it (less 590 ran it)',
  },
  { command: 'unbuffer git log', files: { '/home/user/.lesskey': '#env\nLESSOPEN=|-./x.sh %s\n' }, runs: true, why: 'the same (ran)' },
  { command: "script -qc 'git log' /dev/null", files: {}, runs: false },
];
