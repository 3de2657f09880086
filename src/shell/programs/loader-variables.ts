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
import { nodeLoadedFiles } from './node-options.js';
import { PROGRAM_VARIABLES, type LoaderValueShape, type LoaderVariable, type ProgramOptionsShape } from './program-variables.js';
import { readWordsLeniently } from './parse.js';
import { readsOnlyData } from './data-readers.js';
import { makefileAssignments, makefileCommands, makeIncludeDirs, makeTexts } from './project-runners.js';
import { driverPlaces, isCompilerDriver } from './compiler-driver.js';
import { MAKE_DATA, MAKE_SHELL } from './make-variables.js';
import type { LoadedNames } from './loader-names.js';

export type { LoaderValueShape, LoaderVariable } from './program-variables.js';

/** The variables whose named place is protected: those the one table gives a `loader` (`program-variables.ts`). */
export const LOADER_VARIABLES: ReadonlyMap<string, LoaderVariable> = new Map(
  [...PROGRAM_VARIABLES].flatMap(([name, v]) => (v.loader === undefined ? [] : [[name, v.loader] as const])),
);

/**
 * The places `value` of a variable of `shape` names, as written. An empty entry of a search path
 * is the working directory to Python and the dynamic linker; it is dropped here, as protecting
 * every write in the project for a stray `:` (`PYTHONPATH=$PYTHONPATH:/x`) would ask for all of them.
 */
export function loaderPlaces(
  shape: LoaderValueShape,
  value: string,
  /**
   * Whether a command line of a data reader (`cat ~/motd.txt`: {@link readsOnlyData}) names its
   * files as data, not code, given the program's name: the caller's to say (the start-up reader
   * answers yes where no start-up text makes the name run something else). Absent: every operand
   * may be code. Only a `command` value, or a `shell-text` with no pipe, group or substitution.
   */
  asData?: (program: string) => boolean,
): string[] {
  if (shape === 'program') return value.includes('/') ? [value] : [];
  // Ex commands: the vimrc reader's (`evaluate/sourced-files.ts`), outside the shell family.
  if (shape === 'vim-script') return [];
  // `|./x.sh %s`, `||-sh /p/x.sh %s`: less's leading `|`, `||` and `-` marks, then a command line;
  // a word's quotes are taken off, and `%s` (the file's name) is none.
  if (shape === 'command') return commandPlaces(value.replace(/^\s*\|{0,2}-?/, ''), asData);
  if (shape === 'node-options') return nodeLoadedFiles(value);
  if (shape === 'shell-text') {
    // A pipe, a group or a substitution may hand a reader's output to the shell (`cat F | sh`, `{
    // cat F; } | sh`, `eval "$(cat F)"`): then no line of the text is read as data alone.
    const data = /[|(){}`]/.test(value) ? undefined : asData;
    return value
      .split(/[;&|\n]+/)
      .flatMap((c) => (/^\s*(?:\.|source)\s/.test(c) ? commandPlaces(c.replace(/^\s*(?:\.|source)\s+/, '')) : commandPlaces(c, data)));
  }
  if (shape === 'tar-options' || shape === 'zip-options') return programOptionPlaces(OPTIONS_OF[shape], value);
  if (shape === 'make-flags') return makeFlagPlaces(value);
  if (shape === 'cc-flags') return driverFlagPlaces(value);
  if (shape === 'shell-flags') return shellFlagPlaces(value);
  if (shape === 'ruby-options' || shape === 'jvm-options' || shape === 'go-flags' || shape === 'perl-options') return optionPlaces(shape, value);
  // Only the places every name of counts: a filtered one is {@link shapedLoaderPlaces}' caller's.
  if (shape === 'exec-prefix' || shape === 'library-path')
    return shapedLoaderPlaces(shape, value)
      .filter((p) => p.loads === undefined)
      .map((p) => p.path);
  const parts = shape === 'dirs' ? value.split(':') : shape === 'files' ? value.split(/[:\s]+/) : [value];
  return parts.filter((p) => p !== '');
}

/**
 * A place with a filter of its own on the names loaded from it, where the variable's `loads` does
 * not say all (decision 0166): `loads`, which names below count; `what`, what loads from there when
 * not the variable's `what`.
 */
export interface ShapedPlace {
  path: string;
  loads?: LoadedNames;
  what?: string;
}

/**
 * The places `value` names, each with its own filter where it has one ({@link ShapedPlace}): for
 * gcc's `exec-prefix`, the prefix's folder — and, when the prefix ends in `/`, its `../..`, whose
 * `MACHINE/bin` and `MACHINE/lib` are gcc's tool folder (a relative one is left to the caller's
 * normalising); for `library-path`, each folder and the `lib` folder beside it. Any other shape's
 * places have no filter of their own.
 */
export function shapedLoaderPlaces(shape: LoaderValueShape, value: string, asData?: (program: string) => boolean): ShapedPlace[] {
  if (shape === 'library-path')
    return value
      .split(':')
      .filter((d) => d !== '')
      .flatMap((d) => [{ path: d }, { path: `${d.replace(/\/+$/, '')}/../lib` }]);
  if (shape !== 'exec-prefix') return loaderPlaces(shape, value, asData).map((path) => ({ path }));
  if (value === '') return [];
  const cut = value.lastIndexOf('/');
  // No `/` at the end (`~/gcc`): gcc 12 ran the helpers of its folder (`~/cc1`) and read `~/gccspecs`;
  // its `../..` is then below a folder named `gccMACHINE`, left out.
  if (cut < value.length - 1) return [{ path: cut < 0 ? '.' : value.slice(0, cut) || '/' }];
  return [
    { path: value },
    { path: `${value}../..`, loads: 'gcc-tools', what: "the folder whose MACHINE/bin gcc runs as and ld from, and whose MACHINE/lib it reads specs from, before PATH's" },
  ];
}

/** The program whose options each options shape is. */
const OPTIONS_OF: Readonly<Record<ProgramOptionsShape, string>> = { 'tar-options': 'tar', 'zip-options': 'zip' };

/**
 * The places the programs `program`'s options in `value` run name (tar's `-I`, zip's `-TT`): the
 * words split as the program splits its variable (at blanks, quotes taken off: GNU tar ran
 * `TAR_OPTIONS=-I'~/bin/x.sh'`'s program), read by the program's model — its grammar and what its
 * options run (`unwrap`) — and each command it runs read as a command line.
 */
function programOptionPlaces(program: string, value: string): string[] {
  const words = splitWords(value);
  if (words.length === 0) return [];
  const runs = PROGRAMS.get(program)?.unwrap?.([program, ...words], [true, ...words.map(() => true)])?.inner ?? [];
  return runs.flatMap((r) => (r.kind === 'text' ? commandPlaces(r.script) : []));
}

/** Words at unquoted blanks, with their quotes and backslashes taken off. */
function splitWords(value: string): string[] {
  return [...value.matchAll(/(?:[^\s'"\\]|\\.|'[^']*'|"(?:[^"\\]|\\.)*")+/gs)].map((m) =>
    m[0].replace(/'([^']*)'|"((?:[^"\\]|\\.)*)"|\\(.)/gs, (_, a: string | undefined, b: string | undefined, c: string | undefined) => a ?? b?.replace(/\\(.)/g, '$1') ?? c ?? ''),
  );
}

/**
 * The places MAKEFLAGS names (GNU make 4.3): its words split at blanks a backslash does not escape;
 * a first word with no `-` and no `=` is single-letter flags; the options as make's model reads
 * them (`--eval`/`-E` texts, project-runners.ts `makeTexts`: their recipes, `$(shell …)` and their
 * own assignments); every `$(shell …)` of the value itself, which make expands as it reads the
 * variable (GNU make 4.3: `MAKEFLAGS='-s $(shell ~/bin/x.sh)'` and `FOO=$(shell …)` ran x.sh
 * through bash -c, strace); the folders `-I`/`--include-dir` add to where make finds the makefiles
 * an `include` names; and each variable assignment, read by {@link makeAssignmentPlaces}.
 */
function makeFlagPlaces(value: string): string[] {
  const words = [...value.matchAll(/(?:[^\s\\]|\\.)+/gs)].map((m) => m[0].replace(/\\(.)/gs, '$1'));
  const out: string[] = [];
  const options: string[] = ['make'];
  words.forEach((w, k) => {
    const set = /^([A-Za-z_.][^\s=:+?!]*)\s*(:::=|::=|:=|\+=|\?=|!=|=)(.*)$/s.exec(w);
    if (set !== null) out.push(...makeAssignmentPlaces(set[1]!, set[2]!, set[3]!));
    else if (w !== '--') options.push(k === 0 && !w.startsWith('-') ? `-${w}` : w);
  });
  // The folders `-I`/`--include-dir` add: make reads the makefiles an `include` names from there.
  out.push(...makeIncludeDirs(options));
  const texts = options.length > 1 ? makeTexts(options, undefined).map((t) => t.text) : [];
  for (const text of texts) for (const a of makefileAssignments(text)) out.push(...makeAssignmentPlaces(a.name, a.operator, a.value));
  for (const text of [value, ...texts]) for (const command of makefileCommands(text)) out.push(...loaderPlaces('shell-text', command));
  return [...new Set(out)];
}

/**
 * The places one assignment make takes (from MAKEFLAGS or an `--eval` text) names, by what make
 * does with the variable (`make-variables.ts`): `NAME != TEXT` runs TEXT as a shell command at
 * once (`MAKEFLAGS='X!=~/bin/x.sh'` ran it); `SHELL` is the program each recipe line runs with;
 * a variable of the one table is read by its shape — make's programs and command lines (`CC`,
 * `LINK.c`) as command lines, the compiler's options (`CFLAGS`) by the driver's model,
 * `.SHELLFLAGS` as the shell's words, and what make exports to the recipes (`MAKEFILES`,
 * `PYTHONPATH`) as each names; make's own data names nothing; any other name a project's recipe
 * may expand into a command line, so it is read as one (only the paths it names are protected).
 */
function makeAssignmentPlaces(name: string, operator: string, value: string): string[] {
  if (operator === '!=') return loaderPlaces('shell-text', value);
  if (name === MAKE_SHELL) return commandPlaces(value);
  const variable = LOADER_VARIABLES.get(name);
  if (variable !== undefined) return loaderPlaces(variable.shape, value);
  return MAKE_DATA.has(name) ? [] : commandPlaces(value);
}

/**
 * The scripts the words before a recipe line name (`$(SHELL) $(.SHELLFLAGS) LINE`): each operand
 * (`sh ~/bin/x.sh LINE` runs x.sh; `sh -c x.sh LINE` runs it as the command), not the options nor
 * the name of a shell option `-o`/`+o` (and bash's `-O`) take (`-e -o pipefail -c`).
 */
function shellFlagPlaces(value: string): string[] {
  const words = splitWords(value);
  return words.filter((w, k) => !/^[-+]/.test(w) && !(k > 0 && /^[-+][A-Za-z]*[oO]$/.test(words[k - 1]!)));
}

/**
 * The places a C compiler driver's options name (`CFLAGS`, or the words after the driver's name in
 * a command line: `CC='gcc -B dir'`), split as the shell splits the recipe
 * line make builds (quotes taken off), read by the driver's model (`compiler-driver.ts`): each file
 * or folder an option runs or loads, and each `-wrapper` command line's program and scripts.
 */
function driverFlagPlaces(value: string | readonly string[]): string[] {
  const { files, commands } = driverPlaces(['cc', ...(typeof value === 'string' ? splitWords(value) : value)]);
  return [...files, ...commands.flatMap((c) => commandPlaces(c))];
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
function commandPlaces(line: string, asData?: (program: string) => boolean): string[] {
  const words = line
    .split(/\s+/)
    .map((w) => w.replace(/["']/g, ''))
    .filter((w) => w !== '' && !w.includes('%'));
  // `cat ~/motd.txt`: the file is printed, not run (decision 0160), where the caller says the name is that program.
  if (asData !== undefined && readsOnlyData(words) && asData(words[0]!)) return [];
  const values = optionValues(words);
  const out: string[] = [];
  words.forEach((w, k) => {
    const value = /^[^=/]+=(.*\/.*)$/.exec(w)?.[1];
    if (value !== undefined) out.push(value);
    if (k === 0 ? w.includes('/') : !w.startsWith('-') && !values.has(k)) out.push(w);
  });
  // A compiler driver's own options (`CC='gcc -B ~/bin'`: GNU make 4.3's implicit rule ran gcc 12,
  // which ran ~/bin/as; check30 c30-91), read by the driver's model as CFLAGS's are.
  if (words.length > 1 && isCompilerDriver(words[0]!)) out.push(...driverFlagPlaces(words.slice(1)));
  return [...new Set(out)];
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
export const COMMAND_PLACE_EXAMPLES: readonly {
  readonly value: string;
  readonly places: readonly string[];
  readonly shape?: LoaderValueShape;
  /** Read with data readers' files taken as data (the start-up reader's `asData` answering yes). */
  readonly asData?: true;
}[] = [
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
  // A data reader's files are printed, not run (decision 0160) — where the caller says so, and not through a pipe or group.
  { shape: 'shell-text', value: 'cat ~/motd.txt', places: ['~/motd.txt'] },
  { shape: 'shell-text', value: 'cat ~/motd.txt', places: [], asData: true },
  { shape: 'shell-text', value: 'history -a; tail -n 3 ~/todo; . ~/.x', places: ['~/.x'], asData: true },
  { shape: 'shell-text', value: 'cat ~/x | sh', places: ['~/x'], asData: true },
  { shape: 'shell-text', value: '{ cat ~/x; } | sh', places: ['cat', '~/x'], asData: true },
  { shape: 'shell-text', value: 'eval "$(cat ~/x)"', places: ['$(cat', '~/x)'], asData: true },
  { shape: 'shell-text', value: 'cat ~/x > ~/y', places: ['~/x', '>', '~/y'], asData: true },
  { shape: 'shell-text', value: 'source cat ~/x', places: ['~/x'], asData: true },
  { shape: 'shell-text', value: 'bat ~/x', places: ['~/x'], asData: true },
  { value: 'cat ~/x', places: [], asData: true },
  // tar's options, read by tar's model: the programs they run (RT27-V15).
  { shape: 'tar-options', value: '--use-compress-program=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'tar-options', value: "-I '/h/bin/x.sh -d'", places: ['/h/bin/x.sh'] },
  { shape: 'tar-options', value: '--checkpoint=1 --checkpoint-action=exec=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'tar-options', value: '--to-command=sh\\ /h/x.sh', places: ['/h/x.sh'] },
  { shape: 'tar-options', value: '-v --numeric-owner', places: [] },
  { shape: 'tar-options', value: '-I zstd', places: [] },
  { shape: 'zip-options', value: '-T -TT /h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'zip-options', value: '-9 -q', places: [] },
  // zip drops a `=` before a short option's glued value (check29 c29-24).
  { shape: 'zip-options', value: '-T -TT=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'zip-options', value: '-T --unz=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  // make's MAKEFLAGS: SHELL and the program variables, --eval's shell text (RT27-V16).
  { shape: 'make-flags', value: 'SHELL=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'make-flags', value: 'k -- SHELL:=sh\\ /h/x.sh CC=/h/cc', places: ['/h/x.sh', '/h/cc'] },
  { shape: 'make-flags', value: '--eval=$(shell\\ /h/x.sh)', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: 'MAKEFILES=/h/mk', places: ['/h/mk'] },
  { shape: 'make-flags', value: '-s $(shell /h/x.sh)', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: 'FOO=$(shell /h/x.sh)', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: '-j8 --no-print-directory CC=gcc', places: [] },
  { shape: 'make-flags', value: 'ks', places: [] },
  // A driver's options in a command line (check30 c30-91): -B's folder, -wrapper's program.
  { shape: 'command', value: 'gcc -B/h/bin', places: ['/h/bin'] },
  { shape: 'command', value: 'x86_64-linux-gnu-gcc-12 -wrapper /h/w.sh,-q -O2', places: ['/h/w.sh,-q', '/h/w.sh'] },
  { shape: 'command', value: 'gcc -O2 -Wall', places: [] },
  // make's include folders (check30 c30-26, c30-27): each spelling GNU make 4.3 took.
  { shape: 'make-flags', value: '-I /h/bin', places: ['/h/bin'] },
  { shape: 'make-flags', value: '-I/h/bin --include-dir=/h/mk --inc /h/m2', places: ['/h/bin', '/h/mk', '/h/m2'] },
  { shape: 'make-flags', value: 'sI /h/bin', places: ['/h/bin'] },
  { shape: 'make-flags', value: '-sI/h/bin -j4 -C /h/src', places: ['/h/bin'] },
  { shape: 'make-flags', value: '-j4 --directory /h/I', places: [] },
  // make's own model of its variables (make-variables.ts): what runs the recipes, the built-in
  // rules' command lines and the compiler's options, --eval's assignments, `!=` (#37, check29).
  { shape: 'make-flags', value: '.SHELLFLAGS=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'make-flags', value: '.SHELLFLAGS=-e\\ -c', places: [] },
  { shape: 'make-flags', value: '--eval=SHELL=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'make-flags', value: '--ev=override\\ CC:=/h/x.sh', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: '-E SHELL=/h/x.sh', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: 'LINK.c=/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'make-flags', value: 'COMPILE.c=sh\\ /h/x.sh', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: 'CFLAGS=-wrapper\\ /h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'make-flags', value: 'X!=/h/x.sh', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: '--eval=X\\ !=\\ /h/x.sh', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: 'MYTOOL=/h/x.sh', places: ['/h/x.sh'] },
  { shape: 'make-flags', value: 'w -j8 -- V=1 CFLAGS=-O2\\ -g .DEFAULT_GOAL=all', places: [] },
  // A C compiler driver's options, read by its model (compiler-driver.ts).
  { shape: 'cc-flags', value: '-wrapper /h/bin/x.sh', places: ['/h/bin/x.sh'] },
  { shape: 'cc-flags', value: "-wrapper '/bin/sh,/h/x.sh'", places: ['/bin/sh', '/h/x.sh'] },
  { shape: 'cc-flags', value: '-B/h/bin/ -specs=/h/s -fplugin=/h/p.so @/h/r', places: ['/h/bin/', '/h/s', '/h/p.so', '/h/r'] },
  { shape: 'cc-flags', value: '-Wl,-plugin,/h/p.so', places: ['/h/p.so'] },
  { shape: 'cc-flags', value: '-O2 -g -Wall -I/h/include -L/h/lib -Wl,-rpath,/h/lib -fPIC', places: [] },
  { shape: 'cc-flags', value: '-fplugin=annobin -B/usr/libexec/mold', places: [] },
  // The words make's recipes' shell takes before each line.
  { shape: 'shell-flags', value: '-c', places: [] },
  { shape: 'shell-flags', value: '-e -o pipefail -c', places: [] },
  { shape: 'shell-flags', value: '/h/bin/x.sh', places: ['/h/bin/x.sh'] },
  // perl's -I folders, glued to the switch as perl reads them from PERL5OPT.
  { shape: 'perl-options', value: '-I/home/u/dots -Mx', places: ['/home/u/dots'] },
  { shape: 'perl-options', value: '-Mstrict -w', places: [] },
];
