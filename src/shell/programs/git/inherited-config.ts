/**
 * The configuration the environment a command inherits gives git (git-config(1), ENVIRONMENT):
 * the pairs `GIT_CONFIG_COUNT` counts (`GIT_CONFIG_KEY_n`, `GIT_CONFIG_VALUE_n`) and
 * `GIT_CONFIG_PARAMETERS` (what `git -c` hands the git programs it starts), read after every
 * file. A variable the command line itself sets is read by `runs.ts`, as `-c` is; these are the
 * ones already exported when the command starts (git 2.39.5: an exported `GIT_CONFIG_KEY_0=
 * core.fsmonitor` made `git status` run its value).
 */
import type { PlacedConfigEntry } from './repository.js';
import { gitConfigCount, parseConfigParameters } from './runs.js';

/** A variable of the environment: its value, `null` when known unset, `undefined` when it may be set. */
type Variable = (name: string) => string | null | undefined;

/**
 * The entries the inherited environment adds, each placed in "the environment (NAME)" for the
 * reason; `unknown` when a count is set and its pairs are not known, or a value cannot be read.
 * A variable that may be set (nothing is known of the environment) adds nothing: the read-only
 * check asks about it already (`world.ts`), as it does for files it cannot see.
 * @internal
 */
export function inheritedConfig(variable: Variable): { entries: PlacedConfigEntry[] } | { unknown: string } {
  const entries: PlacedConfigEntry[] = [];
  const count = variable('GIT_CONFIG_COUNT');
  if (typeof count === 'string' && count !== '') {
    const n = gitConfigCount(count);
    if (n === undefined) return { unknown: `GIT_CONFIG_COUNT=${count} in the environment is no count toolgate reads` };
    for (let k = 0; k < n; k++) {
      const key = variable(`GIT_CONFIG_KEY_${k}`);
      const value = variable(`GIT_CONFIG_VALUE_${k}`);
      if (typeof key !== 'string' || typeof value !== 'string')
        return { unknown: `GIT_CONFIG_COUNT=${count} is set in the environment and GIT_CONFIG_KEY_${k} or GIT_CONFIG_VALUE_${k} is not known` };
      entries.push({ key: key.toLowerCase(), value, file: `the environment (GIT_CONFIG_KEY_${k})` });
    }
  }
  const params = variable('GIT_CONFIG_PARAMETERS');
  if (typeof params === 'string' && params !== '') {
    const parsed = parseConfigParameters(params);
    if (parsed === undefined) return { unknown: 'GIT_CONFIG_PARAMETERS in the environment cannot be read' };
    for (const p of parsed) entries.push({ key: p.key, value: p.value, file: 'the environment (GIT_CONFIG_PARAMETERS)' });
  }
  return { entries };
}
