import type { FileSystem } from '../core/ports.js';
import type { Platform, SettingsSourceKind } from '../core/types.js';
import { mergePolicy } from './merge.js';
import { parseSettingsObject } from './parse.js';
import { readSettingsFile } from './read.js';
import { dirnameOf, joinPath, MANAGED_SETTINGS_PATHS } from './paths.js';
import type { ParsedSettingsFile, Policy } from './types.js';

/** Which settings files to load, like the Agent SDK's `settingSources`. @public */
export type SettingSource = 'user' | 'project' | 'local' | 'managed';

/** Options of {@link loadSettings}. Paths are absolute. @public */
export interface LoadSettingsOptions {
  fs: FileSystem;
  /** Original working directory. */
  cwd: string;
  home: string;
  /** Project root, where the project's settings directory is. Default: `cwd`. */
  projectDir?: string;
  /** Chooses the default managed settings path. Default: both the Linux and the macOS path. */
  platform?: Platform;
  /** Which files load (default all four). Explicit `settingsFiles`, `inline` and CLI tools always load. */
  settingSources?: readonly SettingSource[];
  /** Settings directory name: `.claude` (default) or `.noeta`. */
  configDirName?: string;
  /**
   * The user layer's folder in place of `home/<configDirName>`: Claude Code reads
   * `$CLAUDE_CONFIG_DIR/settings.json` when that variable is set (Claude Code docs, "Settings files").
   */
  userSettingsDir?: string;
  /**
   * Managed settings files. Default: `/etc/claude-code/managed-settings.json` (Linux) and
   * `/Library/Application Support/ClaudeCode/managed-settings.json` (macOS), per `platform`
   * (`C:\Program Files\ClaudeCode\managed-settings.json` on Windows). `*.json` files in a
   * `managed-settings.d/` directory beside each are read after it, in name order.
   */
  managedPaths?: readonly string[];
  /** Explicit settings files (`--settings`): trusted, source kind `cli`; a later file wins over an earlier one. */
  settingsFiles?: readonly string[];
  /** Settings objects a host passes in (source kind `inline`), after `settingsFiles`. */
  inline?: readonly unknown[];
  /**
   * Settings objects that protect the host itself (source kind `inline`, marked `builtIn`): their
   * rules deny what they match, and opaque code is not held against them (see
   * `SettingsSource.builtIn`).
   */
  builtIn?: readonly unknown[];
  /** `--allowedTools`: allow rules of source kind `cli`. */
  allowedTools?: readonly string[];
  /** `--disallowedTools`: deny rules of source kind `cli`. */
  disallowedTools?: readonly string[];
  /** Whether the project at `projectDir` is trusted (default: trusted). See toolgate docs, "Trust". */
  isProjectTrusted?: (dir: string) => boolean;
}

async function dropIns(fs: FileSystem, managedFile: string): Promise<string[]> {
  const dir = joinPath(dirnameOf(managedFile), 'managed-settings.d');
  try {
    if ((await fs.stat(dir))?.kind !== 'directory') return [];
    const names = await fs.readdir(dir);
    return names
      .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
      .sort()
      .map((n) => joinPath(dir, n));
  } catch {
    return [];
  }
}

/**
 * Load and merge the settings that apply to a project through the {@link FileSystem} port
 * (Claude Code docs, "Settings files" and "Settings precedence"):
 * user `~/<configDir>/settings.json` (or `<userSettingsDir>/settings.json`), project `<projectDir>/<configDir>/settings.json`, local
 * `<projectDir>/<configDir>/settings.local.json`, managed settings, explicit `settingsFiles`,
 * `inline` objects and `allowedTools` / `disallowedTools`. See {@link mergePolicy} for how they
 * combine.
 *
 * A missing file is fine (no diagnostic). A file that exists but cannot be read — not JSON (strict,
 * as Claude Code reads it), not a JSON object, not UTF-8, a directory, no permission — gives an
 * error diagnostic, the others still load, and it is listed in {@link Policy.brokenFiles}: while it
 * stands, no call is allowed without a person (deny rules of every file still deny). This is
 * stricter than Claude Code, which skips such a file. Never throws for file problems.
 * @public
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<Policy> {
  const { fs, home } = options;
  const configDir = options.configDirName ?? '.claude';
  const projectDir = options.projectDir ?? options.cwd;
  const sources = new Set(options.settingSources ?? ['user', 'project', 'local', 'managed']);
  const wanted: { file: string; kind: SettingsSourceKind }[] = [];
  const userDir = options.userSettingsDir ?? joinPath(home, configDir);
  if (sources.has('user')) wanted.push({ file: joinPath(userDir, 'settings.json'), kind: 'userSettings' });
  if (sources.has('project')) wanted.push({ file: joinPath(projectDir, configDir, 'settings.json'), kind: 'projectSettings' });
  if (sources.has('local')) wanted.push({ file: joinPath(projectDir, configDir, 'settings.local.json'), kind: 'localSettings' });
  for (const file of options.settingsFiles ?? []) wanted.push({ file, kind: 'cli' });
  if (sources.has('managed')) {
    const managed =
      options.managedPaths ??
      (options.platform !== undefined
        ? [MANAGED_SETTINGS_PATHS[options.platform]]
        : [MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos]);
    for (const file of managed) {
      wanted.push({ file, kind: 'managed' });
      for (const dropIn of await dropIns(fs, file)) wanted.push({ file: dropIn, kind: 'managed' });
    }
  }

  const parsed = (await Promise.all(wanted.map((w) => readSettingsFile(fs, { kind: w.kind, file: w.file })))).filter(
    (p): p is ParsedSettingsFile => p !== undefined,
  );
  for (const object of options.inline ?? []) parsed.push(parseSettingsObject(object, { kind: 'inline' }));
  for (const object of options.builtIn ?? []) parsed.push(parseSettingsObject(object, { kind: 'inline', builtIn: true }));

  const trusted = options.isProjectTrusted?.(projectDir) ?? true;
  return mergePolicy(parsed, {
    projectTrusted: trusted,
    ...(options.allowedTools !== undefined ? { allowedTools: [...options.allowedTools] } : {}),
    ...(options.disallowedTools !== undefined ? { disallowedTools: [...options.disallowedTools] } : {}),
  });
}
