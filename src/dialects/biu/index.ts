import type { Dialect } from '../../evaluate/index.js';
import { CLAUDE_CODE_PROTECTED_PATHS } from '../../paths/index.js';
import { BIU_MODE_ALIASES } from './modes.js';
import { BIU_STEPS } from './steps.js';
import { biuCaseRunner } from './cases.js';
import { parseBiuRule } from './rules.js';
import { biuPolicy } from './policy.js';

export * from './rules.js';
export * from './steps.js';
export { BIU_MODE_ALIASES, biuModeFromString } from './modes.js';
export { pathInWorkingPath, expandProjectRoot } from './paths.js';
export { matchPromptToCommand, promptKeywords } from './prompts.js';
export { biuDestructiveWarning } from './warnings.js';
export * from './hooks.js';
export * from './plan.js';
export * from './headless.js';
export { biuPolicy } from './policy.js';

/**
 * The biu dialect (biu docs, "Permissions and Hooks"): bypass first; plan denies every call that
 * is not read-only (EnterPlanMode / ExitPlanMode exempt); the session's always-allow cache and
 * plan `allowedPrompts`; deny, ask and allow rules matched the biu way (case-insensitive tools,
 * legacy `tool:detail`, whole-command Bash patterns, path globs with `?`); read-only calls and,
 * in acceptEdits, edits allowed behind the working-directory gate; dontAsk denies; the rest asks.
 *
 * `dialectInput` keys: `flags` (`{ isReadOnly?, isDestructive? }`, what the tool says of the
 * call; without it toolgate derives them), `sessionGrants` (`{ tool, input }[]`),
 * `allowedPrompts` (`{ tool, prompt }[]`), `workingDirectoryGate` (`false` when no startup
 * directory is set: only additionalDirectories count, and none at all leaves the gate open).
 * @public
 */
export const biu: Dialect = {
  name: 'biu',
  steps: BIU_STEPS,
  protectedPaths: CLAUDE_CODE_PROTECTED_PATHS,
  readOnlySet: 'claudeCode',
  configDirName: '.biumind',
  projectDirEnv: ['CLAUDE_PROJECT_DIR'],
  defaultMode: 'default',
  modeAliases: BIU_MODE_ALIASES,
  nativeWords: { allow: 'DecideAllow', ask: 'DecideAsk', deny: 'DecideDeny' },
  caseInsensitiveTools: true,
  // biu's order decides dontAsk itself: an ask rule still asks there (biu docs, "Modes").
  ownsDontAsk: true,
  // biu tells PermissionDenied hooks of every refusal: a rule's, a hook's, a person's (biu engine,
  // firePermissionDeniedHook).
  permissionDeniedHooks: 'every',
  cases: biuCaseRunner(() => biu),
  checkRule: (text) => {
    const r = parseBiuRule(text);
    return r.ok ? undefined : r.message;
  },
  policyFromObjects: biuPolicy,
};
