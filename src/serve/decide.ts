import { normalizeMode, type PermissionMode, type PermissionRuleValue, type ToolCall } from '../core/types.js';
import { createGate, type AgentRef, type Gate, type GateAllow, type GateAsk, type GateDeny, type GateResult } from '../gate/index.js';
import { compileHooks, type HookRegistry } from '../hooks/index.js';
import {
  agentCallMode,
  agentHome,
  evaluateAsync,
  evaluationContextFor,
  modeFor,
  nextSessionMode,
  sessionCeilingMode,
  type AgentCeiling,
  type ContextShell,
  type EnvironmentFacts,
  type SessionModeRecord,
} from '../evaluate/index.js';
import { runShadow, type ShadowOutcome, type ShadowQueue } from '../shadow/index.js';
import { unescapeRuleContent } from '../rules/index.js';
import { inputSha256, type GrantRecord, type Store } from '../store/index.js';
import { askAnswerableByGrant } from '../grants/apply.js';
import { grantsInForce } from './grants-in-force.js';
import { UNKNOWN_PROJECT, type ProjectPolicy, type Projects } from './projects.js';
import { agentsProcessView, selfGuard, type GuardedDirectory } from './self-guard.js';
import { isShellPrepared, prepareShell } from '../shell/index.js';
import { nodeFsView } from '../node/fs.js';
import type { ReadonlyFsView } from '../core/ports.js';
import { tooLargeToShow } from './display/index.js';

/** Where a call is made: what the hook event or the API request says about it. */
export interface CallContext {
  cwd: string;
  sessionId?: string;
  agent?: AgentRef;
  /** A permission mode name as sent; unknown names are read as `default`. */
  mode?: string;
  /** A project root the client declares (the JSON API's `projectDir`, the `X-Toolgate-Project` header). */
  projectDir?: string;
  /** The event's `transcript_path`: its folder names the session's project. */
  transcriptPath?: string;
  /** The shell the client names (`X-Toolgate-Shell`); default unknown. */
  shell?: ContextShell;
  /** The environment the client reports (`X-Toolgate-Env`); default nothing known. */
  environment?: EnvironmentFacts;
  /** The agent's home directory as the client declares it (the JSON API's `home`); else `HOME` in {@link CallContext.environment}. */
  home?: string;
}

/** The sub-agent a call is made for, as asks and grants record it: its id, else its type; none for the main agent. */
export function agentKey(agent: AgentRef | undefined): string | undefined {
  return agent === undefined ? undefined : agent.id !== '' ? agent.id : (agent.type ?? '');
}

/** How many sessions' main-agent modes serve remembers (the oldest is forgotten first). */
const SESSION_MODES = 10_000;

/**
 * The main agent's mode per session, as serve saw it in calls without `agent`: a sub-agent's call
 * in the session is capped at what the main agent would get in it. Anyone who may ask serve for a
 * decision can send such a call, so the record never rises above the least permissive mode seen
 * ({@link nextSessionMode}). In memory: a restarted serve, or another replica, has not seen it,
 * and then the parent counts as `default`.
 */
function sessionModes(): { parentOf(where: CallContext): string | undefined; peek(where: CallContext): string | undefined } {
  const modes = new Map<string, SessionModeRecord>();
  return {
    /** As `parentOf`, recording nothing (a shadow evaluation of the same call). */
    peek(where) {
      if (where.sessionId === undefined || where.agent === undefined) return undefined;
      const record = modes.get(where.sessionId);
      return record === undefined ? undefined : sessionCeilingMode(record);
    },
    parentOf(where) {
      if (where.sessionId === undefined) return undefined;
      if (where.agent !== undefined) {
        const record = modes.get(where.sessionId);
        return record === undefined ? undefined : sessionCeilingMode(record);
      }
      if (where.mode !== undefined) {
        const record = nextSessionMode(modes.get(where.sessionId), where.mode);
        modes.delete(where.sessionId);
        modes.set(where.sessionId, record);
        if (modes.size > SESSION_MODES) modes.delete(modes.keys().next().value as string);
      }
      return undefined;
    },
  };
}

/** What a gate of serve's is built for: the project and where the call is made. */
export type GateSite = Pick<CallContext, 'cwd' | 'sessionId' | 'mode' | 'shell' | 'environment' | 'transcriptPath' | 'home'>;

/**
 * The home directory a call is judged against: the agent's, from the transcript's folder and the
 * declared `HOME` (decision 0043); when they disagree or neither names it, serve's own as a
 * stand-in with the reason it is unknown, so that no call naming `~` or `$HOME` is allowed on it.
 */
export function homeFor(where: GateSite, serveHome: string): { home: string; homeUnknown?: string } {
  const declared = where.home ?? where.environment?.values['HOME'];
  const h = agentHome({ transcriptPath: where.transcriptPath, declared });
  return h.known ? { home: h.home } : { home: serveHome, homeUnknown: h.why };
}

/** A decided call: the gate's result (never deferred) and who settled it. */
export interface Settled {
  result: GateAllow | GateDeny | GateAsk;
  project: ProjectPolicy;
  context: CallContext;
  /** `rules`, `grant`, `serveSelf`, `unshowable` (an ask too large to show a person), or the gate's `decidedBy`. */
  decidedBy: string;
  /** The grant that answered a plain ask. */
  grant?: GrantRecord;
  /** Grants could not be read (the store is unreachable): the ask stands. */
  grantsUnreadable?: boolean;
  /** When the call reached the decider (milliseconds since the epoch), for its decision event. */
  startedAt?: number;
  /**
   * What the project's shadow policy would decide, when it has one: evaluated after the reply
   * (queued), never enforced; never rejects (a failure is an `error` outcome).
   */
  shadow?: Promise<ShadowOutcome>;
}

// serve runs no hooks from the files it loads: Claude Code runs them (the project's own http
// hook is what points back here).
const NO_HOOKS: HookRegistry = compileHooks([]).registry;

/** A stored rule's text as a rule value (`Bash(npm test *)` → `{ toolName: 'Bash', ruleContent: 'npm test *' }`). */
export function ruleValue(text: string): PermissionRuleValue {
  const open = text.indexOf('(');
  if (open === -1 || !text.endsWith(')')) return { toolName: text };
  return { toolName: text.slice(0, open), ruleContent: unescapeRuleContent(text.slice(open + 1, -1)) };
}

export interface Decider {
  decide(call: ToolCall, where: CallContext): Promise<Settled>;
  /** A gate for `project` as serve uses one: no hooks, nothing written to settings files. Check calls with `{ cwd: where.cwd }`. */
  gateFor(project: ProjectPolicy, where: GateSite): Promise<Gate>;
}

/**
 * Decide calls as serve does. `guarded`: serve's own files (token, answerers, store), which the
 * self-guard also matches by device and inode; `directory`: where serve records its address, which
 * the self-guard keeps as it is (see {@link GuardedDirectory}); `policyFiles`: serve's `--settings`
 * and audit anchor files, whose writes it denies by device and inode too.
 */
export function createDecider(o: {
  projects: Projects;
  store: Store;
  home: string;
  guarded: readonly string[];
  directory?: GuardedDirectory;
  policyFiles?: readonly string[];
  processIds?: () => ReadonlySet<string>;
  now?: () => number;
  /** Where shadow evaluations wait their turn; without one, no shadow is evaluated. */
  shadowQueue?: ShadowQueue;
  /** How long a shadow evaluation may take (default `SHADOW_TIMEOUT_MS`). */
  shadowTimeoutMs?: number;
}): Decider {
  const now = o.now ?? Date.now;
  const modes = sessionModes();
  // `/proc/self` and `/dev/fd` name the agent's process, never serve's own.
  const fsView = agentsProcessView(nodeFsView());

  const gateFor = async (project: ProjectPolicy, where: GateSite): Promise<Gate> => {
    const mode: PermissionMode | undefined = where.mode !== undefined ? (normalizeMode(where.mode) ?? 'default') : undefined;
    // The gate stands at the project; each call says where the agent's shell is (`cwd` of check).
    const home = homeFor(where, o.home);
    return createGate({
      policy: project.policy,
      ...(mode !== undefined ? { mode } : {}),
      cwd: project.finding.known ? project.projectDir : where.cwd,
      home: home.home,
      ...(home.homeUnknown !== undefined ? { homeUnknown: home.homeUnknown } : {}),
      ...(project.finding.known ? { projectDir: project.projectDir } : { projectUnknown: true }),
      hooks: NO_HOOKS,
      ...(where.sessionId !== undefined ? { sessionId: where.sessionId } : {}),
      isProjectTrusted: () => project.trusted,
      // Symbolic links are followed on the machine serve runs on (the agents' files).
      fsView,
      ...(where.shell !== undefined ? { shell: where.shell } : {}),
      ...(where.environment !== undefined ? { environment: where.environment } : {}),
    });
  };

  /**
   * Decide a call as serve does; with `live`, as that project's shadow policy would (in its mode,
   * when it sets one): the same self-guard and gate, no grants, nothing recorded.
   */
  const decideCall = async (call: ToolCall, asked: CallContext, live?: ProjectPolicy): Promise<Settled> => {
    const shadowMode = live?.shadow?.mode;
    const where: CallContext = shadowMode !== undefined ? { ...asked, mode: shadowMode } : asked;
    const parentMode =
      live !== undefined ? (shadowMode !== undefined && asked.agent !== undefined ? shadowMode : modes.peek(asked)) : modes.parentOf(asked);
    const finding = o.projects.projectFor(where);
    const projectDir = finding.known ? finding.dir : UNKNOWN_PROJECT;
    const project =
      live?.shadow !== undefined
        ? { ...live, policy: live.shadow.policy, digest: live.shadow.digest }
        : await o.projects.policyFor(projectDir);
    // The guard reads commands with the shell parser, which evaluate would load only later.
    if (!isShellPrepared()) await prepareShell();
    // serve's own files are guarded wherever `~` may lead: the agent's home and serve's.
    const home = homeFor(where, o.home);
    const guard = {
      cwd: where.cwd,
      fs: fsView,
      ...(o.processIds !== undefined ? { processIds: o.processIds } : {}),
      ...(o.directory !== undefined ? { directory: o.directory } : {}),
      ...(o.policyFiles !== undefined ? { policyFiles: o.policyFiles } : {}),
    };
    const selfDeny =
      selfGuard(call, o.guarded, { ...guard, home: home.home }) ??
      (home.home !== o.home ? selfGuard(call, o.guarded, { ...guard, home: o.home }) : undefined);
    if (selfDeny !== undefined) {
      const result: GateDeny = {
        behavior: 'deny',
        call,
        toolUseId: call.id ?? '',
        decision: selfDeny,
        trace: selfDeny.trace,
        rewrites: 0,
        decidedBy: 'rules',
        reason: selfDeny.reason,
        message: selfDeny.reason.message,
      };
      return { result, project, context: where, decidedBy: 'serveSelf' };
    }
    const fast = await quickDecision(call, project, where, parentMode, home, fsView);
    if (fast !== undefined) return { result: fast, project, context: where, decidedBy: 'rules' };
    // A sub-agent's call: the gate stands for its parent, in the parent's mode (unknown: default);
    // the sub-agent's own mode is what it asks for, capped at the parent's.
    const sub = where.agent !== undefined;
    const opts = {
      cwd: where.cwd,
      ...(call.id !== undefined ? { toolUseId: call.id } : {}),
      ...(where.agent !== undefined ? { agent: where.agent } : {}),
      ...(sub && where.mode !== undefined ? { agentMode: where.mode } : {}),
    };
    const gateSite: GateSite = sub ? { ...where, mode: parentMode ?? 'default' } : where;
    const gate = await gateFor(project, gateSite);
    const first = settle(await gate.check(call, opts));
    if (first.behavior !== 'ask' || live !== undefined)
      return { result: first, project, context: where, decidedBy: first.behavior !== 'ask' ? first.decidedBy : 'rules' };
    // Which asks a grant may answer, and which grants take part, is decided in one place
    // (src/grants/apply.ts); grants are read from the store on every call, so a revocation
    // holds on the next decision of every replica.
    const ask = { askKind: first.pending.askKind, reasonKind: first.pending.reason.kind };
    if (!askAnswerableByGrant(ask)) return { result: first, project, context: where, decidedBy: 'rules' };
    const at = now();
    const agent = agentKey(where.agent);
    let usable;
    try {
      usable = await grantsInForce(
        o.store,
        {
          projectDir,
          trusted: project.trusted,
          cwd: where.cwd,
          ...(where.sessionId !== undefined ? { sessionId: where.sessionId } : {}),
          ...(agent !== undefined ? { agent } : {}),
          tool: call.tool,
          mode: first.pending.mode,
          inputSha256: inputSha256(call.input),
          ...ask,
        },
        at,
      );
      // A `once` grant of this very input answers it, spent as it does (of two racing, one wins).
      for (const g of usable.once) {
        if (!(await o.store.useGrant(g.id, at))) continue;
        return { result: onceAllow(first, g), project, context: where, decidedBy: 'grant', grant: g };
      }
    } catch {
      return { result: first, project, context: where, decidedBy: 'rules', grantsUnreadable: true };
    }
    if (usable.rules.length === 0) return { result: first, project, context: where, decidedBy: 'rules' };
    const granted = await gateFor(project, gateSite);
    await granted.applyUpdates([
      { type: 'addRules', behavior: 'allow', destination: 'session', rules: usable.rules.map((g) => ruleValue(g.rule)) },
    ]);
    const second = settle(await granted.check(call, opts));
    const rule = second.decision?.rule;
    if (second.behavior === 'allow' && rule?.source.kind === 'session') {
      const grant = usable.rules.find((g) => g.rule === rule.text);
      // The allow must come from a grant that was allowed to answer: anything else keeps the ask.
      if (grant !== undefined) return { result: second, project, context: where, decidedBy: 'grant', grant };
    }
    // Grants answered part of the call: the ask that stands is the one with them in force, so its
    // reason and its proposals name only the parts still not covered (a proposal for a granted
    // part would offer the person a rule broader than the grant they gave).
    if (second.behavior === 'ask') return { result: second, project, context: where, decidedBy: 'rules' };
    return { result: first, project, context: where, decidedBy: 'rules' };
  };

  const queue = o.shadowQueue;
  const shadowOf = (call: ToolCall, where: CallContext, live: ProjectPolicy): Promise<ShadowOutcome> | undefined => {
    if (queue === undefined || live.shadow === undefined) return undefined;
    return queue.schedule(() =>
      runShadow(
        async () => {
          const s = await decideCall(call, where, live);
          return shadowOutcomeOf(unshowable(s) ?? s);
        },
        { now, ...(o.shadowTimeoutMs !== undefined ? { timeoutMs: o.shadowTimeoutMs } : {}) },
      ),
    );
  };

  return {
    gateFor,
    async decide(call, where) {
      const startedAt = now();
      const s = await decideCall(call, where);
      const shadow = shadowOf(call, where, s.project);
      return { ...(unshowable(s) ?? s), startedAt, ...(shadow !== undefined ? { shadow } : {}) };
    },
  };
}

/** A shadow's settled call as its outcome: behavior, reason, rule, ask kind, mode and policy digest. */
function shadowOutcomeOf(s: Settled): Omit<ShadowOutcome, 'durationMs'> {
  const r = s.result;
  const reason = r.behavior === 'ask' ? r.pending.reason : r.reason;
  const rule = r.behavior === 'ask' ? r.pending.rule : r.decision?.rule;
  const askKind = r.behavior === 'ask' ? r.pending.askKind : r.decision?.askKind;
  const mode = r.behavior === 'ask' ? r.pending.mode : modeFor(s.context.mode, { policy: s.project.policy });
  return {
    behavior: r.behavior,
    ...(reason !== undefined ? { reason: { kind: reason.kind, message: reason.message } } : {}),
    ...(rule !== undefined ? { rule } : {}),
    ...(askKind !== undefined ? { askKind } : {}),
    mode,
    policyDigest: s.project.digest,
  };
}

/** The allow of a call answered by a `once` grant of its identical input: the person's approval of that input, replayed once. */
function onceAllow(ask: GateAsk, g: GrantRecord): GateAllow {
  const message = `approved once by ${g.grantedBy} for this exact input (ask ${g.askId ?? '?'}, grant ${g.id})`;
  return {
    behavior: 'allow',
    call: ask.call,
    toolUseId: ask.toolUseId,
    ...(ask.decision !== undefined ? { decision: ask.decision } : {}),
    trace: [...ask.trace, { step: 'grant', outcome: 'allow', detail: message }],
    rewrites: ask.rewrites,
    decidedBy: 'answer',
    reason: { kind: 'sessionGrant', message },
  };
}

/**
 * An ask whose input is too large to show a person whole becomes a deny that says so: toolgate
 * never puts a call to a person cut short (`MAX_SHOWN_INPUT_BYTES`).
 */
function unshowable(s: Settled): Settled | undefined {
  const r = s.result;
  if (r.behavior !== 'ask') return undefined;
  const message = tooLargeToShow(r.pending.call.input);
  if (message === undefined) return undefined;
  const reason = { kind: 'invalidInput' as const, message };
  const result: GateDeny = {
    behavior: 'deny',
    call: r.call,
    toolUseId: r.toolUseId,
    trace: r.trace,
    rewrites: r.rewrites,
    decidedBy: 'rules',
    reason,
    message,
  };
  return { ...s, result, decidedBy: 'unshowable' };
}

/**
 * The common case without building a gate: with no hooks and no resolvers, the gate's result
 * for a call that `evaluate` allows or denies is that very decision (the gate evaluates dontAsk
 * as default and turns only asks into denies; plan-mode tools are left to the gate). Asks, plan
 * tools and anything that throws go through the gate.
 */
async function quickDecision(
  call: ToolCall,
  project: ProjectPolicy,
  where: CallContext,
  parentMode: string | undefined,
  home: { home: string; homeUnknown?: string },
  fs: ReadonlyFsView,
): Promise<GateAllow | GateDeny | undefined> {
  if (call.tool === 'EnterPlanMode' || call.tool === 'ExitPlanMode') return undefined;
  const { mode, agent } = agentCallMode(where.mode, where.agent, {
    policy: project.policy,
    ...(parentMode !== undefined ? { parentMode } : {}),
  });
  // As the gate evaluates: dontAsk as default (it refuses what would still ask itself), for the parent too.
  const ceiling: AgentCeiling | undefined =
    agent !== undefined
      ? { ...agent, parentMode: agent.parentMode === 'dontAsk' ? 'default' : (agent.parentMode ?? 'default') }
      : undefined;
  let d;
  try {
    // Through the one door, as the gate builds it.
    const context = evaluationContextFor(
      { cwd: where.cwd, mode: mode === 'dontAsk' ? 'default' : mode, ...(ceiling !== undefined ? { agent: ceiling } : {}) },
      {
        policy: project.policy,
        home: home.home,
        ...(home.homeUnknown !== undefined ? { homeUnknown: home.homeUnknown } : {}),
        project: project.finding,
        // As the gate sees it: a symbolic link to a denied file is denied (deny if either path matches).
        fs,
        ...(where.shell !== undefined ? { shell: where.shell } : {}),
        ...(where.environment !== undefined ? { environment: where.environment } : {}),
      },
    );
    d = await evaluateAsync(call, context);
  } catch {
    return undefined;
  }
  const base = { call, toolUseId: call.id ?? '', decision: d, trace: d.trace, rewrites: 0, decidedBy: 'rules' as const, reason: d.reason };
  if (d.behavior === 'allow') return { ...base, behavior: 'allow' };
  if (d.behavior === 'deny') return { ...base, behavior: 'deny', message: d.reason.message };
  return undefined;
}

/** No hooks run, so nothing defers; should it ever, the call is refused rather than let through. */
export function settle(r: GateResult): GateAllow | GateDeny | GateAsk {
  if (r.behavior !== 'deferred') return r;
  const message = 'a deferral cannot be held by toolgate serve';
  return { ...r, behavior: 'deny', decidedBy: 'gate', reason: { kind: 'checkFailed', message }, message };
}
