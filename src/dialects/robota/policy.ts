import type { SettingsObject } from '../../settings/index.js';
import type { MergeOptions, Policy } from '../../settings/types.js';
import { dialectPolicy } from '../shared/policy.js';
import { robotaRuleProblem } from './rules.js';

/**
 * Build a policy from robota's settings layers, checking each pattern as robota does at startup
 * (parameter rules and bare tool-name globs are not valid allow rules). Each list is the union of
 * every layer (robota docs, "Configuration"). A deny pattern that does not parse is kept: the gate
 * cannot evaluate it, so every call of its tool asks, denied in plan mode (robota docs,
 * "Evaluation Algorithm", step 4).
 * @public
 */
export function robotaPolicy(objects: readonly SettingsObject[], options: MergeOptions = {}): Policy {
  return dialectPolicy(objects, robotaRuleProblem, options, ['deny']);
}
