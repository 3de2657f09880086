import type { SettingsSource } from '../core/types.js';
import { SOURCE_PRECEDENCE } from './precedence.js';
import type { SettingsFile, Sourced } from './types.js';

/**
 * The settings' `env` merged (Claude Code docs, settings: "Environment variables that will be
 * applied to every session"): Claude Code sets them for every command of its Bash tool and every
 * hook, over the environment it inherited. Each name comes from the highest-precedence file that
 * sets it (objects merge key by key), whatever the project's trust — Claude Code's trust dialog
 * gates a project's allow rules and additional directories, not its `env` (decision 0141). A value
 * that is not a string is not one Claude Code's schema takes: left out. Absent: no file sets any.
 */
export function mergeSettingsEnv(files: readonly Pick<SettingsFile, 'json' | 'source'>[]): Record<string, Sourced<string>> | undefined {
  const out = new Map<string, { value: string; source: SettingsSource; rank: number }>();
  for (const f of files) {
    const env = f.json['env'];
    if (env === null || typeof env !== 'object' || Array.isArray(env)) continue;
    const rank = SOURCE_PRECEDENCE[f.source.kind];
    for (const [name, value] of Object.entries(env as Record<string, unknown>)) {
      if (typeof value !== 'string') continue;
      // Among files of the same kind a later one wins, as for every other key (mergePolicy).
      const had = out.get(name);
      if (had === undefined || rank <= had.rank) out.set(name, { value, source: f.source, rank });
    }
  }
  if (out.size === 0) return undefined;
  const merged: Record<string, Sourced<string>> = Object.create(null) as Record<string, Sourced<string>>;
  for (const [name, { value, source }] of out) merged[name] = { value, source };
  return merged;
}
