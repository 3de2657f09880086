/**
 * Programs that run the project's own code: `make` runs a Makefile's recipes, the package
 * managers run `package.json` scripts (and install scripts), `npx` a package's program. What they
 * run is in files the command does not show — files an earlier part or call may have written — so
 * it is opaque code (the opaque-code table), whatever the command line looks like. A subcommand
 * is taken as running nothing only when it is on the list of those that run no script.
 *
 * Sources: GNU make 4.3 make(1); npm 10 npm(1), npm-run-script(1), npx(1); yarn 1 and pnpm 9 CLI
 * documentation; bun 1 CLI documentation.
 */

/** Words that only print what the program is. */
const INFO = new Set(['--version', '-v', '-V', '--help', '-h', 'help']);

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

/** What each program runs, by name. */
const RUNS_PROJECT_CODE: Readonly<Record<string, { what: string; quiet?: ReadonlySet<string> }>> = {
  // `make -n` still runs `$(shell …)` and recipe lines marked `+`.
  make: { what: 'the recipes of a Makefile' },
  gmake: { what: 'the recipes of a Makefile' },
  bmake: { what: 'the recipes of a Makefile' },
  npm: { what: "the project's package scripts or a package's install scripts", quiet: QUIET_SUBCOMMANDS },
  yarn: { what: "the project's package scripts or a package's install scripts", quiet: QUIET_SUBCOMMANDS },
  pnpm: { what: "the project's package scripts or a package's install scripts", quiet: QUIET_SUBCOMMANDS },
  bun: { what: "the project's package scripts or a script it names", quiet: QUIET_SUBCOMMANDS },
  npx: { what: "a package's program" },
  pnpx: { what: "a package's program" },
  bunx: { what: "a package's program" },
};

/** The programs that run the project's own code (make, the package managers, npx). @internal */
export const PROJECT_RUNNERS: readonly string[] = Object.keys(RUNS_PROJECT_CODE);

/**
 * Why the command (`name` its folded program name) runs the project's code toolgate cannot see,
 * or `undefined` when it runs none (`npm ls`, `make --version`).
 * @internal
 */
export function projectCodeOf(name: string, argv: readonly string[]): string | undefined {
  const runs = RUNS_PROJECT_CODE[name];
  if (runs === undefined) return undefined;
  if (argv.length === 2 && INFO.has(argv[1]!)) return undefined;
  // Only a subcommand in the first place counts as quiet: an option before it may take the next
  // word as its value (`npm --prefix ls run build` runs the build script in ./ls).
  const sub = argv[1];
  if (sub !== undefined && runs.quiet?.has(sub) === true) return undefined;
  return `${argv[0]} runs ${runs.what}, which toolgate cannot see`;
}
