import type { Rule } from '../rules/types.js';
import { programsOfRole, runsWhatFollows } from '../shell/programs/index.js';
import { PACKAGE_RUN_COMMANDS, UNMODELLED_INTERPRETERS, UNMODELLED_PACKAGE_MANAGERS } from '../shell/programs/unmodelled-programs.js';

/** Programs whose wildcard allow rules let a whole class of calls through: the wrappers, interpreters and shells, with or without a model. */
const runsAnything = (name: string): boolean => runsWhatFollows(name) || UNMODELLED_INTERPRETERS.includes(name);

/** Package managers: a wildcard right after the name covers their run commands and installs (see `UNMODELLED_PACKAGE_MANAGERS`). */
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
  return PACKAGE_RUN_COMMANDS.test(`${fixed.replace(/^\S*\//, '')} `);
}
