/**
 * Settings: zod schemas for the `permissions` and `hooks` parts of Claude Code's settings.json,
 * layered loading through a FileSystem port, merging with provenance, and trust.
 * @packageDocumentation
 */
export type {
  AgentPolicy,
  AgentSettings,
  AutoModeConfig,
  BrokenSettingsFile,
  CompiledRule,
  HookGroupConfig,
  SettingsCommand,
  MergeOptions,
  ParsedSettingsFile,
  Policy,
  SettingsDiagnostic,
  SettingsFile,
  SandboxSettings,
  ShadowRules,
  ShadowSettings,
  Sourced,
} from './types.js';
export { SETTINGS_CODES, type SettingsCode } from './codes.js';
export { TOOLGATE_BLOCK_KEY } from './toolgate-block.js';
export { SETTINGS_COMMAND_KEYS, type SettingsCommandKey, type SettingsCommandForm } from './commands.js';
export { parseSettingsFile, parseSettingsObject, formatJsonPath } from './parse.js';
export { mergePolicy, policyFromObjects, type SettingsObject } from './merge.js';
export { shadowPolicyOf, type ShadowPolicy } from './shadow.js';
export { loadSettings, type LoadSettingsOptions, type SettingSource } from './load.js';
export { settingsRootOf, MANAGED_SETTINGS_PATHS, type SettingsRootContext } from './paths.js';
export { checkSettingsFileName, type SettingsFileNameCheck } from './file-names.js';
export { SOURCE_PRECEDENCE, AUTO_MODE_SOURCES, PROJECT_SOURCES, MANAGED_ONLY_KEYS, MANAGED_OR_USER_KEYS } from './precedence.js';
export {
  SettingsSchema,
  PermissionsSchema,
  HooksSchema,
  HookGroupSchema,
  HookHandlerSchema,
  AutoModeSchema,
  HOOK_EVENTS,
  HOOK_HANDLER_TYPES,
  DEFAULT_MODE_VALUES,
  settingsJsonSchema,
  type HookEventName,
  type HookHandlerType,
} from './schema.js';
export { readSettingsText, readSettingsFile, unreadableSettings, type SettingsText } from './read.js';
export { updateSettingsFile, type SettingsChange, type SettingsWriteResult } from './write.js';
