/**
 * The world a Bash command runs in, as the context tells it: which shell, and what the
 * environment says of the variables the shell analysis reads (`CDPATH`).
 */
import type { ContextShell, EnvironmentFacts, EvaluationContext } from './types.js';

/**
 * The shell that runs Bash commands: the context's `shell` (what the front end learned), else the
 * older `options.shell`, else `unknown` (judged for bash and zsh at once).
 */
export function shellOf(ctx: Pick<EvaluationContext, 'shell' | 'options'>): ContextShell {
  return ctx.shell ?? ctx.options?.shell ?? 'unknown';
}

/**
 * What the environment says of one variable: its value, `null` when it is known to be unset (or
 * empty), `undefined` when it may be set to anything.
 */
export function environmentValue(environment: EnvironmentFacts | undefined, name: string): string | null | undefined {
  if (environment === undefined) return undefined;
  if (Object.prototype.hasOwnProperty.call(environment.values, name)) return environment.values[name] ?? null;
  return environment.complete === true ? null : undefined;
}

/**
 * The environment the session's commands and hooks run with: the context's, with the settings'
 * `env` over it (Claude Code sets those for every command and hook; red team 27 RT27-E: `env`'s
 * `NODE_OPTIONS=--require tools/pre.js` makes every node load it). An empty value is known
 * unset-or-empty. The same object when the settings set none.
 */
export function sessionEnvironment(ctx: Pick<EvaluationContext, 'environment' | 'policy'>): EnvironmentFacts | undefined {
  const env = ctx.policy.env;
  if (env === undefined) return ctx.environment;
  const values: Record<string, string | null> = { ...ctx.environment?.values };
  for (const name of Object.keys(env)) values[name] = env[name]!.value === '' ? null : env[name]!.value;
  return { ...ctx.environment, values };
}
