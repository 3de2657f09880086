/**
 * Grants: the rules a person's "approve and remember" saves, proposed and confirmed before they
 * are saved; which grants may answer which ask; how long each scope's grants live. Pure.
 * @packageDocumentation
 */
export { proposeRules, confirmRules, describeRule, MAX_EXAMPLES } from './propose.js';
export type { RuleProposal, ProposalPart, RuleOption, RuleReach, CoverageExample, ProposalInput, ConfirmResult } from './propose.js';
export { askAnswerableByGrant, grantCovers, grantLive, grantMayAnswer, isExactCommandRule, namesProgram, usableGrants } from './apply.js';
export type { GrantAsk, GrantSite, UsableGrants } from './apply.js';
export { DEFAULT_GRANT_TTL, formatSpan, parseGrantTtl } from './ttl.js';
export type { GrantTtl, GrantTtlResult } from './ttl.js';
export {
  grantView,
  pruneGrants,
  recordSettingsRules,
  revokedGrantEntry,
  revokeGrant,
  settingsFileHere,
  settingsRuleGrants,
} from './manage.js';
export type { GrantChanger, GrantView, PersistedAt, RevokeResult } from './manage.js';
