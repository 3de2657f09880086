import type { SettingsObject } from '../../settings/index.js';
import type { MergeOptions, Policy } from '../../settings/types.js';
import { dialectPolicy } from '../shared/policy.js';
import { robotaRuleProblem } from './rules.js';

/**
 * Build a policy from robota's settings layers, checking each pattern as robota does at startup
 * (parameter rules and bare tool-name globs are not valid allow rules; a malformed pattern is named
 * with its file, JSON path and what was expected, robota issue #2428). Each list is the union of
 * every layer (robota docs, "Configuration"). A deny or ask pattern robota would refuse is kept:
 * the gate cannot evaluate it, so every call of its tool asks, denied in plan mode (robota docs,
 * "Evaluation Algorithm", step 4); such an allow pattern is dropped.
 * @public
 */
export function robotaPolicy(objects: readonly SettingsObject[], options: MergeOptions = {}): Policy {
  return dialectPolicy(objects, robotaRuleProblem, options, ['deny', 'ask']);
}
