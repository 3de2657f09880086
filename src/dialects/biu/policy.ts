import type { SettingsObject } from '../../settings/index.js';
import type { MergeOptions, Policy } from '../../settings/types.js';
import { dialectPolicy } from '../shared/policy.js';
import { parseBiuRule } from './rules.js';

/**
 * Build a policy from biu's settings layers (`~/.biumind/settings.json`,
 * `<project>/.biumind/settings.json`, `<project>/.biumind/settings.local.json`), reading rules
 * the biu way (legacy `tool:detail`, any tool-name case). Deny is strongest whichever layer it
 * is in; `defaultMode` comes from the most specific layer (biu docs, "The three settings.json
 * layers"). `${PROJECT_ROOT}` in additionalDirectories is expanded when deciding.
 * @public
 */
export function biuPolicy(objects: readonly SettingsObject[], options: MergeOptions = {}): Policy {
  return dialectPolicy(
    objects,
    (text) => {
      const r = parseBiuRule(text);
      return r.ok ? undefined : r.message;
    },
    options,
  );
}
