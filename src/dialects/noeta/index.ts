import type { Dialect } from '../../evaluate/index.js';
import { STEPS } from '../../evaluate/index.js';
import { NOETA_PROTECTED_PATHS } from '../../paths/index.js';
import { noetaOwnReads, refuseBypass } from './steps.js';
import { policyFromObjects } from '../../settings/index.js';
import { dialectCaseRunner } from '../shared/cases.js';

export { noetaOwnReads, refuseBypass } from './steps.js';

/** Where noeta keeps plan files, relative to the home directory (toolgate spec, noeta "Plan mode"). @public */
export const NOETA_PLAN_DIR = '.noeta/plans';

/** noeta's managed settings directories (toolgate spec, noeta "Rules"). @public */
export const NOETA_MANAGED_DIRS = { linux: '/etc/noeta', macos: '/Library/Application Support/Noeta' } as const;

/**
 * Hook events noeta runs (toolgate spec, noeta "Events"). Claude Code's other events (Setup,
 * PreModelSwitch, FileChanged, Elicitation, …) are skipped with a warning.
 * @public
 */
export const NOETA_HOOK_EVENTS: readonly string[] = [
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SubagentStart',
  'PreCompact',
  'PostCompact',
  'PostModelSwitch',
  'Notification',
  'SessionEnd',
  'StopFailure',
  'CwdChanged',
  'InstructionsLoaded',
];

/**
 * Whether noeta runs hooks of an event; for one it skips, the warning to report.
 * @public
 */
export function noetaHookEvent(event: string): { run: true } | { run: false; warning: string } {
  if (NOETA_HOOK_EVENTS.includes(event)) return { run: true };
  return { run: false, warning: `hooks for ${event} are skipped: the event belongs to a Claude Code feature noeta does not have` };
}

/** The absolute plan-file directory for a home directory (`~/.noeta/plans`). @public */
export function noetaPlanDir(home: string): string {
  return `${home.replace(/\/+$/, '')}/${NOETA_PLAN_DIR}`;
}

/**
 * The noeta dialect: the toolgate spec's semantics with noeta's locations and defaults —
 * `.noeta/` settings (never `~/.claude`), `NOETA_PROJECT_DIR` beside `CLAUDE_PROJECT_DIR`,
 * default mode `auto`, `.noeta` protected except its skills, commands and worktrees, reads of
 * the memory directory and saved tool output allowed, and bypass refused where the host passes
 * `dialectInput.allowBypass: false`.
 *
 * `dialectInput` keys: `allowBypass` (boolean, default true), `memoryDir`, `toolOutputDir`
 * (absolute paths). The plan file is `options.planFilePath` (under `~/.noeta/plans/`).
 * @public
 */
export const noeta: Dialect = {
  name: 'noeta',
  steps: [
    STEPS.validInput,
    refuseBypass,
    STEPS.toolRemoved,
    STEPS.denyRules,
    STEPS.readsOutsideWorkingDirectories,
    STEPS.writesOutsideWorkingDirectories,
    STEPS.sandboxCredentials,
    STEPS.askRules,
    STEPS.userInteraction,
    STEPS.unseenShell,
    STEPS.criticalAndProtectedPaths,
    STEPS.allowRules,
    noetaOwnReads,
    STEPS.whatTheCallTouches,
    STEPS.mode,
  ],
  protectedPaths: NOETA_PROTECTED_PATHS,
  readOnlySet: 'claudeCode',
  configDirName: '.noeta',
  projectDirEnv: ['NOETA_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
  defaultMode: 'auto',
  modeAliases: { manual: 'default' },
  cases: dialectCaseRunner({ dialect: () => noeta, policy: policyFromObjects }),
  managedSettingsPaths: [`${NOETA_MANAGED_DIRS.linux}/managed-settings.json`, `${NOETA_MANAGED_DIRS.macos}/managed-settings.json`],
};
