import type { Diagnostic, PermissionMode, RuleList, SettingsSource } from '../core/types.js';
import type { Rule } from '../rules/types.js';

/** A rule with where it came from: which file, which list, which position. @public */
export interface CompiledRule {
  rule: Rule;
  list: RuleList;
  source: SettingsSource;
  /** Position in its list in its file (0-based). */
  index: number;
}

/** A value with the settings source that set it. @public */
export interface Sourced<T> {
  value: T;
  source: SettingsSource;
}

/** A hook matcher group as configured, with its source (hooks section of a settings file). @public */
export interface HookGroupConfig {
  event: string;
  matcher?: string;
  hooks: Record<string, unknown>[];
  source: SettingsSource;
}

/**
 * The merged, compiled policy evaluate() works from (Claude Code docs, "Settings precedence"):
 * rule lists and additionalDirectories add up across sources; scalar keys come from the highest
 * source that sets them.
 * @public
 */
export interface Policy {
  rules: CompiledRule[];
  additionalDirectories: Sourced<string>[];
  defaultMode?: Sourced<PermissionMode>;
  /** `permissions.disableBypassPermissionsMode: "disable"` from any source. */
  disableBypassPermissionsMode: boolean;
  /** `disableAutoMode: "disable"` from any source. */
  disableAutoMode: boolean;
  /** Managed `allowManagedPermissionRulesOnly: true`: only managed rules were kept. */
  allowManagedPermissionRulesOnly: boolean;
  /** `autoMode` lists (user, managed, CLI/inline sources only). */
  autoMode?: { allow: string[]; soft_deny: string[]; hard_deny: string[]; environment: string[]; classifyAllShell?: boolean };
  /** `useAutoModeDuringPlan`, default true. */
  useAutoModeDuringPlan: boolean;
  hooks: HookGroupConfig[];
  /** Everything found wrong while loading; nothing found wrong stops the rest from loading. */
  diagnostics: Diagnostic[];
}
