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
 * Keys Claude Code honours only in managed settings: every key whose description in the settings
 * schema of the Claude Code CLI 2.1.332 (bundled with the dev dependencies) says it is read,
 * honoured or enforced from managed (policy) settings only, plus the managed-only keys of the
 * Claude Code docs ("Managed settings"). Dotted names are nested (`sandbox.bwrapPath`). Elsewhere
 * each is ignored with a warning (`TG_SETTINGS_MANAGED_ONLY`). Which of them toolgate acts on, and
 * what the CLI was observed to do, is in docs/managed-settings.md.
 * @public
 */
export const MANAGED_ONLY_KEYS: readonly string[] = [
  'allowManagedPermissionRulesOnly',
  'allowManagedHooksOnly',
  'allowManagedMcpServersOnly',
  'sandbox.network.allowManagedDomainsOnly',
  'sandbox.filesystem.allowManagedReadPathsOnly',
  'sandbox.bwrapPath',
  'sandbox.socatPath',
  'strictPluginOnlyCustomization',
  'strictKnownMarketplaces',
  'allowedMarketplaces',
  'blockedMarketplaces',
  'allowAllClaudeAiMcps',
  'allowClaudeInChromeWithManagedMcp',
  'managedMcpServers',
  'disableDirectMcpSkills',
  'allowedChannelPlugins',
  'channelsEnabled',
  'disableCommandPluginSources',
  'disableSideloadFlags',
  'forceRemoteSettingsRefresh',
  'parentSettingsBehavior',
  'pluginSuggestionMarketplaces',
  'pluginTrustMessage',
  'policyHelper',
  'policyHelpers',
  'wslInheritsWindowsSettings',
  'allowedProviders',
  'allowNestedModelAccessUnderForceLogin',
  'availableModelsMatch',
  'deniedModels',
  'modelCatalogUrl',
  'modelCatalogPublicKey',
  'modelPricing',
  'attributionProjectPolicy',
  'claudeMd',
  'gatewayInternalNetworks',
  'disableWindowsBashCommandSplit',
  'requiredMinimumVersion',
  'requiredMaximumVersion',
];

/**
 * Keys Claude Code honours from managed settings, or from user settings on a machine with none
 * (CLI 2.1.332: the hook order of managed plugins); ignored in project, local and `--settings`
 * files, with a warning there.
 * @public
 */
export const MANAGED_OR_USER_KEYS: readonly string[] = ['prependPlugins', 'appendPlugins'];
