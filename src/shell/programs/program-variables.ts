/**
 * The one table of environment variables whose value names a program, a program's options, or
 * where programs load code or configuration from — read by every facet (decision 0137: no second
 * list; `test/shell/programs/one-home.test.ts` holds no other list of these names outside it):
 * - `loader`: a place the value names is protected where the user's exported environment or a
 *   start-up file sets it (`loader-variables.ts`, `evaluate/loader-locations.ts`,
 *   `evaluate/sourced-files.ts`);
 * - `git`: given to a git command, git runs the value (`runs`) or reads configuration where it
 *   points (`configuration`) — `git/runs.ts`, `git/world.ts`;
 * - `value`: what kind of command line or options the value is, whose values known to run
 *   nothing `environment-values.ts` lists (a pager or editor by name, runtime tuning only).
 * A pure table with no imports of code (make's variables are make's table, `make-variables.ts`): the
 * main bundle and the hook's shell family both read it.
 */
import type { LoadedNames } from './loader-names.js';
import { MAKE_COMMAND_LINES, MAKE_DRIVER_FLAGS, MAKE_OTHER_PROGRAMS, MAKE_PROGRAMS, MAKE_SHELL_FLAGS } from './make-variables.js';

/**
 * How a variable's value names places: a `:`-separated list, one directory, one file, a list of
 * files, a program (a path with a `/`; a bare name is found along `PATH`, protected apart), or a
 * command line (less's `|./x.sh %s`): each word with a `/` in it, the program or a script it runs;
 * the words make's recipes' shell takes before each line (`.SHELLFLAGS`): an operand is its script;
 * a shell text (`PROMPT_COMMAND`): each of its commands read as a command line, `.`/`source` taking
 * its file as the program; a vim script (`VIMINIT`): Ex commands, read by the vimrc reader
 * (`evaluate/sourced-files.ts`, which the shell family does not load: `loaderPlaces` names none);
 * or a program's options, of which those that load a file name it (`node`: `--require X`, `--import X`
 * by `node-options.ts`; `ruby`: `-rX` with a path; `jvm`: `-javaagent:X`, `-agentpath:X`,
 * `-XX:VMOptionsFile=X`, `@X`; `go`: `-toolexec=X`, `-exec=X`, `-overlay=X`, `-modfile=X`).
 * gcc's own (decision 0166): `exec-prefix`, the folder gcc runs its helpers from (`GCC_EXEC_PREFIX=~/gcc/`:
 * `~/gcc/cc1`, `~/gcc/x86_64-linux-gnu/12/cc1`; with no `/` at the end, its folder's), and whose
 * `../..` holds its tool folder (`MACHINE/bin/as`); `library-path`, a `:` list of folders each read with the
 * `lib` folder beside it (`D/../lib`, gcc's multilib folder), for the names `loads` says.
 */
export type LoaderValueShape =
  | 'dirs'
  | 'dir'
  | 'file'
  | 'files'
  | 'program'
  | 'command'
  | 'shell-flags'
  | 'shell-text'
  | 'vim-script'
  | 'exec-prefix'
  | 'library-path'
  | OptionsShape;

/**
 * A value read as a program's options (see {@link LoaderValueShape}); `perl`: the folders `-I`
 * puts first on `@INC`, where the modules `-M`/`-m`/`-d:` name are found.
 */
type OptionsShape = 'node-options' | 'ruby-options' | 'jvm-options' | 'go-flags' | 'perl-options' | ProgramOptionsShape | 'make-flags' | 'cc-flags';

/**
 * A value a program reads as options before its command line, read by that program's own model
 * (its grammar, and what its options run: the model's `unwrap`): `tar-options` tar's, `zip-options`
 * zip's. `make-flags`: make's MAKEFLAGS — its options (`--eval`'s text, read as make's model
 * reads `make --eval`) and its variable assignments, which make gives every recipe it runs
 * (`SHELL`, the recipes' shell; a variable of this table, read by its own shape). `cc-flags`: a C
 * compiler driver's options (`CFLAGS`), read by the driver's model (`compiler-driver.ts`: `-wrapper`,
 * `-B`, `-specs=`, `-fplugin=`, `@FILE` name what runs).
 */
export type ProgramOptionsShape = 'tar-options' | 'zip-options';

export interface LoaderVariable {
  shape: LoaderValueShape;
  /** What loads from there, as the reason's second half: "<subject> <what>". */
  what: string;
  /**
   * Which writes there change what a program not of the project loads (`loader-names.ts`): a
   * search path's folder is often the project's own source (`PYTHONPATH=$PWD/src`), whose edits
   * only the project's code imports. Absent: every write there (a configuration folder).
   */
  loads?: LoadedNames;
  /** The program reads the variable in any case (npm's `npm_config_*`). */
  anyCase?: boolean;
  /**
   * Programs read it only on a terminal (git's pager, bash's prompt): the agent's commands have
   * none, but the user's shells do — those the user's start-up files set it in
   * (`evaluate/sourced-files.ts`), and the terminal the agent was started from, whose exported
   * environment is the one the agent inherits (`GIT_PAGER='sh ~/bin/x.sh'` inherited: `git log` on
   * that terminal ran it, red team 27 RT27-V8). Said in the reason only.
   */
  onTerminal?: true;
}

/** What each facet knows of one variable (see the file's head). */
export interface ProgramVariable {
  readonly loader?: LoaderVariable;
  /**
   * Given to a git command: git runs the value (`runs`, git(1) "Environment Variables"), or reads
   * configuration from where it points (`configuration`, git-config(1) "FILES"; `HOME` moves
   * `~/.gitconfig`), or reads hooks or its own programs from a place the model does not follow
   * (`hidden`: a repository, a template, git's exec-path).
   */
  readonly git?: 'runs' | 'configuration' | 'hidden';
  /** The value is a pager's or an editor's command line, or a Java virtual machine's options. */
  readonly value?: 'pager' | 'editor' | 'jvm-options';
}

/** zip 3.0 reads ZIPOPT, else ZIP, as options before its command line. */
const ZIP_OPTIONS: ProgramVariable = { loader: { shape: 'zip-options', what: 'options every zip reads before its command line (-TT runs a program to test the archive)' } };

/** GNU make reads MAKEFLAGS and GNUMAKEFLAGS alike (not MFLAGS). */
const MAKE_FLAGS: ProgramVariable = {
  loader: {
    shape: 'make-flags',
    what: "make's options and variables, read by every make (SHELL and .SHELLFLAGS run each recipe; CC, LINK.c, CFLAGS and a project's own variables, --eval's text run)",
  },
};

/**
 * The variables added after serve's header came to end with `GIT_CONFIG_COUNT`'s pairs (see
 * {@link NAMES_AFTER_COUNTED_PAIRS}): the dynamic linker's audit list, vim's start-up variables,
 * npm's init-module, gcc's helper folders, and make's variables besides its programs (make-variables.ts), which make
 * takes from the environment as its own (`env LINK.c=~/bin/x.sh make hello` ran x.sh; #37, check29);
 * then gcc's own variables (decision 0166), last so that a header written before them still reads.
 */
const ADDED_AFTER_COUNTED_PAIRS: readonly (readonly [string, ProgramVariable])[] = [
  // glibc 2.36's dynamic linker loads LD_AUDIT's objects (a `:` list) into every dynamically linked
  // program before all others: a gcc-built x.so with la_version() ran at `LD_AUDIT=~/bin/x.so
  // /bin/true`, by a relative path and by a bare name found along LD_LIBRARY_PATH too (check29
  // c29-36). ld.so(8)'s other variables load no code: LD_PROFILE names an object already loaded,
  // LD_ORIGIN_PATH is read only where the kernel cannot say where the program is.
  ['LD_AUDIT', { loader: { shape: 'files', what: 'audit libraries the dynamic linker loads into every program before all others' } }],
  // vim 9.0 runs VIMINIT's Ex commands at start in place of ~/.vimrc, EXINIT's where neither VIMINIT
  // nor a vimrc is there (and ex/vi alike): `VIMINIT='so ~/x.vim' vim -c qa`, `EXINIT='source …' ex
  // -c qa` under script(1) ran x.vim; `set rtp+=~/dots` ran ~/dots/plugin/p.vim (check29 c29-37).
  ['VIMINIT', { loader: { shape: 'vim-script', what: 'Ex commands vim runs at start in place of ~/.vimrc' } }],
  ['EXINIT', { loader: { shape: 'vim-script', what: 'Ex commands vim, vi and ex run at start where no vimrc is' } }],
  // vim 9.0 with `VIMRUNTIME=~/vr` ran ~/vr/plugin/p.vim at `vim -c qa` (check30 c30-54): its
  // runtime, every script of which vim may run (plugin/ at start, ftplugin/, syntax/ … on use).
  ['VIMRUNTIME', { loader: { shape: 'dir', what: "vim's runtime folder, whose plugin scripts vim runs at every start" } }],
  // npm's init-module (npm 11.19: `npm_config_init_module=./tools/x.js npm init -y` ran it, either case).
  ['NPM_CONFIG_INIT_MODULE', { loader: { shape: 'file', what: 'the module npm init loads and runs', anyCase: true } }],
  // gcc(1) ENVIRONMENT: the folders the driver looks in for its helpers (cc1, as, collect2, ld,
  // lto-wrapper, liblto_plugin.so) and headers (include/, and each below x86_64-linux-gnu/12/)
  // before its own: gcc 12 `gcc -c a.c` with COMPILER_PATH=~/bin ran ~/bin/as, and ~/bin/cc1, ~/bin/ld
  // alike (strace; check30 c30-56). The compilers' model reads it for a command's own words.
  ['COMPILER_PATH', { loader: { shape: 'dirs', what: 'where gcc looks for the programs it runs (cc1, as, ld) before its own' } }],
  ...MAKE_OTHER_PROGRAMS.map((name) => [name, { loader: { shape: 'command', what: "a program make's built-in rules and Makefiles' rules run" } }] as const),
  ...MAKE_COMMAND_LINES.map((name) => [name, { loader: { shape: 'command', what: "a command line make's built-in rules run" } }] as const),
  ...MAKE_DRIVER_FLAGS.map(
    (name) => [name, { loader: { shape: 'cc-flags', what: "options make's built-in rules and build scripts give the C compiler (-wrapper, -B, -specs and plugins name programs it runs)" } }] as const,
  ),
  [MAKE_SHELL_FLAGS, { loader: { shape: 'shell-flags', what: "the words make's recipes' shell takes before each line (an operand is a script it runs)" } }],
  // gcc(1) ENVIRONMENT, each run for real with gcc 12.2 (decision 0166, check32): GCC_EXEC_PREFIX is
  // put before the helpers' names as `-B` is (`GCC_EXEC_PREFIX=~/gcc/ gcc -c a.c` ran ~/gcc/cc1, and
  // read ~/gcc/specs, ~/gcc/x86_64-linux-gnu/12/cc1, then ~/gcc/../../x86_64-linux-gnu/bin/as before
  // PATH); LIBRARY_PATH's folders give the driver its specs file (`*linker:` there ran a program at
  // `gcc m.c`) and start files before its own (its libraries come after the system's); the options
  // of GCC_COMPARE_DEBUG are the driver's, given to a second cc1 (`-fplugin=X` loaded X, `-B DIR`
  // ran DIR's cc1).
  ['GCC_EXEC_PREFIX', { loader: { shape: 'exec-prefix', what: 'the prefix gcc runs its helpers (cc1, as, collect2) and reads its specs from, before its own' } }],
  ['LIBRARY_PATH', { loader: { shape: 'library-path', what: "where gcc looks for its specs file (which names the programs it runs) and the start files it links, before its own", loads: 'gcc-start-files' } }],
  ['GCC_COMPARE_DEBUG', { loader: { shape: 'cc-flags', what: 'options gcc gives a second compilation of each file (-fplugin and -B name code it runs)' } }],
];

/** The variables, with what each names (the programs' own manuals). */
export const PROGRAM_VARIABLES: ReadonlyMap<string, ProgramVariable> = new Map<string, ProgramVariable>([
  ['PYTHONPATH', { loader: { shape: 'dirs', what: 'where Python imports modules from, before the standard library', loads: 'python-modules' } }],
  ['PYTHONSTARTUP', { loader: { shape: 'file', what: 'a file interactive Python runs at start' } }],
  ['PYTHONUSERBASE', { loader: { shape: 'dir', what: "Python's user site-packages, whose modules and .pth files every Python program loads" } }],
  ['PYTHONHOME', { loader: { shape: 'dir', what: "Python's standard library" } }],
  ['NODE_PATH', { loader: { shape: 'dirs', what: 'where Node looks for modules it requires', loads: 'node-modules' } }],
  ['PERL5LIB', { loader: { shape: 'dirs', what: 'where Perl looks for modules first', loads: 'perl-modules' } }],
  ['PERLLIB', { loader: { shape: 'dirs', what: 'where Perl looks for modules first', loads: 'perl-modules' } }],
  ['RUBYLIB', { loader: { shape: 'dirs', what: 'where Ruby looks for libraries first', loads: 'ruby-libraries' } }],
  ['GEM_HOME', { loader: { shape: 'dir', what: 'where RubyGems installs gems and their programs' } }],
  ['GEM_PATH', { loader: { shape: 'dirs', what: 'where RubyGems finds gems' } }],
  ['CLASSPATH', { loader: { shape: 'dirs', what: 'where Java loads classes from' } }],
  ['LD_LIBRARY_PATH', { loader: { shape: 'dirs', what: 'where the dynamic linker finds shared libraries for every program', loads: 'shared-libraries' } }],
  ['LD_PRELOAD', { loader: { shape: 'files', what: 'shared libraries loaded into every program' } }],
  ['DOCKER_CONFIG', { loader: { shape: 'dir', what: "docker's configuration and cli-plugins (docker --help runs every plugin)" } }],
  ['KUBECONFIG', { loader: { shape: 'files', what: "kubectl's configuration (exec credential plugins run programs)" } }],
  ['GIT_CONFIG_GLOBAL', { loader: { shape: 'file', what: "git's global configuration (aliases, core.fsmonitor and hooks run programs)" }, git: 'configuration' }],
  ['GIT_CONFIG_SYSTEM', { loader: { shape: 'file', what: "git's system configuration (aliases, core.fsmonitor and hooks run programs)" }, git: 'configuration' }],
  ['PIP_CONFIG_FILE', { loader: { shape: 'file', what: "pip's configuration" } }],
  // npm reads its `npm_config_*` variables in any case (npm 11 ran `npm_config_userconfig`'s
  // node-options, red team 26 RT26-D5).
  ['NPM_CONFIG_USERCONFIG', { loader: { shape: 'file', what: "npm's user configuration (scripts' shell, node-options)", anyCase: true } }],
  ['NPM_CONFIG_GLOBALCONFIG', { loader: { shape: 'file', what: "npm's global configuration (scripts' shell, node-options)", anyCase: true } }],
  ['NPM_CONFIG_NODE_OPTIONS', { loader: { shape: 'node-options', what: 'the options npm gives every node its scripts start', anyCase: true } }],
  // Every node started later loads them first: the hook itself, statusLine, npm scripts (node 20
  // ran `NODE_OPTIONS=-r ./tools/pre.js`'s file at `node -e 1`, red team 26 RT26-D1..D4).
  ['NODE_OPTIONS', { loader: { shape: 'node-options', what: 'options every node reads at start (--require and --import load a file first)' } }],
  ['RUBYOPT', { loader: { shape: 'ruby-options', what: 'options every ruby reads at start (-r loads a library first)' } }],
  ['JAVA_TOOL_OPTIONS', { loader: { shape: 'jvm-options', what: 'options every Java virtual machine reads at start (-javaagent loads an agent)' }, value: 'jvm-options' }],
  ['_JAVA_OPTIONS', { loader: { shape: 'jvm-options', what: 'options every Java virtual machine reads at start (-javaagent loads an agent)' }, value: 'jvm-options' }],
  ['JDK_JAVA_OPTIONS', { loader: { shape: 'jvm-options', what: 'options the java launcher reads at start (-javaagent loads an agent)' }, value: 'jvm-options' }],
  ['GOFLAGS', { loader: { shape: 'go-flags', what: 'flags every go command takes (-toolexec runs a program on each tool)' } }],
  ['CARGO_HOME', { loader: { shape: 'dir', what: "cargo's configuration and installed programs" } }],
  ['RUSTUP_HOME', { loader: { shape: 'dir', what: "rustup's toolchains, which cargo and rustc run" } }],
  ['BASH_ENV', { loader: { shape: 'file', what: 'a file every non-interactive bash runs at start' } }],
  ['ENV', { loader: { shape: 'file', what: 'a file sh runs at start' } }],
  ['ZDOTDIR', { loader: { shape: 'dir', what: 'where zsh reads .zshenv, which every zsh runs at start' } }],
  ['GOENV', { loader: { shape: 'file', what: "go's configuration (GOFLAGS, GOTOOLCHAIN)" } }],
  ['RIPGREP_CONFIG_PATH', { loader: { shape: 'file', what: "ripgrep's options (--pre runs a program)" } }],
  // The AWS CLI runs a profile's credential_process from either file (verified with AWS CLI 1.45:
  // `aws sts get-caller-identity` ran it from each; replay of red team 20 NEW-R6), and imports the
  // modules the config file's [plugins] section names (`foo = evilmod` ran evilmod.py).
  ['AWS_CONFIG_FILE', { loader: { shape: 'file', what: "the AWS CLI's configuration (a profile's credential_process and [plugins] run code)" } }],
  ['AWS_SHARED_CREDENTIALS_FILE', { loader: { shape: 'file', what: "the AWS CLI's credentials (a profile's credential_process runs a program)" } }],
  // gpg reads gpg.conf (and gpg.conf-2, gpg.conf-2.2) there, the agent it starts gpg-agent.conf:
  // `agent-program` and `scdaemon-program` ran at `gpg --card-status` (GnuPG 2.2.40, NEW-R7).
  ['GNUPGHOME', { loader: { shape: 'dir', what: "GnuPG's home, whose gpg.conf and gpg-agent.conf name programs gpg starts" } }],
  // A program git, ssh, ssh-add and sudo -A run to ask for a password (git credential fill ran
  // GIT_ASKPASS, ssh-add SSH_ASKPASS under SSH_ASKPASS_REQUIRE=force; sudo(8) for SUDO_ASKPASS).
  ['GIT_ASKPASS', { loader: { shape: 'program', what: 'the program git runs to ask for a password' }, git: 'runs' }],
  ['SSH_ASKPASS', { loader: { shape: 'program', what: 'the program ssh and ssh-add run to ask for a passphrase' }, git: 'runs' }],
  ['SUDO_ASKPASS', { loader: { shape: 'program', what: 'the program sudo -A runs to ask for a password' } }],
  // less runs them on each file it opens and closes, with no terminal too (less 590 ran an exported
  // `LESSOPEN='|$PWD/x.sh %s'` at `less README.md`, red team 23 RT23-N): the less model judges them
  // where less starts (`exportedToo`), and a write to the script they name changes what it runs.
  ['LESSOPEN', { loader: { shape: 'command', what: 'the command less runs on each file it opens' } }],
  ['LESSCLOSE', { loader: { shape: 'command', what: 'the command less runs on each file it closes' } }],
  // Commands git runs with no terminal too (git 2.39, verified: `git diff` ran GIT_EXTERNAL_DIFF,
  // `git commit` GIT_EDITOR and EDITOR, `git ls-remote h:x` GIT_SSH_COMMAND and GIT_SSH; VISUAL
  // where TERM is not dumb, `git rebase -i` GIT_SEQUENCE_EDITOR). PAGER and GIT_PAGER git runs on
  // a terminal only (it ran neither without one; replay 23 rt23-n13): the user's, where a start-up
  // file exports them (`export PAGER=~/.x`: `git log` in bash -i under script(1) ran it, startup27).
  ['GIT_EXTERNAL_DIFF', { loader: { shape: 'command', what: 'the command git diff runs for each changed file' }, git: 'runs' }],
  ['GIT_EDITOR', { loader: { shape: 'command', what: 'the editor git commit, tag and merge run' }, git: 'runs' }],
  ['GIT_SEQUENCE_EDITOR', { loader: { shape: 'command', what: 'the editor git rebase -i runs on its list of commits' }, git: 'runs' }],
  ['GIT_PAGER', { loader: { shape: 'command', what: "the pager git runs on the user's terminal", onTerminal: true }, git: 'runs', value: 'pager' }],
  ['PAGER', { loader: { shape: 'command', what: "the pager git, man and other programs run on the user's terminal", onTerminal: true }, git: 'runs', value: 'pager' }],
  ['EDITOR', { loader: { shape: 'command', what: 'the editor git commit and other programs run' }, git: 'runs', value: 'editor' }],
  ['VISUAL', { loader: { shape: 'command', what: 'the editor git commit and other programs run' }, git: 'runs', value: 'editor' }],
  ['GIT_SSH_COMMAND', { loader: { shape: 'command', what: "the command git's ssh transport runs (fetch, push, clone, ls-remote)" }, git: 'runs' }],
  ['GIT_SSH', { loader: { shape: 'program', what: "the program git's ssh transport runs (fetch, push, clone, ls-remote)" }, git: 'runs' }],
  // Red team 27 V, each run for real (git 2.39, npm 11, GNU make 4.3, perl 5.36, bash 5.2, man-db
  // 2.11): `git ls-remote git://h/x` ran GIT_PROXY_COMMAND (as a program, no shell: `sh x.sh` was
  // "cannot run"); `git ls-remote https://…` GIT_EXEC_PATH's git-remote-https; `git init` copied
  // GIT_TEMPLATE_DIR's hooks, which `git commit` ran; `npm run` its scripts through
  // npm_config_script_shell; `perl -e 1` loaded PERL5OPT's `-I… -Mx`; bash -i ran PROMPT_COMMAND
  // before each prompt; `man ls` on a terminal ran MANPAGER (with no terminal it ran none, tidy28).
  ['GIT_PROXY_COMMAND', { loader: { shape: 'program', what: 'the program git runs to connect for git:// fetch, push and ls-remote' }, git: 'runs' }],
  ['GIT_EXEC_PATH', { loader: { shape: 'dir', what: "where git finds its own programs (git-remote-https, every git-* subcommand)" }, git: 'hidden' }],
  ['GIT_TEMPLATE_DIR', { loader: { shape: 'dir', what: 'the template git init and git clone copy into a new repository, hooks included' }, git: 'hidden' }],
  ['NPM_CONFIG_SCRIPT_SHELL', { loader: { shape: 'program', what: 'the shell npm runs every package script with', anyCase: true } }],
  ['PERL5OPT', { loader: { shape: 'perl-options', what: 'options every perl reads at start (-M loads a module from the -I folders first)', loads: 'perl-modules' } }],
  ['PROMPT_COMMAND', { loader: { shape: 'shell-text', what: 'commands interactive bash runs before each prompt', onTerminal: true } }],
  ['MANPAGER', { loader: { shape: 'command', what: "the pager man runs on the user's terminal", onTerminal: true }, value: 'pager' }],
  ...MAKE_PROGRAMS.map((name) => [name, { loader: { shape: 'command', what: "a program make's built-in rules and build scripts run" } }] as const),
  // GNU tar 1.34 reads TAR_OPTIONS before its command line: `tar -tf t.tgz` ran the program of
  // `--use-compress-program=~/bin/x.sh`, `-I ~/bin/x.sh`, `--use-comp=…`, `-I'…'` (quotes taken off)
  // and `--checkpoint=1 --checkpoint-action=exec=…` (RT27-V15, fix29-env); zip 3.0 reads ZIPOPT,
  // else ZIP: `zip a.zip a` with `-T -TT ~/bin/x.sh` (or `--unzip-command=`) ran x.sh.
  ['TAR_OPTIONS', { loader: { shape: 'tar-options', what: 'options every tar reads before its command line (--use-compress-program, --to-command, --checkpoint-action=exec, --info-script run a program)' } }],
  ['ZIPOPT', ZIP_OPTIONS],
  ['ZIP', ZIP_OPTIONS],
  // GNU make 4.3 reads MAKEFLAGS and GNUMAKEFLAGS (not MFLAGS): `make` ran every recipe through
  // `SHELL=~/bin/x.sh` (also `SHELL:=`, `SHELL=sh\ ~/bin/x.sh`, after flag letters `k SHELL=…`),
  // the implicit rule's `CC=~/bin/x.sh`, and `--eval=$(shell ~/bin/x.sh)` (RT27-V16, fix29-env).
  ['MAKEFLAGS', MAKE_FLAGS],
  ['GNUMAKEFLAGS', MAKE_FLAGS],
  // make reads these makefiles before any other (GNU make 4.3: a `$(shell …)` in one ran at `make`).
  ['MAKEFILES', { loader: { shape: 'files', what: 'makefiles every make reads first' } }],
  // journalctl(1), psql(1): their pagers; `cat` or nothing is no pager.
  ['SYSTEMD_PAGER', { value: 'pager' }],
  ['PSQL_PAGER', { value: 'pager' }],
  // Debian's sensible-editor reads it first.
  ['SELECTED_EDITOR', { value: 'editor' }],
  ['MAVEN_OPTS', { value: 'jvm-options' }],
  // The repository git reads hooks and configuration from (git(1)).
  ['GIT_DIR', { git: 'hidden' }],
  // `git config` reads GIT_CONFIG's file; XDG_CONFIG_HOME moves the global file, HOME both global files.
  ['GIT_CONFIG', { git: 'configuration' }],
  ['XDG_CONFIG_HOME', { git: 'configuration' }],
  ['HOME', { git: 'configuration' }],
  ...ADDED_AFTER_COUNTED_PAIRS,
]);

/**
 * The table's names added after serve's `X-Toolgate-Env` header came to end with the pairs
 * `GIT_CONFIG_COUNT` counts (`evaluate/door/environment.ts`): the header lists them after those, so
 * a header an older `--print-hook-config` wrote still reads. @internal
 */
export const NAMES_AFTER_COUNTED_PAIRS: ReadonlySet<string> = new Set(ADDED_AFTER_COUNTED_PAIRS.map(([name]) => name));

/** The names of the variables whose facts `which` accepts, in the table's order. @internal */
export function programVariables(which: (v: ProgramVariable) => boolean): string[] {
  return [...PROGRAM_VARIABLES].filter(([, v]) => which(v)).map(([name]) => name);
}
