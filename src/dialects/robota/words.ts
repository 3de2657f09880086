import type { Behavior, Decision } from '../../core/types.js';
import type { ProtectedPathSpec } from '../../paths/index.js';

/** robota's words for the three outcomes: `auto` (run it), `approve` (ask a person), `deny`. @public */
export type RobotaOutcome = 'auto' | 'approve' | 'deny';

/** toolgate's behaviour for each robota outcome, and back. @public */
export const ROBOTA_WORDS: Readonly<Record<Behavior, RobotaOutcome>> = { allow: 'auto', ask: 'approve', deny: 'deny' };

/** A decision in robota's words. @public */
export function robotaOutcome(decision: Pick<Decision, 'behavior'>): RobotaOutcome {
  return ROBOTA_WORDS[decision.behavior];
}

/** Shell rc files robota never writes without asking. */
const SHELL_RC = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.zlogout',
  '.cshrc',
  '.tcshrc',
  '.kshrc',
  '.mkshrc',
];

/**
 * robota's protected list (robota docs, "Never auto-approved"): `.git`, `.robota` (except its
 * worktrees), `.claude`, `.agents`, `.mcp.json`, `.gitconfig`, `.npmrc` and shell rc files.
 * @public
 */
export const ROBOTA_PROTECTED_PATHS: ProtectedPathSpec = {
  dirs: ['.git', '.robota', '.claude', '.agents'],
  files: ['.mcp.json', '.gitconfig', '.npmrc', ...SHELL_RC],
  exceptions: ['.robota/worktrees'],
  exceptionsHoldOnlyTheirContents: true,
};

/**
 * A protected list with robota's own directory renamed (robota's `pathProtection` option:
 * `protectedDirectoryNames`, `writableWorktreeContainers`, and `protectedPaths`, absolute paths
 * protected with everything under them). A worktree container stays protected itself; the
 * worktrees in it do not (robota's configured-path-protection tests).
 * @public
 */
export function robotaProtectedPaths(
  options: {
    protectedDirectoryNames?: readonly string[];
    writableWorktreeContainers?: readonly string[];
    protectedPaths?: readonly string[];
  } = {},
): ProtectedPathSpec {
  const own = options.protectedDirectoryNames ?? ['.robota'];
  return {
    dirs: ['.git', '.claude', '.agents', ...own],
    files: ROBOTA_PROTECTED_PATHS.files,
    exceptions: options.writableWorktreeContainers ?? own.map((d) => `${d}/worktrees`),
    paths: (options.protectedPaths ?? []).filter((p) => p.startsWith('/')),
    exceptionsHoldOnlyTheirContents: true,
  };
}
