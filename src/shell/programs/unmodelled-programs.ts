/**
 * Programs toolgate has no model of yet, by what a place outside `programs/` needs to know of them
 * (moved here from those places, so that every program name has its home in this folder): the
 * broad allow rules of Claude Code's and robota's auto modes, and serve's masking of keys. Each
 * place also asks the registry for the programs of a role that have a model (`programsOfRole`,
 * `runsWhatFollows`, `passesOnData`); these lists are only what the models do not say yet.
 */

/**
 * Claude Code's auto mode: programs whose wildcard allow rules let a whole class of calls through
 * (`src/evaluate/broad-allow.ts`), besides the wrappers, interpreters and shells the models know.
 * @internal
 */
export const UNMODELLED_INTERPRETERS: readonly string[] = [
  'fish',
  'npx',
  'bunx',
  'pnpx',
  'uvx',
  'uv',
  'pipx',
  'eval',
  'ssh',
  'docker',
  'kubectl',
  'java',
  'go',
  'cargo',
  'dotnet',
  'Rscript',
];

/**
 * Claude Code's auto mode: package-manager run commands (`npm run *`, `yarn *`, ...), a command's
 * fixed words followed by a space.
 * @internal
 */
export const PACKAGE_RUN_COMMANDS =
  /^(npm run|npm run-script|npm rum|npm urn|npm exec|npm x|pnpm run|pnpm exec|pnpm dlx|pnpm x|yarn run|yarn dlx|yarn exec|yarn|bun run|bun x|make|just|task|cargo run|go run|poetry run|uv run|pipenv run|rake|gradle|\.\/gradlew|mvn)\b/;

/**
 * Claude Code's auto mode: package managers, whose wildcard right after the name (`npm *`, `pnpm
 * *`) covers their run and exec commands and installing any package (whose install scripts run),
 * besides the runners of scripts the models know.
 * @internal
 */
export const UNMODELLED_PACKAGE_MANAGERS: readonly string[] = [
  'pip',
  'pip3',
  'uv',
  'uvx',
  'poetry',
  'pipenv',
  'gem',
  'bundle',
  'composer',
  'cargo',
  'go',
];

/**
 * robota's auto mode: programs that run whatever follows them, besides the wrappers, interpreters
 * and shells the models know.
 * @internal
 */
export const UNMODELLED_EXECUTORS: readonly string[] = ['fish', 'eval', 'ssh', 'npx', 'pnpx', 'bunx', 'uvx', 'pipx', 'java', 'dotnet'];

/**
 * robota's auto mode: package managers and build tools, broad when what follows is a run-style
 * subcommand or a wildcard, besides the runners the models know.
 * @internal
 */
export const UNMODELLED_RUNNERS: readonly string[] = [
  'just',
  'cargo',
  'go',
  'uv',
  'poetry',
  'pipenv',
  'docker',
  'podman',
  'kubectl',
  'gradle',
  'mvn',
  'rake',
];

/**
 * serve's display: programs that only pass data on (a PEM body is masked in a command only when
 * every command of it passes data on), besides the models that say so (`passesOnData`).
 * @internal
 */
export const UNMODELLED_DATA_PROGRAMS: readonly string[] = ['gh', 'ssh-add'];

/**
 * The lint's check of hook commands: runners without a model that start the script after them
 * (`npx tsx x.ts`, `uv run x.py`), besides the interpreters and shells the models know, and the
 * words between such a runner and the script (`run`, `exec`, `tsx`, `--`).
 * @internal
 */
export const HOOK_SCRIPT_RUNNERS: readonly string[] = ['npx', 'uv'];
/** @internal */
export const HOOK_RUNNER_WORDS: ReadonlySet<string> = new Set(['run', 'tsx', 'exec', '--']);

/**
 * PowerShell's nested shells and consoles besides the POSIX shells the models know: a command a
 * PowerShell call starts by one of these names runs code toolgate cannot see.
 * @internal
 */
export const POWERSHELL_CONSOLES: readonly string[] = ['pwsh', 'powershell', 'powershell_ise', 'cmd', 'fish', 'wsl', 'wt', 'conhost'];
