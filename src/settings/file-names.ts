import { SETTINGS_CODES as C } from './codes.js';
import { basenameOf, dirnameOf } from './paths.js';
import type { SettingsDiagnostic } from './types.js';

/** What {@link checkSettingsFileName} concluded about a path. @public */
export interface SettingsFileNameCheck {
  /**
   * What Claude Code would load the file as, when its name and place are standard: `settings`
   * (user or shared project settings — the name alone does not tell which), `localSettings`, or `managed`.
   */
  role?: 'settings' | 'localSettings' | 'managed';
  diagnostics: SettingsDiagnostic[];
}

/**
 * Say whether Claude Code would load a file at `path` as settings, and as which source
 * (Claude Code docs, "Settings files"): `<dir>/settings.json` (user or project),
 * `<dir>/settings.local.json` (local), `managed-settings.json` and `managed-settings.d/*.json`
 * (managed). Anything else — `settings.local.json.example`, a template such as
 * `settings.json.tmpl`, a `managed-settings.json` inside a project's settings directory — gets a
 * `TG_SETTINGS_FILE_NAME` warning: it is only ever read when passed explicitly (`--settings`).
 * @public
 */
export function checkSettingsFileName(path: string, options: { configDirName?: string } = {}): SettingsFileNameCheck {
  const configDir = options.configDirName ?? '.claude';
  const name = basenameOf(path);
  const parent = basenameOf(dirnameOf(path));
  const warn = (message: string): SettingsFileNameCheck => ({
    diagnostics: [{ code: C.fileName, severity: 'warning', file: path, message }],
  });
  if (name === 'managed-settings.json') {
    if (parent === configDir) {
      return warn(
        `managed-settings.json inside a ${configDir}/ directory is not read as managed settings (managed settings live at a system path such as /etc/claude-code/); load it with --settings`,
      );
    }
    return { role: 'managed', diagnostics: [] };
  }
  if (parent === 'managed-settings.d' && name.endsWith('.json')) return { role: 'managed', diagnostics: [] };
  if (name === 'settings.json') return { role: 'settings', diagnostics: [] };
  if (name === 'settings.local.json') {
    return parent === configDir
      ? { role: 'localSettings', diagnostics: [] }
      : warn(`settings.local.json is read only from a project's ${configDir}/ directory`);
  }
  const standard = ['settings.json', 'settings.local.json', 'managed-settings.json'].find((n) => name.startsWith(`${n}.`));
  if (standard !== undefined) {
    return warn(
      `"${name}" is not a settings file name Claude Code loads (a copy or template of ${standard}?); it is read only when passed with --settings`,
    );
  }
  return warn(
    `"${name}" is not a settings file name Claude Code loads (settings.json, settings.local.json, managed-settings.json); it is read only when passed with --settings`,
  );
}
