import { dirname, join, resolve } from 'node:path';
import type { FileSystem } from '../core/ports.js';
import type { ProjectFinding } from '../evaluate/door/project.js';
import { MANAGED_SETTINGS_PATHS } from '../settings/paths.js';

// Apart from ./session-policy.ts so that `toolgate hook` can key its policy cache by these files
// without loading the settings loader and its schema library.

/** Options of `loadSessionPolicy` and {@link sessionSettingsFiles}. @public */
export interface SessionPolicyOptions {
  home: string;
  /** The user layer's folder when not `~/.claude`: the value of `CLAUDE_CONFIG_DIR` where it is set. */
  userSettingsDir?: string;
  /** Explicit settings files (trusted, source kind `cli`): `--settings`. */
  settingsFiles?: readonly string[];
  /** Settings objects every decision carries (source kind `inline`). */
  inline?: readonly unknown[];
  /** Settings objects that protect the host itself (`LoadSettingsOptions.builtIn`). */
  builtIn?: readonly unknown[];
  /** Managed settings files; default Claude Code's for Linux and macOS. */
  managedPaths?: readonly string[];
  /** Whether a project is trusted (default: trusted). An untrusted one keeps only its deny and ask rules. */
  isProjectTrusted?: (dir: string) => boolean;
  /** Default the Node file system. */
  fs?: FileSystem;
}

/** The managed settings files the options name, else Claude Code's for Linux and macOS. */
export const managedOf = (o: Pick<SessionPolicyOptions, 'managedPaths'>): readonly string[] =>
  o.managedPaths ?? [MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos];

/** The folder of the user layer: `userSettingsDir`, else `~/.claude`. */
export const userSettingsDirOf = (o: Pick<SessionPolicyOptions, 'home' | 'userSettingsDir'>): string =>
  o.userSettingsDir ?? join(o.home, '.claude');

/**
 * The user layer's folder a process's environment names: `CLAUDE_CONFIG_DIR` when set and not
 * empty (relative to `cwd`), as Claude Code reads it; else `undefined` (`~/.claude`).
 * @public
 */
export function userSettingsDirFromEnv(env: Readonly<Record<string, string | undefined>>, cwd: string): string | undefined {
  const v = env['CLAUDE_CONFIG_DIR'];
  return v === undefined || v === '' ? undefined : resolve(cwd, v);
}

/**
 * Every file `loadSessionPolicy` may read for `project` (a managed file's drop-in folder
 * included), for caches that reload when one of them changes.
 * @public
 */
export function sessionSettingsFiles(project: ProjectFinding, o: SessionPolicyOptions): string[] {
  return [
    join(userSettingsDirOf(o), 'settings.json'),
    ...(project.known ? [join(project.dir, '.claude', 'settings.json'), join(project.dir, '.claude', 'settings.local.json')] : []),
    ...managedOf(o).flatMap((m) => [m, join(dirname(m), 'managed-settings.d')]),
    ...(o.settingsFiles ?? []),
  ];
}
