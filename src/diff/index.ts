/**
 * Policy diff: decide a body of calls (a shipped corpus, calls generated from both policies'
 * rules, calls given) under an old and a new policy and list every call whose outcome changes,
 * grouped by the rule responsible, widenings first (`toolgate diff`).
 * @packageDocumentation
 */
export {
  diffPolicies,
  type DiffCall,
  type DiffCallOrigin,
  type DiffChange,
  type DiffDirection,
  type DiffGroup,
  type DiffSide,
  type PolicyDiff,
} from './diff.js';
export { diffCorpus, type CorpusPlaces } from './corpus.js';
export { callsOfModes, callsOfPolicies, callsOfRule, callsOfSettings } from './generate.js';
export { formatPolicyDiff } from './format.js';
export { cachedFsView } from './cached-fs.js';
export { policyDiffToSarif, type RuleLineOf } from './sarif.js';
