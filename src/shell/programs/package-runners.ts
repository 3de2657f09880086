/**
 * What the package managers, package runners and version managers run: a package's program
 * fetched or found by a spec (`npx toolgate@1 …`, `pnpm dlx`, `deno run npm:…`), a command found
 * with the project's `node_modules/.bin` first (`pnpm exec CMD`, `pnpm CMD`, `yarn CMD`), a
 * project script by name (`npm run NAME`, `npm test`, `pnpm NAME`), or another command given as
 * words (`corepack pnpm …`, `volta run …`, `nvm exec 20 …`, `fnm exec -- …`). Each program's global
 * options that take a value are listed, so the subcommand is found after them (`pnpm -C dir exec
 * …`, `npm -s exec …`); an option not listed may take the next word, so every word after it is
 * read as the subcommand in turn. Only subcommands listed as running no program are read as
 * running none.
 *
 * Sources: npm 10 npm(1), npm-exec(1), npm-run-script(1), npm-explore(1), npm config; pnpm 9 and
 * 10 CLI documentation (`pnpm <cmd>` runs a script, else `pnpm exec <cmd>`); yarn 1.22 and yarn 4
 * CLI documentation (`yarn <bin>`, `yarn node`, `yarn exec`); bun 1 CLI documentation; Deno 2
 * `deno run --help`, `deno x`, `deno task`; corepack 0.29 README; Volta 1 `volta run --help`;
 * nvm 0.39 `nvm --help`; fnm 1 `fnm exec --help`.
 */

/**
 * What a package runner's command runs, read from its words.
 * - `command`: `words` hold a command (or, with `spec`, a package spec and its arguments) in
 *   some suffix — after the runner's own options, which are not modelled one by one (`pnpm exec
 *   -c 'CMD'`, `npx --package=P -- CMD`): each suffix is judged as a command.
 * - `script`: the project's script `name` (from `package.json`, `deno.json`) with `args`
 *   appended; `orCommand`: when the project has no such script, the command `name args` runs;
 *   `elsewhere`: an option or subcommand takes the script from another package than the one of
 *   the working directory (`pnpm -C DIR`, `--filter`, `-r`, `npm -w`, `yarn workspace P`).
 * @internal
 */
export type PackageRun = (
  | { readonly kind: 'command'; readonly words: readonly string[]; readonly spec: boolean }
  | {
      readonly kind: 'script';
      readonly name: string;
      readonly args: readonly string[];
      readonly orCommand: boolean;
      readonly elsewhere: boolean;
    }
) & {
  /**
   * The folder it runs the command or script in: the working directory, the folder a
   * `-C`/`--prefix`/`--dir`/`--cwd` option names (as written, relative to the working
   * directory; `orCwd`: or the working directory, as npm's `--prefix` may leave `npm exec`), or
   * `unknown` (a workspace, a filter, the global folder, an option not listed).
   */
  readonly runsIn?: 'cwd' | 'unknown' | { readonly folder: string; readonly orCwd?: boolean };
};

/** How a subcommand (or a word in its place) runs what follows it. */
type SubRun =
  /** Runs no program of a package, no script and no command of its words. */
  | 'quiet'
  /** The words after it are a command, found with `node_modules/.bin` first. */
  | 'command'
  /** The words after it are a package spec (or a command) and its arguments. */
  | 'spec'
  /** The next operand names a script, the rest are its arguments. */
  | 'script'
  /** The subcommand is itself the script's name (`npm test`, `npm start`). */
  | 'ownScript'
  /** The word is a script's name, or else a command (`pnpm NAME`, `yarn NAME`). */
  | 'scriptOrCommand'
  /** The words after it are node's arguments (`yarn node FILE`, `nvm run 20 FILE`). */
  | 'node'
  /** The word names a package manager run by a version manager (`corepack pnpm …`). */
  | 'manager'
  /** The next operand names a workspace, the one after it a script there, or else a command (`yarn workspace P NAME`). */
  | 'workspace';

/** One program's grammar, as far as what it runs goes. */
interface RunnerGrammar {
  /** Global options that take the next word as their value (`-C DIR`, `--filter X`). */
  readonly valued: ReadonlySet<string>;
  /** Global options that take none. */
  readonly flags: ReadonlySet<string>;
  /** Global options that run scripts of another package than the working directory's. */
  readonly moves?: ReadonlySet<string>;
  /** Its subcommands and how each runs what follows. */
  readonly subs: Readonly<Record<string, SubRun>>;
  /** A first word that is no listed subcommand (`pnpm vite` runs the script or program `vite`). */
  readonly other: SubRun;
  /** The whole command line after the name is a package spec and its arguments (npx). */
  readonly specOnly?: boolean;
  /** Its folder option (`npm --prefix DIR exec`) may leave the command in the working directory. */
  readonly folderOrCwd?: boolean;
}

const set = (...words: string[]): ReadonlySet<string> => new Set(words);
const all = (run: SubRun, ...subs: string[]): Record<string, SubRun> => Object.fromEntries(subs.map((s) => [s, run]));

/** Global options naming the folder the runner works in (npm `-C`/`--prefix`, pnpm `-C`/`--dir`, yarn and bun `--cwd`). */
const FOLDER_OPTIONS = set('-C', '--prefix', '--dir', '--cwd');

/** Subcommands of the Node package managers that install, list, publish or configure: no program of a package, no script by name. */
const MANAGES = [
  'install',
  'i',
  'in',
  'ins',
  'isntall',
  'add',
  'ci',
  'remove',
  'rm',
  'r',
  'uninstall',
  'un',
  'unlink',
  'update',
  'up',
  'upgrade',
  'ls',
  'list',
  'll',
  'la',
  'outdated',
  'why',
  'info',
  'view',
  'v',
  'show',
  'search',
  'audit',
  'link',
  'ln',
  'publish',
  'pack',
  'prune',
  'dedupe',
  'ddp',
  'config',
  'c',
  'get',
  'set',
  'cache',
  'store',
  'whoami',
  'login',
  'logout',
  'adduser',
  'ping',
  'root',
  'prefix',
  'bin',
  'help',
  'docs',
  'bugs',
  'repo',
  'home',
  'version',
  'owner',
  'access',
  'team',
  'token',
  'profile',
  'deprecate',
  'dist-tag',
  'fund',
  'doctor',
  'query',
  'sbom',
  'shrinkwrap',
  'star',
  'stars',
  'unstar',
  'unpublish',
  'licenses',
  'import',
  'fetch',
  'patch',
  'patch-commit',
  'patch-remove',
  'rebuild',
  'rb',
  'workspaces',
  'plugin',
  'constraints',
  'npm',
  'cleanup',
  'autoclean',
  'check',
  'policies',
  'tag',
  'global',
  'generate-lock-entry',
];
/** npm's script subcommands and the scripts it runs by their own name. */
const npmScripts = (): Record<string, SubRun> => ({
  ...all('script', 'run', 'run-script', 'rum', 'urn'),
  ...all('ownScript', 'test', 't', 'tst', 'start', 'stop', 'restart'),
});

/** Global options of npm (any npm config key may be given as `--key value`; the boolean ones are listed). */
const NPM = (): RunnerGrammar => ({
  valued: set(
    '-C',
    '--prefix',
    '-w',
    '--workspace',
    '--loglevel',
    '--registry',
    '--cache',
    '--userconfig',
    '--globalconfig',
    '--tag',
    '--before',
    '--otp',
    '--script-shell',
    '-c',
    '--call',
    '-p',
    '--package',
    '--location',
    '--omit',
    '--include',
    '--install-strategy',
  ),
  flags: set(
    '-s',
    '--silent',
    '-q',
    '--quiet',
    '-d',
    '-dd',
    '-ddd',
    '--verbose',
    '--offline',
    '--prefer-offline',
    '--prefer-online',
    '-g',
    '--global',
    '-y',
    '--yes',
    '--no',
    '--json',
    '-ws',
    '--workspaces',
    '--include-workspace-root',
    '--if-present',
    '--ignore-scripts',
    '--foreground-scripts',
    '--no-color',
    '--color',
    '--force',
    '-f',
    '--no-audit',
    '--no-fund',
    '--no-progress',
    '--progress',
    '--dry-run',
    '--legacy-peer-deps',
  ),
  moves: set('-C', '--prefix', '-w', '--workspace', '-ws', '--workspaces', '-g', '--global'),
  subs: {
    ...all('quiet', ...MANAGES),
    ...npmScripts(),
    ...all('spec', 'exec', 'x', 'init', 'create', 'innit'),
    explore: 'command',
    'install-test': 'ownScript',
    it: 'ownScript',
    'install-ci-test': 'ownScript',
    cit: 'ownScript',
  },
  // npm refuses a word it does not know; read as a script all the same (an alias toolgate does not list).
  other: 'scriptOrCommand',
  folderOrCwd: true,
});

/** pnpm: `pnpm <cmd>` runs the script `<cmd>`, else the command `<cmd>` with `node_modules/.bin` first. */
const PNPM = (): RunnerGrammar => ({
  valued: set(
    '-C',
    '--dir',
    '-F',
    '--filter',
    '--filter-prod',
    '--reporter',
    '--loglevel',
    '--workspace-concurrency',
    '--test-pattern',
    '--changed-files-ignore-pattern',
    '--resume-from',
    '--package',
    '--store-dir',
    '--virtual-store-dir',
    '--modules-dir',
    '--lockfile-dir',
    '--global-dir',
  ),
  flags: set(
    '-r',
    '--recursive',
    '-w',
    '--workspace-root',
    '-s',
    '--silent',
    '--stream',
    '--parallel',
    '--aggregate-output',
    '--color',
    '--no-color',
    '--use-stderr',
    '--sort',
    '--no-sort',
    '--reverse',
    '--report-summary',
    '--fail-if-no-match',
    '--bail',
    '--no-bail',
    '-c',
    '--shell-mode',
    '--if-present',
    '--offline',
    '--prefer-offline',
    '-g',
    '--global',
    '-D',
    '-P',
    '--no-optional',
    '--frozen-lockfile',
    '--ignore-scripts',
    '--include-workspace-root',
  ),
  moves: set('-C', '--dir', '-F', '--filter', '--filter-prod', '-r', '--recursive', '-w', '--workspace-root', '-g', '--global'),
  subs: {
    ...all('quiet', ...MANAGES, 'env', 'setup', 'server', 'deploy', 'init'),
    ...npmScripts(),
    exec: 'command',
    dlx: 'spec',
    create: 'spec',
    node: 'scriptOrCommand',
  },
  other: 'scriptOrCommand',
});

/** yarn 1 and yarn 4: `yarn <name>` runs the script `<name>`, else the project's program `<name>`; `yarn node` is node. */
const YARN = (): RunnerGrammar => ({
  valued: set(
    '--cwd',
    '--modules-folder',
    '--cache-folder',
    '--mutex',
    '--network-timeout',
    '--registry',
    '--use-yarnrc',
    '--global-folder',
    '--link-folder',
  ),
  flags: set(
    '-s',
    '--silent',
    '--verbose',
    '--offline',
    '--prefer-offline',
    '--no-progress',
    '--json',
    '--frozen-lockfile',
    '--ignore-scripts',
    '--non-interactive',
    '--no-default-rc',
    '--emoji',
    '--no-emoji',
    '-T',
    '--top-level',
    '-B',
    '--binaries-only',
  ),
  moves: set('--cwd', '-T', '--top-level'),
  subs: {
    ...all('quiet', ...MANAGES),
    ...npmScripts(),
    ...all('command', 'exec', 'workspaces'),
    workspace: 'workspace',
    dlx: 'spec',
    create: 'spec',
    node: 'node',
  },
  other: 'scriptOrCommand',
});

/** bun: `bun <file|script|bin>` runs a file, a script or a program. */
const BUN = (): RunnerGrammar => ({
  valued: set(
    '--cwd',
    '-r',
    '--preload',
    '--config',
    '-c',
    '--filter',
    '-F',
    '--env-file',
    '--tsconfig-override',
    '--define',
    '-d',
    '--loader',
    '-l',
    '--port',
  ),
  moves: set('--cwd', '--filter', '-F'),
  flags: set(
    '--silent',
    '--bun',
    '-b',
    '--smol',
    '--hot',
    '--watch',
    '--no-install',
    '-i',
    '--install',
    '--prefer-offline',
    '--prefer-latest',
    '--revision',
    '--if-present',
    '--shell',
    '--elide-lines',
  ),
  subs: {
    ...all('quiet', ...MANAGES, 'build', 'init', 'upgrade', 'pm'),
    run: 'scriptOrCommand',
    ...all('ownScript', 'test', 'start'),
    ...all('spec', 'x', 'create'),
    exec: 'command',
  },
  other: 'scriptOrCommand',
});

/** deno: `deno run SPEC`, `deno x SPEC`, `deno SPEC` run a file or an `npm:`/`jsr:` package; `deno task NAME` a script of `deno.json`. */
const DENO = (): RunnerGrammar => ({
  valued: set(
    '--config',
    '-c',
    '--import-map',
    '--lock',
    '--cert',
    '--location',
    '--seed',
    '--v8-flags',
    '--env-file',
    '--unstable-sloppy-imports',
  ),
  flags: set(
    '-A',
    '--allow-all',
    '-q',
    '--quiet',
    '--no-prompt',
    '--no-check',
    '--no-remote',
    '--no-npm',
    '--reload',
    '-r',
    '--watch',
    '--unstable',
    '--no-config',
    '--cached-only',
    '--no-lock',
  ),
  subs: {
    ...all(
      'quiet',
      'fmt',
      'lint',
      'check',
      'info',
      'doc',
      'types',
      'upgrade',
      'completions',
      'help',
      'init',
      'cache',
      'vendor',
      'publish',
      'add',
      'remove',
      'install',
      'uninstall',
      'outdated',
      'clean',
      'coverage',
      'lsp',
      'bench',
      'test',
      'eval',
      'repl',
      'compile',
      'jupyter',
    ),
    ...all('spec', 'run', 'x', 'serve'),
    task: 'script',
  },
  other: 'spec',
});

/** corepack: `corepack pnpm@9 …` runs that package manager. */
const COREPACK = (): RunnerGrammar => ({
  valued: set('--install-directory'),
  flags: set('--all', '--force'),
  subs: all('quiet', 'enable', 'disable', 'prepare', 'hydrate', 'install', 'pack', 'use', 'up', 'cache', 'help', '--version', '-v'),
  other: 'manager',
});

/** Version managers: `volta run …`, `nvm exec 20 …`, `fnm exec -- …` run a command. */
const VERSION_RUN = (subs: Record<string, SubRun>): RunnerGrammar => ({
  valued: set(),
  flags: set('--silent', '-q', '--quiet', '--verbose', '--no-colors'),
  subs,
  other: 'quiet',
});

/** A runner that takes only a package spec and its arguments (`npx tsc@5 …`). */
const SPEC_ONLY = (): RunnerGrammar => ({ valued: set(), flags: set(), subs: {}, other: 'spec', specOnly: true });

/**
 * Each runner's grammar, made the first time one of its commands is read ({@link runnerGrammar}):
 * every Bash call asks whether its programs are package runners (`evaluate/config-writes.ts`), and
 * making all of them, a hundred subcommands each, was ≈ 0.6 ms of a hook call that names none.
 */
const RUNNERS: Readonly<Record<string, () => RunnerGrammar>> = {
  npm: NPM,
  pnpm: PNPM,
  yarn: YARN,
  yarnpkg: YARN,
  bun: BUN,
  deno: DENO,
  corepack: COREPACK,
  npx: SPEC_ONLY,
  pnpx: SPEC_ONLY,
  bunx: SPEC_ONLY,
  volta: () => VERSION_RUN({ run: 'command' }),
  nvm: () => VERSION_RUN({ exec: 'command', run: 'node' }),
  fnm: () => VERSION_RUN({ exec: 'command' }),
};

/** The grammars made so far, by the function that makes them (yarn and yarnpkg share one). */
const made = new Map<() => RunnerGrammar, RunnerGrammar>();

/** The grammar of the runner `name`, made on first use and kept; `undefined` for no package runner. */
function runnerGrammar(name: string): RunnerGrammar | undefined {
  if (!Object.hasOwn(RUNNERS, name)) return undefined;
  const make = RUNNERS[name]!;
  let grammar = made.get(make);
  if (grammar === undefined) made.set(make, (grammar = make()));
  return grammar;
}

/** The package managers a version manager may name (`corepack pnpm@9`). */
const MANAGERS = set('npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'yarnpkg');

/** The package runners this module reads (npm, npx, pnpm, yarn, bun, deno, the version managers). @internal */
export const PACKAGE_RUNNERS: readonly string[] = Object.keys(RUNNERS);

/** Whether `name` (a folded program name) is a package runner this module reads. @internal */
export function isPackageRunner(name: string): boolean {
  return Object.hasOwn(RUNNERS, name);
}

/**
 * What a package runner's command (`name` its folded program name, `argv[0]` its own word) runs:
 * each reading of its words (several when an option not listed may take the next word), or none
 * when it runs nothing of the kind (`npm install serve`, `pnpm ls`, `corepack enable`).
 * `undefined` for a program that is no package runner.
 * @internal
 */
export function packageRunsOf(name: string, argv: readonly string[]): readonly PackageRun[] | undefined {
  const grammar = runnerGrammar(name);
  if (grammar === undefined) return undefined;
  const words = argv.slice(1);
  if (grammar.specOnly === true) return [{ kind: 'command', words, spec: true, runsIn: 'cwd' }];
  const runs: PackageRun[] = [];
  let unsure = false;
  let elsewhere = false;
  let runsIn = 'cwd' as NonNullable<PackageRun['runsIn']>;
  const placed = (r: PackageRun): PackageRun => ({
    ...r,
    // A workspace's command, or a script taken from another package (`yarn run -T NAME`): somewhere toolgate cannot tell.
    runsIn: r.runsIn === 'unknown' || (runsIn === 'cwd' && r.kind === 'script' && r.elsewhere) ? 'unknown' : runsIn,
  });
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      if (i + 1 < words.length) runs.push(...subRun(grammar, words[i + 1]!, words.slice(i + 2), elsewhere).map(placed));
      break;
    }
    if (w.startsWith('-') && w !== '-') {
      const option = w.replace(/=.*$/s, '');
      if (grammar.moves?.has(option) === true) {
        elsewhere = true;
        const value = w.includes('=') ? w.slice(w.indexOf('=') + 1) : words[i + 1];
        runsIn =
          FOLDER_OPTIONS.has(option) && grammar.valued.has(option) && value !== undefined && runsIn !== 'unknown'
            ? { folder: value, ...(grammar.folderOrCwd === true ? { orCwd: true } : {}) }
            : 'unknown';
      }
      if (w.includes('=') || grammar.flags.has(w)) continue;
      if (grammar.valued.has(w)) {
        i++;
        continue;
      }
      // An option toolgate does not list: the next word may be its value or the subcommand, and it may take scripts from elsewhere.
      unsure = true;
      elsewhere = true;
      runsIn = 'unknown';
      continue;
    }
    runs.push(...subRun(grammar, w, words.slice(i + 1), elsewhere).map(placed));
    if (!unsure) break;
  }
  return runs;
}

/** What subcommand `sub`, followed by `rest`, runs. */
function subRun(grammar: RunnerGrammar, sub: string, rest: readonly string[], elsewhere: boolean): PackageRun[] {
  const listed = Object.hasOwn(grammar.subs, sub);
  const run = listed ? grammar.subs[sub]! : grammar.other;
  switch (run) {
    case 'quiet':
      return [];
    case 'command':
    case 'spec':
      // A word in a subcommand's place is itself the spec or command (`deno npm:x`).
      return [{ kind: 'command', words: listed ? rest : [sub, ...rest], spec: run === 'spec' }];
    case 'node':
      return [{ kind: 'command', words: ['node', ...rest], spec: false }];
    case 'ownScript':
      return [{ kind: 'script', name: sub, args: rest, orCommand: false, elsewhere }];
    case 'scriptOrCommand':
      return [{ kind: 'script', name: sub, args: rest, orCommand: true, elsewhere }];
    case 'script': {
      const at = rest.findIndex((w) => !w.startsWith('-'));
      // Options of its own before the name (`yarn run -T NAME`): the name is the first word that is none.
      const own = rest.slice(0, Math.max(at, 0)).some((w) => grammar.moves?.has(w.replace(/=.*$/s, '')) === true);
      return at < 0 ? [] : [{ kind: 'script', name: rest[at]!, args: rest.slice(at + 1), orCommand: true, elsewhere: elsewhere || own }];
    }
    case 'workspace':
      return rest.length < 2
        ? []
        : [
            { kind: 'script', name: rest[1]!, args: rest.slice(2), orCommand: true, elsewhere: true, runsIn: 'unknown' },
            { kind: 'command', words: rest.slice(1), spec: false, runsIn: 'unknown' },
          ];
    case 'manager': {
      const manager = sub.replace(/@.*$/, '');
      return MANAGERS.has(manager) ? [{ kind: 'command', words: [manager, ...rest], spec: false }] : [];
    }
  }
}

/**
 * Whether a package spec may name a package toolgate cannot tell by name: a path, a tarball, a
 * URL, a git or GitHub spec (`./pkg`, `file:../x`, `x.tgz`, `git+file:///…`, `user/repo`,
 * `github:user/repo`) — anything but a registry name (`name`, `@scope/name`, with a version) or
 * a script file by path (`./server.ts`).
 * @internal
 */
export function unnamedPackageSpec(spec: string): boolean {
  const bare = spec.replace(/^npm:/i, '');
  // A script file run by path (`deno run ./server.ts`) is a file, judged as `node FILE` is.
  if (!/^[a-z][\w+.-]*:/i.test(bare) && /\.[cm]?[jt]sx?$/i.test(bare)) return false;
  if (/\.(?:tgz|tar|tar\.gz)$/i.test(bare)) return true;
  return !/^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(?:@[^/:\s]*)?$/i.test(bare);
}

/**
 * The package a spec names, without the runner's prefix (`npm:toolgate@1` → `toolgate@1`;
 * `jsr:@scope/x` → `@scope/x`).
 * @internal
 */
export function specPackage(spec: string): string {
  return spec.replace(/^(?:npm|jsr):/i, '');
}
