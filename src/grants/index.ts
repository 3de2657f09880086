/**
 * Grants: the rules a person's "approve and remember" saves, proposed and confirmed before they
 * are saved. Pure.
 * @packageDocumentation
 */
export { proposeRules, confirmRules, MAX_EXAMPLES } from './propose.js';
export type { RuleProposal, ProposalPart, RuleOption, RuleReach, CoverageExample, ProposalInput, ConfirmResult } from './propose.js';
