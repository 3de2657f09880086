import type { SettingsSourceKind } from '../core/types.js';

/**
 * Settings precedence, written once (Claude Code docs, "Settings precedence"): a lower number
 * wins. Managed settings beat the command line (`--settings`, `--allowedTools`, objects a host
 * passes in), which beats local project settings, then shared project settings, then user settings.
 * Session rules ("don't ask again" for this session) rank with the command line.
 * @public
 */
export const SOURCE_PRECEDENCE: Readonly<Record<SettingsSourceKind, number>> = {
  managed: 0,
  cli: 1,
  inline: 1,
  session: 1,
  localSettings: 2,
  projectSettings: 3,
  userSettings: 4,
};

/** Sources whose `autoMode` is read (Claude Code docs, "Configure auto mode": never project or local). @public */
export const AUTO_MODE_SOURCES: ReadonlySet<SettingsSourceKind> = new Set(['managed', 'cli', 'inline', 'session', 'userSettings']);

/** A project's own files: what trust and project-only restrictions apply to. @public */
export const PROJECT_SOURCES: ReadonlySet<SettingsSourceKind> = new Set(['projectSettings', 'localSettings']);

/**
 * Keys Claude Code honours only in managed settings (Claude Code docs, "Managed settings").
 * Dotted names are nested (`sandbox.network.allowManagedDomainsOnly`).
 * @public
 */
export const MANAGED_ONLY_KEYS: readonly string[] = [
  'allowManagedPermissionRulesOnly',
  'allowManagedHooksOnly',
  'allowManagedMcpServersOnly',
  'sandbox.network.allowManagedDomainsOnly',
  'sandbox.filesystem.allowManagedReadPathsOnly',
  'strictPluginOnlyCustomization',
  'strictKnownMarketplaces',
  'blockedMarketplaces',
  'allowAllClaudeAiMcps',
  'allowedChannelPlugins',
  'channelsEnabled',
  'disableCommandPluginSources',
  'disableSideloadFlags',
  'forceRemoteSettingsRefresh',
  'parentSettingsBehavior',
  'pluginSuggestionMarketplaces',
  'pluginTrustMessage',
  'policyHelper',
  'wslInheritsWindowsSettings',
];
