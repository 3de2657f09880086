/**
 * The settings the differential runs every command under (named so reports and the CLI can say
 * `--settings narrow`), and the modes per setting.
 */

/** A named settings object. */
export interface SettingsPreset {
  name: string;
  settings: { permissions: { allow?: string[]; deny?: string[] } };
  /** Modes to decide in. */
  modes: string[];
}

const DENY = ['Bash(rm *)', 'Bash(curl *)', 'Read(./.env)', 'Edit(secrets/**)'];

/** No rules; narrow allow rules; `Bash(*)` with deny rules; the same deny rules alone. */
export const SETTINGS_PRESETS: readonly SettingsPreset[] = [
  { name: 'none', settings: { permissions: {} }, modes: ['default', 'bypassPermissions'] },
  {
    name: 'narrow',
    settings: { permissions: { allow: ['Bash(echo *)', 'Bash(npm run test *)', 'Bash(git log *)', 'Bash(./build.sh *)', 'Read(src/**)', 'Edit(src/**)'] } },
    modes: ['default'],
  },
  { name: 'all-but-denied', settings: { permissions: { allow: ['Bash(*)'], deny: DENY } }, modes: ['default'] },
  { name: 'denied', settings: { permissions: { deny: DENY } }, modes: ['default'] },
];

/** A preset by name, or `undefined`. */
export function presetNamed(name: string): SettingsPreset | undefined {
  return SETTINGS_PRESETS.find((p) => p.name === name);
}
