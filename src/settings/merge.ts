import type { PermissionMode, SettingsSource, SettingsSourceKind } from '../core/types.js';
import { parseRule, ruleForList } from '../rules/index.js';
import { SETTINGS_CODES as C } from './codes.js';
import { parseSettingsObject, trimStop } from './parse.js';
import { AUTO_MODE_SOURCES, MANAGED_ONLY_KEYS, MANAGED_OR_USER_KEYS, PROJECT_SOURCES, SOURCE_PRECEDENCE } from './precedence.js';
import { mergeSettingsEnv } from './env.js';
import { unreadableRestriction } from './unreadable-rules.js';
import type {
  AgentPolicy,
  AgentSettings,
  AutoModeConfig,
  CompiledRule,
  HookGroupConfig,
  MergeOptions,
  ParsedSettingsFile,
  Policy,
  SettingsDiagnostic,
  SettingsFile,
  ShadowRules,
  ShadowSettings,
  Sourced,
  SandboxSettings,
} from './types.js';

/**
 * Modes a project's own files (shared or local) cannot start a session in: Claude Code 2.1.257 and
 * later ignore them there (observed on 2.1.332: the session starts in the default mode), so a
 * repository cannot make every call run without asking (decision 0072).
 */
const NOT_FROM_PROJECT: ReadonlySet<PermissionMode> = new Set<PermissionMode>(['auto', 'bypassPermissions']);

const KIND_LABEL: Record<SettingsSourceKind, string> = {
  managed: 'managed settings',
  cli: 'command-line settings',
  inline: 'inline settings',
  session: 'session settings',
  localSettings: 'local project settings',
  projectSettings: 'shared project settings',
  userSettings: 'user settings',
};

function describe(source: SettingsSource): string {
  return source.file !== undefined ? `${KIND_LABEL[source.kind]} (${source.file})` : KIND_LABEL[source.kind];
}

function withFile(d: Omit<SettingsDiagnostic, 'file'>, source: SettingsSource): SettingsDiagnostic {
  return source.file !== undefined ? { ...d, file: source.file } : { ...d };
}

/** {@link MANAGED_ONLY_KEYS} split at dots, once. */
const MANAGED_ONLY_PATHS: readonly (readonly string[])[] = MANAGED_ONLY_KEYS.map((key) => key.split('.'));

function getPath(json: Record<string, unknown>, path: readonly string[]): unknown {
  let v: unknown = json;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function cliRules(texts: readonly string[], list: 'allow' | 'deny', flag: string, diagnostics: SettingsDiagnostic[]): CompiledRule[] {
  const source: SettingsSource = { kind: 'cli' };
  const out: CompiledRule[] = [];
  texts.forEach((text, index) => {
    const parsed = parseRule(text);
    if (!parsed.ok) {
      for (const issue of parsed.issues) {
        diagnostics.push({
          ...issue,
          path: [flag, index],
          message: `${flag} ${JSON.stringify(text)}: ${trimStop(issue.message)}; this rule is dropped`,
        });
      }
      return;
    }
    const { rule, warnings } = ruleForList(parsed, list);
    for (const warning of warnings) {
      diagnostics.push({ ...warning, path: [flag, index], message: `${flag} ${JSON.stringify(text)}: ${trimStop(warning.message)}` });
    }
    out.push({ rule, list, source, index });
  });
  return out;
}

/** What survives of one file once its source's restrictions and trust are applied. */
interface Effective {
  file: SettingsFile;
  rank: number;
  rules: CompiledRule[];
  additionalDirectories: string[];
  defaultMode?: PermissionMode;
  hooks: HookGroupConfig[];
  disableAllHooks?: boolean;
  autoMode?: Partial<AutoModeConfig>;
  useAutoModeDuringPlan?: boolean;
  sandboxEnabled?: boolean;
  sandboxAutoAllow?: boolean;
  /** `$toolgate.agents` after trust (an untrusted project's: deny and ask rules only, no mode). */
  agents?: Record<string, AgentSettings>;
  /** `$toolgate.shadow` after trust (an untrusted project's: deny and ask rules only, no mode). */
  shadow?: ShadowSettings;
}

function restrict(file: SettingsFile, projectTrusted: boolean, diagnostics: SettingsDiagnostic[]): Effective {
  const { source } = file;
  const eff: Effective = {
    file,
    rank: SOURCE_PRECEDENCE[source.kind],
    rules: file.rules,
    additionalDirectories: file.additionalDirectories,
    hooks: file.hooks,
  };
  if (file.defaultMode !== undefined) eff.defaultMode = file.defaultMode;
  if (file.disableAllHooks !== undefined) eff.disableAllHooks = file.disableAllHooks;
  if (file.useAutoModeDuringPlan !== undefined) eff.useAutoModeDuringPlan = file.useAutoModeDuringPlan;
  if (file.agents !== undefined) eff.agents = file.agents;
  if (file.shadow !== undefined) eff.shadow = file.shadow;
  // An untrusted project's sandbox switches are not read (auto-allowing sandboxed commands loosens).
  if (file.sandbox?.enabled !== undefined && (projectTrusted || !PROJECT_SOURCES.has(source.kind)))
    eff.sandboxEnabled = file.sandbox.enabled;
  if (file.sandbox?.autoAllowBashIfSandboxed !== undefined && (projectTrusted || !PROJECT_SOURCES.has(source.kind)))
    eff.sandboxAutoAllow = file.sandbox.autoAllowBashIfSandboxed;

  if (source.kind !== 'managed') {
    for (let k = 0; k < MANAGED_ONLY_KEYS.length; k++) {
      const key = MANAGED_ONLY_KEYS[k]!;
      if (getPath(file.json, MANAGED_ONLY_PATHS[k]!) === undefined) continue;
      const path = key.split('.');
      diagnostics.push(
        withFile(
          {
            code: C.managedOnly,
            severity: 'warning',
            path,
            message: `${key} is honoured only in managed settings; ignored in ${KIND_LABEL[source.kind]}`,
          },
          source,
        ),
      );
    }
    if (source.kind !== 'userSettings') {
      for (const key of MANAGED_OR_USER_KEYS) {
        if (getPath(file.json, [key]) === undefined) continue;
        diagnostics.push(
          withFile(
            {
              code: C.managedOnly,
              severity: 'warning',
              path: [key],
              message: `${key} is honoured only in managed settings (or user settings on a machine with none); ignored in ${KIND_LABEL[source.kind]}`,
            },
            source,
          ),
        );
      }
    }
  }

  if (file.autoMode !== undefined) {
    if (AUTO_MODE_SOURCES.has(source.kind)) eff.autoMode = file.autoMode;
    else {
      diagnostics.push(
        withFile(
          {
            code: C.scope,
            severity: 'info',
            path: ['autoMode'],
            message: `autoMode is read only from user, managed and command-line settings, never from ${KIND_LABEL[source.kind]} (a repository must not loosen the classifier); ignored`,
          },
          source,
        ),
      );
    }
  }

  if (source.kind === 'projectSettings' && file.useAutoModeDuringPlan === false) {
    delete eff.useAutoModeDuringPlan;
    diagnostics.push(
      withFile(
        {
          code: C.scope,
          severity: 'info',
          path: ['useAutoModeDuringPlan'],
          message:
            'useAutoModeDuringPlan: false in shared project settings is ignored (Claude Code reads it from user, local and managed settings)',
        },
        source,
      ),
    );
  }

  if (PROJECT_SOURCES.has(source.kind) && file.defaultMode !== undefined && NOT_FROM_PROJECT.has(file.defaultMode)) {
    diagnostics.push(
      withFile(
        {
          code: C.modeIgnored,
          severity: file.defaultMode === 'bypassPermissions' ? 'warning' : 'info',
          path: ['permissions', 'defaultMode'],
          message: `defaultMode ${JSON.stringify(file.defaultMode)} is ignored in ${KIND_LABEL[source.kind]} (as in Claude Code since 2.1.257: a repository cannot choose a mode that runs calls without asking); if this file would decide the mode, the built-in default is used instead. Set it in user settings, or choose the mode for one session (--permission-mode, --mode)`,
        },
        source,
      ),
    );
  }

  if (!projectTrusted && PROJECT_SOURCES.has(source.kind)) {
    const dropped: string[] = [];
    const allowCount = file.rules.filter((r) => r.list === 'allow').length;
    if (allowCount > 0) dropped.push(`${allowCount} allow rule${allowCount === 1 ? '' : 's'}`);
    if (file.additionalDirectories.length > 0) dropped.push('additionalDirectories');
    if (file.defaultMode !== undefined) dropped.push('defaultMode');
    if (file.hooks.length > 0) dropped.push('hooks');
    if (file.disableAllHooks !== undefined) dropped.push('disableAllHooks');
    if (file.agents !== undefined) {
      const agentAllows = Object.values(file.agents).reduce((n, a) => n + a.rules.filter((r) => r.list === 'allow').length, 0);
      const agentModes = Object.values(file.agents).filter((a) => a.mode !== undefined).length;
      if (agentAllows > 0) dropped.push(`${agentAllows} sub-agent allow rule${agentAllows === 1 ? '' : 's'} ($toolgate.agents)`);
      if (agentModes > 0) dropped.push(`${agentModes} sub-agent mode${agentModes === 1 ? '' : 's'} ($toolgate.agents)`);
      eff.agents = Object.fromEntries(
        Object.entries(file.agents).map(([type, a]) => [type, { rules: a.rules.filter((r) => r.list !== 'allow') }]),
      );
    }
    if (file.shadow !== undefined) {
      const shadowAllows = file.shadow.rules.filter((r) => r.list === 'allow').length;
      if (shadowAllows > 0) dropped.push(`${shadowAllows} shadow allow rule${shadowAllows === 1 ? '' : 's'} ($toolgate.shadow)`);
      if (file.shadow.mode !== undefined) dropped.push('the shadow mode ($toolgate.shadow)');
      eff.shadow = { rules: file.shadow.rules.filter((r) => r.list !== 'allow') };
    }
    eff.rules = file.rules.filter((r) => r.list !== 'allow');
    eff.additionalDirectories = [];
    eff.hooks = [];
    delete eff.defaultMode;
    delete eff.disableAllHooks;
    diagnostics.push(
      withFile(
        {
          code: C.untrusted,
          severity: 'info',
          path: [],
          message: `the project is not trusted: from ${KIND_LABEL[source.kind]} only deny and ask rules and the keys that only restrict (disableBypassPermissionsMode, disableAutoMode, useAutoModeDuringPlan: false) are used${dropped.length > 0 ? `; ignored: ${dropped.join(', ')}` : ''}`,
        },
        source,
      ),
    );
  }
  return eff;
}

/** The entry of the highest-precedence source that has a value; among equals, the later one. */
function winner<T>(entries: readonly Effective[], pick: (e: Effective) => T | undefined): { value: T; entry: Effective } | undefined {
  let best: { value: T; entry: Effective } | undefined;
  for (const entry of entries) {
    const value = pick(entry);
    if (value === undefined) continue;
    if (best === undefined || entry.rank <= best.entry.rank) best = { value, entry };
  }
  return best;
}

function mergeSandbox(entries: readonly Effective[], ordered: readonly Effective[]): SandboxSettings {
  const enabled = winner(entries, (e) => e.sandboxEnabled);
  const autoAllow = winner(entries, (e) => e.sandboxAutoAllow);
  const variables: string[] = [];
  for (const e of ordered)
    for (const name of e.file.sandbox?.credentialVariables ?? []) if (!variables.includes(name)) variables.push(name);
  return {
    ...(enabled !== undefined ? { enabled: enabled.value } : {}),
    ...(autoAllow !== undefined ? { autoAllowBashIfSandboxed: autoAllow.value } : {}),
    credentialRules: ordered.flatMap((e) => e.file.sandbox?.credentialRules ?? []),
    credentialVariables: variables,
  };
}

function mergeAutoMode(entries: readonly Effective[]): AutoModeConfig | undefined {
  const withAuto = entries.filter((e) => e.autoMode !== undefined);
  if (withAuto.length === 0) return undefined;
  const out: AutoModeConfig = { allow: [], soft_deny: [], hard_deny: [], environment: [] };
  for (const e of withAuto) {
    for (const key of ['allow', 'soft_deny', 'hard_deny', 'environment'] as const) {
      for (const entry of e.autoMode?.[key] ?? []) if (!out[key].includes(entry)) out[key].push(entry);
    }
  }
  const classify = winner(entries, (e) => e.autoMode?.classifyAllShell);
  if (classify !== undefined) out.classifyAllShell = classify.value;
  return out;
}

/**
 * `$toolgate.agents` of every file, merged per sub-agent type: rules add up in `ordered` order
 * (highest precedence first); the mode of the highest-precedence file that sets one wins. With
 * `managedOnly`, only managed files' rules count (as for `permissions`).
 */
function mergeAgents(
  entries: readonly Effective[],
  ordered: readonly Effective[],
  managedOnly: boolean,
): Record<string, AgentPolicy> | undefined {
  const out: Record<string, AgentPolicy> = {};
  for (const e of ordered) {
    for (const [type, a] of Object.entries(e.agents ?? {})) {
      const merged = Object.hasOwn(out, type) ? out[type]! : (out[type] = { rules: [] });
      if (managedOnly && e.file.source.kind !== 'managed') continue;
      for (const r of a.rules) merged.rules.push(r);
    }
  }
  for (const [type, merged] of Object.entries(out)) {
    const mode = winner(entries, (e) => (e.agents !== undefined && Object.hasOwn(e.agents, type) ? e.agents[type]!.mode : undefined));
    if (mode !== undefined) merged.mode = { value: mode.value, source: mode.entry.file.source };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * `$toolgate.shadow` of every file, merged: rules add up in `ordered` order (highest precedence
 * first); the mode of the highest-precedence file that sets one wins. With `managedOnly`, only
 * managed files' rules count (as for `permissions`).
 */
function mergeShadow(entries: readonly Effective[], ordered: readonly Effective[], managedOnly: boolean): ShadowRules | undefined {
  if (!entries.some((e) => e.shadow !== undefined)) return undefined;
  const out: ShadowRules = { rules: [] };
  for (const e of ordered) {
    if (e.shadow === undefined || (managedOnly && e.file.source.kind !== 'managed')) continue;
    for (const r of e.shadow.rules) out.rules.push(r);
  }
  const mode = winner(entries, (e) => e.shadow?.mode);
  if (mode !== undefined) out.mode = { value: mode.value, source: mode.entry.file.source };
  return out;
}

/**
 * Merge checked settings files into one {@link Policy} (Claude Code docs, "Settings precedence";
 * toolgate docs, "Trust"). Pure; never throws.
 *
 * - Precedence: managed, then command line (`cli`, `inline`), local, project, user. Among files of
 *   the same kind a later one wins.
 * - Rule lists and `additionalDirectories` add up, highest-precedence source first; every rule
 *   keeps its file, list and index.
 * - Scalars (`defaultMode`, `disableAllHooks`, `autoMode.classifyAllShell`) come from the
 *   highest-precedence file that sets them. `defaultMode` `"auto"` or `"bypassPermissions"` from a
 *   project or local file is ignored: if it would win, no `defaultMode` is set (the built-in
 *   default applies).
 * - `disableBypassPermissionsMode` / `disableAutoMode` count from any file.
 * - `useAutoModeDuringPlan` is `false` when any file but the shared project file says `false`.
 * - `autoMode` is read from user, managed and command-line/inline sources only; lists concatenate.
 * - Managed-only keys count only from managed files (elsewhere: a warning).
 *   `allowManagedPermissionRulesOnly` keeps only managed rules plus `--disallowedTools` (drops
 *   `--allowedTools`); `allowManagedHooksOnly`, and `strictPluginOnlyCustomization` that is `true`
 *   or names `hooks`, keep only managed hooks.
 * - `disableAllHooks: true` turns off every hook when it comes from managed settings, and every
 *   non-managed hook otherwise.
 * - Untrusted project (`projectTrusted: false`): from project and local files only deny and ask
 *   rules are used (no allow rules, additionalDirectories, defaultMode, hooks), with an info
 *   diagnostic.
 * - `allowedTools` become allow rules and `disallowedTools` deny rules of source kind `cli`.
 * - `$toolgate.agents` (rules and a mode per sub-agent type) merge like `permissions`: rules add
 *   up, the highest-precedence mode wins; an untrusted project keeps only its deny and ask rules;
 *   `allowManagedPermissionRulesOnly` keeps only managed ones.
 * - `$toolgate.shadow` (the rules and mode of a shadow policy, never enforced) merges the same way.
 * - `env` merges key by key, each name from the highest-precedence file, whatever the trust.
 * - A file marked broken (not readable as a JSON object) is listed in `brokenFiles`, from any
 *   source and whether or not the project is trusted; its recovered deny and ask rules count. So
 *   is a file with a deny or ask rule that cannot be read (its readable rules count).
 * @public
 */
export function mergePolicy(files: readonly ParsedSettingsFile[], options: MergeOptions = {}): Policy {
  const projectTrusted = options.projectTrusted ?? true;
  const diagnostics: SettingsDiagnostic[] = [];
  for (const f of files) for (const d of f.diagnostics) diagnostics.push(d);
  const entries = files.map((f) => restrict(f.settings, projectTrusted, diagnostics));
  const ordered = entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => a.entry.rank - b.entry.rank || a.position - b.position)
    .map((x) => x.entry);

  const allowManagedPermissionRulesOnly = entries.some(
    (e) => e.file.source.kind === 'managed' && e.file.allowManagedPermissionRulesOnly === true,
  );
  const allowManagedHooksOnly = entries.some((e) => e.file.source.kind === 'managed' && e.file.allowManagedHooksOnly === true);
  // strictPluginOnlyCustomization in managed settings, `true` or a list naming "hooks", locks the
  // hooks surface: settings.json hooks of every other source are ignored (observed on Claude Code
  // 2.1.332 for --settings and project hooks; `false` and lists without "hooks" change nothing).
  const hooksLocked = entries.some((e) => {
    const v = e.file.source.kind === 'managed' ? e.file.strictPluginOnlyCustomization : undefined;
    return v === true || (Array.isArray(v) && v.includes('hooks'));
  });

  const allowed = cliRules(options.allowedTools ?? [], 'allow', '--allowedTools', diagnostics);
  const disallowed = cliRules(options.disallowedTools ?? [], 'deny', '--disallowedTools', diagnostics);

  let rules: CompiledRule[] = [];
  let cliAdded = false;
  const addCli = () => {
    if (cliAdded) return;
    cliAdded = true;
    for (const r of allowed) rules.push(r);
    for (const r of disallowed) rules.push(r);
  };
  // A loop, not push(...spread): a file with 100,000 rules must not overflow the call stack.
  for (const e of ordered) {
    if (e.rank >= SOURCE_PRECEDENCE.cli) addCli();
    for (const r of e.rules) rules.push(r);
  }
  addCli();

  if (allowManagedPermissionRulesOnly) {
    const kept = rules.filter((r) => r.source.kind === 'managed' || disallowed.includes(r));
    const dropped = rules.length - kept.length;
    if (dropped > 0) {
      diagnostics.push({
        code: C.managedPolicy,
        severity: 'info',
        message: `managed settings set allowManagedPermissionRulesOnly: ${dropped} rule${dropped === 1 ? '' : 's'} from other sources (including --allowedTools) ${dropped === 1 ? 'is' : 'are'} ignored; --disallowedTools still apply`,
      });
    }
    rules = kept;
  }

  let hooks = ordered.flatMap((e) => e.hooks);
  if (allowManagedHooksOnly || hooksLocked) {
    const kept = hooks.filter((h) => h.source.kind === 'managed');
    if (kept.length < hooks.length) {
      const by = allowManagedHooksOnly ? 'allowManagedHooksOnly' : 'strictPluginOnlyCustomization (hooks)';
      diagnostics.push({
        code: C.managedPolicy,
        severity: 'info',
        message: `managed settings set ${by}: ${hooks.length - kept.length} hook group(s) from other sources are ignored`,
      });
    }
    hooks = kept;
  }
  const disableAllHooks = winner(entries, (e) => e.disableAllHooks);
  if (disableAllHooks?.value === true) {
    const managed = disableAllHooks.entry.file.source.kind === 'managed';
    const kept = managed ? [] : hooks.filter((h) => h.source.kind === 'managed');
    diagnostics.push(
      withFile(
        {
          code: C.hooksDisabled,
          severity: 'info',
          path: ['disableAllHooks'],
          message: managed
            ? 'disableAllHooks in managed settings: no hooks run'
            : `disableAllHooks in ${describe(disableAllHooks.entry.file.source)}: hooks are off except managed ones`,
        },
        disableAllHooks.entry.file.source,
      ),
    );
    hooks = kept;
  }

  const policy: Policy = {
    rules,
    additionalDirectories: ordered.flatMap((e) =>
      e.additionalDirectories.map((value): Sourced<string> => ({ value, source: e.file.source })),
    ),
    disableBypassPermissionsMode: entries.some((e) => e.file.disableBypassPermissionsMode === true),
    disableAutoMode: entries.some((e) => e.file.disableAutoMode === true),
    ...(entries.some((e) => e.file.blockReadsOutsideWorkingDirectories === true) ? { blockReadsOutsideWorkingDirectories: true } : {}),
    ...(entries.some((e) => e.file.blockWritesOutsideWorkingDirectories === true) ? { blockWritesOutsideWorkingDirectories: true } : {}),
    ...(entries.some((e) => e.file.denyInsteadOfPrompting === true) ? { denyInsteadOfPrompting: true } : {}),
    ...(entries.some((e) => e.file.sandbox !== undefined) ? { sandbox: mergeSandbox(entries, ordered) } : {}),
    allowManagedPermissionRulesOnly,
    allowManagedHooksOnly,
    useAutoModeDuringPlan: !entries.some((e) => e.useAutoModeDuringPlan === false),
    hooks,
    diagnostics,
  };
  // Every file's, whatever its source or trust: protecting a script that may not run only asks.
  // An untrusted project's hooks are not toolgate's to run, but Claude Code runs them in -p and
  // the SDK without the trust dialog (decision 0128): their commands are kept as code to protect.
  const untrustedHooks = projectTrusted
    ? []
    : files.flatMap((f) =>
        PROJECT_SOURCES.has(f.settings.source.kind)
          ? f.settings.hooks.flatMap((g) =>
              g.hooks.flatMap((h) => (typeof h['command'] === 'string' ? [{ key: 'hooks', command: h['command'], source: f.settings.source }] : [])),
            )
          : [],
      );
  const env = mergeSettingsEnv(files.map((f) => f.settings));
  if (env !== undefined) policy.env = env;
  const commands = [...files.flatMap((f) => f.settings.commands ?? []), ...untrustedHooks];
  if (commands.length > 0) policy.commands = commands;
  // Every broken file counts, whatever its source or trust: what cannot be read never opens a door.
  const brokenFiles = files.flatMap((f) => {
    const broken = f.settings.broken ?? unreadableRestriction(f);
    return broken !== undefined ? [broken] : [];
  });
  if (brokenFiles.length > 0) policy.brokenFiles = brokenFiles;
  const mode = winner(entries, (e) => e.defaultMode);
  if (mode !== undefined && !(NOT_FROM_PROJECT.has(mode.value) && PROJECT_SOURCES.has(mode.entry.file.source.kind))) {
    policy.defaultMode = { value: mode.value, source: mode.entry.file.source };
  }
  if (disableAllHooks !== undefined) policy.disableAllHooks = { value: disableAllHooks.value, source: disableAllHooks.entry.file.source };
  const autoMode = mergeAutoMode(ordered);
  if (autoMode !== undefined) policy.autoMode = autoMode;
  const agents = mergeAgents(entries, ordered, allowManagedPermissionRulesOnly);
  if (agents !== undefined) policy.agents = agents;
  const shadow = mergeShadow(entries, ordered, allowManagedPermissionRulesOnly);
  if (shadow !== undefined) policy.shadow = shadow;
  return policy;
}

/** A settings object a host passes in, with the source it stands for. @public */
export interface SettingsObject {
  kind: SettingsSourceKind;
  settings: unknown;
  /** A file name to cite in diagnostics and provenance, if the object came from one. */
  file?: string;
}

/**
 * Check and merge settings objects (hosts that hold settings in memory, tests). Same rules as
 * {@link mergePolicy}; an object that is not a JSON object gives a `TG_SETTINGS_TYPE` diagnostic.
 * @public
 */
export function policyFromObjects(objects: readonly SettingsObject[], options: MergeOptions = {}): Policy {
  return mergePolicy(
    objects.map((o) => parseSettingsObject(o.settings, o.file !== undefined ? { kind: o.kind, file: o.file } : { kind: o.kind })),
    options,
  );
}
