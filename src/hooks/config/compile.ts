import type { Diagnostic, SettingsSource } from '../../core/types.js';
import type { HookGroupConfig } from '../../settings/types.js';
import { HOOK_EVENT_INFO, hookEventInfo, isHookEvent } from '../events.js';
import type { CompiledHandler, CustomHandler, HookCallback, HookHandler, HookRegistry, OnFailure } from '../types.js';
import { compileMatcher } from './matcher.js';

/**
 * A matcher group as `compileHooks` accepts it: the settings layer's {@link HookGroupConfig},
 * optionally with a plugin name (handlers from a plugin are never deduplicated against settings
 * handlers) and the Agent SDK's matcher-level `timeout` (seconds) and `onFailure`.
 * @public
 */
export interface HookGroupInput extends HookGroupConfig {
  plugin?: string;
  /** Timeout in **seconds** for every handler of the group that sets none (Agent SDK `HookCallbackMatcher.timeout`). */
  timeout?: number;
  onFailure?: OnFailure;
}

/** Options of {@link compileHooks}. @public */
export interface CompileHooksOptions {
  /** Handler types a transport exists for; others are reported (`TG_HOOK_TYPE_UNKNOWN`). Default: the built-in six. */
  knownTypes?: readonly string[];
}

/** Result of {@link compileHooks}: never throws; problems are diagnostics. @public */
export interface CompileHooksResult {
  registry: HookRegistry;
  diagnostics: Diagnostic[];
}

const BUILTIN_TYPES = ['command', 'http', 'prompt', 'agent', 'mcp_tool', 'callback'];
const COMMAND_AND_MCP_ONLY = new Set(['SessionStart', 'Setup']);
const MODEL_TYPES_EVENTS = new Set([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionRequest',
  'PermissionDenied',
  'Stop',
  'SubagentStop',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'TaskCreated',
  'TaskCompleted',
  'TeammateIdle',
]);

const callbackIds = new WeakMap<HookCallback, number>();
let nextCallbackId = 0;
function callbackId(fn: HookCallback): number {
  let id = callbackIds.get(fn);
  if (id === undefined) callbackIds.set(fn, (id = nextCallbackId++));
  return id;
}

/**
 * Compile hook matcher groups (the union of every settings layer's `hooks`, plugin
 * `hooks/hooks.json` files, Agent SDK callbacks) into a registry (Claude Code docs, "Hooks
 * reference › Configuration").
 *
 * Diagnostics (never thrown): `TG_HOOK_UNKNOWN_EVENT` (warning; the handlers are kept and run when
 * the host fires that event), `TG_HOOK_MATCHER_INVALID` (error; on events that can block the handler
 * then runs for every subject, elsewhere never), `TG_HOOK_MATCHER_IGNORED` (info; the event takes no
 * matcher), `TG_HOOK_HANDLER_INVALID` (error; the handler is dropped), `TG_HOOK_TYPE_UNKNOWN`
 * (error; dropped), `TG_HOOK_TYPE_UNSUPPORTED` (warning; the type does not run on this event,
 * dropped), `TG_HOOK_IF_NO_TOOL_CALL` (warning; an `if` on an event without a tool call: never runs),
 * `TG_HOOK_TIMEOUT_INVALID` (error; the default timeout is used).
 * @public
 */
export function compileHooks(groups: readonly HookGroupInput[], options: CompileHooksOptions = {}): CompileHooksResult {
  const known = new Set(options.knownTypes ?? BUILTIN_TYPES);
  const diagnostics: Diagnostic[] = [];
  const events = new Map<string, CompiledHandler[]>();
  const groupCounter = new Map<string, number>();
  const unknownReported = new Set<string>();

  for (const group of groups) {
    const event = group.event;
    const file = group.source.file;
    const at = (path: (string | number)[]) => ({ ...(file !== undefined ? { file } : {}), path });
    const groupIndex = groupCounter.get(event) ?? 0;
    groupCounter.set(event, groupIndex + 1);
    const basePath = ['hooks', event, groupIndex];

    if (!isHookEvent(event) && !unknownReported.has(`${event}\0${file ?? ''}`)) {
      unknownReported.add(`${event}\0${file ?? ''}`);
      diagnostics.push({
        code: 'TG_HOOK_UNKNOWN_EVENT',
        severity: 'warning',
        message: `Unknown hook event "${event}": its handlers are kept but run only if the host fires that event.`,
        ...at(['hooks', event]),
      });
    }
    const info = hookEventInfo(event);
    const matcher = compileMatcher(group.matcher);
    if (matcher.kind === 'invalid') {
      diagnostics.push({
        code: 'TG_HOOK_MATCHER_INVALID',
        severity: 'error',
        message: info.canBlock
          ? `Matcher "${matcher.text}" is not a valid RE2 regular expression (${matcher.error}); because ${event} can block, its handlers run for every subject.`
          : `Matcher "${matcher.text}" is not a valid RE2 regular expression (${matcher.error}); its handlers never run.`,
        ...at([...basePath, 'matcher']),
      });
    } else if (matcher.kind !== 'all' && isHookEvent(event) && HOOK_EVENT_INFO[event].subject === undefined) {
      diagnostics.push({
        code: 'TG_HOOK_MATCHER_IGNORED',
        severity: 'info',
        message: `${event} takes no matcher; "${matcher.text}" is ignored and the handlers run on every ${event}.`,
        ...at([...basePath, 'matcher']),
      });
    }

    const list = events.get(event) ?? [];
    group.hooks.forEach((raw, index) => {
      const path = [...basePath, 'hooks', index];
      const checked = checkHandler(raw, event, group, (d) => diagnostics.push({ ...d, ...at(path) }));
      if (checked === undefined) return;
      if (checked.if !== undefined && !info.toolCall) {
        diagnostics.push({
          code: 'TG_HOOK_IF_NO_TOOL_CALL',
          severity: 'warning',
          message: `"if" only applies to tool-call events; this ${event} handler never runs.`,
          ...at([...path, 'if']),
        });
      }
      const origin = {
        source: group.source,
        group: groupIndex,
        index,
        ...(group.plugin !== undefined ? { plugin: group.plugin } : {}),
      };
      list.push({
        id: `${event}#${groupIndex}.${index}`,
        event,
        matcher,
        handler: checked,
        origin,
        key: dedupeKey(checked, group.plugin),
        label: handlerLabel(checked),
      });
    });
    events.set(event, list);
  }
  return { registry: { events }, diagnostics };

  function checkHandler(
    raw: Record<string, unknown>,
    event: string,
    group: HookGroupInput,
    report: (d: Omit<Diagnostic, 'file' | 'path'>) => void,
  ): HookHandler | CustomHandler | undefined {
    const invalid = (message: string) => {
      report({ code: 'TG_HOOK_HANDLER_INVALID', severity: 'error', message });
      return undefined;
    };
    if (typeof raw !== 'object' || raw === null) return invalid('A hook handler must be an object.');
    const type = raw['type'];
    if (typeof type !== 'string') return invalid('A hook handler needs a string "type".');
    if (!known.has(type)) {
      report({ code: 'TG_HOOK_TYPE_UNKNOWN', severity: 'error', message: `Unknown hook type "${type}"; the handler is dropped.` });
      return undefined;
    }
    const str = (k: string) => typeof raw[k] === 'string' && (raw[k] as string) !== '';
    if (type === 'command' && !str('command')) return invalid('A command hook needs a non-empty "command".');
    if (type === 'command' && raw['args'] !== undefined && !(Array.isArray(raw['args']) && raw['args'].every((a) => typeof a === 'string')))
      return invalid('"args" must be an array of strings.');
    if (type === 'http' && !str('url')) return invalid('An http hook needs a "url".');
    if ((type === 'prompt' || type === 'agent') && !str('prompt')) return invalid(`A ${type} hook needs a "prompt".`);
    if (type === 'mcp_tool' && !(str('server') && str('tool'))) return invalid('An mcp_tool hook needs "server" and "tool".');
    if (type === 'callback' && typeof raw['callback'] !== 'function') return invalid('A callback hook needs a "callback" function.');
    if (raw['if'] !== undefined && typeof raw['if'] !== 'string') return invalid('"if" must be a permission rule string.');
    if (raw['onFailure'] !== undefined && raw['onFailure'] !== 'continue' && raw['onFailure'] !== 'block')
      return invalid('"onFailure" must be "continue" or "block".');

    if (COMMAND_AND_MCP_ONLY.has(event) && type !== 'command' && type !== 'mcp_tool' && type !== 'callback') {
      report({
        code: 'TG_HOOK_TYPE_UNSUPPORTED',
        severity: 'warning',
        message: `${event} runs only command and mcp_tool hooks; this ${type} hook is dropped.`,
      });
      return undefined;
    }
    if ((type === 'prompt' || type === 'agent') && isHookEvent(event) && !MODEL_TYPES_EVENTS.has(event)) {
      report({
        code: 'TG_HOOK_TYPE_UNSUPPORTED',
        severity: 'warning',
        message: `${event} does not run ${type} hooks; the handler is dropped.`,
      });
      return undefined;
    }

    const handler: Record<string, unknown> = { ...raw };
    const timeout = raw['timeout'] ?? group.timeout;
    delete handler['timeout'];
    if (timeout !== undefined) {
      if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0) handler['timeout'] = timeout;
      else
        report({
          code: 'TG_HOOK_TIMEOUT_INVALID',
          severity: 'error',
          message: `"timeout" must be a positive number of seconds; the default is used.`,
        });
    }
    if (handler['onFailure'] === undefined && group.onFailure !== undefined) handler['onFailure'] = group.onFailure;
    return handler as unknown as HookHandler | CustomHandler;
  }
}

const KEY_FIELDS = [
  'type',
  'command',
  'args',
  'shell',
  'url',
  'headers',
  'allowedEnvVars',
  'prompt',
  'model',
  'server',
  'tool',
  'input',
  'if',
  'async',
  'asyncRewake',
];

function dedupeKey(h: HookHandler | CustomHandler, plugin: string | undefined): string {
  if (h.type === 'callback') return `callback:${callbackId((h as { callback: HookCallback }).callback)}`;
  const rec = h as Record<string, unknown>;
  const parts: unknown[] = KEY_FIELDS.map((k) => rec[k]);
  return JSON.stringify([plugin ?? null, ...parts]);
}

function handlerLabel(h: HookHandler | CustomHandler): string {
  const rec = h as Record<string, unknown>;
  switch (h.type) {
    case 'command':
      return Array.isArray(rec['args']) ? [rec['command'], ...(rec['args'] as string[])].join(' ') : String(rec['command']);
    case 'http':
      return String(rec['url']);
    case 'mcp_tool':
      return `${String(rec['server'])}/${String(rec['tool'])}`;
    case 'prompt':
    case 'agent':
      return `${h.type}: ${String(rec['prompt']).slice(0, 60)}`;
    case 'callback': {
      const fn = rec['callback'] as { name?: string };
      return `callback ${fn.name !== undefined && fn.name !== '' ? fn.name : '(anonymous)'}`;
    }
    default:
      return h.type;
  }
}

/**
 * Turn a settings file's `hooks` object (`{ "<Event>": [ { matcher?, hooks: [...] } ] }`) into
 * matcher groups. Shapes that are not understood are diagnostics (`TG_HOOK_SHAPE`), never thrown.
 * @public
 */
export function hookGroupsFromSettings(
  hooks: unknown,
  source: SettingsSource,
  plugin?: string,
): { groups: HookGroupInput[]; diagnostics: Diagnostic[] } {
  const groups: HookGroupInput[] = [];
  const diagnostics: Diagnostic[] = [];
  const file = source.file !== undefined ? { file: source.file } : {};
  const bad = (path: (string | number)[], message: string) =>
    diagnostics.push({ code: 'TG_HOOK_SHAPE', severity: 'error', message, ...file, path });
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    bad(['hooks'], '"hooks" must be an object keyed by event name.');
    return { groups, diagnostics };
  }
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) {
      bad(['hooks', event], `hooks.${event} must be an array of matcher groups.`);
      continue;
    }
    list.forEach((g: unknown, i) => {
      if (typeof g !== 'object' || g === null || !Array.isArray((g as { hooks?: unknown }).hooks)) {
        bad(['hooks', event, i], 'A matcher group needs a "hooks" array.');
        return;
      }
      const m = (g as { matcher?: unknown }).matcher;
      if (m !== undefined && typeof m !== 'string') {
        bad(['hooks', event, i, 'matcher'], '"matcher" must be a string.');
        return;
      }
      groups.push({
        event,
        ...(typeof m === 'string' ? { matcher: m } : {}),
        hooks: (g as { hooks: Record<string, unknown>[] }).hooks,
        source,
        ...(plugin !== undefined ? { plugin } : {}),
      });
    });
  }
  return { groups, diagnostics };
}

/**
 * Read a Claude Code plugin's `hooks/hooks.json` (`{ "description"?, "hooks": { ... } }`) into
 * matcher groups tagged with the plugin's name. `file` is the path it was read from.
 * @public
 */
export function parsePluginHooks(json: unknown, plugin: string, file: string): { groups: HookGroupInput[]; diagnostics: Diagnostic[] } {
  const hooks = typeof json === 'object' && json !== null ? (json as { hooks?: unknown }).hooks : undefined;
  return hookGroupsFromSettings(hooks, { kind: 'inline', file }, plugin);
}

/** An Agent SDK `HookCallbackMatcher`. `timeout` in **seconds**. @public */
export interface HookCallbackMatcher {
  matcher?: string;
  hooks: HookCallback[];
  timeout?: number;
  onFailure?: OnFailure;
}

/**
 * Turn the Agent SDK's `options.hooks` (`Partial<Record<HookEvent, HookCallbackMatcher[]>>`) into
 * matcher groups of `callback` handlers with source `{ kind: 'inline' }` (or the one given).
 * @public
 */
export function hookGroupsFromCallbacks(
  hooks: Record<string, readonly HookCallbackMatcher[] | undefined>,
  source: SettingsSource = { kind: 'inline' },
): HookGroupInput[] {
  const out: HookGroupInput[] = [];
  for (const [event, matchers] of Object.entries(hooks)) {
    for (const m of matchers ?? []) {
      out.push({
        event,
        ...(m.matcher !== undefined ? { matcher: m.matcher } : {}),
        hooks: m.hooks.map((callback) => ({ type: 'callback', callback })),
        source,
        ...(m.timeout !== undefined ? { timeout: m.timeout } : {}),
        ...(m.onFailure !== undefined ? { onFailure: m.onFailure } : {}),
      });
    }
  }
  return out;
}
