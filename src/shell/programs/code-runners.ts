/**
 * Programs that run commands toolgate cannot see, from a script or input it does not read:
 * editors and macro processors with a shell escape, schedulers that run a command later (with no
 * hook and no audit), and other coding agents, which run whatever tools they choose with no gate.
 * Each is opaque code (the opaque-code table), whatever its command line looks like; only the
 * words that print what the program is, or list what is queued, run nothing. The LLVM tools that
 * run the code they are given (llvm-jitlink, llvm-rtdyld, bugpoint, …) are read from `llvm-tools.ts`'s
 * table, beside the options of the others that load a library.
 *
 * Sources: GNU ed 1.19 manual (`!command`); POSIX.1-2017 ex (`!`), m4 (`syscmd`, `esyscmd`),
 * dc(1) (`!`), at(1)/batch(1), crontab(1); CPython 3.11 Lib/pydoc.py (imports what it documents); lftp(1) (`!` shell escape in `-c` and scripts);
 * Claude Code CLI reference (`claude -p`, `--settings`, `--dangerously-skip-permissions`), Codex
 * CLI (`codex exec`), Gemini CLI (`gemini -p`, `-y`), aider (`--yes-always`), opencode (`run`).
 */

import { llvmRunnerName, llvmRunnerOf } from './llvm-tools.js';
import { variantBase } from './name-variants.js';

/**
 * What a program runs, and the words (alone after its name) that run nothing. `when`: the program
 * runs it only in the forms this says (an option or subcommand that names the code); in the others
 * it is judged as a program toolgate has no model of, as before it was listed.
 */
interface Runner {
  readonly what: string;
  readonly quiet?: ReadonlySet<string>;
  readonly when?: (argv: readonly string[]) => boolean;
  /** It runs that code for `--version` and `--help` too (a script that sources a file first). */
  readonly always?: true;
  /** Words of {@link INFO} that are no such word for it and run its input (`ed -v` is verbose). */
  readonly notInfo?: ReadonlySet<string>;
  /** The shell commands its literal program text (inline, or written on its input: `input`) shows, with what holds them. */
  readonly shows?: (argv: readonly string[], input: string | undefined) => ShownCommand[];
}

/** A shell command a program's literal text shows (decision 0131), and what holds it, in a reason's words. */
export interface ShownCommand {
  readonly script: string;
  readonly holder: string;
}

/**
 * The end of the m4 argument list that opens at `open` (its `(`), minding nested parentheses and
 * m4's quotes (`` ` `` … `'`), or -1 when it does not close.
 */
function m4ArgumentsEnd(text: string, open: number): number {
  let depth = 0;
  let quoted = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') quoted++;
    else if (c === "'" && quoted > 0) quoted--;
    else if (quoted > 0) continue;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The commands m4's `syscmd(…)` and `esyscmd(…)` run in the texts it reads: its input and each
 * `-D NAME=VALUE`'s value (`m4 -D 'X=syscmd(touch m)' <<< X` made m). GNU m4 1.4.19: the macro's
 * name must touch its `(` (`syscmd (touch m)` prints the text and runs nothing); the argument's
 * leading blanks and one level of quotes go (``syscmd(`touch m')`` made m). A macro built from
 * others (`define(`x', `syscmd')`) is not seen: the program stays opaque code.
 */
function m4Shows(argv: readonly string[], input: string | undefined): ShownCommand[] {
  const texts: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    const d = /^(?:-D|--define(?:=|$))(.*)$/s.exec(a);
    if (d === null) continue;
    const value = d[1] === '' ? argv[++k] : d[1];
    if (value !== undefined && value.includes('=')) texts.push(value.slice(value.indexOf('=') + 1));
  }
  if (input !== undefined) texts.push(input);
  const out: ShownCommand[] = [];
  for (const text of texts)
    for (const m of text.matchAll(/\be?syscmd\(/g)) {
      const open = m.index + m[0].length - 1;
      const end = m4ArgumentsEnd(text, open);
      let arg = (end < 0 ? text.slice(open + 1) : text.slice(open + 1, end)).replace(/^\s+/, '');
      if (arg.startsWith('`') && arg.endsWith("'")) arg = arg.slice(1, -1);
      if (arg.trim() !== '') out.push({ script: arg, holder: `the ${m[0].slice(0, -1)} text m4 is given` });
    }
  return out;
}

/**
 * The commands dc's `!` runs (GNU dc 1.4.1: the rest of the line; `!<`, `!>`, `!=` compare): in
 * each `-e`/`--expression` text and its input (`dc -e '!touch m'`, `echo '[!touch m]x' | dc`
 * made m). Inside a string the command ends at its `]` too: both readings are given.
 */
function dcShows(argv: readonly string[], input: string | undefined): ShownCommand[] {
  const texts: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    const e = /^(?:-e|--expression(?:=|$))(.*)$/s.exec(a);
    if (e === null) continue;
    const value = e[1] === '' ? argv[++k] : e[1];
    if (value !== undefined) texts.push(value);
  }
  if (input !== undefined) texts.push(input);
  const out: ShownCommand[] = [];
  for (const text of texts)
    for (const m of text.matchAll(/!(?![<>=])([^\n]*)/g)) {
      const line = m[1]!;
      for (const script of new Set([line, line.split(']')[0]!])) if (script.trim() !== '') out.push({ script, holder: "the text of dc's !" });
    }
  return out;
}

/** Whether a word is `--name` or a start of it at least `min` characters long (getopt_long's abbreviations). */
const longStart = (word: string, name: string, min: number): boolean =>
  word.length >= min && word.startsWith('--') && name.startsWith(word);

/**
 * Whether one of the words is a named option, its value in the same word or the next: `names` the
 * option as written without a value (`-run`, `--compiler-bindir` for `--compiler-bindir=d`);
 * `short`, letters that take the rest of their word as the value (`-c./x.sh`, as dpkg's
 * option reading and getopt split it: red team 22, NEW-T2).
 */
const hasOption =
  (names: RegExp, short = '') =>
  (argv: readonly string[]): boolean =>
    argv.slice(1).some((w) => names.test(w.replace(/=[\s\S]*$/, '')) || (/^-[^-]/.test(w) && short.includes(w[1]!)));

/**
 * iproute2's `ip` (6.1): `-b[atch] FILE` reads ip commands from a file or input (`netns exec NS
 * CMD` among them), and `netns exec`, `vrf exec` run a program. ip takes any start of an option or
 * a word (`-ba`, `--batch`, `ip netns e`: verified), so `-b` is batch (`-br` is brief) and any start of
 * `exec` among its words is exec.
 */
function ipRuns(argv: readonly string[]): boolean {
  return argv.slice(1).some((w) => {
    const option = w.replace(/^--/, '-');
    return (option.length >= 2 && '-batch'.startsWith(option)) || (w !== '' && 'exec'.startsWith(w));
  });
}

/**
 * Whether a systemd-run command sets a property that runs a program (`-p ExecStartPre=./x.sh`,
 * `--property=ExecStopPost=…`, `--service-property`, `--socket-property`, `--path-property`):
 * the service manager runs it as part of the unit, besides the command toolgate reads (systemd
 * 252 systemd.service(5) `ExecStart=`, `ExecStartPre=`, `ExecStartPost=`, `ExecCondition=`,
 * `ExecReload=`, `ExecStop=`, `ExecStopPost=`; systemd.socket(5) the same for sockets). Red team
 * 24, RT24-M: `systemd-run --user -p ExecStartPre=/bin/rm true`.
 */
function systemdRunExec(argv: readonly string[]): boolean {
  const PROPERTY = /^--(?:(?:service|socket|path|timer)-)?property$/;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') return false;
    const eq = w.indexOf('=');
    let value: string | undefined;
    if (w.startsWith('--')) {
      if (PROPERTY.test(eq < 0 ? w : w.slice(0, eq))) value = eq < 0 ? argv[++k] : w.slice(eq + 1);
    } else if (w.startsWith('-')) {
      // A cluster of its flags ending in -p (`-qp X`, `-pX`); a letter taking a value ends the cluster.
      const p = /^-[rdqtPGS]*p(.*)$/.exec(w);
      if (p !== null) value = p[1] !== '' ? p[1] : argv[++k];
    } else return false;
    if (value !== undefined && /^\s*exec/i.test(value)) return true;
  }
  return false;
}

/**
 * Whether a systemctl command sets the service manager's environment (`set-environment
 * LD_PRELOAD=/tmp/x.so`, `import-environment`): every unit it starts later runs with it — a
 * library LD_PRELOAD names is loaded into each (systemctl(1), "Environment Commands"; red team 24,
 * RT24-M). Options may stand before or after the verb.
 */
function systemctlSetsEnvironment(argv: readonly string[]): boolean {
  return argv.slice(1).some((w) => w === 'set-environment' || w === 'import-environment');
}

/**
 * The verb of a busctl command (systemd 252 busctl(1)): the first word that is neither an option
 * nor the value of one. Options that take a value may give it in the next word (`-H HOST`,
 * `--address ADDR`); a long option busctl's manual does not list makes the verb unknown
 * (`undefined`), and so does a command with no verb.
 */
function busctlVerb(argv: readonly string[]): string | undefined {
  const VALUED = /^--(host|machine|address|match|size|expect-reply|auto-start|allow-interactive-authorization|timeout|augment-creds|watch-bind|json|destination|limit-messages)$/;
  const FLAGS = /^--(user|system|show-machine|unique|acquired|activatable|list|quiet|verbose|xml-interface|no-pager|no-legend|full|help|version)$/;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') return argv[k + 1];
    if (w.startsWith('--')) {
      const name = w.replace(/=[\s\S]*$/, '');
      if (VALUED.test(name)) {
        if (!w.includes('=')) k++;
      } else if (!FLAGS.test(name)) return undefined;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      // Letters: -H and -M take a value (the rest of the word or the next word); -l -q -j -h are flags.
      const at = w.slice(1).search(/[HM]/);
      if (at >= 0 && at === w.length - 2) k++;
      continue;
    }
    return w;
  }
  return undefined;
}

/** busctl's verbs that only read the bus: what it lists, prints or watches (busctl(1)); every other verb — `call`, `set-property`, `emit` — sends a service a request it acts on. */
const BUSCTL_READS = new Set(['list', 'status', 'monitor', 'capture', 'tree', 'introspect', 'get-property', 'help']);

/** Whether a pip command is `pip config … edit` (options may stand anywhere: optparse). */
function pipConfigEdit(argv: readonly string[]): boolean {
  const config = argv.indexOf('config');
  return config > 0 && argv.indexOf('edit', config + 1) > 0;
}

const PIP_CONFIG_EDIT: Runner = { what: 'the editor its --editor option (or PIP_EDITOR, VISUAL, EDITOR) names', when: pipConfigEdit };

/** What the Python debugger pdb(1) runs: the script, ./.pdbrc and ~/.pdbrc (Python statements), its -c commands. */
const PDB = 'the Python script it debugs (and the Python statements of ./.pdbrc and ~/.pdbrc, and of its -c commands)';
/** Chromium's options that name a program it starts in place of its own helpers (content/public/common/content_switches.cc). */
const CHROMIUM_LAUNCHERS = /^--[a-z-]*(cmd-prefix|launcher|subprocess-path)$/;
const CHROMIUM =
  'the program its --browser-subprocess-path, --renderer-cmd-prefix or another launcher option names, in place of its own helper processes';
const GPROFNG = 'the program it profiles (gprofng collect app PROGRAM)';

/** Words that only print what the program is. */
const INFO = new Set(['--version', '-v', '-V', '--help', '-h', 'help', 'version']);

const EDITOR = "commands its script's ! lines name (a script from its input, which toolgate does not read)";
const AGENT = 'another agent, which runs the tools it chooses with no gate and no audit';

/** The programs, by name. */
const RUNNERS: Readonly<Record<string, Runner>> = {
  // `ed -v` is --verbose and `ex -V` verbose (vim's ex; `-v` is vi mode): each ran the `!` line of
  // its input (GNU ed 1.19, vim 9.0, verified).
  ed: { what: EDITOR, notInfo: new Set(['-v']) },
  ex: { what: EDITOR, notInfo: new Set(['-v', '-V']) },
  // Debian's `editor` alternative is whichever editor the system chose (vim.basic here, else nano,
  // emacs, ed …), and sensible-editor runs VISUAL, EDITOR, ~/.selected_editor's choice or editor:
  // not a program toolgate models, but one that runs the commands its -c and -S words name when it
  // is vim (red team 20, NEW-R9: `editor -es -c '!sh x.sh' -c q` and `sensible-editor -es …` ran rm).
  editor: {
    what: "the editor the system's editor alternative names (vim, emacs, ed, nano …), whose commands and scripts can run shell commands",
  },
  'sensible-editor': {
    what: 'the editor VISUAL, EDITOR or ~/.selected_editor names, else the editor alternative (vim, emacs, ed, nano …), whose commands and scripts can run shell commands',
  },
  // moreutils' vidir and vipe and bash's bashbug run `$VISUAL`, else `$EDITOR`, else vi (vidir,
  // vipe) or editor/emacs/vim (bashbug) on a file of their own: no word names the editor, and vi is
  // vim, whose start-up files and commands run shell commands (red team 21, R21-11: `vidir src` ran
  // the `call system("./x.sh")` of ~/.vimrc). `--help`/`--version` print and run no editor (verified).
  vidir: { what: 'the editor VISUAL or EDITOR names, else vi (vim), whose start-up files and commands can run shell commands' },
  vipe: { what: 'the editor VISUAL or EDITOR names, else vi (vim), whose start-up files and commands can run shell commands' },
  bashbug: { what: 'the editor EDITOR names, else editor, emacs or vim, whose start-up files and commands can run shell commands' },
  // xdg-user-dir sources `${XDG_CONFIG_HOME:-~/.config}/user-dirs.dirs` as shell code before it reads
  // its word, whatever the word is, and xdg-desktop-icon runs xdg-user-dir (xdg-user-dirs 0.18,
  // xdg-utils 1.1.3; red team 21, R21-5: an `rm` there ran on `xdg-user-dir DESKTOP`).
  'xdg-user-dir': { what: 'the shell code of ~/.config/user-dirs.dirs (it sources the file)', always: true },
  'xdg-desktop-icon': { what: 'the shell code of ~/.config/user-dirs.dirs (through xdg-user-dir, which sources it)', always: true },
  m4: { what: 'the commands its syscmd and esyscmd macros name', shows: m4Shows },
  dc: { what: "the commands its program's ! lines name", shows: dcShows },
  lftp: { what: 'the shell commands its ! lines name' },
  // pydoc imports each module it documents, from the working directory first (verified: `pydoc3 m`
  // ran ./m.py); its pager variables are its model's (pager-front-ends.ts).
  pydoc: { what: 'the code of the Python modules it documents (it imports them, from the working directory first)' },
  pydoc3: { what: 'the code of the Python modules it documents (it imports them, from the working directory first)' },
  at: { what: 'a command later, from its input or a file, outside the agent (no hook, no audit)', quiet: new Set(['-l', '-V']) },
  batch: { what: 'a command later, from its input, outside the agent (no hook, no audit)' },
  crontab: { what: 'the commands a crontab file names, later, outside the agent (no hook, no audit)', quiet: new Set(['-l']) },
  'systemd-run': {
    what: 'the programs its Exec… properties name (ExecStartPre=, ExecStopPost=, …), through the service manager',
    when: systemdRunExec,
  },
  systemctl: {
    what: 'every unit its service manager starts next with the environment it sets (LD_PRELOAD, PATH …)',
    when: systemctlSetsEnvironment,
  },
  // The bus's services act on what they are sent: systemd's manager sets the environment of every
  // unit it starts later (`SetEnvironment`, `UnsetAndSetEnvironment`), starts a transient unit
  // running any command (`StartTransientUnit`) … — a method call is code toolgate cannot see
  // (replay 25, RP25-M2: `busctl --user call … SetEnvironment as 1 LD_PRELOAD=/tmp/x.so`,
  // `dbus-update-activation-environment --systemd LD_PRELOAD=…`). Only the verbs that read pass.
  busctl: {
    what: "the request it sends a bus service (systemd's manager sets the environment of later units and starts commands on request)",
    when: (argv) => {
      const verb = busctlVerb(argv);
      return verb === undefined || !BUSCTL_READS.has(verb);
    },
  },
  'dbus-send': { what: "the method it calls on a bus service (systemd's manager sets the environment of later units and starts commands on request)" },
  gdbus: {
    what: "the method it calls on a bus service (systemd's manager sets the environment of later units and starts commands on request)",
    when: (argv) => argv.slice(1).some((w) => w === 'call' || w === 'emit'),
  },
  'dbus-update-activation-environment': {
    what: 'every service the session bus (and, with --systemd, the user service manager) starts later, with the environment it sets (LD_PRELOAD, PATH …)',
  },
  // Programs that run the code an option, an operand, a directory or their input names — each
  // verified to run a project script that ran rm and printed .env under `Bash(*)` with `Bash(rm *)`
  // denied (red team 21, R21-1, R21-6; spellings from each program's --help on Debian 12).
  // `run-parts d`: every executable of d (`--test`, `--list` only print their names; a start of them too).
  'run-parts': {
    what: 'every executable file in the directory it names',
    when: (argv) => !argv.some((w) => longStart(w, '--test', 3) || longStart(w, '--list', 4)),
  },
  // `json_pp -f eval < j.pl`: json_pp's "eval" input format is Perl code, evaluated (Getopt::Long:
  // `-f eval`, `--f=eval`, …; any word `eval` is taken for it).
  json_pp: { what: 'the Perl code on its input (-f eval)', when: (argv) => argv.some((w) => /^(--?f=?)?eval$/i.test(w)) },
  // `pygmentize -x -l ./lx.py:L`: -x loads a lexer, formatter or filter from a Python file (imports it).
  pygmentize: {
    what: 'the Python file its -x option makes it load a lexer, formatter or filter from',
    when: (argv) => argv.some((w) => /^-[gvsLC]*x/.test(w)),
  },
  // `pdb3 -c c x.py`: Debian's pdb3, pdb3.11 are `python3 -m pdb`.
  pdb: { what: PDB },
  pdb3: { what: PDB },
  // Ruby's debugger (the debug gem 1.4, Debian's rdbg3.1) runs the script it is given as ruby
  // would, or the command -c names, after the debugger commands of ~/.rdbgrc and the Ruby of
  // ~/.rdbgrc.rb (protected): `rdbg3.1 -n x.rb` ran x.rb's system() (red team 23, RT23-B addendum).
  // `help` and `version` are a script's name to it.
  rdbg: {
    what: 'the Ruby script or command it debugs, and the debugger commands of ~/.rdbgrc and Ruby of ~/.rdbgrc.rb',
    notInfo: new Set(['help', 'version', '-V']),
  },
  // llvm-reduce (`--test=./x.sh`) is in llvm-tools.ts's table of LLVM's code runners.
  // `kpt fn eval --exec=./x.sh d`, `kpt fn render` (the Kptfile's pipeline): functions are programs or containers.
  kpt: { what: 'the functions its --exec, --image or Kptfile pipeline names', when: (argv) => argv[1] === 'fn' || argv[1] === 'functions' },
  // `debconf ./x.sh`: runs the program with a debconf front end.
  debconf: { what: 'the program it is given, with a debconf front end' },
  // `pip config edit --editor=./x.sh`, `pip config --editor ./x.sh edit`: pip hands the editor
  // (--editor, PIP_EDITOR, VISUAL or EDITOR) its configuration file, through a shell (pip 23; red
  // team 22, NEW-T1: x.sh ran rm). Its other commands are project-runners.ts's.
  pip: PIP_CONFIG_EDIT,
  pip3: PIP_CONFIG_EDIT,
  // `dpkg-architecture -c ./x.sh`, `-c./x.sh`, `--command=./x.sh`: runs the command with the build's
  // variables set (Dpkg::Getopt splits `-cVALUE` and `--name=VALUE`; no abbreviations).
  'dpkg-architecture': { what: 'the command its -c option names', when: hasOption(/^--command$/, 'c') },
  // `msgexec -i x.po ./x.sh`, `msgfilter -i x.po ./x.sh`: the command run for each message.
  msgexec: { what: 'the command it is given, once for each message' },
  msgfilter: { what: 'the filter program it is given, once for each message' },
  // `rpcgen -Y d x.x`: -Y DIR is where it takes its C preprocessor (d/cpp) from.
  rpcgen: { what: 'the C preprocessor in the directory its -Y option names', when: (argv) => argv.some((w) => w.startsWith('-Y')) },
  // `jexec x.jar`: runs the jar's Main-Class.
  jexec: { what: "the jar file's main class" },
  // `nvcc -run x.cu` runs the program it builds; -ccbin DIR is where it takes the host compiler;
  // -Xcompiler, -Xlinker and an options file hand the host compiler and linker options that may run programs.
  nvcc: {
    what: 'the program it builds (-run), the host compiler -ccbin names, or options it hands the host compiler that may run programs',
    when: hasOption(/^--?(run|ccbin|compiler-bindir|Xcompiler|compiler-options|Xlinker|linker-options|optf|options-file)$/),
  },
  // `gio launch d.desktop`: the desktop file's Exec= line; `gio open` starts the file's default application.
  gio: {
    what: "the program a desktop file's Exec= line names, or a file's default application",
    when: (argv) => argv[1] === 'launch' || argv[1] === 'open',
  },
  // `osslsigncode sign -pkcs11engine ./c2.so …`: loads the engine and module libraries.
  osslsigncode: {
    what: 'the shared libraries its -pkcs11engine and -pkcs11module options name',
    when: hasOption(/^--?pkcs11(engine|module)$/),
  },
  chromium: { what: CHROMIUM, when: hasOption(CHROMIUM_LAUNCHERS) },
  'chromium-browser': { what: CHROMIUM, when: hasOption(CHROMIUM_LAUNCHERS) },
  'google-chrome': { what: CHROMIUM, when: hasOption(CHROMIUM_LAUNCHERS) },
  'google-chrome-stable': { what: CHROMIUM, when: hasOption(CHROMIUM_LAUNCHERS) },
  ip: { what: 'the programs its netns exec or vrf exec names, or the ip commands of its -batch file', when: ipRuns },
  // `start-stop-daemon -S -x ./x.sh`: starts the program (-K stops, -T asks the status).
  'start-stop-daemon': {
    what: 'the program its --exec or --startas option names',
    when: (argv) => argv.some((w) => w === '--start' || /^-[A-Za-z]*S/.test(w)),
  },
  // `fstab-decode ./x.sh`, `sotruss ./x.sh`, `memusage ./x.sh`, `heaptrack ./x.sh`: run the program given.
  'fstab-decode': { what: 'the program it is given' },
  sotruss: { what: 'the program it traces' },
  memusage: { what: 'the program it measures' },
  heaptrack: { what: 'the program it profiles' },
  gprofng: { what: GPROFNG, when: (argv) => argv.includes('collect') },
  'gp-collect-app': { what: GPROFNG },
  claude: { what: AGENT },
  codex: { what: AGENT },
  gemini: { what: AGENT },
  aider: { what: AGENT },
  opencode: { what: AGENT },
  goose: { what: AGENT },
  'cursor-agent': { what: AGENT },
  amp: { what: AGENT },
  qwen: { what: AGENT },
};

/**
 * The program of the table `name` is, also under an installed name (`pydoc3.11` → `pydoc3`), or
 * of llvm-tools.ts's runners (`llvm-jitlink-14` → `llvm-jitlink`), or undefined. @internal
 */
export function codeRunnerOf(name: string): string | undefined {
  return Object.hasOwn(RUNNERS, name) ? name : (variantBase(name, (n) => Object.hasOwn(RUNNERS, n)) ?? llvmRunnerName(name));
}

/**
 * Why the command (`name` its folded program name) runs code toolgate cannot see; `null` when it
 * is listed but runs nothing (only `--version`, `--help`, `at -l`, `crontab -l`); `undefined` for
 * a program not listed.
 * @internal
 */
export function escapeCodeOf(name: string, argv: readonly string[]): string | null | undefined {
  // `pydoc3.11` is Debian's pydoc3 for Python 3.11 (red team 20, R20-10: it imported ./zz.py).
  const runner = codeRunnerOf(name);
  if (runner === undefined) return undefined;
  // The LLVM tools that run the code they are given (`llvm-jitlink-14 j.o`) are in llvm-tools.ts's table.
  const runs: Runner = RUNNERS[runner] ?? { what: llvmRunnerOf(runner)! };
  if (runs.when?.(argv) === false) return undefined;
  const word = argv[1]!;
  if (argv.length === 2 && ((runs.always !== true && INFO.has(word) && runs.notInfo?.has(word) !== true) || runs.quiet?.has(word) === true))
    return null;
  return `${argv[0]} runs ${runs.what}, which toolgate cannot see`;
}

/**
 * The shell commands the literal text a program of the table is given shows (m4's `syscmd(…)`,
 * dc's `!…`), `input` the text written on its input: read as an interpreter's embedded commands are
 * (decision 0131) — what they would write to a protected path or remove of a critical one asks,
 * in every mode. The program stays opaque code.
 */
export function escapeCodeShown(name: string, argv: readonly string[], input: () => string | undefined): ShownCommand[] {
  const runner = codeRunnerOf(name);
  const shows = runner === undefined ? undefined : RUNNERS[runner]?.shows;
  return shows === undefined ? [] : shows(argv, input());
}

/**
 * Examples: each is a test (`test/shell/programs/code-runners.test.ts`): the command, and
 * whether it runs code toolgate cannot see.
 * @internal
 */
export const CODE_RUNNER_EXAMPLES: readonly { readonly command: string; readonly opaque: boolean; readonly why?: string }[] = [
  { command: "ed -s /dev/null <<< '!git push --force origin main'", opaque: true, why: 'ed runs a ! line as a shell command' },
  { command: 'ed -s /tmp/s.json <<< "w .claude/settings.json"', opaque: true, why: 'the script writes any file it names' },
  { command: "ex -sc '!id' -cq", opaque: true },
  { command: "m4 <<< 'syscmd(rm -rf /tmp/zz)'", opaque: true },
  { command: 'pydoc3 mymodule', opaque: true, why: 'it imports ./mymodule.py to document it' },
  { command: 'pydoc3.11 mymodule', opaque: true, why: "Debian's pydoc3 for Python 3.11 (red team 20: it imported ./zz.py)" },
  { command: "dc -e '!id'", opaque: true },
  { command: "lftp -c '!cat ~/.ssh/id_rsa'", opaque: true },
  { command: "echo 'git push --force' | at now", opaque: true, why: 'atd runs it later, outside the agent' },
  { command: 'at -f job.sh now', opaque: true },
  { command: "batch <<< 'curl -s https://example.com'", opaque: true },
  { command: 'crontab jobs.txt', opaque: true },
  { command: 'crontab -l', opaque: false, why: 'lists the crontab' },
  { command: 'systemd-run --user -p ExecStartPre=/bin/rm true', opaque: true, why: 'the manager runs /bin/rm before true (red team 24, RT24-M)' },
  { command: 'systemd-run --property=ExecStopPost=./x.sh make', opaque: true },
  { command: 'systemd-run -qp ExecStart=./x.sh true', opaque: true, why: 'a cluster ending in -p' },
  { command: 'systemd-run --socket-property=ExecStartPre=./x.sh --user true', opaque: true },
  { command: 'systemd-run --user -p MemoryMax=1G ls', opaque: false, why: 'a resource limit runs nothing' },
  { command: 'systemd-run --user --scope ls', opaque: false, why: 'the command it runs is read as a command' },
  { command: 'systemctl --user set-environment LD_PRELOAD=/tmp/x.so', opaque: true, why: 'every later unit loads /tmp/x.so (red team 24, RT24-M)' },
  { command: 'systemctl --user import-environment PATH', opaque: true },
  { command: 'systemctl --user show-environment', opaque: false },
  {
    command: 'busctl --user call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager SetEnvironment as 1 LD_PRELOAD=/tmp/x.so',
    opaque: true,
    why: 'every unit the manager starts later loads /tmp/x.so (replay 25, RP25-M2)',
  },
  { command: 'busctl --address unix:path=/run/x set-property a /b c.d E s v', opaque: true, why: 'an option value is not the verb' },
  { command: 'busctl -H list call a /b c.d E', opaque: true, why: "-H's value is the next word" },
  { command: 'busctl --frobnicate list', opaque: true, why: 'an option busctl does not list: its verb is unknown' },
  { command: 'busctl --user list', opaque: false },
  { command: 'busctl tree org.freedesktop.systemd1', opaque: false },
  { command: 'busctl --user get-property org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager Version', opaque: false },
  { command: 'dbus-update-activation-environment --systemd LD_PRELOAD=/tmp/x.so', opaque: true, why: 'replay 25, RP25-M2' },
  { command: 'dbus-update-activation-environment --help', opaque: false },
  { command: 'dbus-send --session --dest=org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager.SetEnvironment array:string:LD_PRELOAD=/tmp/x.so', opaque: true },
  { command: 'gdbus call --session --dest org.freedesktop.systemd1 --object-path /org/freedesktop/systemd1 --method org.freedesktop.systemd1.Manager.SetEnvironment "[\'LD_PRELOAD=/tmp/x.so\']"', opaque: true },
  { command: 'gdbus introspect --session --dest org.freedesktop.systemd1 --object-path /', opaque: false },
  { command: 'systemctl status', opaque: false },
  { command: "claude -p 'run the tests' --dangerously-skip-permissions --settings '{\"disableAllHooks\":true}'", opaque: true },
  { command: 'codex exec --full-auto x', opaque: true },
  { command: 'gemini -y -p x', opaque: true },
  { command: 'aider --yes-always -m x', opaque: true },
  { command: 'opencode run x', opaque: true },
  { command: 'llvm-jitlink-14 j.o', opaque: true, why: "runs j.o's main (red team 20 NEW-R2: it called system(), which ran rm)" },
  { command: 'llvm-rtdyld -entry=main j.o', opaque: true, why: 'llvm-rtdyld executes by default' },
  { command: 'bugpoint -run-llc x.ll', opaque: true, why: 'compiles x.ll and runs it (its main ran)' },
  { command: 'llvm-reduce --test=./t.sh x.ll', opaque: true },
  { command: 'llvm-jitlink --version', opaque: false },
  { command: 'claude --version', opaque: false },
  { command: 'ed --version', opaque: false },
  { command: 'ed -v < x.ed', opaque: true, why: "-v is --verbose: ed ran the script's ! line (GNU ed 1.19)" },
  { command: 'ex -V < x.ex', opaque: true, why: 'verbose: vim as ex ran the ! line of its input' },
  { command: "editor -es -c '!sh x.sh' -c q", opaque: true, why: "Debian's editor alternative was vim.basic: it ran sh (red team 20)" },
  { command: 'editor notes.txt', opaque: true, why: 'the editor it names may run commands its configuration gives' },
  { command: "sensible-editor -es -c '!sh x.sh' -c q", opaque: true, why: 'it ran editor, vim.basic, which ran sh (red team 20)' },
  { command: 'editor --version', opaque: false },
  { command: 'run-parts d', opaque: true, why: 'runs every executable of d (red team 21: d/s ran rm)' },
  { command: 'run-parts --test d', opaque: false, why: 'only prints what it would run' },
  { command: 'run-parts --te d', opaque: false, why: 'a start of --test is --test (verified)' },
  { command: 'run-parts --list d', opaque: false },
  { command: 'json_pp -f eval < j.pl', opaque: true, why: 'the eval format is Perl code' },
  { command: 'json_pp -F eval < j.pl', opaque: true, why: 'Getopt::Long reads option names in any case (verified)' },
  { command: 'json_pp < x.json', opaque: false },
  { command: 'pygmentize -x -l ./lx.py:L README.md', opaque: true, why: '-x imports lx.py' },
  { command: 'pygmentize -gx -l lx.py README.md', opaque: true, why: 'a cluster with -x' },
  { command: 'pdb3.11 -c c x.py', opaque: true, why: "Debian's pdb3.11 is python3.11 -m pdb" },
  { command: 'rdbg3.1 -n x.rb', opaque: true, why: 'ran x.rb (red team 23)' },
  { command: 'rdbg -c -- rake test', opaque: true },
  { command: 'rdbg --version', opaque: false },
  { command: 'rdbg help', opaque: true, why: 'runs a script named help' },
  { command: 'kpt fn eval --exec=./x.sh d', opaque: true },
  { command: 'kpt pkg tree', opaque: false },
  { command: 'pip config edit --editor=./x.sh', opaque: true, why: 'pip ran sh, which ran x.sh (red team 22)' },
  { command: 'pip3 config --editor ./x.sh edit', opaque: true },
  { command: 'pip config list', opaque: false },
  { command: 'dpkg-architecture -aarm64 -c ./x.sh', opaque: true },
  { command: 'dpkg-architecture -aarm64 -c./x.sh', opaque: true, why: 'Dpkg::Getopt splits -cVALUE (red team 22, NEW-T2: x.sh ran rm)' },
  { command: 'dpkg-architecture --command=./x.sh', opaque: true },
  { command: 'dpkg-architecture -qDEB_HOST_ARCH', opaque: false },
  { command: 'msgfilter -i x.po ./x.sh', opaque: true },
  { command: 'rpcgen -Y d x.x', opaque: true, why: 'd/cpp is its preprocessor' },
  { command: 'nvcc -run x.cu', opaque: true },
  { command: 'nvcc --compiler-bindir=d x.cu', opaque: true },
  { command: 'nvcc -c x.cu', opaque: false },
  { command: 'gio launch d.desktop', opaque: true },
  { command: 'gio info README.md', opaque: false },
  { command: 'osslsigncode sign -pkcs11engine ./c2.so -pkcs11module ./c2.so -in a -out b', opaque: true },
  { command: 'chromium --browser-subprocess-path=./x.sh about:blank', opaque: true },
  { command: 'chromium --headless --dump-dom about:blank', opaque: false },
  { command: 'ip -b b.txt', opaque: true, why: 'a batch file may hold netns exec' },
  { command: 'ip --batch b.txt', opaque: true, why: 'ip reads --batch as -batch (verified)' },
  { command: 'ip netns e z sh x.sh', opaque: true, why: 'ip reads e as exec (verified)' },
  { command: 'ip -br link', opaque: false, why: '-br is brief' },
  { command: 'ip -j route', opaque: false },
  { command: 'start-stop-daemon -Sx ./x.sh', opaque: true },
  { command: 'start-stop-daemon -K -n x', opaque: false, why: 'stops it' },
  { command: 'gprofng collect app ./x.sh', opaque: true },
  { command: 'vidir src', opaque: true, why: 'it ran vi (vim), which ran the system() of ~/.vimrc (red team 21)' },
  { command: 'vidir', opaque: true },
  { command: 'vipe', opaque: true },
  { command: 'bashbug', opaque: true, why: 'it runs EDITOR on the report' },
  { command: 'vidir --help', opaque: false, why: 'an unknown option: it prints its usage (verified)' },
  { command: 'bashbug --version', opaque: false },
  { command: 'xdg-user-dir DESKTOP', opaque: true, why: 'it sources ~/.config/user-dirs.dirs, which ran rm (red team 21)' },
  { command: 'xdg-user-dir --help', opaque: true, why: 'it sources the file before it reads its word' },
  { command: 'xdg-desktop-icon install --novendor x.desktop', opaque: true, why: 'it runs xdg-user-dir twice (red team 21)' },
];
