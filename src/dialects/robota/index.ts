import type { Dialect } from '../../evaluate/index.js';
import { ROBOTA_STEPS } from './steps.js';
import { robotaCaseRunner } from './cases.js';
import { ROBOTA_PROTECTED_PATHS, ROBOTA_WORDS } from './words.js';
import { robotaRuleProblem } from './rules.js';
import { robotaPolicy } from './policy.js';

export * from './rules.js';
export * from './steps.js';
export * from './url.js';
export * from './auto-mode.js';
export * from './hooks.js';
export { robotaPolicy } from './policy.js';
export * from './words.js';

/**
 * The robota dialect (robota docs, "Permission System"): outcomes auto / approve / deny (allow /
 * ask / deny); deny list, ceiling, peer turns, unevaluable deny patterns, never-auto-approved
 * calls, ask-for-everything callers, bypassPermissions, allow list, mode policy. Tool inputs use
 * robota's keys (`filePath`); MCP tools are `server__tool`.
 *
 * `dialectInput` keys: `ceiling` (string[] of patterns), `peerTurn` (boolean), `askAll`
 * (boolean), `sandboxAutoApproved` (boolean), `approver` (`false` in print / headless mode: what
 * would ask is denied), `riskClasses` (`{ [tool]: 'inspect' | 'modify' | 'execute' }`), `noCwd`
 * (`true` when the caller has no working directory: a relative path under an absolute pattern
 * cannot be evaluated, so such a deny pattern asks).
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
  cases: robotaCaseRunner(() => robota),
  // robota refuses a malformed pattern at load (issue #2428): `lint --dialect robota` names it.
  checkRule: robotaRuleProblem,
  // Its patterns are checked as robota checks them at startup; a refused deny or ask pattern is kept.
  policyFromObjects: robotaPolicy,
};
