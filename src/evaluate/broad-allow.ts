import type { Rule } from '../rules/types.js';
import { programsOfRole, runsWhatFollows } from '../shell/programs/index.js';

/**
 * Programs whose wildcard allow rules let a whole class of calls through: the wrappers,
 * interpreters and shells the program models know, and these, which have no model yet.
 */
const UNMODELLED_INTERPRETERS: readonly string[] = [
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

const runsAnything = (name: string): boolean => runsWhatFollows(name) || UNMODELLED_INTERPRETERS.includes(name);

/** Package-manager run commands (`npm run *`, `yarn *`, ...). */
const RUNNERS =
  /^(npm run|npm run-script|npm rum|npm urn|npm exec|npm x|pnpm run|pnpm exec|pnpm dlx|pnpm x|yarn run|yarn dlx|yarn exec|yarn|bun run|bun x|make|just|task|cargo run|go run|poetry run|uv run|pipenv run|rake|gradle|\.\/gradlew|mvn)\b/;

/**
 * Package managers: a wildcard right after the name (`npm *`, `pnpm *`) covers their run and exec
 * commands and installing any package (whose install scripts run), so it is at least as broad as
 * `npm run *`. The runners of scripts the program models know, and these, which have no model yet.
 */
const UNMODELLED_PACKAGE_MANAGERS: readonly string[] = [
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

const managesPackages = (name: string): boolean => programsOfRole('runner').has(name) || UNMODELLED_PACKAGE_MANAGERS.includes(name);

/**
 * Is this an allow rule that auto mode sets aside while the classifier judges (Claude Code docs,
 * "Auto mode": bare `Bash`, `Bash(*)`, wildcarded interpreters, package managers and their
 * runners — `npm *`, `pnpm *`, `yarn *`, `npx *`, `bun *`, `npm run *` —, rules whose command name
 * is itself a wildcard such as `Bash(* --version)`, any `Agent` allow rule, `Monitor` allow rules)?
 * A rule at least as broad as one of the documented examples is set aside too.
 * @public
 */
export function isBroadAllow(rule: Rule): boolean {
  if (rule.tool === 'Agent' || rule.tool === 'Monitor') return true;
  if (rule.tool !== 'Bash' && rule.tool !== 'PowerShell') return false;
  if (rule.family === 'bare') return true;
  const spec = (rule.specifier ?? '').trim().replace(/:\*$/, ' *');
  if (!spec.includes('*')) return false;
  // The command name is a wildcard or holds one (`* --version`, `py*`): any program can match.
  const first = spec.split(/\s/)[0] ?? '';
  if (first.includes('*')) return true;
  const head = first.replace(/^.*\//, '');
  if (runsAnything(head)) return true;
  const fixed = spec.replace(/\*.*$/, '').trim();
  if (managesPackages(head) && fixed.split(/\s+/).length === 1) return true;
  return RUNNERS.test(`${fixed.replace(/^\S*\//, '')} `);
}
