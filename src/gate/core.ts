import { EventEmitter } from 'eventemitter3';
import type { FileSystem } from '../core/ports.js';
import { normalizeMode, type Diagnostic, type PermissionMode, type PermissionUpdate, type SettingsSource } from '../core/types.js';
import {
  agentModeFor,
  evaluationContextFor,
  parentModeOf,
  type AgentCeiling,
  type EnvironmentFacts,
  type EvaluationContext,
} from '../evaluate/index.js';
import {
  compileHooks,
  createHookDispatcher,
  hookGroupsFromCallbacks,
  type HookDispatcher,
  type HookGroupInput,
  type HookRegistry,
} from '../hooks/index.js';
import { policyFromObjects, shadowPolicyOf, type Policy, type SettingsObject, type ShadowPolicy } from '../settings/index.js';
import { autoModeGuidance } from './auto-mode.js';
import { createMatchesIf } from './matches-if.js';
import { excludeFromGit, persistUpdate, settingsFileFor } from './persist.js';
import { compileRuleValues, createGateSession, type GateSession } from './session.js';
import type { AgentRef, AppliedUpdate, AutoModeGuidance, GateEvents, GateOptions, SetModeResult } from './types.js';
import { newId } from './results.js';

/** What every view of a gate (the main agent and its sub-agents) shares. */
export interface GateCore {
  options: GateOptions;
  policy: Policy;
  cwd: string;
  home: string;
  projectDir: string;
  registry: HookRegistry;
  dispatcher: HookDispatcher;
  session: GateSession;
  emitter: EventEmitter<GateEvents>;
  guidance: AutoModeGuidance;
  configDirName: string;
  /** Compiled-hook problems, for hosts that want to show them. */
  hookDiagnostics: Diagnostic[];
  /** The session id handed to hooks (given, else generated). */
  sessionId: string;
  /** The shadow policy (`GateOptions.shadow`, else the policy's `$toolgate.shadow`), held once built. */
  shadow?: ShadowPolicy;
}

/** A view's own mode state: the main agent has one, each sub-agent another. */
export interface ModeState {
  mode: PermissionMode;
  /** The mode plan mode was entered from, restored by ExitPlanMode. */
  planSavedMode?: PermissionMode;
  agent?: AgentRef;
  /** A sub-agent view's parent (the main agent's state): its mode, when a call is made, is the sub-agent's ceiling. */
  parent?: ModeState;
  /** Set on the state a sub-agent's call is decided with (see {@link ceilingState}): its parent's mode and who it is. */
  ceiling?: AgentCeiling;
}

/**
 * The state a call is decided with: for the main agent `ms` itself; for a sub-agent, `ms` with its
 * mode capped at its parent's (`agentModeFor`: the mode of `$toolgate.agents` for its type, else
 * `requested`, else its own; never more than the parent's) and the ceiling `evaluate` applies.
 * Writes (a plan-mode switch) still go to `ms`. The parent of a one-off sub-agent (a main view's
 * call with `CheckOptions.agent`) is that view.
 */
export function ceilingState(core: GateCore, ms: ModeState, requested?: string): ModeState {
  const agent = ms.agent;
  if (agent === undefined) return ms;
  const parentMode = ms.parent?.mode ?? ms.mode;
  const wanted = requested !== undefined ? parentModeOf(requested, core.options.dialect?.modeAliases) : ms.mode;
  const mode = agentModeFor(wanted, parentMode, core.policy, agent.type);
  const ceiling: AgentCeiling = {
    ...(agent.id !== '' ? { id: agent.id } : {}),
    ...(agent.type !== undefined ? { type: agent.type } : {}),
    parentMode,
  };
  return new Proxy(ms, {
    get: (t, k) => (k === 'mode' ? mode : k === 'ceiling' ? ceiling : (t as unknown as Record<string | symbol, unknown>)[k]),
    set: (t, k, v) => Reflect.set(t, k, v),
  });
}

function isRegistry(h: unknown): h is HookRegistry {
  return h !== null && typeof h === 'object' && (h as { events?: unknown }).events instanceof Map;
}

export function createCore(options: GateOptions): GateCore {
  const policy = Array.isArray(options.policy)
    ? policyFromObjects(options.policy as readonly SettingsObject[])
    : (options.policy as Policy);
  const projectDir = options.projectDir ?? options.cwd;
  let registry: HookRegistry;
  let hookDiagnostics: Diagnostic[] = [];
  if (isRegistry(options.hooks)) registry = options.hooks;
  else {
    const groups: HookGroupInput[] = [
      ...policy.hooks,
      ...((options.hooks as readonly HookGroupInput[] | undefined) ?? []),
      ...(options.hookCallbacks !== undefined ? hookGroupsFromCallbacks(options.hookCallbacks) : []),
    ];
    const compiled = compileHooks(groups);
    registry = compiled.registry;
    hookDiagnostics = compiled.diagnostics;
  }
  const sessionId = options.sessionId ?? newId('session');
  const dispatcher = createHookDispatcher({
    registry,
    ...(options.transports !== undefined ? { transports: options.transports } : {}),
    projectDir,
    cwd: options.cwd,
    sessionId,
    ...(options.transcriptPath !== undefined ? { transcriptPath: options.transcriptPath } : {}),
    matchesIf: createMatchesIf({ cwd: options.cwd, home: options.home, projectDir }),
  });
  return {
    options,
    policy,
    cwd: options.cwd,
    home: options.home,
    projectDir,
    registry,
    dispatcher,
    session: createGateSession(),
    emitter: new EventEmitter<GateEvents>(),
    guidance: autoModeGuidance(policy.autoMode),
    configDirName: options.configDirName ?? '.claude',
    hookDiagnostics,
    sessionId,
    ...shadowOption(options, policy),
  };
}

/** The gate's shadow policy, when it has a listener to tell it to. */
function shadowOption(options: GateOptions, policy: Policy): { shadow?: ShadowPolicy } {
  if (options.onDecision === undefined) return {};
  const given = options.shadow;
  if (given !== undefined)
    return { shadow: { policy: Array.isArray(given) ? policyFromObjects(given as readonly SettingsObject[]) : (given as Policy) } };
  const own = shadowPolicyOf(policy);
  return own !== undefined ? { shadow: own } : {};
}

export function hasHandlers(core: GateCore, event: string): boolean {
  return (core.registry.events.get(event)?.length ?? 0) > 0;
}

/**
 * The context `evaluate` gets for a call in `mode` made from `cwd` (default the gate's), through
 * the one door every front end uses: the working directories are the project, its additional
 * directories and the session's, wherever the agent's shell has gone. `environment`: what the
 * call's front end knows of its environment, else the gate's. `agent`: a sub-agent's ceiling
 * (see {@link ceilingState}).
 */
export function evaluationContext(
  core: GateCore,
  mode: PermissionMode,
  cwd?: string,
  environment?: EnvironmentFacts,
  agent?: AgentCeiling,
): EvaluationContext {
  const o = core.options;
  const env = environment ?? o.environment;
  const planFilePath = o.planFilePath ?? o.evaluate?.planFilePath;
  return evaluationContextFor(
    { cwd: cwd ?? core.cwd, mode, ...(agent !== undefined ? { agent } : {}) },
    {
      policy: core.policy,
      home: core.home,
      project: o.projectUnknown === true ? { known: false } : { known: true, dir: core.projectDir, via: 'declared' },
      ...(o.platform !== undefined ? { platform: o.platform } : {}),
      ...(o.fsView !== undefined ? { fs: o.fsView } : {}),
      session: { rules: core.session.rules, directories: core.session.directories },
      options: {
        ...o.evaluate,
        ...(planFilePath !== undefined ? { planFilePath } : {}),
        ...(core.policy.denyInsteadOfPrompting === true ? { promptsDeniedLater: true } : {}),
      },
      ...(o.dialect !== undefined ? { dialect: o.dialect } : {}),
      ...(o.dialectInput !== undefined ? { dialectInput: o.dialectInput } : {}),
      ...(o.shell !== undefined ? { shell: o.shell } : {}),
      ...(env !== undefined ? { environment: env } : {}),
      ...(o.homeUnknown !== undefined ? { homeUnknown: o.homeUnknown } : {}),
    },
  );
}

/** The starting mode: the option, else the policy's `defaultMode`, else `default`. */
export function startingMode(core: GateCore): PermissionMode {
  const mode = core.options.mode;
  const m = mode !== undefined ? (core.options.dialect?.modeAliases[mode] ?? normalizeMode(mode)) : undefined;
  return m ?? core.policy.defaultMode?.value ?? core.options.dialect?.defaultMode ?? 'default';
}

/**
 * Switch a view's mode (Claude Code docs, "Permission modes"): bypassPermissions is refused when
 * settings disable it or the host did not make it available; auto is refused when settings
 * disable it. Entering plan saves the mode it was entered from; leaving plan forgets it.
 */
export function switchMode(core: GateCore, state: ModeState, requested: PermissionMode | 'manual'): SetModeResult {
  const to = normalizeMode(requested);
  if (to === undefined) return { ok: false, mode: state.mode, reason: `unknown mode "${String(requested)}"` };
  if (to === 'bypassPermissions' && core.policy.disableBypassPermissionsMode)
    return { ok: false, mode: state.mode, reason: 'bypassPermissions is disabled by settings (disableBypassPermissionsMode)' };
  if (to === 'bypassPermissions' && core.options.allowBypassPermissions === false)
    return { ok: false, mode: state.mode, reason: 'bypassPermissions was not made available by the host' };
  if (to === 'auto' && core.policy.disableAutoMode)
    return { ok: false, mode: state.mode, reason: 'auto mode is disabled by settings (disableAutoMode)' };
  const from = state.mode;
  if (to === 'plan' && from !== 'plan') state.planSavedMode = from;
  if (to !== 'plan') delete state.planSavedMode;
  state.mode = to;
  if (from !== to) core.emitter.emit('modeChange', { from, to, ...(state.agent !== undefined ? { agent: state.agent } : {}) });
  return { ok: true, mode: to, previous: from };
}

async function trusted(core: GateCore): Promise<boolean> {
  try {
    return (await core.options.isProjectTrusted?.()) ?? true;
  } catch {
    return false;
  }
}

function sourceFor(core: GateCore, destination: PermissionUpdate['destination']): SettingsSource {
  const file = settingsFileFor(destination, { projectDir: core.projectDir, home: core.home, configDirName: core.configDirName });
  const kind = destination === 'cliArg' ? 'cli' : destination;
  return file !== undefined ? { kind, file } : { kind };
}

/**
 * Apply Agent SDK permission updates: to the session at once (shared with sub-agents), and for
 * `localSettings` / `projectSettings` / `userSettings` also to the settings file through the
 * FileSystem port (project files only in a trusted project). `.claude/settings.local.json` is added
 * to `.git/info/exclude`. Never throws; each update reports what happened (for an answer's
 * updates, with the ask id and who answered, so a host can record where a rule came from).
 */
export async function applyUpdates(
  core: GateCore,
  state: ModeState,
  updates: readonly PermissionUpdate[],
  origin: 'host' | 'answer' = 'host',
  answer?: { askId?: string; answeredBy?: string },
): Promise<AppliedUpdate[]> {
  const out: AppliedUpdate[] = [];
  for (const update of Array.isArray(updates) ? updates : []) {
    const one: AppliedUpdate =
      origin === 'answer' &&
      update !== null &&
      typeof update === 'object' &&
      (update.type === 'removeRules' || update.type === 'replaceRules') &&
      update.behavior === 'deny'
        ? {
            update,
            applied: 'refused' as const,
            note: 'an answer to an ask cannot remove or replace deny rules (the host can, with applyUpdates)',
          }
        : await applyOne(core, state, update);
    // Where an answer's rule went, and whose answer it was: what a host records as its provenance.
    const applied: AppliedUpdate = {
      ...one,
      ...(answer?.askId !== undefined ? { askId: answer.askId } : {}),
      ...(answer?.answeredBy !== undefined ? { answeredBy: answer.answeredBy } : {}),
    };
    out.push(applied);
    core.emitter.emit('permissionUpdate', applied);
  }
  return out;
}

async function applyOne(core: GateCore, state: ModeState, update: PermissionUpdate): Promise<AppliedUpdate> {
  if (update === null || typeof update !== 'object') return { update, applied: 'refused', note: 'not a permission update' };
  const source = sourceFor(core, update.destination);
  const s = core.session;
  switch (update.type) {
    case 'addRules': {
      const { rules, bad } = compileRuleValues(update.rules ?? [], update.behavior, source);
      s.rules.push(...rules);
      if (bad.length > 0 && rules.length === 0) return { update, applied: 'refused', note: `rules that do not parse: ${bad.join(', ')}` };
      break;
    }
    case 'replaceRules': {
      const { rules } = compileRuleValues(update.rules ?? [], update.behavior, source);
      s.rules = s.rules.filter((r) => !(r.list === update.behavior && r.source.kind === source.kind));
      if (update.destination !== 'session' && update.destination !== 'cliArg')
        dropPolicyRules(core, (r) => r.list === update.behavior && r.source.kind === source.kind);
      s.rules.push(...rules);
      break;
    }
    case 'removeRules': {
      const { rules } = compileRuleValues(update.rules ?? [], update.behavior, source);
      const texts = new Set(rules.map((r) => r.rule.text));
      const match = (r: { list: string; rule: { text: string }; source: SettingsSource }) =>
        r.list === update.behavior && texts.has(r.rule.text) && (update.destination === 'session' || r.source.kind === source.kind);
      s.rules = s.rules.filter((r) => !match(r));
      if (update.destination !== 'session' && update.destination !== 'cliArg') dropPolicyRules(core, match);
      break;
    }
    case 'setMode': {
      const r = switchMode(core, state, update.mode);
      if (!r.ok) return { update, applied: 'refused', note: r.reason };
      break;
    }
    case 'addDirectories':
      for (const d of update.directories ?? []) if (!s.directories.includes(d)) s.directories.push(d);
      break;
    case 'removeDirectories': {
      const drop = new Set(update.directories ?? []);
      s.directories = s.directories.filter((d) => !drop.has(d));
      const dirs = core.policy.additionalDirectories.filter((d) => !(drop.has(d.value) && d.source.kind === source.kind));
      if (dirs.length !== core.policy.additionalDirectories.length) core.policy = { ...core.policy, additionalDirectories: dirs };
      break;
    }
    default:
      return { update, applied: 'refused', note: `unknown update type "${String((update as { type?: unknown }).type)}"` };
  }
  if (source.file === undefined) return { update, applied: 'session' };
  const fs: FileSystem | undefined = core.options.fs;
  if (fs === undefined) return { update, applied: 'session', note: 'no file system was given: the update lasts for the session' };
  if (update.destination !== 'userSettings' && !(await trusted(core)))
    return { update, applied: 'session', note: 'the project is not trusted: its settings files are not written' };
  const written = await persistUpdate(fs, source.file, update);
  if (!written.ok) return { update, applied: 'session', note: written.note };
  if (update.destination === 'localSettings') {
    try {
      await excludeFromGit(fs, core.projectDir, `${core.configDirName}/settings.local.json`);
    } catch (e) {
      return {
        update,
        applied: 'sessionAndFile',
        file: source.file,
        note: `could not update .git/info/exclude: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  }
  return { update, applied: 'sessionAndFile', file: source.file };
}

/** Remove loaded rules from the policy (a new object, so evaluate's per-policy index is rebuilt). */
function dropPolicyRules(core: GateCore, match: (r: Policy['rules'][number]) => boolean): void {
  const rules = core.policy.rules.filter((r) => r.source.kind === 'managed' || !match(r));
  if (rules.length !== core.policy.rules.length) core.policy = { ...core.policy, rules };
}
