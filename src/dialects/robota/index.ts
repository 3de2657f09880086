import type { Behavior, Decision } from '../../core/types.js';
import type { Dialect } from '../../evaluate/index.js';
import type { ProtectedPathSpec } from '../../paths/index.js';
import { ROBOTA_STEPS } from './steps.js';

export * from './rules.js';
export * from './steps.js';
export * from './url.js';
export * from './auto-mode.js';
export * from './hooks.js';
export { robotaPolicy } from './policy.js';

/** robota's words for the three outcomes: `auto` (run it), `approve` (ask a person), `deny`. @public */
export type RobotaOutcome = 'auto' | 'approve' | 'deny';

/** toolgate's behaviour for each robota outcome, and back. @public */
export const ROBOTA_WORDS: Readonly<Record<Behavior, RobotaOutcome>> = { allow: 'auto', ask: 'approve', deny: 'deny' };

/** A decision in robota's words. @public */
export function robotaOutcome(decision: Pick<Decision, 'behavior'>): RobotaOutcome {
  return ROBOTA_WORDS[decision.behavior];
}

/** Shell rc files robota never writes without asking. */
const SHELL_RC = ['.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.zlogout', '.cshrc', '.tcshrc', '.kshrc', '.mkshrc'];

/**
 * robota's protected list (robota docs, "Never auto-approved"): `.git`, `.robota` (except its
 * worktrees), `.claude`, `.agents`, `.mcp.json`, `.gitconfig`, `.npmrc` and shell rc files.
 * @public
 */
export const ROBOTA_PROTECTED_PATHS: ProtectedPathSpec = {
  dirs: ['.git', '.robota', '.claude', '.agents'],
  files: ['.mcp.json', '.gitconfig', '.npmrc', ...SHELL_RC],
  exceptions: ['.robota/worktrees'],
};

/**
 * A protected list with robota's own directory renamed (robota's `pathProtection` option:
 * `protectedDirectoryNames`, `writableWorktreeContainers`).
 * @public
 */
export function robotaProtectedPaths(options: { protectedDirectoryNames?: readonly string[]; writableWorktreeContainers?: readonly string[] } = {}): ProtectedPathSpec {
  const own = options.protectedDirectoryNames ?? ['.robota'];
  return {
    dirs: ['.git', '.claude', '.agents', ...own],
    files: ROBOTA_PROTECTED_PATHS.files,
    exceptions: options.writableWorktreeContainers ?? own.map((d) => `${d}/worktrees`),
  };
}

/**
 * The robota dialect (robota docs, "Permission System"): outcomes auto / approve / deny (allow /
 * ask / deny); deny list, ceiling, peer turns, unevaluable deny patterns, never-auto-approved
 * calls, ask-for-everything callers, bypassPermissions, allow list, mode policy. Tool inputs use
 * robota's keys (`filePath`); MCP tools are `server__tool`.
 *
 * `dialectInput` keys: `ceiling` (string[] of patterns), `peerTurn` (boolean), `askAll`
 * (boolean), `sandboxAutoApproved` (boolean), `approver` (`false` in print / headless mode: what
 * would ask is denied), `riskClasses` (`{ [tool]: 'inspect' | 'modify' | 'execute' }`).
 * @public
 */
export const robota: Dialect = {
  name: 'robota',
  steps: ROBOTA_STEPS,
  protectedPaths: ROBOTA_PROTECTED_PATHS,
  readOnlySet: 'robota',
  configDirName: '.robota',
  projectDirEnv: ['CLAUDE_PROJECT_DIR'],
  defaultMode: 'default',
  modeAliases: { manual: 'default' },
  nativeWords: ROBOTA_WORDS,
  // robota hooks cannot approve: an allow only lets evaluation continue (robota docs, "Hooks").
  hooksCanApprove: false,
};
