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
/** Programs installed under several names (`src/shell/programs/installed-names.ts`), denied by one of them. */
const OTHER_NAMES_DENY = [
  'Bash(sh *)',
  'Bash(awk *)',
  'Bash(ssh *)',
  'Bash(ctags *)',
  'Bash(vi *)',
  'Bash(node *)',
  'Bash(make *)',
  'Bash(git *)',
  // Replay 22 NEW-U1 and NEW-U8: ld's other names, scripts that run a program, and mode names read by grammar.
  'Bash(gdb *)',
  'Bash(ld *)',
  'Bash(gcc *)',
  'Bash(gzip *)',
  'Bash(bzip2 *)',
  'Bash(unxz *)',
  'Bash(sudoedit *)',
];
const OTHER_NAMES_REVERSE_DENY = [
  'Bash(dash *)',
  'Bash(mawk *)',
  'Bash(slogin *)',
  'Bash(ctags-universal *)',
  'Bash(vim *)',
  'Bash(nodejs *)',
  'Bash(gmake *)',
  'Bash(ld.bfd *)',
];
const RED_TEAM_DENY = ['Bash(rm *)', 'Bash(curl *)', 'Read(./.env)', 'Read(~/.ssh/**)', 'Edit(secrets/**)', 'Edit(.claude/**)'];

/** No rules; narrow allow rules; `Bash(*)` with deny rules; the same deny rules alone; the red team's deny rules with `Bash(*)` and alone. */
export const SETTINGS_PRESETS: readonly SettingsPreset[] = [
  { name: 'none', settings: { permissions: {} }, modes: ['default', 'bypassPermissions'] },
  {
    name: 'narrow',
    settings: {
      permissions: {
        allow: ['Bash(echo *)', 'Bash(npm run test *)', 'Bash(git log *)', 'Bash(./build.sh *)', 'Read(src/**)', 'Edit(src/**)'],
      },
    },
    modes: ['default'],
  },
  { name: 'all-but-denied', settings: { permissions: { allow: ['Bash(*)'], deny: DENY } }, modes: ['default'] },
  { name: 'denied', settings: { permissions: { deny: DENY } }, modes: ['default'] },
  // The settings a red team found most bypasses under: the deny rules plus HOME's keys and toolgate's own settings.
  { name: 'red-team', settings: { permissions: { allow: ['Bash(*)'], deny: RED_TEAM_DENY } }, modes: ['default', 'acceptEdits'] },
  { name: 'red-team-denied', settings: { permissions: { deny: RED_TEAM_DENY } }, modes: ['default'] },
  // A deny rule naming a program by one of its installed names, and every command allowed else.
  {
    name: 'other-names',
    settings: { permissions: { allow: ['Bash(*)'], deny: OTHER_NAMES_DENY } },
    modes: ['default', 'bypassPermissions'],
  },
  { name: 'other-names-reverse', settings: { permissions: { allow: ['Bash(*)'], deny: OTHER_NAMES_REVERSE_DENY } }, modes: ['default'] },
];

/** A preset by name, or `undefined`. */
export function presetNamed(name: string): SettingsPreset | undefined {
  return SETTINGS_PRESETS.find((p) => p.name === name);
}
