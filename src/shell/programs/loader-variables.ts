/**
 * Environment variables whose value names where programs load code or configuration from: a
 * search path of modules or libraries (`PYTHONPATH`, `NODE_PATH`, `LD_LIBRARY_PATH`), a folder of
 * configuration and plugins (`DOCKER_CONFIG`, `CARGO_HOME`), a configuration or startup file
 * (`GIT_CONFIG_GLOBAL`, `BASH_ENV`). When the user's exported environment (the context's
 * environment facts) names a place, a file written there changes what a later program runs — as
 * a file written into a `PATH` directory does (`path-lookup.ts`): `PYTHONPATH=$PWD/src` makes
 * `src/re.py` the `re` module every Python program imports (pip ran it, red team 20 R20-5).
 * Not here: `PATH` (path-lookup.ts), `XDG_CONFIG_HOME` (every protected `.config/…` name is
 * protected under it as well: pipeline's protected paths).
 * Allowlist in reverse: a variable listed here is one whose named place is protected.
 */

import { PROGRAMS } from './index.js';
import type { LoadedNames } from './loader-names.js';
import { nodeLoadedFiles } from './node-options.js';
import { readWordsLeniently } from './parse.js';

/**
 * How a variable's value names places: a `:`-separated list, one directory, one file, a list of
 * files, a program (a path with a `/`; a bare name is found along `PATH`, protected apart), or a
 * command line (less's `|./x.sh %s`): each word with a `/` in it, the program or a script it runs;
 * a shell text (`PROMPT_COMMAND`): each of its commands read as a command line, `.`/`source` taking
 * its file as the program;
 * or a program's options, of which those that load a file name it (`node`: `--require X`, `--import X`
 * by `node-options.ts`; `ruby`: `-rX` with a path; `jvm`: `-javaagent:X`, `-agentpath:X`,
 * `-XX:VMOptionsFile=X`, `@X`; `go`: `-toolexec=X`, `-exec=X`, `-overlay=X`, `-modfile=X`).
 */
export type LoaderValueShape = 'dirs' | 'dir' | 'file' | 'files' | 'program' | 'command' | 'shell-text' | OptionsShape;

/**
 * A value read as a program's options (see {@link LoaderValueShape}); `perl`: the folders `-I`
 * puts first on `@INC`, where the modules `-M`/`-m`/`-d:` name are found.
 */
type OptionsShape = 'node-options' | 'ruby-options' | 'jvm-options' | 'go-flags' | 'perl-options';

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

/**
 * The variables make's built-in rules run as programs (`make -p`: `CC = cc`, `CXX = g++`, …); make
 * takes each from the environment (GNU make 4.3: `CC=~/bin/x.sh make hello`, `CXX=…` for a .cc,
 * `AS=…` for a .s ran it), and configure scripts and Makefiles that link run `LD`.
 */
const MAKE_PROGRAMS = ['CC', 'CXX', 'CPP', 'AS', 'AR', 'LD', 'FC', 'F77', 'LEX', 'YACC'] as const;

/** The variables, with what each names (the programs' own manuals). */
export const LOADER_VARIABLES: ReadonlyMap<string, LoaderVariable> = new Map<string, LoaderVariable>([
  ['PYTHONPATH', { shape: 'dirs', what: 'where Python imports modules from, before the standard library', loads: 'python-modules' }],
  ['PYTHONSTARTUP', { shape: 'file', what: 'a file interactive Python runs at start' }],
  ['PYTHONUSERBASE', { shape: 'dir', what: "Python's user site-packages, whose modules and .pth files every Python program loads" }],
  ['PYTHONHOME', { shape: 'dir', what: "Python's standard library" }],
  ['NODE_PATH', { shape: 'dirs', what: 'where Node looks for modules it requires', loads: 'node-modules' }],
  ['PERL5LIB', { shape: 'dirs', what: 'where Perl looks for modules first', loads: 'perl-modules' }],
  ['PERLLIB', { shape: 'dirs', what: 'where Perl looks for modules first', loads: 'perl-modules' }],
  ['RUBYLIB', { shape: 'dirs', what: 'where Ruby looks for libraries first', loads: 'ruby-libraries' }],
  ['GEM_HOME', { shape: 'dir', what: 'where RubyGems installs gems and their programs' }],
  ['GEM_PATH', { shape: 'dirs', what: 'where RubyGems finds gems' }],
  ['CLASSPATH', { shape: 'dirs', what: 'where Java loads classes from' }],
  [
    'LD_LIBRARY_PATH',
    { shape: 'dirs', what: 'where the dynamic linker finds shared libraries for every program', loads: 'shared-libraries' },
  ],
  ['LD_PRELOAD', { shape: 'files', what: 'shared libraries loaded into every program' }],
  ['DOCKER_CONFIG', { shape: 'dir', what: "docker's configuration and cli-plugins (docker --help runs every plugin)" }],
  ['KUBECONFIG', { shape: 'files', what: "kubectl's configuration (exec credential plugins run programs)" }],
  ['GIT_CONFIG_GLOBAL', { shape: 'file', what: "git's global configuration (aliases, core.fsmonitor and hooks run programs)" }],
  ['GIT_CONFIG_SYSTEM', { shape: 'file', what: "git's system configuration (aliases, core.fsmonitor and hooks run programs)" }],
  ['PIP_CONFIG_FILE', { shape: 'file', what: "pip's configuration" }],
  // npm reads its `npm_config_*` variables in any case (npm 11 ran `npm_config_userconfig`'s
  // node-options, red team 26 RT26-D5).
  ['NPM_CONFIG_USERCONFIG', { shape: 'file', what: "npm's user configuration (scripts' shell, node-options)", anyCase: true }],
  ['NPM_CONFIG_GLOBALCONFIG', { shape: 'file', what: "npm's global configuration (scripts' shell, node-options)", anyCase: true }],
  ['NPM_CONFIG_NODE_OPTIONS', { shape: 'node-options', what: 'the options npm gives every node its scripts start', anyCase: true }],
  // Every node started later loads them first: the hook itself, statusLine, npm scripts (node 20
  // ran `NODE_OPTIONS=-r ./tools/pre.js`'s file at `node -e 1`, red team 26 RT26-D1..D4).
  ['NODE_OPTIONS', { shape: 'node-options', what: 'options every node reads at start (--require and --import load a file first)' }],
  ['RUBYOPT', { shape: 'ruby-options', what: 'options every ruby reads at start (-r loads a library first)' }],
  ['JAVA_TOOL_OPTIONS', { shape: 'jvm-options', what: 'options every Java virtual machine reads at start (-javaagent loads an agent)' }],
  ['_JAVA_OPTIONS', { shape: 'jvm-options', what: 'options every Java virtual machine reads at start (-javaagent loads an agent)' }],
  ['JDK_JAVA_OPTIONS', { shape: 'jvm-options', what: 'options the java launcher reads at start (-javaagent loads an agent)' }],
  ['GOFLAGS', { shape: 'go-flags', what: 'flags every go command takes (-toolexec runs a program on each tool)' }],
  ['CARGO_HOME', { shape: 'dir', what: "cargo's configuration and installed programs" }],
  ['RUSTUP_HOME', { shape: 'dir', what: "rustup's toolchains, which cargo and rustc run" }],
  ['BASH_ENV', { shape: 'file', what: 'a file every non-interactive bash runs at start' }],
  ['ENV', { shape: 'file', what: 'a file sh runs at start' }],
  ['ZDOTDIR', { shape: 'dir', what: 'where zsh reads .zshenv, which every zsh runs at start' }],
  ['GOENV', { shape: 'file', what: "go's configuration (GOFLAGS, GOTOOLCHAIN)" }],
  ['RIPGREP_CONFIG_PATH', { shape: 'file', what: "ripgrep's options (--pre runs a program)" }],
  // The AWS CLI runs a profile's credential_process from either file (verified with AWS CLI 1.45:
  // `aws sts get-caller-identity` ran it from each; replay of red team 20 NEW-R6), and imports the
  // modules the config file's [plugins] section names (`foo = evilmod` ran evilmod.py).
  ['AWS_CONFIG_FILE', { shape: 'file', what: "the AWS CLI's configuration (a profile's credential_process and [plugins] run code)" }],
  ['AWS_SHARED_CREDENTIALS_FILE', { shape: 'file', what: "the AWS CLI's credentials (a profile's credential_process runs a program)" }],
  // gpg reads gpg.conf (and gpg.conf-2, gpg.conf-2.2) there, the agent it starts gpg-agent.conf:
  // `agent-program` and `scdaemon-program` ran at `gpg --card-status` (GnuPG 2.2.40, NEW-R7).
  ['GNUPGHOME', { shape: 'dir', what: "GnuPG's home, whose gpg.conf and gpg-agent.conf name programs gpg starts" }],
  // A program git, ssh, ssh-add and sudo -A run to ask for a password (git credential fill ran
  // GIT_ASKPASS, ssh-add SSH_ASKPASS under SSH_ASKPASS_REQUIRE=force; sudo(8) for SUDO_ASKPASS).
  ['GIT_ASKPASS', { shape: 'program', what: 'the program git runs to ask for a password' }],
  ['SSH_ASKPASS', { shape: 'program', what: 'the program ssh and ssh-add run to ask for a passphrase' }],
  ['SUDO_ASKPASS', { shape: 'program', what: 'the program sudo -A runs to ask for a password' }],
  // less runs them on each file it opens and closes, with no terminal too (less 590 ran an exported
  // `LESSOPEN='|$PWD/x.sh %s'` at `less README.md`, red team 23 RT23-N): the less model judges them
  // where less starts (`exportedToo`), and a write to the script they name changes what it runs.
  ['LESSOPEN', { shape: 'command', what: 'the command less runs on each file it opens' }],
  ['LESSCLOSE', { shape: 'command', what: 'the command less runs on each file it closes' }],
  // Commands git runs with no terminal too (git 2.39, verified: `git diff` ran GIT_EXTERNAL_DIFF,
  // `git commit` GIT_EDITOR and EDITOR, `git ls-remote h:x` GIT_SSH_COMMAND and GIT_SSH; VISUAL
  // where TERM is not dumb, `git rebase -i` GIT_SEQUENCE_EDITOR). PAGER and GIT_PAGER git runs on
  // a terminal only (it ran neither without one; replay 23 rt23-n13): the user's, where a start-up
  // file exports them (`export PAGER=~/.x`: `git log` in bash -i under script(1) ran it, startup27).
  ['GIT_EXTERNAL_DIFF', { shape: 'command', what: 'the command git diff runs for each changed file' }],
  ['GIT_EDITOR', { shape: 'command', what: 'the editor git commit, tag and merge run' }],
  ['GIT_SEQUENCE_EDITOR', { shape: 'command', what: 'the editor git rebase -i runs on its list of commits' }],
  ['GIT_PAGER', { shape: 'command', what: "the pager git runs on the user's terminal", onTerminal: true }],
  ['PAGER', { shape: 'command', what: "the pager git, man and other programs run on the user's terminal", onTerminal: true }],
  ['EDITOR', { shape: 'command', what: 'the editor git commit and other programs run' }],
  ['VISUAL', { shape: 'command', what: 'the editor git commit and other programs run' }],
  ['GIT_SSH_COMMAND', { shape: 'command', what: "the command git's ssh transport runs (fetch, push, clone, ls-remote)" }],
  ['GIT_SSH', { shape: 'program', what: "the program git's ssh transport runs (fetch, push, clone, ls-remote)" }],
  // Red team 27 V, each run for real (git 2.39, npm 11, GNU make 4.3, perl 5.36, bash 5.2, man-db
  // 2.11): `git ls-remote git://h/x` ran GIT_PROXY_COMMAND (as a program, no shell: `sh x.sh` was
  // "cannot run"); `git ls-remote https://…` GIT_EXEC_PATH's git-remote-https; `git init` copied
  // GIT_TEMPLATE_DIR's hooks, which `git commit` ran; `npm run` its scripts through
  // npm_config_script_shell; `perl -e 1` loaded PERL5OPT's `-I… -Mx`; bash -i ran PROMPT_COMMAND
  // before each prompt; `man ls` on a terminal ran MANPAGER.
  ['GIT_PROXY_COMMAND', { shape: 'program', what: 'the program git runs to connect for git:// fetch, push and ls-remote' }],
  ['GIT_EXEC_PATH', { shape: 'dir', what: "where git finds its own programs (git-remote-https, every git-* subcommand)" }],
  ['GIT_TEMPLATE_DIR', { shape: 'dir', what: 'the template git init and git clone copy into a new repository, hooks included' }],
  ['NPM_CONFIG_SCRIPT_SHELL', { shape: 'program', what: 'the shell npm runs every package script with', anyCase: true }],
  ['PERL5OPT', { shape: 'perl-options', what: 'options every perl reads at start (-M loads a module from the -I folders first)', loads: 'perl-modules' }],
  ['PROMPT_COMMAND', { shape: 'shell-text', what: 'commands interactive bash runs before each prompt', onTerminal: true }],
  ['MANPAGER', { shape: 'command', what: "the pager man runs on the user's terminal", onTerminal: true }],
  ...MAKE_PROGRAMS.map((name) => [name, { shape: 'command', what: "a program make's built-in rules and build scripts run" }] as const),
  // make reads these makefiles before any other (GNU make 4.3: a `$(shell …)` in one ran at `make`).
  ['MAKEFILES', { shape: 'files', what: 'makefiles every make reads first' }],
]);

/**
 * The places `value` of a variable of `shape` names, as written. An empty entry of a search path
 * is the working directory to Python and the dynamic linker; it is dropped here, as protecting
 * every write in the project for a stray `:` (`PYTHONPATH=$PYTHONPATH:/x`) would ask for all of them.
 */
export function loaderPlaces(shape: LoaderValueShape, value: string): string[] {
  if (shape === 'program') return value.includes('/') ? [value] : [];
  // `|./x.sh %s`, `||-sh /p/x.sh %s`: less's leading `|`, `||` and `-` marks, then a command line;
  // a word's quotes are taken off, and `%s` (the file's name) is none.
  if (shape === 'command') return commandPlaces(value.replace(/^\s*\|{0,2}-?/, ''));
  if (shape === 'node-options') return nodeLoadedFiles(value);
  if (shape === 'shell-text') return value.split(/[;&|\n]+/).flatMap((c) => commandPlaces(c.replace(/^\s*(?:\.|source)\s+/, '')));
  if (shape === 'ruby-options' || shape === 'jvm-options' || shape === 'go-flags' || shape === 'perl-options') return optionPlaces(shape, value);
  const parts = shape === 'dirs' ? value.split(':') : shape === 'files' ? value.split(/[:\s]+/) : [value];
  return parts.filter((p) => p !== '');
}

/**
 * The files ruby's, a Java virtual machine's, go's or perl's options name to load or run (ruby(1) `-r`;
 * the JVM TI documentation's `-javaagent:`/`-agentpath:`; `go help build`; perlrun(1) `-I`): ruby's library when
 * named by a path (a bare name is found along its load path, `RUBYLIB`).
 */
function optionPlaces(shape: 'ruby-options' | 'jvm-options' | 'go-flags' | 'perl-options', value: string): string[] {
  const words = value.split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  words.forEach((w, k) => {
    if (shape === 'perl-options') {
      // Glued only: perl 5.36 stops at `PERL5OPT='-I dir'` ("No directory specified for -I").
      const dir = /^-I(.+)$/.exec(w)?.[1];
      if (dir !== undefined) out.push(dir);
    } else if (shape === 'ruby-options') {
      const lib = w === '-r' ? words[k + 1] : /^-r(.+)$/.exec(w)?.[1];
      if (lib !== undefined && lib.includes('/')) out.push(lib);
    } else if (shape === 'jvm-options') {
      const file = /^-(?:javaagent|agentpath):([^=]+)/.exec(w)?.[1] ?? /^-XX:VMOptionsFile=(.+)$/.exec(w)?.[1] ?? /^@(.+)$/.exec(w)?.[1];
      if (file !== undefined) out.push(file);
    } else {
      // A program to run by a bare name is found along PATH (protected apart); a file is relative.
      const m = /^--?(toolexec|exec|overlay|modfile)=(.+)$/.exec(w);
      if (m !== null && (m[1] === 'overlay' || m[1] === 'modfile' || m[2]!.includes('/'))) out.push(m[2]!.split(/\s+/)[0]!);
    }
  });
  return out;
}

/**
 * The files a command line may run or read: its program when named by its path (a bare name is
 * found along `PATH`), and every operand after it, a bare name too, relative to where it runs —
 * an interpreter takes its script so (`EDITOR='sh x.sh'`: git commit ran x.sh, replay 23 RP23-V8)
 * — with an option's value that names a path (`-o ProxyCommand=./x.sh`). Options and `%s` (less's
 * file name) are none. Any operand may be a script: a word that is data only protects a file of
 * that name. Where the program's model has an option grammar, the value of an option is no
 * operand (`ssh -p 2222`: a port, not a script), unless it names a path (`/` in it) or the model
 * reads it as a file (`ssh -F cfg`, whose ProxyCommand ssh runs).
 */
function commandPlaces(line: string): string[] {
  const words = line
    .split(/\s+/)
    .map((w) => w.replace(/["']/g, ''))
    .filter((w) => w !== '' && !w.includes('%'));
  const values = optionValues(words);
  const out: string[] = [];
  words.forEach((w, k) => {
    const value = /^[^=/]+=(.*\/.*)$/.exec(w)?.[1];
    if (value !== undefined) out.push(value);
    if (k === 0 ? w.includes('/') : !w.startsWith('-') && !values.has(k)) out.push(w);
  });
  return out;
}

/**
 * The indices of `words` that are option values naming no file the program runs or reads, as its
 * model's grammar reads the line (none without a grammar): a value with a `/` may name a script
 * and stays, as does one the model's files facet names (a configuration file). A bare value is no
 * path a program loads code from: the dynamic linker finds a bare library name along its own path.
 */
function optionValues(words: readonly string[]): ReadonlySet<number> {
  // No option word, no option value (`EDITOR=vi`): the models are not looked up, so a write with
  // such a variable exported never loads them (the hook's shell family, tsup.config.ts).
  if (!words.some((w, k) => k > 0 && w.startsWith('-'))) return new Set();
  const program = words[0]?.replace(/^.*\//, '');
  const model = program === undefined ? undefined : PROGRAMS.get(program);
  if (model?.grammar === undefined) return new Set();
  const argv = [program!, ...words.slice(1)];
  const files = new Set((model.files?.(program!, argv).files ?? []).map((f) => f.index));
  const out = new Set<number>();
  for (const o of readWordsLeniently(argv, model.grammar).options)
    if (o.valueIndex !== undefined && !files.has(o.valueIndex) && !words[o.valueIndex]!.includes('/')) out.add(o.valueIndex);
  return out;
}

/**
 * Examples of {@link loaderPlaces} for command lines, each a test
 * (`test/shell/programs/loader-variables.test.ts`). @internal
 */
export const COMMAND_PLACE_EXAMPLES: readonly { readonly value: string; readonly places: readonly string[]; readonly shape?: LoaderValueShape }[] = [
  { value: './x.sh', places: ['./x.sh'] },
  { value: 'sh x.sh', places: ['x.sh'] },
  { value: 'bash -e x.sh', places: ['x.sh'] },
  { value: 'python3 x.py', places: ['x.py'] },
  { value: '|sh x.sh %s', places: ['x.sh'] },
  { value: 'ssh -o ProxyCommand=./x.sh', places: ['./x.sh', 'ProxyCommand=./x.sh'] },
  { value: 'code --wait', places: [] },
  { value: 'vim', places: [] },
  { value: '/usr/bin/lesspipe %s', places: ['/usr/bin/lesspipe'] },
  // ssh's grammar: -p and -i take values (a port, a key), not scripts; -F's file is read as configuration.
  { value: 'ssh -p 2222 -i key', places: [] },
  { value: 'ssh -p2222 -l git', places: [] },
  { value: 'ssh -F cfg -p 2222', places: ['cfg'] },
  { value: 'ssh -i ./keys/id -o ProxyCommand=./x.sh', places: ['./keys/id', './x.sh', 'ProxyCommand=./x.sh'] },
  { value: '/usr/bin/ssh -p 2222 x.sh', places: ['/usr/bin/ssh', 'x.sh'] },
  // diff's -U takes a count.
  { value: 'diff -U 5', places: [] },
  // A shell text: each command; `.`'s file is what runs, and `.` itself names no folder.
  { shape: 'shell-text', value: 'history -a; . ~/.x', places: ['~/.x'] },
  { shape: 'shell-text', value: 'history -a', places: [] },
  { shape: 'shell-text', value: '__vte_prompt_command', places: [] },
  { shape: 'shell-text', value: 'source /p/x.sh && ~/bin/y', places: ['/p/x.sh', '~/bin/y'] },
  // perl's -I folders, glued to the switch as perl reads them from PERL5OPT.
  { shape: 'perl-options', value: '-I/home/u/dots -Mx', places: ['/home/u/dots'] },
  { shape: 'perl-options', value: '-Mstrict -w', places: [] },
];
