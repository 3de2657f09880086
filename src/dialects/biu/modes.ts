import type { PermissionMode } from '../../core/types.js';

/**
 * biu's mode names and their legacy spellings (biu docs, "Modes": `ask` ≡ default, `auto_edit`
 * ≡ acceptEdits, `full_access` ≡ bypassPermissions).
 * @public
 */
export const BIU_MODE_ALIASES: Readonly<Record<string, PermissionMode>> = {
  manual: 'default',
  ask: 'default',
  auto_edit: 'acceptEdits',
  accept_edits: 'acceptEdits',
  full_access: 'bypassPermissions',
  bypass: 'bypassPermissions',
  dont_ask: 'dontAsk',
};

const MODES: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk'];

/**
 * Read a biu mode name: the five modes, their legacy names; anything else (the empty string
 * included) is `default`, as biu reads it. Note that toolgate's `evaluate` still reads an
 * unknown mode as `default` and says so in the trace.
 * @public
 */
export function biuModeFromString(name: string): PermissionMode {
  if ((MODES as readonly string[]).includes(name)) return name as PermissionMode;
  return BIU_MODE_ALIASES[name] ?? BIU_MODE_ALIASES[name.toLowerCase()] ?? 'default';
}
