/**
 * Variables that name a program or hold a program's options, with the few values known to make
 * any program that reads them run nothing and read or write nothing more: the pager variables
 * set to `cat` or to nothing (`GIT_PAGER=cat git log`, `PAGER= git diff`) and `LESS` holding only
 * display flags (`LESS=R`). Any other value of these names is code (`GIT_PAGER=evil`,
 * `PAGER=./x`, `LESS=+!rm x`): the caller judges it as any variable not known to be inert.
 * Allowlist: a variable or value not listed here is not inert by this file.
 */
import { SAFE_ENVIRONMENT } from '../syntax/variables.js';
import { programVariables } from './program-variables.js';

/**
 * Variables whose value is a command line the program runs to page its output: git's
 * `GIT_PAGER` and `PAGER` (git 2.39 pager.c: an empty value or `cat` starts no pager at all), and
 * `PAGER`/`MANPAGER` for man and the rest, `SYSTEMD_PAGER` for systemd's tools (journalctl(1): `cat`
 * or nothing is `--no-pager`), `PSQL_PAGER` for psql. `cat` and nothing run no code of anyone's choosing
 * (`cat` is looked up along the PATH the command inherits, as the bare command's programs are).
 */
const PAGER_VARIABLES: ReadonlySet<string> = new Set(programVariables((v) => v.value === 'pager'));

/** A pager value that runs nothing: `cat` or empty, quoted or not. */
const INERT_PAGER = /^(?:cat|'cat'|"cat"|''|""|)$/;

/**
 * less's options that only change how it shows the text (less 590 less(1)): the letters that take
 * no value and name no file or command — not `-o`/`-O` (a log file less writes), `-k` (a key file),
 * `-t`/`-T` (tags), `-p`/`-P` (pattern, prompt: a value running to the end of `LESS`), `-D`, `+cmd`.
 */
const LESS_FLAGS = 'aAcCdeEfFgGiIJKLmMnNqQrRsSuUwWX~';

/** A number less takes: a count, a list of tab stops (`4,8`), a fraction of the screen (`.5`, `-j-2`). */
const NUMBER = '-?(?:\\d+(?:[.,]\\d+)*|\\.\\d+)';

/** A word of display flags, at most one of them a number option at its end (`-FRX`, `R`, `-x4`, `-j.5`, `-+S`). */
const LESS_FLAG_WORD = new RegExp(`^(?:-?(?=.)[${LESS_FLAGS}]*(?:[bhjxyz#]${NUMBER})?|-\\+[${LESS_FLAGS}]+)$`);

/** less's long options of the same kind, by their full names (an abbreviation may be another option: `--log` is `--log-file`). */
const LESS_LONG_FLAGS: ReadonlySet<string> = new Set(
  (
    'search-skip-screen SEARCH-SKIP-SCREEN auto-buffers clear-screen CLEAR-SCREEN dumb quit-at-eof QUIT-AT-EOF force ' +
    'quit-if-one-screen hilite-search HILITE-SEARCH ignore-case IGNORE-CASE status-column quit-on-intr no-lessopen long-prompt ' +
    'LONG-PROMPT line-numbers LINE-NUMBERS quiet silent QUIET SILENT raw-control-chars RAW-CONTROL-CHARS squeeze-blank-lines ' +
    'chop-long-lines underline-special UNDERLINE-SPECIAL hilite-unread HILITE-UNREAD no-init tilde file-size follow-name ' +
    'incsearch mouse MOUSE no-histdups no-keypad use-backslash use-color'
  ).split(' '),
);

/** less's long options that take a number only. */
const LESS_LONG_NUMBERS = new RegExp(
  `^--(?:buffers|max-back-scroll|jump-target|tabs|max-forw-scroll|window|shift|line-num-width|status-col-width|wheel-lines)=${NUMBER}$`,
);

/**
 * Whether options given to less in a variable (`LESS`, systemd's `SYSTEMD_LESS`) only change how it
 * shows the text: each blank-separated word display flags (`LESS_FLAG_WORD`) or such a long option.
 * One reading for every program that runs less as its pager (git, man, pydoc, systemd's tools):
 * `LESS='-O.claude/settings.json' git -p log` and `… man ls` had less write its input over the
 * file (verified, less 590 under script(1), #37 replay of red team 18 NEW-4).
 * @internal
 */
export function inertLessOptions(value: string): boolean {
  const words = value.split(/\s+/).filter((w) => w !== '');
  return (
    words.length > 0 &&
    words.every((w) => LESS_FLAG_WORD.test(w) || (w.startsWith('--') && LESS_LONG_FLAGS.has(w.slice(2))) || LESS_LONG_NUMBERS.test(w))
  );
}

/**
 * Whether a `NAME=value` assignment given to a command is known to change nothing a decision
 * depends on: an output-only variable (`SAFE_ENVIRONMENT`: locale, colour, terminal, …) or one
 * of the program-naming variables above with an inert value.
 * @internal
 */
export function inertAssignment(assignment: string): boolean {
  if (SAFE_ENVIRONMENT.test(assignment)) return true;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(assignment);
  if (m === null) return false;
  const [, name, value] = m as unknown as [string, string, string];
  if (PAGER_VARIABLES.has(name)) return INERT_PAGER.test(value);
  // `LESS='-R'`, `LESS="FRX"`: one pair of quotes around the whole value is removed as the shell does.
  if (name === 'LESS') return inertLessOptions(value.replace(/^(['"])([^'"]*)\1$/, '$2'));
  return false;
}

/**
 * Variables the C library and the dynamic loader read in every program they run, and those that
 * change how a GNU program reads its words: glibc 2.36's list of variables it drops for setuid
 * programs because they load code or name files (sysdeps/generic/unsecvars.h: GCONV_PATH,
 * GETCONF_DIR, GLIBC_TUNABLES, HOSTALIASES, LD_*, LOCALDOMAIN, LOCPATH, MALLOC_*, NIS_PATH,
 * NLSPATH, RESOLV_HOST_CONF, RES_OPTIONS, TMPDIR, TZDIR), macOS's `DYLD_*`, gnulib's
 * CHARSETALIASDIR, the locale and time zone (a value that names a file: `SAFE_ENVIRONMENT` takes
 * the others), and POSIXLY_CORRECT and _POSIX2_VERSION (options after an operand, `+N`, become
 * file names).
 */
const SYSTEM_VARIABLES =
  /^(?:LD_\w*|DYLD_\w*|MALLOC_\w*|GLIBC_TUNABLES|GCONV_PATH|GETCONF_DIR|HOSTALIASES|LOCALDOMAIN|LOCPATH|NIS_PATH|NLSPATH|RESOLV_HOST_CONF|RES_OPTIONS|TMPDIR|TZDIR|TZ|CHARSETALIASDIR|LANG|LANGUAGE|LC_\w+|POSIXLY_CORRECT|_POSIX2_VERSION)$/i;

/**
 * Whether variable `name`, given to a program whose own variables are all data (`ProgramModel`
 * `environment: 'data'`), may still change what it runs or touches: one of the C library's or
 * the loader's ({@link libraryVariable}), any name holding `PATH` (a search list), or a shell's
 * own (`HOME`, `IFS`, `ENV`, `BASH_*`, `ZDOTDIR`, …: never data).
 * @internal
 */
export function systemVariable(name: string): boolean {
  return (
    libraryVariable(name) || /PATH/i.test(name) || /^(?:HOME|IFS|ENV|CDPATH|SHELLOPTS|BASHOPTS|PS4|BASH\w*|ZDOTDIR|ZSH\w*)$/.test(name)
  );
}

/**
 * The C library's variables whose value names a file or folder it only reads, never writes: the
 * time zone (`TZ=/usr/share/zoneinfo/X`, `TZ=:/etc/localtime`) and its folder, locale and message
 * catalogs, host aliases and the resolver's configuration, gnulib's charset aliases. A value
 * naming a protected file (`TZ=/etc/passwd date`) is therefore no write the program may do.
 * @internal
 */
export function fileReadVariable(name: string): boolean {
  return /^(?:TZ|TZDIR|LOCPATH|NLSPATH|HOSTALIASES|RESOLV_HOST_CONF|CHARSETALIASDIR)$/.test(name);
}

/** Whether the C library or the dynamic loader reads variable `name` in any program (the list above). @internal */
export function libraryVariable(name: string): boolean {
  return SYSTEM_VARIABLES.test(name);
}

/**
 * A pager value that runs only a pager by name: `less`, `more` or Debian's `pager` (the system's
 * choice, as the default is), with flags that take no value and name no file or command (the
 * letters `LESS_FLAGS` names). What less then reads from the environment (`LESSOPEN`, a `+cmd`
 * in `LESS`) is judged as its own variable.
 */
/**
 * node options (Node 20 `node --help`) that load no code and name no file: heap and stack sizes,
 * warnings, source maps, the legacy OpenSSL provider, the DNS order, what an unhandled rejection
 * does. `--require`, `--import`, `--loader`, `--env-file`, `--inspect`, `--redirect-warnings=FILE`
 * and any other option are not inert.
 */
const INERT_NODE_OPTION =
  /^--(?:max-old-space-size|max-semi-space-size|stack-size|stack-trace-limit)=\d+$|^--(?:no-warnings|no-deprecation|trace-warnings|trace-deprecation|enable-source-maps|openssl-legacy-provider|experimental-vm-modules|preserve-symlinks)$|^--unhandled-rejections=(?:strict|warn|none|throw|warn-with-error-code)$|^--dns-result-order=(?:ipv4first|verbatim)$/;

const KNOWN_PAGER = /^(?:less|more|pager)(?:\s+-[aAcCdeEfFgGiIJKLmMnNqQrRsSuUwWX~]+)*\s*$/;

/**
 * Variables that name the editor a program runs on a file (sensible-editor, vipe; git's own are
 * judged as commands by its model), and the values that run only an editor by name: `vi`, `vim`,
 * `nvim`, `nano`, `emacs` or Debian's `editor` (the system's choice, as the default is), with no
 * argument — a person's editor, which runs nothing the line chose.
 */
const EDITOR_VARIABLES: ReadonlySet<string> = new Set(programVariables((v) => v.value === 'editor'));
const KNOWN_EDITOR = /^(['"]?)(?:vi|vim|nvim|nano|emacs|editor)\1$/;

/**
 * The options a Java virtual machine variable (`JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS`,
 * `JDK_JAVA_OPTIONS`, `MAVEN_OPTS`) holds that load no code and name no file (OpenJDK 17 java(1)):
 * heap and stack sizes, `-XX` flags on or off or set to a number, assertions, headless, and a few
 * system properties of encoding, locale, time zone and network protocol. Not `-javaagent:`,
 * `-agentpath:`, `-agentlib:`, `-Xlog:`, `-XX:Flags=`, `-XX:OnError=`, `-Xbootclasspath…`, other
 * `-XX` flags that name a file or a command even when the value is a number (`-XX:VMOptionsFile=1`
 * read the options of a file `1`: verified, its `-agentpath:` ran),
 * properties (`-Djava.system.class.loader=` loads a class), `@argfiles`.
 */
const INERT_JVM_OPTION =
  /^(?:-X(?:mx|ms|ss|mn)\d+[kKmMgGtT]?|-XX:[+-]\w+|-XX:(?!\w*(?:File|Path|Flags|Error|Command|Dir|Exit|List|Lib|Archive|Record|Log|Dump|Agent|Options|Output|Replay))\w+=\d+(?:\.\d+)?[kKmMgG%]?|-[ed]a|-[ed]sa|-Djava\.awt\.headless=(?:true|false)|-D(?:file|sun\.jnu|stdout|stderr|sun\.stdout|sun\.stderr)\.encoding=[\w-]+|-Duser\.(?:language|country|region|variant)=\w+|-Duser\.timezone=[\w/+-]+|-Djava\.net\.prefer(?:IPv4Stack|IPv6Addresses)=(?:true|false)|-D(?:https\.protocols|jdk\.tls\.client\.protocols)=[\w.,]+|--add-(?:opens|exports|reads)=[\w./]+=[\w.,-]+)$/;

/**
 * Whether one option of the Java virtual machine only tunes the runtime ({@link INERT_JVM_OPTION}):
 * the one list read for its option variables and for the `-J` words of the JDK's launchers
 * (`jvm-tools.ts`).
 * @internal
 */
export function inertJvmOption(option: string): boolean {
  return INERT_JVM_OPTION.test(option);
}

/** The variables whose value holds a Java virtual machine's options. */
const JVM_OPTION_VARIABLES: ReadonlySet<string> = new Set(programVariables((v) => v.value === 'jvm-options'));

/**
 * A `SHELL` value that runs only a POSIX shell of the system: `sh`, `bash` or `dash`, by name or
 * in /bin or /usr/bin — the shell whose reading of the command toolgate judges. Another shell
 * (`zsh`, `fish`) reads the same bytes its own way; a path in the project is its code.
 */
const KNOWN_SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash)$/;

/**
 * less's input filter as Debian's lesspipe(1) exports it (`| /usr/bin/lesspipe %s`, `/usr/bin/lesspipe
 * %s %s`; lessfile without the `|`): a system program, which runs the project's nothing. Any other
 * (`|./x.sh %s`, a command line) is code toolgate does not read.
 */
const SYSTEM_LESS_FILTER = /^\|?\s*\/usr\/bin\/less(?:pipe|file)(?: %s){1,2}$/;

/**
 * Whether a value given to one of a program's variables that may be code or name a file of
 * options (`ProgramModel.readsVariables`) is known to run nothing and read nothing: empty (less,
 * rg and man take an empty value as unset: less 590 lgetenv, ripgrep 13 config.rs, man-db 2.11),
 * `/dev/null` for a file of options (rg's, bat's), for `LESS` and `SYSTEMD_LESS` only display flags (`inertLessOptions`), for a pager variable (bat's `BAT_PAGER` too) `cat` or a pager by name (`KNOWN_PAGER`), for
 * an editor variable an editor by name (`KNOWN_EDITOR`), for `SHELL` a system shell (`KNOWN_SHELL`), for
 * `RSYNC_RSH` rsync's default `ssh`, for `NODE_OPTIONS` and the Java virtual machine's option variables runtime tuning only (`INERT_NODE_OPTION`, `INERT_JVM_OPTION`). `undefined`: not literal.
 * `readAsOptions`: the program reads the value as options with its own grammar too (less's `LESS`).
 * @internal
 */
export function inertCodeValue(name: string, value: string | undefined, readAsOptions = false): boolean {
  if (value === undefined) return false;
  if (value === '') return true;
  // less's own `LESS`: its options are read with its grammar (a log file is a write it names), so
  // only a start command is code: `-+X` resets option X, any other `+` may start one.
  if (name === 'LESS' && readAsOptions) return !value.replace(/(^|\s)-\+/g, '$1-').includes('+');
  // `LESS=FRX`, `SYSTEMD_LESS=FRSXMK` (systemd's default): display flags only; not a `+cmd`, a log file.
  if (name === 'LESS' || name === 'SYSTEMD_LESS') return inertLessOptions(value);
  // `MANPAGER=less man ls`, `PAGER='less -R'`: a pager by name, with display flags only.
  if (PAGER_VARIABLES.has(name) || name === 'BAT_PAGER') return INERT_PAGER.test(value) || KNOWN_PAGER.test(value);
  // `EDITOR=vim sensible-editor f`: an editor by name.
  if (EDITOR_VARIABLES.has(name)) return KNOWN_EDITOR.test(value);
  // `SHELL=/bin/bash script -qc …`: a system shell.
  if (name === 'SHELL') return KNOWN_SHELL.test(value);
  // `JAVA_TOOL_OPTIONS='-Dfile.encoding=UTF-8'`, `MAVEN_OPTS='-Xmx2g'`: options that only tune the runtime.
  if (JVM_OPTION_VARIABLES.has(name)) return value.trim().split(/\s+/).every(inertJvmOption);
  // `RSYNC_RSH=ssh`: rsync's own default.
  if (name === 'RSYNC_RSH') return value === 'ssh';
  // Debian's `eval "$(lesspipe)"` (the default ~/.bashrc) and its lessfile form.
  if (name === 'LESSOPEN' || name === 'LESSCLOSE') return SYSTEM_LESS_FILTER.test(value);
  // `NODE_OPTIONS=--max-old-space-size=4096`: options that only tune the runtime.
  if (name === 'NODE_OPTIONS')
    return value
      .trim()
      .split(/\s+/)
      .every((o) => INERT_NODE_OPTION.test(o));
  return (name === 'RIPGREP_CONFIG_PATH' || name === 'BAT_CONFIG_PATH') && value === '/dev/null';
}

/**
 * Whether a start command less takes from its command line (`+G`, `+/TODO`; less 590 less(1),
 * "+cmd") is known to run nothing: `+` or `++` and a line number, `G`/`g`, `F`, or a search
 * (`/`, `?`, `&`) with no control character (a newline ends the search, and what follows runs as
 * more commands: `!` runs a shell command, `|` pipes to one, `v` starts an editor, `s` saves).
 * @internal
 */
export function inertStartCommand(word: string): boolean {
  return /^\+\+?(?:\d*[gGpP%]?|F|[/?&][^\x00-\x1f\x7f]*)$/.test(word);
}
