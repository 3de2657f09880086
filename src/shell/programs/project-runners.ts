/**
 * Programs that run the project's own code: `make` runs a Makefile's recipes, the package
 * managers run `package.json` scripts (and install scripts), `npx` a package's program. What they
 * run is in files the command does not show — files an earlier part or call may have written — so
 * it is opaque code (the opaque-code table), whatever the command line looks like. A subcommand
 * is taken as running nothing only when it is on the list of those that run no script.
 *
 * Build and test runners do the same with their own files: `ninja` runs a `build.ninja`'s rules,
 * `cargo build` a crate's `build.rs`, `pytest` the `conftest.py` files it collects, `terraform plan`
 * the providers a `.tf` file names — each verified to run `rm` from such a file under
 * `Bash(*)` + a `Bash(rm *)` deny rule before they were listed here.
 *
 * Sources: GNU make 4.3 make(1); npm 10 npm(1), npm-run-script(1), npx(1); yarn 1 and pnpm 9 CLI
 * documentation; bun 1 CLI documentation; ninja 1.11 manual; cmake(1), ctest(1) 3.25; cargo 1.95
 * (build scripts, `.cargo/config.toml` runners and wrappers); go 1.22 `go help test`, `go help
 * generate`; Maven 3.8, Gradle 8 and Rake 13 documentation; just 1.x manual; pytest 8 (conftest.py),
 * Jest 29, Vitest 4, Mocha 10 (configuration files are modules); tox 4, nox 2024; uv 0.5, Poetry 1.8,
 * Pipenv 2024 CLI documentation; Terraform 1.9 (providers, `local-exec`); docker(1), docker-compose(1).
 * Configuration files that are modules: Prettier 3, ESLint 9, Stylelint 16, postcss-cli 11, Tailwind
 * CSS 3, Babel 7, Vite 5, webpack 5, Rollup 4, Parcel 2, tsup 8, Next.js 14, Nuxt 3, Astro 4, SvelteKit
 * 2, Rolldown 1, Rspack 1, Rsbuild 1, Playwright 1, Cypress 13, Karma 6, AVA 6, Jasmine 5, gulp 4,
 * Grunt 1 documentation (each loads the file named in its entry); tsc 5 (writes where tsconfig.json
 * says); node-gyp 10 (`<!(…)` command expansions in binding.gyp). pip 24 (`pip install` builds with the
 * build backend), Hatch, PDM, pre-commit 3, direnv 2, Meson 1, Bazel 7, SCons 4, .NET 8 and MSBuild
 * 17 (Exec task), Ant 1.10, sbt 1, Leiningen 2, Mix, Composer 2, Bundler 2, Task 3 manuals.
 */
import { javacRunsNothing } from './jvm-tools.js';
import { variantBase } from './name-variants.js';
import type { ShownCommand } from './code-runners.js';

/**
 * Words that, alone, only print what the program is. Not `help`: after a runner it is a target,
 * task or test name (`make help` ran a Makefile's `help:` recipe); a package manager's `help`
 * subcommand is in its quiet list.
 */
const INFO: ReadonlySet<string> = new Set(['--version', '-v', '-V', '--help', '-h']);
/** The same without `-v`, which is `--verbose` for these (ninja, rake, just, tox, ant, sbt, task …): it runs the build. */
const INFO_V_VERBOSE: ReadonlySet<string> = new Set(['--version', '-V', '--help', '-h']);

/** Subcommands of the package managers that run no package script. */
const QUIET_SUBCOMMANDS = new Set([
  'ls',
  'list',
  'll',
  'la',
  'view',
  'info',
  'show',
  'outdated',
  'why',
  'root',
  'prefix',
  'search',
  'whoami',
  'ping',
  'help',
  'docs',
  'bugs',
  'repo',
]);

/** conda's (and mamba's) subcommands that only report: they activate no environment and run nothing. */
const CONDA_REPORTS: ReadonlySet<string> = new Set(['list', 'info', 'search', 'help']);

/** Subcommands of cargo, go and the Python project tools that build or run nothing. */
const HELP_ONLY = new Set(['help', 'version']);

/** docker's subcommands that only report (they start no container and build no image). */
const DOCKER_REPORTS = new Set(['ps', 'images', 'version', 'info', 'help', 'inspect', 'logs', 'search']);

/**
 * `npm config get|list|ls …` and `npm get …` (in the first places) print settings: no package
 * script runs (`npm config edit` runs an editor, `set` writes the npmrc: not these).
 */
function npmConfigShows(argv: readonly string[]): boolean {
  return argv[1] === 'get' || ((argv[1] === 'config' || argv[1] === 'c') && ['get', 'list', 'ls'].includes(argv[2] ?? ''));
}

/**
 * ninja's tools that only print what build.ninja says (ninja 1.11: `-t list`): they load the
 * manifest and the logs but neither rebuild a stale manifest nor run a rule — verified with
 * ninja 1.11.1 and a build.ninja whose generator rule and build rule each touched a marker (strace:
 * one exec, no file written). Not `clean`, `cleandead` (remove outputs), `restat`, `recompact`
 * (rewrite .ninja_log/.ninja_deps), `browse` (starts a web server), `msvc` (runs a command).
 */
const NINJA_LISTING: ReadonlySet<string> = new Set([
  'list',
  'targets',
  'query',
  'commands',
  'inputs',
  'deps',
  'graph',
  'rules',
  'compdb',
  'missingdeps',
]);

/** `ninja [-C DIR] [-f FILE] -t TOOL …` with a listing tool: only `-C` and `-f` may come before `-t`. */
function ninjaListsOnly(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-C' || a === '-f') i++;
    else if (/^-[Cf]./.test(a)) continue;
    else if (a === '-t') return NINJA_LISTING.has(argv[i + 1] ?? '');
    else if (a.startsWith('-t')) return NINJA_LISTING.has(a.slice(2));
    else return false;
  }
  return false;
}

/**
 * `cmake --list-presets[=TYPE]` (also after `--build` or `--workflow`): reads CMakePresets.json and
 * CMakeUserPresets.json and prints their presets — with cmake 3.25.1 and a CMakeLists.txt whose
 * `execute_process` touched a marker, strace showed one exec and no file written.
 */
function cmakeListsPresets(argv: readonly string[]): boolean {
  const rest = argv[1] === '--build' || argv[1] === '--workflow' ? argv.slice(2) : argv.slice(1);
  return rest.length === 1 && /^--list-presets(=(all|configure|build|test|package|workflow))?$/.test(rest[0]!);
}

/** numpy's f2py (see its entry below). */
const GUNICORN = {
  what: 'the application module it imports and its configuration (gunicorn.conf.py)',
  info: new Set(['--version', '-v', '--help', '-h']),
};

const F2PY = {
  what: 'the Python expression of a .f2py_f2cmap file (./.f2py_f2cmap or --f2cmap) and the compilers -c runs',
  info: new Set(['-v', '-h', '--help', '--help-link']),
};

/** IPython's informational words: they print and exit before the profile or any code loads. */
const IPYTHON_INFO: ReadonlySet<string> = new Set(['--version', '-V', '-h', '--help', '--help-all']);

/** The words that only print what a Jupyter program is (traitlets applications): its version or help. */
const JUPYTER_INFO: ReadonlySet<string> = new Set(['--version', '-h', '--help']);

/**
 * Whether a word of `jsonschema` may be its --validator option: `-V…`, or a long option argparse
 * would take for it (`--va`, `--validator=x`; any prefix past `--v`, which --version shares).
 */
function namesJsonschemaValidator(word: string): boolean {
  return /^-V/.test(word) || /^--va/.test(word);
}

/**
 * `erb -x …` with no -r library: erb prints the Ruby its template compiles to and evaluates none
 * of it (Ruby 3.1's erb; `erb -x x.erb` left a template's `system("rm …")` unrun, `erb -r ./x.rb -x
 * x.erb` ran x.rb). Any other option word holding an `r` may be -r: not read here.
 */
function erbOnlyPrints(argv: readonly string[]): boolean {
  return argv.includes('-x') && !argv.slice(1).some((w) => /^-[^-]*r/.test(w) || w.startsWith('--'));
}

/** gem's commands that report and evaluate no project file (RubyGems 3.3: each verified to run nothing). */
const GEM_REPORTS: ReadonlySet<string> = new Set([
  'list',
  'env',
  'environment',
  'which',
  'help',
  'contents',
  'dependency',
  'info',
  'query',
  'search',
  'specification',
  'outdated',
  'stale',
]);

/** What a program runs; `quiet` subcommands and `info` words alone run nothing, nor do words `runsNothing` accepts. */
interface ProjectRunner {
  readonly what: string;
  readonly quiet?: ReadonlySet<string>;
  readonly info?: ReadonlySet<string>;
  readonly runsNothing?: (argv: readonly string[]) => boolean;
  /** The shell commands its literal words or input (`input`) show, with what holds them (decision 0131). */
  readonly shows?: (argv: readonly string[], input: string | undefined) => ShownCommand[];
}

/** Whether `word` is `--name`'s start at least `min` characters long (getopt_long's abbreviations). */
const longPrefix = (word: string, name: string, min: number): boolean => word.length >= min && name.startsWith(word);

/**
 * The shell commands a makefile text shows: its recipe lines (a tab first; `@`, `-`, `+` taken
 * off), a rule's recipe after `;` (`all: ; touch m`), and each `$(shell …)` (GNU make 4.3: `make -f
 * - <<< $'all:\n\t@-touch m'`, `printf 'all: ; touch m' | make -f -` and `make --eval='$(shell
 * touch m)' -f /dev/null` made m), and each `NAME != …` assignment's command (`--eval='X!=touch m'`
 * made m). Variables are left as written (`$(X)` reads as a substitution).
 * @internal
 */
export function makefileCommands(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const recipe = line.startsWith('\t') ? line.slice(1) : /^[^#=\t][^=#]*?:[^=;]*;(.*)$/.exec(line)?.[1];
    if (recipe !== undefined) out.push(recipe.replace(/^[\s@+-]+/, ''));
    for (const m of line.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g)) out.push(m[1]!);
  }
  for (const a of makefileAssignments(text)) if (a.operator === '!=') out.push(a.value);
  return out.filter((c) => c.trim() !== '');
}

/**
 * The variable assignments a makefile text makes (`NAME = V`, `:=`, `::=`, `:::=`, `+=`, `?=`,
 * `!=`, after `override`, `export` or `private`), each with its operator: make gives them to the
 * recipes and built-in rules that expand them (GNU make 4.3: `--eval=SHELL=~/bin/x.sh` ran every
 * recipe through x.sh, `--eval='override CC=…'` ran it for hello.c), and runs a `!=` value as a
 * shell command at once (`--eval='X!=~/bin/x.sh'` ran it). A recipe line (a tab first) is none.
 * @internal
 */
export function makefileAssignments(text: string): { name: string; operator: string; value: string }[] {
  const out: { name: string; operator: string; value: string }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) continue;
    const m = /^\s*(?:(?:override|export|private)\s+)*([^\s:#=+?!]+)\s*(:::=|::=|:=|\+=|\?=|!=|=)\s*(.*)$/s.exec(line);
    if (m !== null) out.push({ name: m[1]!, operator: m[2]!, value: m[3]! });
  }
  return out;
}

/**
 * The makefile texts `make` reads from its words and input: the makefile from its input (`-f -`,
 * `--file=-`, `--makefile -`, `-f-`) and each `-E`/`--eval` text (a unique start of `--eval`), with
 * what holds each. A makefile read from a file is not read here: it stays the project's code, unseen.
 * @internal
 */
export function makeTexts(argv: readonly string[], input: string | undefined): { text: string; holder: string }[] {
  const texts: { text: string; holder: string }[] = [];
  let stdin = false;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') break;
    const [flag, glued] = a.startsWith('--') ? [a.split('=')[0]!, a.includes('=') ? a.slice(a.indexOf('=') + 1) : undefined] : [a.slice(0, 2), a.length > 2 ? a.slice(2) : undefined];
    const file = flag === '-f' || (flag.startsWith('--') && (longPrefix(flag, '--file', 4) || longPrefix(flag, '--makefile', 5)));
    const evaluated = flag === '-E' || (flag.startsWith('--') && longPrefix(flag, '--eval', 4));
    if (!file && !evaluated) continue;
    const value = glued ?? argv[++k];
    if (value === undefined) continue;
    if (file && value === '-') stdin = true;
    if (evaluated) texts.push({ text: value, holder: `the text make's ${flag} evaluates` });
  }
  if (stdin && input !== undefined) texts.push({ text: input, holder: 'the makefile make reads from its input' });
  return texts;
}

/** make's short options that take a value (GNU make 4.3): glued, or the next word. */
const MAKE_VALUE_LETTERS = new Set(['C', 'f', 'I', 'o', 'W', 'E']);
/** make's short options whose value is optional: only glued, so the rest of the word is theirs. */
const MAKE_OPTIONAL_LETTERS = new Set(['j', 'l', 'O']);
/** make's long options that take a value in the next word when none is glued (`--directory DIR`). */
const MAKE_VALUE_LONG = ['--directory', '--file', '--makefile', '--include-dir', '--old-file', '--assume-old', '--what-if', '--new-file', '--assume-new', '--eval', '--jobserver-auth'];

/**
 * The folders `make`'s words add to where it looks for the makefiles an `include` names (`-I DIR`,
 * `-IDIR`, after flag letters `-sI DIR`, `--include-dir=DIR`, `--include-dir DIR`, a unique start
 * `--inc=DIR`): GNU make 4.3 with MAKEFLAGS holding any of these read `include x.mk` from DIR's
 * x.mk when the project had none, and ran its `$(shell …)` (#37, check30 c30-26, c30-27). Any file
 * there may be named so: the folder is make's code. @internal
 */
export function makeIncludeDirs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') break;
    if (a.startsWith('--')) {
      const flag = a.split('=')[0]!;
      const glued = a.includes('=') ? a.slice(a.indexOf('=') + 1) : undefined;
      const takes = MAKE_VALUE_LONG.some((name) => longPrefix(flag, name, name === '--include-dir' ? 4 : 5));
      const value = takes && glued === undefined ? argv[++k] : glued;
      if (longPrefix(flag, '--include-dir', 4) && value !== undefined) out.push(value);
      continue;
    }
    if (!a.startsWith('-')) continue;
    for (let i = 1; i < a.length; i++) {
      const letter = a[i]!;
      if (MAKE_OPTIONAL_LETTERS.has(letter)) break;
      if (!MAKE_VALUE_LETTERS.has(letter)) continue;
      const value = i + 1 < a.length ? a.slice(i + 1) : argv[++k];
      if (letter === 'I' && value !== undefined) out.push(value);
      break;
    }
  }
  return out;
}

/** What `make` shows it runs: the recipes and `$(shell …)` of the texts it reads ({@link makeTexts}). */
function makeShows(argv: readonly string[], input: string | undefined): ShownCommand[] {
  return makeTexts(argv, input).flatMap(({ text, holder }) => makefileCommands(text).map((script) => ({ script, holder })));
}

/** What each program runs, by name. */
const RUNS_PROJECT_CODE: Readonly<Record<string, ProjectRunner>> = {
  // `make -n` still runs `$(shell …)` and recipe lines marked `+`.
  make: { what: 'the recipes of a Makefile', shows: makeShows },
  gmake: { what: 'the recipes of a Makefile', shows: makeShows },
  bmake: { what: 'the recipes of a Makefile' },
  npm: { what: "the project's package scripts or a package's install scripts", quiet: QUIET_SUBCOMMANDS, runsNothing: npmConfigShows },
  yarn: { what: "the project's package scripts or a package's install scripts", quiet: QUIET_SUBCOMMANDS },
  pnpm: { what: "the project's package scripts or a package's install scripts", quiet: QUIET_SUBCOMMANDS },
  bun: { what: "the project's package scripts or a script it names", quiet: QUIET_SUBCOMMANDS },
  npx: { what: "a package's program" },
  pnpx: { what: "a package's program" },
  bunx: { what: "a package's program" },
  ninja: { what: 'the rules of a build.ninja file', info: INFO_V_VERBOSE, runsNothing: ninjaListsOnly },
  cmake: { what: 'the commands of CMake files and scripts', runsNothing: cmakeListsPresets },
  // `ctest -V` is --verbose (and runs the tests).
  ctest: { what: 'the tests CMake files define', info: new Set(['--version', '--help', '-h']) },
  // `cargo metadata` and `cargo tree` still ask rustc for the target, through the project's
  // `.cargo/config.toml` `build.rustc-wrapper`.
  cargo: { what: "a crate's build scripts, tests and programs, and the project's cargo configuration", quiet: HELP_ONLY },
  // `go version` may switch to the toolchain go.mod names, found along PATH.
  go: { what: "the packages' tests, generators and programs it builds", quiet: new Set(['help']) },
  // Maven's launcher (/usr/share/maven/bin/mvn, Maven 3.8) sources /usr/local/etc/mavenrc,
  // /etc/mavenrc and ~/.mavenrc on every start unless MAVEN_SKIP_RC is set, and reads
  // .mvn/jvm.config: `mvn --version`, `mvn -v`, `mvn -h` ran the rm of a ~/.mavenrc (red team 17,
  // R17-14). No word of its own is harmless.
  mvn: { what: 'the plugins and tests a pom.xml names, and the shell code of ~/.mavenrc', info: new Set() },
  gradle: { what: 'the tasks of a Gradle build script' },
  rake: { what: 'the tasks of a Rakefile', info: INFO_V_VERBOSE },
  just: { what: 'the recipes of a justfile', info: INFO_V_VERBOSE },
  // pytest 9 imports the rootdir's conftest.py for `-h`/`--help` (to list plugin options), `-V`
  // and `-v` (verbose: runs the tests): each ran a conftest.py's rm (red team 17, R17-14); only
  // `--version` printed without importing it.
  pytest: { what: 'the tests and conftest.py files it collects', info: new Set(['--version']) },
  'py.test': { what: 'the tests and conftest.py files it collects', info: new Set(['--version']) },
  // pytest-benchmark's `list` and `compare` start pytest's plugin manager, which imports the
  // rootdir's conftest.py (pytest 9, red team 22 NEW-T7: `pytest-benchmark list` ran its rm);
  // `--help` and `--version` imported nothing (verified).
  'pytest-benchmark': { what: 'the conftest.py files pytest loads', info: new Set(['--version', '--help', '-h']) },
  'py.test-benchmark': { what: 'the conftest.py files pytest loads', info: new Set(['--version', '--help', '-h']) },
  // Flask 3.1 imports the application (--app, FLASK_APP, .flaskenv's, else app.py or wsgi.py) for
  // every command, `--help` too (to list its commands), and loads .env and .flaskenv with
  // python-dotenv: `flask routes`, `flask --help` ran app.py's rm (red team 22, NEW-T7); only
  // `--version` imported nothing (verified).
  flask: {
    what: 'the application module it imports (--app, FLASK_APP, .flaskenv, else app.py or wsgi.py)',
    info: new Set(['--version']),
  },
  // `hypothesis write MOD` imports MOD to write tests for it (verified: ./x_mod.py ran); its other
  // commands (`codemod`) import nothing of the project.
  hypothesis: { what: 'the modules its write command imports', runsNothing: (argv) => !argv.includes('write') },
  // IPython 8.12 runs the script, `-c` code or `-m` module it is given with the working directory
  // first on sys.path, and at every start the files of its profile's startup folder
  // (~/.ipython/profile_default/startup, protected): `ipython x.py`, `ipython -c 'import mymod'`,
  // `ipython -m mymod` ran the project module's rm, and `ipython -c 'print(1)'` a start-up file's
  // (replay 22, NEW-U2); --version, -V and the help words ran neither (verified).
  ipython: { what: 'the Python code it is given and the start-up files of its profile', info: IPYTHON_INFO },
  ipython3: { what: 'the Python code it is given and the start-up files of its profile', info: IPYTHON_INFO },
  // SymPy's isympy is IPython (or the plain Python console) under another name: it runs what its
  // input holds (SymPy 1.14 with IPython 8.12: `isympy -q < x.py` ran x.py's os.system; red team
  // 23), and IPython's start-up files. --help, -h and --version printed and ran nothing (verified).
  isympy: {
    what: 'the Python code of its input and the start-up files of its IPython profile',
    info: new Set(['--help', '-h', '--version']),
  },
  // Jupyter's applications load the Python configuration files of ~/.jupyter (protected) and run
  // the notebooks they execute in a kernel: `jupyter nbconvert --execute`, `jupyter execute` and
  // `jupyter-execute` ran a notebook cell's rm, `jupyter nbconvert --to html` a
  // ~/.jupyter/jupyter_nbconvert_config.py's (jupyter_core 4.12, nbconvert 6.5, nbclient 0.7,
  // ipykernel 6.17); `jupyter SUB` runs the program jupyter-SUB. jupyter's own words ran neither.
  jupyter: {
    what: 'the notebooks it executes, the program of its subcommand and its Python configuration files',
    info: new Set(['--version', '-h', '--help', '--paths', '--config-dir', '--data-dir', '--runtime-dir']),
  },
  'jupyter-execute': { what: 'the notebooks it executes and its Python configuration files', info: new Set(['--version', '-h', '--help']) },
  // `jupyter-dejavu x.ipynb` runs the notebook's cells (nbconvert 6.5; red team 23, RT23-J).
  'jupyter-dejavu': { what: 'the notebooks it executes and its Python configuration files', info: new Set(['--version', '-h', '--help']) },
  'jupyter-nbconvert': {
    what: 'the notebooks it executes and its Python configuration files',
    info: new Set(['--version', '-h', '--help']),
  },
  // Jupyter's other programs run code in a kernel (leads24, Debian 12's jupyter_client 7.4 and
  // jupyter_console 6.4): `jupyter-run x.py` ran x.py's code and `jupyter-console` the code on its
  // input; --version ran neither. jupyter-kernel starts a kernel (IPython's start-up files, then
  // what is sent to it); the servers run the kernels of the notebooks they open, voila each page's
  // notebook, papermill the notebook it is given (their manuals).
  'jupyter-run': { what: 'the files it runs in a kernel and its Python configuration files', info: JUPYTER_INFO },
  'jupyter-console': { what: 'the code it reads, in a kernel, and its Python configuration files', info: JUPYTER_INFO },
  'jupyter-qtconsole': { what: 'the code it reads, in a kernel, and its Python configuration files', info: JUPYTER_INFO },
  'jupyter-kernel': { what: 'a kernel, with the start-up files of its IPython profile', info: JUPYTER_INFO },
  'jupyter-notebook': { what: 'the kernels of the notebooks it opens and its Python configuration files', info: JUPYTER_INFO },
  'jupyter-lab': { what: 'the kernels of the notebooks it opens and its Python configuration files', info: JUPYTER_INFO },
  'jupyter-server': { what: 'the kernels of the notebooks it opens and its Python configuration files', info: JUPYTER_INFO },
  'jupyter-nbclassic': { what: 'the kernels of the notebooks it opens and its Python configuration files', info: JUPYTER_INFO },
  voila: { what: 'the notebooks it serves, in a kernel, and its Python configuration files', info: JUPYTER_INFO },
  papermill: { what: 'the notebooks it executes', info: JUPYTER_INFO },
  // antlr4's pygrun imports GRAMMARLexer.py and GRAMMARParser.py from the working directory
  // (antlr4-python3-runtime 4.13: `pygrun x y f.txt` ran ./xLexer.py's rm; replay 22, NEW-U2).
  pygrun: {
    what: 'the lexer and parser modules of the grammar it names (GRAMMARLexer.py, GRAMMARParser.py)',
    info: new Set(['-h', '--help']),
  },
  // Python servers, task queues and tools that import the project's modules (Debian 12 packages,
  // each verified to run a module's rm): uvicorn 0.17 and gunicorn 20.1 import the APP module
  // (gunicorn also ./gunicorn.conf.py, `--check-config` too); celery 5.2 the -A/--app module, even
  // for `celery -A app --version`, and ./celeryconfig.py (`celery report`); alembic 1.8 the
  // env.py of `upgrade` and `current` and the revision files of `history` and `heads`; Django 3.2's
  // django-admin the settings module (--settings, DJANGO_SETTINGS_MODULE), which with the variable
  // set it imports for `--version` and `help` too; cfn-lint 1.51 the rules of -a/--append-rules
  // and of a .cfnlintrc's `append_rules` (`cfn-lint t.yaml` ran one).
  uvicorn: { what: 'the application module it imports', info: new Set(['--version', '--help']) },
  gunicorn: GUNICORN,
  // Debian 12's python3-gunicorn installs /usr/bin/gunicorn3 as a link to gunicorn: the same
  // program (`gunicorn3 --check-config mymod:app` ran mymod's rm; replay 23, RP23-V5).
  gunicorn3: GUNICORN,
  celery: {
    what: 'the application module it imports (-A, --app) and its configuration module (celeryconfig.py)',
    info: new Set(['--version', '--help']),
  },
  alembic: {
    what: "the migration environment (env.py) and revision files of an alembic.ini's script location",
    info: new Set(['--version', '-h', '--help']),
    quiet: new Set(['list_templates']),
  },
  'django-admin': { what: 'the settings module it imports (--settings, DJANGO_SETTINGS_MODULE) and its applications', info: new Set() },
  'cfn-lint': {
    what: 'the rules modules its options or configuration (.cfnlintrc, append_rules) add',
    info: new Set(['--version', '-h', '--help']),
  },
  // jsonschema 4 imports the module of a dotted --validator (verified with PYTHONPATH=.: it ran
  // mymod.py); a bare class name and its other options import nothing.
  jsonschema: { what: 'the module of the validator it names (--validator)', runsNothing: (argv) => !argv.some(namesJsonschemaValidator) },
  // Debian 12's mako-render (Mako 1.2) renders the templates it is given (or its input), and a
  // template's `<% %>` blocks are Python: `mako-render t.mako` ran one's os.system (red team 23, RT23-H).
  'mako-render': { what: 'the Python code of the Mako templates it renders', info: new Set(['--help', '-h']) },
  // coverage.py 6.5 (Debian's python3-coverage) imports the plug-in modules its configuration
  // (.coveragerc, setup.cfg, tox.ini, pyproject.toml) names for `report`, `html`, `xml`, `json` as
  // for `run`: `python3-coverage report` ran ./evilplug.py (red team 23, RT23-H); `help` and the
  // informational words imported nothing (verified).
  coverage: {
    what: 'the program it measures and the plug-in modules its configuration names',
    info: INFO_V_VERBOSE,
    quiet: new Set(['help']),
  },
  'python3-coverage': {
    what: 'the program it measures and the plug-in modules its configuration names',
    info: INFO_V_VERBOSE,
    quiet: new Set(['help']),
  },
  // numpy's f2py (1.26, pyenv) evaluates a ./.f2py_f2cmap (or the --f2cmap file) as a Python
  // expression whenever it reads Fortran: `f2py -h out.pyf x.f` ran one's os.system (red team 23,
  // RT23-M); -v and the help words read none (verified). `-c` builds with the compilers it finds.
  // numpy (before 1.24 with pip, Debian's python3-numpy) installs it as f2py3 too, which the
  // versioned-name reading does not take for f2py (a digit glued on with no dot).
  f2py: F2PY,
  f2py3: F2PY,
  jest: { what: 'the tests and configuration modules it loads' },
  vitest: { what: 'the tests and configuration modules it loads' },
  mocha: { what: 'the tests and configuration modules it loads' },
  tox: { what: 'the commands of a tox configuration', info: INFO_V_VERBOSE },
  nox: { what: 'the sessions of a noxfile.py', info: INFO_V_VERBOSE },
  uv: { what: "the project's scripts, build backends and tools", quiet: HELP_ONLY },
  poetry: { what: "the project's scripts and build backends", quiet: HELP_ONLY },
  pipenv: { what: "the project's scripts and build backends", quiet: HELP_ONLY },
  terraform: { what: 'the providers and provisioners .tf files name', quiet: new Set(['version', 'help', 'fmt']) },
  docker: { what: 'the commands of images, Dockerfiles and compose files', quiet: DOCKER_REPORTS },
  // Tools whose configuration file is a program they load (red team 11: a prettier.config.cjs
  // calling execSync('rm -f victim') ran it on `prettier --check src`), and their plugins.
  prettier: { what: 'its configuration module (prettier.config.js, .prettierrc.js) and plugins' },
  eslint: { what: 'its configuration module (eslint.config.js, .eslintrc.js) and plugins' },
  stylelint: { what: 'its configuration module (stylelint.config.js, .stylelintrc.js) and plugins' },
  postcss: { what: 'its configuration module (postcss.config.js) and plugins' },
  tailwindcss: { what: 'its configuration module (tailwind.config.js) and plugins' },
  babel: { what: 'its configuration module (babel.config.js, .babelrc.js) and plugins' },
  vite: { what: 'its configuration module (vite.config.js) and plugins' },
  webpack: { what: 'its configuration module (webpack.config.js) and loaders' },
  'webpack-cli': { what: 'its configuration module (webpack.config.js) and loaders' },
  rollup: { what: 'its configuration module (rollup.config.js, with -c) and plugins' },
  // The same configuration model as Rollup's (red team 12: a rolldown.config.mjs calling
  // execSync ran rm on `rolldown -c`).
  rolldown: { what: 'its configuration module (rolldown.config.js, with -c) and plugins' },
  rspack: { what: 'its configuration module (rspack.config.js) and loaders' },
  rsbuild: { what: 'its configuration module (rsbuild.config.ts) and plugins' },
  // `tsc` loads no code, but it writes wherever tsconfig.json says (outDir, outFile,
  // declarationDir, tsBuildInfoFile even with --noEmit): red team 12 had it write
  // .claude/settings.json from a JSON module under bypassPermissions.
  tsc: {
    what: 'the build its tsconfig.json describes, writing the files that names (outDir, outFile, declarationDir, tsBuildInfoFile)',
    quiet: new Set(['--showConfig', '--init']),
  },
  // binding.gyp's `<!(command)` expansions run when it configures.
  'node-gyp': { what: 'the commands a binding.gyp expands and the build it configures', quiet: new Set(['list']) },
  playwright: { what: 'its configuration module (playwright.config.ts) and the tests it loads' },
  cypress: { what: 'its configuration module (cypress.config.js) and the tests it loads' },
  karma: { what: 'its configuration module (karma.conf.js) and the tests it loads' },
  ava: { what: 'the tests and configuration modules it loads' },
  jasmine: { what: 'the tests and helpers its configuration names' },
  gulp: { what: 'the tasks of a gulpfile.js' },
  grunt: { what: 'the tasks of a Gruntfile.js' },
  parcel: { what: 'the plugins its .parcelrc names' },
  tsup: { what: 'its configuration module (tsup.config.ts) and plugins' },
  // tsup's other program name (replay of red team 13, N8: `tsup-node` ran a tsup.config.js calling execSync).
  'tsup-node': { what: 'its configuration module (tsup.config.ts) and plugins' },
  // Node runners and wrappers that load what the project's files say (replay of red team 13, N22):
  // coverage tools start the command they are given and load their configuration (.nycrc.js,
  // nyc.config.js) and require hooks; process managers and watchers run scripts as their
  // configuration files (nodemon.json, ecosystem.config.js) say; npm-run-all runs package scripts;
  // concurrently runs the command texts it is given with the shell and `npm:NAME` package scripts;
  // lint-staged and husky run the commands of their configuration and of .husky/ hook files.
  c8: { what: 'the command it is given and its configuration' },
  nyc: { what: 'the command it is given, its configuration module (.nycrc.js, nyc.config.js) and require hooks' },
  nodemon: { what: 'the script it is given and the commands of its configuration (nodemon.json)' },
  pm2: {
    what: 'the scripts it is given and its ecosystem configuration module',
    quiet: new Set(['list', 'ls', 'l', 'status', 'jlist', 'prettylist', 'logs', 'describe', 'show', 'info', 'help', 'ping']),
  },
  forever: { what: 'the scripts it is given and its configuration', quiet: new Set(['list', 'help', 'columns']) },
  tap: { what: 'the tests and configuration modules it loads' },
  'ts-mocha': { what: 'the tests and configuration modules it loads' },
  wdio: { what: 'its configuration module (wdio.conf.js) and the tests it loads' },
  'npm-run-all': { what: "the project's package scripts" },
  'npm-run-all2': { what: "the project's package scripts" },
  'run-s': { what: "the project's package scripts" },
  'run-p': { what: "the project's package scripts" },
  concurrently: { what: 'the command texts it is given (with the shell) and the package scripts they name' },
  'lint-staged': { what: 'the commands of its configuration (.lintstagedrc, lint-staged.config.js, package.json)' },
  husky: { what: 'the git hooks of .husky/ it installs or runs' },
  // node-gyp-build's bin.js: when its prebuilt test fails it runs its first word with a shell, then
  // node-gyp rebuild, then its second word (replay 14, NEW-12: `node-gyp-build 'x=r; ${x}m -f f'` ran rm).
  'node-gyp-build': { what: 'the command texts it is given (run with a shell) and node-gyp rebuild' },
  next: { what: 'its configuration module (next.config.js) and the app it builds' },
  nuxt: { what: 'its configuration module (nuxt.config.ts) and modules' },
  nuxi: { what: 'its configuration module (nuxt.config.ts) and modules' },
  astro: { what: 'its configuration module (astro.config.mjs) and integrations' },
  'svelte-kit': { what: 'its configuration module (svelte.config.js)' },
  lerna: { what: "the package scripts of the project's packages" },
  nx: { what: 'the targets and plugins of nx.json and project.json files' },
  turbo: { what: "the package scripts of the project's packages" },
  // `pip install .` builds the project with its setup.py or build backend; `pip install NAME` runs
  // the setup.py of a source distribution.
  pip: {
    what: "a package's setup.py or build backend",
    quiet: new Set(['list', 'show', 'freeze', 'help', 'cache', 'config', 'debug', 'check']),
  },
  pip3: {
    what: "a package's setup.py or build backend",
    quiet: new Set(['list', 'show', 'freeze', 'help', 'cache', 'config', 'debug', 'check']),
  },
  hatch: { what: 'the scripts of its environments and build hooks', quiet: HELP_ONLY },
  pdm: { what: "the project's scripts and build backends", quiet: HELP_ONLY },
  'pre-commit': { what: 'the hooks of a .pre-commit-config.yaml' },
  // Red team 19's unverified leads (R19-8): each runs code from a file the command does not show
  // or a package it fetches (latexmk's latexmkrc is Perl; nix-shell runs a shell.nix's shellHook).
  // Red team 20 (R20-10), each verified to run rm from a project file under `Bash(*)` + `Bash(rm *)`:
  // prove runs t/*.t with perl (or --exec's program), dpkg-buildpackage and debuild run debian/rules,
  // cpan runs the Makefile.PL or Build.PL of what it installs.
  prove: { what: 'its test scripts (t/*.t, with perl or the program --exec names)' },
  'dpkg-buildpackage': { what: 'the debian/rules makefile of the package it builds' },
  debuild: { what: 'the debian/rules makefile of the package it builds' },
  // cpan loads ~/.cpan/CPAN/MyConfig.pm (Perl, protected) first, for `-v`, `-V` and `--version`
  // too (red team 23, RT23-K: `cpan -v` ran its system()); only `-h` printed without it (verified).
  cpan: { what: 'the Makefile.PL or Build.PL of the modules it installs, and the Perl code of its MyConfig.pm', info: new Set(['-h']) },
  latexmk: {
    what: 'the Perl code of latexmkrc files (./latexmkrc, ./.latexmkrc, ~/.latexmkrc) and the commands they set',
    info: new Set(['-v', '-version', '--version', '-h', '-help', '--help']),
  },
  'nix-shell': { what: 'the shell code of a shell.nix or default.nix (its shellHook) and the command it is given' },
  'nix-build': { what: 'the builders of the Nix expressions it builds' },
  'nix-env': { what: 'the builders of the packages it installs' },
  nix: { what: 'the programs, builders and shell hooks of flakes and Nix expressions', quiet: new Set(['help']) },
  conda: { what: "the command it is given (conda run) and its environments' activation scripts", quiet: CONDA_REPORTS },
  mamba: { what: "the command it is given (mamba run) and its environments' activation scripts", quiet: CONDA_REPORTS },
  micromamba: { what: "the command it is given (micromamba run) and its environments' activation scripts", quiet: CONDA_REPORTS },
  pipx: { what: "a package's program and build backend", quiet: new Set(['list', 'environment', 'help']) },
  uvx: { what: "a package's program" },
  cabal: { what: "the packages' Setup.hs, build code and Template Haskell splices", quiet: HELP_ONLY },
  stack: { what: "the packages' Setup.hs, build code and Template Haskell splices", quiet: HELP_ONLY },
  // `direnv allow` lets the shell hook load the .envrc; `direnv exec DIR` loads it at once.
  direnv: { what: 'the shell code of .envrc files', quiet: new Set(['help', 'version', 'status']) },
  meson: { what: 'the run_command() calls and custom targets of meson.build files' },
  bazel: { what: 'the rules and repository rules of BUILD and .bzl files', quiet: new Set(['help', 'version']) },
  bazelisk: { what: 'the rules and repository rules of BUILD and .bzl files', quiet: new Set(['help', 'version']) },
  scons: { what: 'the Python code of an SConstruct file' },
  dotnet: {
    what: 'the tasks of MSBuild project files and the programs it builds',
    quiet: new Set(['--info', '--list-sdks', '--list-runtimes', 'help']),
  },
  msbuild: { what: 'the tasks of MSBuild project files' },
  ant: { what: 'the tasks of a build.xml', info: INFO_V_VERBOSE },
  sbt: { what: 'the Scala code of build.sbt and project/*.scala', info: INFO_V_VERBOSE },
  lein: { what: 'the Clojure code of a project.clj and its plugins' },
  mix: { what: 'the Elixir code of a mix.exs and its tasks' },
  composer: { what: "a composer.json's scripts and plugins" },
  bundle: { what: 'the Ruby code of a Gemfile and the programs it runs' },
  // Ruby's own tools (Ruby 3.1, Debian 12; red team 23, RT23-B): erb evaluates the templates it
  // is given or reads (`<% %>` is Ruby: `erb x.erb`, `erb < x.erb`, `erb -P x.erb` ran one's
  // system()) and requires its -r libraries; -x alone prints the Ruby and runs none of it (`-v` is
  // verbose, `-n` evaluates too). gem evaluates a gemspec for `build` and a Gemfile or gem.deps.rb
  // for `install -g|--file`, builds the native extensions of what it installs, and takes any start
  // of a command's name (`gem b x.gemspec`); the commands below only report (each verified to run
  // nothing of the project; `gem spec x.gemspec` does not evaluate the file). RubyGems' plug-ins,
  // which every gem command loads, are in protected folders (~/.gem, ~/.local/share/gem, GEM_HOME).
  erb: {
    what: 'the Ruby code of the templates it reads and of the libraries its -r option requires',
    info: new Set(['--version', '--help', '-h']),
    runsNothing: erbOnlyPrints,
  },
  gem: {
    what: 'the Ruby code of gemspecs, Gemfiles and gem.deps.rb files, and the extension builds of the gems it installs',
    info: new Set(['--version', '-v', '--help', '-h']),
    quiet: GEM_REPORTS,
  },
  task: { what: 'the commands of a Taskfile.yml', info: INFO_V_VERBOSE },
  // javac runs the annotation processors its class path holds (red team 19, R19-8; jvm-tools.ts).
  javac: {
    what: 'the annotation processors its class path holds (the working directory by default) and the agents its -J options load',
    info: new Set(['-version', '--version', '-help', '--help', '-?', '-X', '--help-extra']),
    runsNothing: javacRunsNothing,
  },
};

/** The programs that run the project's own code (make, the package managers, npx, build and test runners). @internal */
export const PROJECT_RUNNERS: readonly string[] = Object.keys(RUNS_PROJECT_CODE);

/** The runner of the table `name` is, also under an installed name (`cpan5.36-x86_64-linux-gnu` → `cpan`), or undefined. @internal */
export function projectRunnerOf(name: string): string | undefined {
  return Object.hasOwn(RUNS_PROJECT_CODE, name) ? name : variantBase(name, (n) => Object.hasOwn(RUNS_PROJECT_CODE, n));
}

/**
 * Why the command (`name` its folded program name) runs the project's code toolgate cannot see,
 * or `undefined` when it runs none (`npm ls`, `make --version`).
 * @internal
 */
export function projectCodeOf(name: string, argv: readonly string[]): string | undefined {
  const runner = projectRunnerOf(name);
  if (runner === undefined) return undefined;
  const runs = RUNS_PROJECT_CODE[runner]!;
  if (argv.length === 2 && (runs.info ?? INFO).has(argv[1]!)) return undefined;
  if (runs.runsNothing?.(argv) === true) return undefined;
  // Only a subcommand in the first place counts as quiet: an option before it may take the next
  // word as its value (`npm --prefix ls run build` runs the build script in ./ls).
  const sub = argv[1];
  if (sub !== undefined && runs.quiet?.has(sub) === true) return undefined;
  return `${argv[0]} runs ${runs.what}, which toolgate cannot see`;
}

/**
 * The shell commands a project runner's literal words or input show (`make -f - <<< …`): read as an
 * interpreter's embedded commands are (decision 0131); the program stays the project's code.
 */
export function projectCodeShown(name: string, argv: readonly string[], input: () => string | undefined): ShownCommand[] {
  const runner = projectRunnerOf(name);
  const shows = runner === undefined ? undefined : RUNS_PROJECT_CODE[runner]!.shows;
  return shows === undefined ? [] : shows(argv, input());
}

/**
 * Examples of the table, each a test (`test/shell/programs/project-runners.test.ts`): whether the
 * command runs the project's code toolgate cannot see.
 * @internal
 */
export const PROJECT_RUNNER_EXAMPLES: readonly { readonly command: string; readonly runs: boolean; readonly why?: string }[] = [
  { command: 'make', runs: true },
  { command: 'make -v', runs: false, why: 'prints its version and reads no Makefile' },
  { command: 'npm ls', runs: false, why: 'lists the installed packages' },
  { command: 'npm --prefix ls run build', runs: true, why: '`ls` is the value of --prefix, not the subcommand' },
  { command: 'ninja', runs: true, why: 'a build.ninja rule ran rm (red team 10, strace)' },
  { command: 'ninja -t targets', runs: false, why: "lists the targets; no rule ran, nor the stale manifest's generator (strace)" },
  { command: 'ninja -C build -t query out.o', runs: false, why: 'prints the edge of out.o' },
  { command: 'ninja -t cleandead', runs: true, why: 'removes outputs no longer built: not a listing tool' },
  { command: 'ninja -j4 -t targets', runs: true, why: 'an option other than -C and -f before -t: not read here' },
  { command: 'cmake -P x.cmake', runs: true, why: 'execute_process(COMMAND rm …) ran rm' },
  { command: 'cmake --list-presets', runs: false, why: 'reads CMakePresets.json and prints its presets (strace: one exec)' },
  { command: 'cmake --build --list-presets', runs: false },
  { command: 'cmake --preset dev', runs: true, why: 'configures: CMakeLists.txt runs' },
  { command: 'cmake --build build', runs: true },
  { command: 'ctest', runs: true },
  { command: 'cargo build', runs: true, why: "a crate's build.rs ran rm" },
  { command: 'cargo metadata', runs: true, why: 'asks rustc for the target through build.rustc-wrapper' },
  { command: 'cargo --version', runs: false },
  { command: 'go generate ./...', runs: true, why: 'runs the //go:generate commands' },
  { command: 'go help', runs: false },
  { command: 'pytest -q', runs: true, why: 'a conftest.py calling rm ran it' },
  { command: 'pytest-benchmark list', runs: true, why: "pytest's plugin manager imported conftest.py (red team 22)" },
  { command: 'pytest-benchmark --help', runs: false },
  { command: 'flask routes', runs: true, why: 'flask imported app.py (red team 22)' },
  { command: 'flask --help', runs: true, why: 'it imports the app to list its commands' },
  { command: 'flask --version', runs: false },
  { command: 'hypothesis write x_mod', runs: true, why: 'it imported x_mod.py (red team 22)' },
  { command: 'hypothesis codemod src', runs: false },
  { command: 'pytest -h', runs: true, why: 'pytest 9 imports conftest.py to list its options (red team 17)' },
  { command: 'pytest -v', runs: true, why: '-v is --verbose: the tests run' },
  { command: 'pytest --version', runs: false, why: 'pytest 9 printed its version without importing conftest.py' },
  { command: 'mvn --version', runs: true, why: 'the launcher sources ~/.mavenrc first (red team 17)' },
  { command: 'mvn -h', runs: true },
  { command: 'make help', runs: true, why: "a Makefile's help: recipe ran" },
  { command: 'make --help', runs: false },
  { command: 'ninja -v', runs: true, why: '-v is --verbose: it builds' },
  { command: 'ipython x.py', runs: true, why: 'it ran x.py (replay 22)' },
  { command: "ipython -c 'print(1)'", runs: true, why: 'a ~/.ipython/profile_default/startup file ran first' },
  { command: 'ipython3 -m mymod', runs: true },
  { command: 'ipython --version', runs: false, why: 'printed its version; no start-up file ran' },
  { command: 'ipython -h', runs: false },
  { command: 'isympy -q', runs: true, why: 'isympy -q < x.py ran x.py (red team 23)' },
  { command: 'isympy --version', runs: false, why: 'printed its version' },
  { command: 'f2py3 -h out.pyf x.f', runs: true, why: 'f2py3 is f2py, which evaluated ./.f2py_f2cmap' },
  { command: 'jupyter nbconvert --to notebook --execute n.ipynb', runs: true, why: "the notebook's cell ran in a kernel" },
  { command: 'jupyter nbconvert --to html n.ipynb', runs: true, why: 'it loads ~/.jupyter/jupyter_nbconvert_config.py' },
  // nbconvert 6.5.3 (precision24): without --execute no cell ran and ./jupyter_nbconvert_config.py
  // was not loaded, but the working directory is a template folder: ./lab/index.html.j2 (and
  // ./markdown/index.md.j2 for --to markdown) was the template, its Jinja ran Python.
  {
    command: 'jupyter nbconvert --to markdown n.ipynb',
    runs: true,
    why: './markdown/index.md.j2 was its template, whose Jinja ran open()',
  },
  { command: 'jupyter nbconvert --to mymod.E n.ipynb', runs: true, why: 'a dotted exporter name imported ./mymod.py' },
  { command: 'jupyter-execute n.ipynb', runs: true },
  { command: 'jupyter --paths', runs: false },
  { command: 'jupyter-run x.py', runs: true, why: "x.py's code ran in a kernel (leads24)" },
  { command: 'jupyter-console --simple-prompt', runs: true, why: 'the code on its input ran in a kernel (leads24)' },
  { command: 'jupyter-console --version', runs: false, why: 'printed its version; no kernel started' },
  { command: 'jupyter-lab --no-browser', runs: true },
  { command: 'papermill in.ipynb out.ipynb', runs: true },
  { command: 'voila n.ipynb', runs: true },
  { command: 'pygrun x r f.txt --tree', runs: true, why: 'it imported ./xLexer.py (replay 22)' },
  { command: 'pygrun -h', runs: false },
  { command: 'uvicorn app:app', runs: true, why: 'it imported app.py' },
  { command: 'uvicorn --version', runs: false },
  { command: 'gunicorn --check-config app:app', runs: true, why: 'it loads ./gunicorn.conf.py and the app' },
  { command: 'gunicorn -v', runs: false, why: "-v is gunicorn's --version" },
  { command: 'gunicorn3 mymod:app', runs: true, why: "Debian's other name of gunicorn" },
  { command: 'celery -A app --version', runs: true, why: 'the -A module is imported before --version prints' },
  { command: 'celery --version', runs: false },
  { command: 'alembic history', runs: true, why: 'it imports the revision files' },
  { command: 'alembic list_templates', runs: false, why: "lists alembic's own templates" },
  { command: 'django-admin --version', runs: true, why: 'with DJANGO_SETTINGS_MODULE set it imports the settings first' },
  { command: 'cfn-lint t.yaml', runs: true, why: "a .cfnlintrc's append_rules made it import ./rules" },
  { command: 'cfn-lint --version', runs: false },
  { command: 'jsonschema --validator mymod.V s.json', runs: true, why: "it imports the dotted validator's module" },
  { command: 'jsonschema --va=mymod.V s.json', runs: true, why: 'argparse takes --va for --validator' },
  { command: 'jsonschema -i i.json s.json', runs: false, why: 'imports nothing of the project' },
  { command: 'mako-render t.mako', runs: true, why: "a template's <% %> block ran os.system (red team 23)" },
  { command: 'mako-render -h', runs: false },
  { command: 'python3-coverage report', runs: true, why: "imported the plug-in .coveragerc's plugins = names (red team 23)" },
  { command: 'python3-coverage help', runs: false },
  { command: 'coverage --version', runs: false },
  { command: 'jupyter-dejavu x.ipynb', runs: true, why: "the notebook's cells ran (red team 23)" },
  { command: 'erb x.erb', runs: true, why: "the template's <% system(…) %> ran (red team 23)" },
  { command: 'erb -P x.erb', runs: true, why: '-P only turns off %-lines; <% %> still ran' },
  { command: 'erb3.1 x.erb', runs: true, why: "Debian's erb for Ruby 3.1" },
  { command: 'erb -x x.erb', runs: false, why: 'prints the Ruby the template compiles to; none of it ran' },
  { command: 'erb -r ./x.rb -x x.erb', runs: true, why: '-r required x.rb, which ran' },
  { command: 'erb -n x.erb', runs: true, why: '-n without -x evaluates the template (verified)' },
  { command: 'erb --version', runs: false },
  { command: 'gem build x.gemspec', runs: true, why: 'evaluated x.gemspec, which ran rm (red team 23)' },
  { command: 'gem b x.gemspec', runs: true, why: 'gem takes a start of a command name: b is build' },
  { command: 'gem install -g', runs: true, why: 'evaluated the Gemfile (red team 23)' },
  { command: 'gem3.1 build', runs: true },
  { command: 'gem list', runs: false, why: 'lists the installed gems' },
  { command: 'gem specification x.gemspec', runs: false, why: 'did not evaluate x.gemspec (verified)' },
  { command: 'gem --version', runs: false },
  { command: 'cpan -v', runs: true, why: 'loaded ~/.cpan/CPAN/MyConfig.pm first (red team 23)' },
  { command: 'cpan -h', runs: false },
  { command: 'f2py -h out.pyf x.f', runs: true, why: 'evaluated ./.f2py_f2cmap (red team 23)' },
  { command: 'f2py -v', runs: false },
  { command: 'jest', runs: true },
  { command: 'just', runs: true },
  { command: 'rake', runs: true },
  { command: 'uv run x.py', runs: true },
  { command: 'terraform plan', runs: true },
  { command: 'terraform fmt', runs: false, why: 'formats .tf files and loads no provider' },
  { command: 'docker compose up', runs: true },
  { command: 'docker ps', runs: false, why: 'reports containers; starts none' },
  { command: 'prettier --check src', runs: true, why: 'a prettier.config.cjs calling rm ran it (red team 11)' },
  { command: 'prettier --version', runs: false },
  { command: 'eslint .', runs: true, why: 'eslint.config.js is a module it imports' },
  { command: 'vite build', runs: true },
  { command: 'rollup -c', runs: true },
  { command: 'pip install .', runs: true, why: 'builds the project with its setup.py or build backend' },
  { command: 'pip list', runs: false, why: 'lists the installed packages' },
  { command: 'pre-commit run --all-files', runs: true },
  { command: 'prove -r t', runs: true, why: 'a t/x.t calling system("rm …") ran it (red team 20)' },
  { command: 'prove --version', runs: false },
  { command: 'dpkg-buildpackage -b -uc -us', runs: true, why: 'debian/rules ran rm (red team 20)' },
  { command: 'latexmk -pdf paper.tex', runs: true, why: 'a ./latexmkrc is Perl code latexmk runs' },
  { command: 'latexmk -v', runs: false },
  { command: "nix-shell --run 'make test'", runs: true, why: "shell.nix's shellHook runs first" },
  { command: 'conda run -n base python x.py', runs: true },
  { command: 'conda list', runs: false, why: 'lists the installed packages' },
  { command: 'pipx run cowsay', runs: true },
  { command: 'pipx list', runs: false },
  { command: 'uvx ruff check', runs: true, why: 'fetches and runs a package' },
  { command: 'cabal build', runs: true },
  { command: 'direnv allow', runs: true, why: 'lets the shell hook load the .envrc' },
  { command: 'direnv status', runs: false },
  { command: 'dotnet test', runs: true },
  { command: 'dotnet --info', runs: false },
  { command: 'bundle exec rake', runs: true },
  { command: 'meson setup build', runs: true },
  { command: 'rolldown -c', runs: true, why: 'a rolldown.config.mjs calling execSync ran rm (red team 12)' },
  { command: 'tsc', runs: true, why: 'wrote .claude/settings.json as the outDir of tsconfig.json said (red team 12)' },
  { command: 'tsc --noEmit', runs: true, why: 'still writes the tsBuildInfoFile tsconfig.json may name' },
  { command: 'tsc --showConfig', runs: false, why: 'prints the configuration and compiles nothing' },
  { command: 'node-gyp configure', runs: true, why: "binding.gyp's <!(command) runs" },
  { command: 'playwright test', runs: true },
  { command: 'gulp build', runs: true },
  { command: 'javac -d out Main.java', runs: true, why: 'a processor in ./META-INF/services and ./P.class ran (OpenJDK 17)' },
  { command: 'javac -cp p.jar x.java', runs: true, why: "p.jar's annotation processor ran" },
  { command: 'javac -J-agentpath:./evil.so -version', runs: true, why: 'the agent loads before -version prints' },
  { command: 'javac -version', runs: false },
  { command: 'javac -proc:none -d out Main.java', runs: false, why: 'annotation processing is off' },
  { command: 'javac -d -proc:none Main.java', runs: true, why: '-proc:none is the folder -d names' },
  { command: 'javac -proc:none -J-Xmx1g Main.java', runs: false, why: 'a heap size only (jvm-tools.ts, inertJvmOption)' },
  { command: 'javac -proc:none -J-XX:VMOptionsFile=1 Main.java', runs: true, why: 'the file 1 may hold -agentpath:' },
  { command: 'javac -proc:none @opts Main.java', runs: true, why: 'the argument file may hold -processorpath or -J options' },
];
