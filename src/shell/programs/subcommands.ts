/**
 * Programs whose first operand names a subcommand (`git push`, `cargo build`), and the package
 * managers whose `run` names a script (`npm run build`): how many of a command's first words name
 * what it does, as Claude Code's permission dialog spells them in the prefix rule it offers
 * (`git push *`, `npm run build *`; Claude Code CLI 2.1.332, observed).
 */

/** Programs whose second word names the subcommand. */
const SUBCOMMAND_PROGRAMS: ReadonlySet<string> = new Set([
  'git',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'gh',
  'make',
  'uv',
  'poetry',
  'pip',
  'dotnet',
]);

/** Package managers whose `run` subcommand takes the script's name as its third word. */
const SCRIPT_RUNNERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/**
 * How many of a command's first words name what it does: 1 (the program), 2 (a subcommand:
 * `git push`), 3 (a script: `npm run build`). An option in second place names no subcommand.
 * @internal
 */
export function namingWords(words: readonly string[]): 1 | 2 | 3 {
  const first = words[0] ?? '';
  const second = words[1] ?? '';
  if (words.length === 1 || !SUBCOMMAND_PROGRAMS.has(first) || second.startsWith('-')) return 1;
  return SCRIPT_RUNNERS.has(first) && second === 'run' && words[2] ? 3 : 2;
}
