/**
 * The shell and environment a case's call runs in, as the case states them: `shell` (`bash`,
 * `sh`, `zsh` or `unknown`; default bash, the shell the cases were observed with), and what
 * toolgate is told of the environment. A case describes its whole world: without `environment`
 * or `env`, toolgate is told that no variable that matters is set (as in the worlds the cases were
 * observed in); `environment: {NAME: value}` tells it those (an empty value is unset) and nothing
 * else is set; `environment: "unknown"`, or an `env` (what the user's shell exports, which the
 * front end did not pass on), tells it nothing.
 */

/** A case's `shell`, checked. */
export function caseShell(body: Record<string, unknown>): 'bash' | 'sh' | 'zsh' | 'unknown' {
  const s = body['shell'];
  if (s === undefined) return 'bash';
  if (s === 'bash' || s === 'sh' || s === 'zsh' || s === 'unknown') return s;
  throw new Error(`case.shell: expected bash, sh, zsh or unknown, got ${JSON.stringify(s)}`);
}

/** What toolgate is told of a case's environment (the shape of `EnvironmentFacts`); undefined: nothing. */
export function caseEnvironment(body: Record<string, unknown>): { values: Record<string, string | null>; complete: true } | undefined {
  const told = body['environment'];
  if (told === 'unknown') return undefined;
  if (told !== undefined) {
    if (typeof told !== 'object' || told === null || Array.isArray(told))
      throw new Error('case.environment: expected an object of NAME: value, or "unknown"');
    const values: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(told)) {
      if (typeof v !== 'string') throw new Error(`case.environment.${k}: expected a string`);
      values[k] = v === '' ? null : v;
    }
    return { values, complete: true };
  }
  if (body['env'] !== undefined) return undefined;
  return { values: {}, complete: true };
}
