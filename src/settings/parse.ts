import { normalizeMode, type RuleList, type SettingsSource } from '../core/types.js';
import { parseRule, ruleForList } from '../rules/index.js';
import { z } from 'zod';
import { SETTINGS_CODES as C } from './codes.js';
import { parseJsonText, recoverJsonObject } from './json.js';
import { describeValue, formatJsonPath, isPlainObject, Reader, suggest, trimStop, typeName, type JsonPath } from './reader.js';
import { readRules } from './rule-lists.js';
import { readToolgateBlock, TOOLGATE_BLOCK_KEY } from './toolgate-block.js';
import {
  autoModeShape,
  handlerShapes,
  HOOK_EVENTS,
  permissionsShape,
  sandboxShape,
  settingsCommandShape,
  type HookHandlerType,
} from './schema.js';
import type { AutoModeConfig, CompiledRule, HookGroupConfig, ParsedSettingsFile, SettingsDiagnostic, SettingsFile } from './types.js';

export { formatJsonPath, trimStop } from './reader.js';

const RULE_LISTS: readonly RuleList[] = ['allow', 'ask', 'deny'];
const objectSchema = z.record(z.string(), z.unknown());
// Built once: a zod schema per checked value would be built on every load.
const stringSchema = z.string();
const booleanSchema = z.boolean();
const strictPluginOnlySchema = z.union([z.boolean(), z.array(z.string())]);
const PERMISSION_KEYS = Object.keys(permissionsShape);

/** Read a value that restricts when set; a wrong value is treated as set (fail closed). */
function readDisableFlag(r: Reader, value: unknown, path: JsonPath, what: string): boolean {
  if (value === 'disable') return true;
  const failClosed = value !== false && value !== null && value !== 'false';
  r.report({
    code: C.type,
    severity: 'error',
    path,
    expected: '"disable"',
    message: failClosed
      ? `${formatJsonPath(path)}: expected "disable", got ${describeValue(value, [])}; taken as "disable" so ${what} stays off (fail closed)`
      : `${formatJsonPath(path)}: expected "disable", got ${describeValue(value, [])}; ignored (${what} is not turned off)`,
  });
  return failClosed;
}

function readPermissions(r: Reader, value: unknown, file: SettingsFile): void {
  if (!isPlainObject(value)) {
    r.check(objectSchema, value, ['permissions'], 'no permissions are read from this file');
    return;
  }
  const permissions = value;
  // Rules are kept in list order allow, ask, deny whatever the key order in the file (each list in index order).
  const byList: Record<RuleList, CompiledRule[]> = { allow: [], ask: [], deny: [] };
  for (const [key, v] of Object.entries(permissions)) {
    if (v === undefined) continue; // only objects a host builds can hold undefined; JSON cannot
    const path = ['permissions', key];
    switch (key) {
      case 'allow':
      case 'ask':
      case 'deny':
        readRules(r, key, v, byList[key], ['permissions']);
        break;
      case 'additionalDirectories':
        if (!Array.isArray(v)) {
          r.check(permissionsShape.additionalDirectories, v, path, 'no additional directories are read from this file');
          break;
        }
        v.forEach((dir, i) => {
          if (r.check(permissionsShape.additionalDirectories.element, dir, [...path, i], 'this entry is dropped')) {
            file.additionalDirectories.push(dir);
          }
        });
        break;
      case 'defaultMode':
        readDefaultMode(r, v, file);
        break;
      case 'disableBypassPermissionsMode':
        if (readDisableFlag(r, v, path, 'bypassPermissions mode')) file.disableBypassPermissionsMode = true;
        break;
      case 'disableAutoMode':
        if (readDisableFlag(r, v, path, 'auto mode')) file.disableAutoMode = true;
        break;
      case 'blockReadsOutsideWorkingDirectories':
        if (r.check(permissionsShape.blockReadsOutsideWorkingDirectories, v, path, 'the setting is ignored') && v === true)
          file.blockReadsOutsideWorkingDirectories = true;
        break;
      case 'blockWritesOutsideWorkingDirectories':
        if (r.check(permissionsShape.blockWritesOutsideWorkingDirectories, v, path, 'the setting is ignored') && v === true)
          file.blockWritesOutsideWorkingDirectories = true;
        break;
      case 'denyInsteadOfPrompting':
        if (r.check(permissionsShape.denyInsteadOfPrompting, v, path, 'the setting is ignored') && v === true)
          file.denyInsteadOfPrompting = true;
        break;
      default:
        r.unknownKey(key, ['permissions'], PERMISSION_KEYS, 'permissions');
    }
  }
  for (const list of RULE_LISTS) for (const rule of byList[list]) file.rules.push(rule);
}

function readDefaultMode(r: Reader, value: unknown, file: SettingsFile): void {
  const path = ['permissions', 'defaultMode'];
  const expected = 'one of default, acceptEdits, plan, auto, dontAsk, bypassPermissions, manual';
  if (typeof value !== 'string') {
    r.report({
      code: C.type,
      severity: 'error',
      path,
      expected,
      message: `permissions.defaultMode: expected ${expected}, got ${describeValue(value, [])}; ignored`,
    });
    return;
  }
  const mode = normalizeMode(value);
  if (mode !== undefined) {
    file.defaultMode = mode;
    return;
  }
  if (value === 'delegate') {
    r.report({
      code: C.mode,
      severity: 'warning',
      path,
      expected,
      message: 'permissions.defaultMode: "delegate" is an undocumented Claude Code mode for agent-team leads; toolgate ignores it',
    });
    return;
  }
  const close = suggest(value, ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions', 'manual']);
  r.report({
    code: C.mode,
    severity: 'error',
    path,
    expected,
    message: `permissions.defaultMode: ${JSON.stringify(value)} is not a permission mode (expected ${expected}); ignored${close ? `. Did you mean "${close}"?` : ''}`,
  });
}

const HANDLER_COMMON_KEYS = ['type'];

function readHandler(r: Reader, value: unknown, path: JsonPath): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    r.report({
      code: C.type,
      severity: 'error',
      path,
      expected: 'a hook handler object',
      message: `${formatJsonPath(path)}: expected a hook handler object, got ${describeValue(value, [])}; this handler is dropped`,
    });
    return undefined;
  }
  const type = value['type'];
  if (typeof type !== 'string' || !(type in handlerShapes)) {
    const expected = `type one of ${Object.keys(handlerShapes).join(', ')}`;
    r.report({
      code: type === undefined ? C.required : C.hookType,
      severity: 'error',
      path: [...path, 'type'],
      expected,
      message: `${formatJsonPath([...path, 'type'])}: ${type === undefined ? 'missing' : `${describeValue(type, [])} is not a hook type`} (expected ${expected}); this handler is dropped`,
    });
    return undefined;
  }
  const { shape, required } = handlerShapes[type as HookHandlerType];
  const fields = shape as Record<string, z.ZodType>;
  const handler: Record<string, unknown> = { type };
  let runnable = true;
  for (const key of required as readonly string[]) {
    if (value[key] === undefined) {
      r.report({
        code: C.required,
        severity: 'error',
        path: [...path, key],
        expected: `a ${type} hook needs "${key}"`,
        message: `${formatJsonPath(path)}: a "${type}" hook needs "${key}"; this handler is dropped`,
      });
      runnable = false;
    }
  }
  for (const [key, v] of Object.entries(value)) {
    if (HANDLER_COMMON_KEYS.includes(key)) continue;
    const schema = fields[key];
    if (schema === undefined) {
      r.unknownKey(key, path, Object.keys(fields), `a "${type}" hook handler`, 'kept but not used');
      handler[key] = v;
      continue;
    }
    const isRequired = (required as readonly string[]).includes(key);
    if (!r.check(schema, v, [...path, key], isRequired ? 'this handler is dropped' : 'this field is ignored')) {
      if (isRequired) runnable = false;
      continue;
    }
    if (key === 'if') checkIf(r, v as string, [...path, key]);
    handler[key] = v;
  }
  return runnable ? handler : undefined;
}

function checkIf(r: Reader, text: string, path: JsonPath): void {
  const parsed = parseRule(text);
  if (parsed.ok) return;
  for (const issue of parsed.issues) {
    r.report({
      ...issue,
      path,
      message: `${formatJsonPath(path)}: ${JSON.stringify(text)}: ${trimStop(issue.message)} (the handler is kept; how an invalid "if" is treated is up to the hook runner)`,
    });
  }
}

function readHooks(r: Reader, value: unknown, file: SettingsFile): void {
  if (!isPlainObject(value)) {
    r.check(objectSchema, value, ['hooks'], 'no hooks are read from this file');
    return;
  }
  for (const [event, groups] of Object.entries(value)) {
    const eventPath = ['hooks', event];
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      const close = suggest(event, HOOK_EVENTS);
      r.report({
        code: C.hookEvent,
        severity: 'warning',
        path: eventPath,
        expected: 'a hook event name such as PreToolUse',
        message: `hooks.${event}: not a hook event (names are case-sensitive); its hooks never run${close ? `. Did you mean "${close}"?` : ''}`,
      });
      continue;
    }
    if (!Array.isArray(groups)) {
      r.report({
        code: C.type,
        severity: 'error',
        path: eventPath,
        expected: 'an array of matcher groups',
        message: `hooks.${event}: expected an array of matcher groups, got ${describeValue(groups, [])}; no ${event} hooks are read from this file`,
      });
      continue;
    }
    groups.forEach((group, index) => {
      const groupPath = [...eventPath, index];
      if (!isPlainObject(group)) {
        r.report({
          code: C.type,
          severity: 'error',
          path: groupPath,
          expected: 'a matcher group { matcher?, hooks: [...] }',
          message: `${formatJsonPath(groupPath)}: expected a matcher group { matcher?, hooks: [...] }, got ${describeValue(group, [])}; dropped`,
        });
        return;
      }
      const config: HookGroupConfig = { event, hooks: [], source: r.source, index };
      let usable = true;
      for (const [key, v] of Object.entries(group)) {
        if (key === 'matcher') {
          if (r.check(stringSchema, v, [...groupPath, key], 'this group is dropped (its matcher cannot be read)'))
            config.matcher = v as string;
          else usable = false;
        } else if (key !== 'hooks') {
          r.unknownKey(key, groupPath, ['matcher', 'hooks'], 'a hook matcher group');
        }
      }
      const handlers = group['hooks'];
      if (!Array.isArray(handlers)) {
        r.report({
          code: handlers === undefined ? C.required : C.type,
          severity: 'error',
          path: [...groupPath, 'hooks'],
          expected: 'an array of hook handlers',
          message: `${formatJsonPath([...groupPath, 'hooks'])}: expected an array of hook handlers, got ${handlers === undefined ? 'nothing' : describeValue(handlers, [])}; this group is dropped`,
        });
        return;
      }
      handlers.forEach((h, i) => {
        const handler = readHandler(r, h, [...groupPath, 'hooks', i]);
        if (handler !== undefined) config.hooks.push(handler);
      });
      if (usable) file.hooks.push(config);
    });
  }
}

function readAutoMode(r: Reader, value: unknown, file: SettingsFile): void {
  if (!isPlainObject(value)) {
    r.check(objectSchema, value, ['autoMode'], 'autoMode is ignored');
    return;
  }
  const out: Partial<AutoModeConfig> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = ['autoMode', key];
    if (key === 'classifyAllShell') {
      if (r.check(autoModeShape.classifyAllShell, v, path, 'ignored')) out.classifyAllShell = v as boolean;
    } else if (key === 'allow' || key === 'soft_deny' || key === 'hard_deny' || key === 'environment') {
      if (!Array.isArray(v)) {
        r.check(autoModeShape[key], v, path, 'this list is ignored');
        continue;
      }
      const list: string[] = [];
      v.forEach((entry, i) => {
        if (r.check(stringSchema, entry, [...path, i], 'this entry is dropped')) list.push(entry as string);
      });
      out[key] = list;
    } else {
      r.unknownKey(key, ['autoMode'], Object.keys(autoModeShape), 'autoMode');
    }
  }
  file.autoMode = out;
}

/** The rule text a credential file path stands for, and its contents' (Claude Code's sandbox path forms). */
function credentialRuleTexts(path: string): string[] {
  const p = path.replace(/\/+$/, '');
  const spec = p.startsWith('~/') ? p : p.startsWith('/') ? `/${p}` : p.startsWith('./') ? p : `./${p}`;
  return [`Read(${spec})`, `Read(${spec}/**)`];
}

/**
 * `sandbox`: `enabled`, `autoAllowBashIfSandboxed` and the `deny` entries of `credentials`
 * (files as Read deny rules of this file's source, variables by name); other keys are Claude
 * Code's own sandbox configuration, kept as written.
 */
function readSandbox(r: Reader, v: unknown, file: SettingsFile): void {
  if (!r.check(objectSchema, v, ['sandbox'], 'ignored')) return;
  const o = v as Record<string, unknown>;
  const out: NonNullable<SettingsFile['sandbox']> = { credentialRules: [], credentialVariables: [] };
  for (const key of ['enabled', 'autoAllowBashIfSandboxed'] as const) {
    if (o[key] !== undefined && r.check(sandboxShape[key], o[key], ['sandbox', key], 'ignored')) out[key] = o[key] as boolean;
  }
  const creds = o['credentials'];
  if (
    creds !== undefined &&
    r.check(sandboxShape.credentials, creds, ['sandbox', 'credentials'], 'no credential is protected by toolgate from this file')
  ) {
    const c = creds as { files?: { path: string; mode: string }[]; envVars?: { name: string; mode: string }[] };
    (c.files ?? []).forEach((f, i) => {
      if (f.mode !== 'deny') return;
      for (const text of credentialRuleTexts(f.path)) {
        const parsed = parseRule(text);
        if (parsed.ok) out.credentialRules.push({ rule: parsed.rule, list: 'deny', source: file.source, index: i });
      }
    });
    for (const e of c.envVars ?? [])
      if (e.mode === 'deny' && !out.credentialVariables.includes(e.name)) out.credentialVariables.push(e.name);
  }
  file.sandbox = out;
}

/** A settings key that names a command Claude Code runs (`SETTINGS_COMMAND_KEYS`): its command, checked against its schema. */
function readCommand(r: Reader, key: string, value: unknown, file: SettingsFile): void {
  const schema = settingsCommandShape[key];
  if (schema === undefined || !r.check(schema, value, [key], 'ignored')) return;
  const command =
    typeof value === 'string' ? value : ((value as { command?: string; path?: string }).command ?? (value as { path: string }).path);
  (file.commands ??= []).push({ key, command, source: file.source });
}

function emptySettings(source: SettingsSource, json: Record<string, unknown>): SettingsFile {
  return { source, json, rules: [], additionalDirectories: [], hooks: [] };
}

/**
 * Check a settings object (already parsed from JSON, or passed in by a host) and read the parts
 * toolgate uses. Pure; never throws. Unknown top-level keys are kept in `settings.json` and not
 * reported; everything wrong is reported and drops only itself (a broken rule drops that rule, a
 * broken hook handler that handler).
 * @public
 */
export function parseSettingsObject(value: unknown, source: SettingsSource): ParsedSettingsFile {
  const r = new Reader(source);
  if (!isPlainObject(value)) {
    r.report({
      code: C.type,
      severity: 'error',
      path: [],
      expected: 'a JSON object',
      message: `expected a JSON object at the top level, got ${typeName(value)}; nothing is read from this file`,
    });
    return { settings: emptySettings(source, {}), diagnostics: r.diagnostics };
  }
  const file = emptySettings(source, value);
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    switch (key) {
      case 'permissions':
        readPermissions(r, v, file);
        break;
      case 'hooks':
        readHooks(r, v, file);
        break;
      case 'autoMode':
        readAutoMode(r, v, file);
        break;
      case 'disableAutoMode':
        if (readDisableFlag(r, v, [key], 'auto mode')) file.disableAutoMode = true;
        break;
      case 'sandbox':
        readSandbox(r, v, file);
        break;
      case TOOLGATE_BLOCK_KEY:
        readToolgateBlock(r, v, file);
        break;
      case 'disableAllHooks':
      case 'useAutoModeDuringPlan':
      case 'allowManagedPermissionRulesOnly':
      case 'allowManagedHooksOnly':
      case 'allowManagedMcpServersOnly':
        if (r.check(booleanSchema, v, [key], 'ignored')) file[key] = v as boolean;
        break;
      case 'strictPluginOnlyCustomization':
        if (r.check(strictPluginOnlySchema, v, [key], 'ignored')) file.strictPluginOnlyCustomization = v as boolean | string[];
        break;
      default:
        // A key naming a command Claude Code runs by itself (statusLine, apiKeyHelper, …).
        if (Object.hasOwn(settingsCommandShape, key)) readCommand(r, key, v, file);
      // Other top-level keys belong to Claude Code features toolgate does not read; kept as written.
    }
  }
  return { settings: file, diagnostics: r.diagnostics };
}

/**
 * Parse the text of a settings file and read the parts toolgate uses (see
 * {@link parseSettingsObject}). The text must be strict JSON, as Claude Code reads it (comments
 * and trailing commas are errors; a leading byte-order mark is skipped). Text that is not JSON, or
 * JSON that is not an object, gives one error diagnostic (`TG_SETTINGS_JSON` with line and column,
 * or `TG_SETTINGS_TYPE`) and marks the file {@link SettingsFile.broken}: the other files still
 * load, and while it stands nothing is allowed without a person. The deny and ask rules an
 * error-tolerant parse can still find in the text stay in force (toolgate docs, "Broken settings
 * files"). Pure; never throws.
 * @public
 */
export function parseSettingsFile(text: string, source: SettingsSource): ParsedSettingsFile {
  const parsed = parseJsonText(text);
  if (parsed.ok) {
    if (isPlainObject(parsed.value)) return parseSettingsObject(parsed.value, source);
    const why = `expected a JSON object at the top level, got ${typeName(parsed.value)}`;
    const diagnostic: SettingsDiagnostic = {
      code: C.type,
      severity: 'error',
      message: `${why}; ${BROKEN_CONSEQUENCE}`,
      path: [],
      expected: 'a JSON object',
      line: 1,
      column: 1,
    };
    if (source.file !== undefined) diagnostic.file = source.file;
    const settings = emptySettings(source, {});
    settings.broken = { source, code: C.type, message: why, line: 1, column: 1 };
    return { settings, diagnostics: [diagnostic] };
  }
  const { line, column, offset } = parsed.location;
  const settings = recoverRestrictive(text, source);
  const kept = settings.rules.length;
  const why = `not valid JSON at line ${line}, column ${column}: ${parsed.message}`;
  const message = `${why}; ${BROKEN_CONSEQUENCE}${
    kept === 0
      ? ''
      : kept === 1
        ? '; 1 deny or ask rule could still be read from it and applies'
        : `; ${kept} deny and ask rules could still be read from it and apply`
  }`;
  const diagnostic: SettingsDiagnostic = {
    code: C.json,
    severity: 'error',
    message,
    path: [],
    range: { start: offset, end: Math.min(offset + 1, text.length) },
    expected: 'a JSON object',
    line,
    column,
  };
  if (source.file !== undefined) diagnostic.file = source.file;
  settings.broken = { source, code: C.json, message: why, line, column };
  return { settings, diagnostics: [diagnostic] };
}

/** What a broken file means for decisions, said in every message about one. */
export const BROKEN_CONSEQUENCE =
  'nothing else is read from this file, and while it is broken no call is allowed without a person (deny rules still deny)';

/** The deny and ask rules of `$toolgate.agents` an error-tolerant parse found (nothing else of the block). */
function restrictiveAgents(value: Record<string, unknown> | undefined): Record<string, unknown> {
  const agents =
    value?.[TOOLGATE_BLOCK_KEY] !== undefined && isPlainObject(value[TOOLGATE_BLOCK_KEY]) ? value[TOOLGATE_BLOCK_KEY]['agents'] : undefined;
  if (!isPlainObject(agents)) return {};
  const kept: Record<string, unknown> = {};
  for (const [type, spec] of Object.entries(agents)) {
    if (!isPlainObject(spec)) continue;
    kept[type] = {
      ...(Array.isArray(spec['deny']) ? { deny: spec['deny'] } : {}),
      ...(Array.isArray(spec['ask']) ? { ask: spec['ask'] } : {}),
    };
  }
  return { [TOOLGATE_BLOCK_KEY]: { agents: kept } };
}

/**
 * The restrictive part of a file that is not valid JSON, as far as an error-tolerant parse can read
 * it: deny and ask rules (of `permissions` and of `$toolgate.agents`), `disableBypassPermissionsMode`, `disableAutoMode`,
 * `blockReadsOutsideWorkingDirectories`, `blockWritesOutsideWorkingDirectories` and
 * `denyInsteadOfPrompting` when `true`. Never weakens anything.
 */
function recoverRestrictive(text: string, source: SettingsSource): SettingsFile {
  const value = recoverJsonObject(text);
  const perms = value !== undefined && isPlainObject(value['permissions']) ? value['permissions'] : {};
  const restrictive: Record<string, unknown> = {
    permissions: {
      ...(Array.isArray(perms['deny']) ? { deny: perms['deny'] } : {}),
      ...(Array.isArray(perms['ask']) ? { ask: perms['ask'] } : {}),
      ...(perms['disableBypassPermissionsMode'] !== undefined
        ? { disableBypassPermissionsMode: perms['disableBypassPermissionsMode'] }
        : {}),
      ...(perms['disableAutoMode'] !== undefined ? { disableAutoMode: perms['disableAutoMode'] } : {}),
      ...(perms['blockReadsOutsideWorkingDirectories'] === true ? { blockReadsOutsideWorkingDirectories: true } : {}),
      ...(perms['blockWritesOutsideWorkingDirectories'] === true ? { blockWritesOutsideWorkingDirectories: true } : {}),
      ...(perms['denyInsteadOfPrompting'] === true ? { denyInsteadOfPrompting: true } : {}),
    },
    ...(value?.['disableAutoMode'] !== undefined ? { disableAutoMode: value['disableAutoMode'] } : {}),
    ...restrictiveAgents(value),
  };
  const { settings } = parseSettingsObject(restrictive, source);
  const out = emptySettings(source, {});
  out.rules = settings.rules.filter((r) => r.list !== 'allow');
  if (settings.agents !== undefined) out.agents = settings.agents;
  if (settings.disableBypassPermissionsMode === true) out.disableBypassPermissionsMode = true;
  if (settings.disableAutoMode === true) out.disableAutoMode = true;
  if (settings.blockReadsOutsideWorkingDirectories === true) out.blockReadsOutsideWorkingDirectories = true;
  if (settings.blockWritesOutsideWorkingDirectories === true) out.blockWritesOutsideWorkingDirectories = true;
  if (settings.denyInsteadOfPrompting === true) out.denyInsteadOfPrompting = true;
  return out;
}
