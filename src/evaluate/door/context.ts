import type { ReadonlyFsView } from '../../core/ports.js';
import { normalizeMode, type PermissionMode, type Platform, type ToolCall } from '../../core/types.js';
import type { Policy } from '../../settings/types.js';
import { claudeCode } from '../dialect.js';
import { agentModeFor, parentModeOf } from '../agent-ceiling.js';
import type { AgentCeiling, ContextShell, Dialect, EnvironmentFacts, EvaluateOptions, EvaluationContext, SessionState } from '../types.js';
import type { ToolEvent } from './event.js';
import type { ProjectFinding } from './project.js';

/**
 * What a front end loaded for a session: everything besides the event that a decision depends
 * on. The I/O part (`toolgate/node`'s `loadSessionFacts`, a gate's options) fills it; the pure part
 * ({@link callAndContext}) turns it and an event into what `evaluate` is given.
 * @public
 */
export interface SessionFacts {
  /** The policy in force: for an unknown project, the user and managed layers only. */
  policy: Policy;
  home: string;
  project: ProjectFinding;
  dialect?: Dialect;
  fs?: ReadonlyFsView;
  platform?: Platform;
  /** Default `unknown`. */
  shell?: ContextShell;
  /** Default: nothing known. */
  environment?: EnvironmentFacts;
  session?: SessionState;
  options?: EvaluateOptions;
  dialectInput?: Readonly<Record<string, unknown>>;
  /** A mode that overrides the event's (the CLI's `--mode`). */
  mode?: string;
  /** Why the agent's home directory is not known (`home` is then a stand-in); see `EvaluationContext.homeUnknown`. */
  homeUnknown?: string;
  /**
   * The main agent's mode in this session as last seen (`toolgate hook` keeps it per session in
   * its cache directory; `serve` in memory): a sub-agent's call is capped at what the main agent
   * would get in it. Unknown: `default`.
   */
  parentMode?: string;
}

/** What {@link callAndContext} gives: the call and the context to decide it in. @public */
export interface CallAndContext {
  call: ToolCall;
  context: EvaluationContext;
}

const isAbsolute = (p: string) => p.startsWith('/') || p.startsWith('~') || /^[A-Za-z]:[\\/]/.test(p);

/**
 * The working directories of a session: the project and its `additionalDirectories` (a relative
 * one is read from the project), then the directories added for the session. Where the agent's
 * shell is (`cd`) is not among them: it only anchors relative paths. An unknown project has none.
 * @public
 */
export function workingDirectoriesFor(facts: Pick<SessionFacts, 'policy' | 'project' | 'session'>): string[] {
  if (!facts.project.known) return [];
  const dir = facts.project.dir;
  const sep = /^[A-Za-z]:[\\/]/.test(dir) ? '\\' : '/';
  const join = (d: string) => (isAbsolute(d) ? d : `${dir.endsWith(sep) ? dir : `${dir}${sep}`}${d}`);
  return [dir, ...facts.policy.additionalDirectories.map((d) => join(d.value)), ...(facts.session?.directories ?? [])];
}

/**
 * The mode a call is decided in: the one requested (the CLI's `--mode`, else the event's
 * `permission_mode`), read with the dialect's names, an unknown name as `default`; with none
 * requested, the policy's `defaultMode`, else the dialect's default.
 * @public
 */
export function modeFor(requested: string | undefined, facts: Pick<SessionFacts, 'policy' | 'dialect'>): PermissionMode {
  const dialect = facts.dialect ?? claudeCode;
  if (requested !== undefined) return dialect.modeAliases[requested] ?? normalizeMode(requested) ?? 'default';
  return facts.policy.defaultMode?.value ?? dialect.defaultMode;
}

/**
 * The context `evaluate` gets for a call made from `cwd` in `mode` — the one door every front end
 * goes through, so that the same event gets the same decision from each. The cwd anchors
 * relative paths (default: the project, else home); the working directories are
 * {@link workingDirectoriesFor}; an unknown project sets `projectUnknown`.
 * @public
 */
export function evaluationContextFor(
  where: { cwd?: string; mode: PermissionMode | 'manual'; agent?: AgentCeiling },
  facts: SessionFacts,
): EvaluationContext {
  const project = facts.project;
  return {
    mode: where.mode,
    policy: facts.policy,
    cwd: where.cwd ?? (project.known ? project.dir : facts.home),
    home: facts.home,
    ...(project.known ? { projectDir: project.dir } : {}),
    workingDirectories: workingDirectoriesFor(facts),
    ...(facts.session !== undefined ? { session: facts.session } : {}),
    ...(facts.dialect !== undefined ? { dialect: facts.dialect } : {}),
    ...(facts.platform !== undefined ? { platform: facts.platform } : {}),
    ...(facts.fs !== undefined ? { fs: facts.fs } : {}),
    ...(facts.options !== undefined ? { options: facts.options } : {}),
    ...(facts.dialectInput !== undefined ? { dialectInput: facts.dialectInput } : {}),
    shell: facts.shell ?? 'unknown',
    ...(facts.environment !== undefined ? { environment: facts.environment } : {}),
    ...(project.known ? {} : { projectUnknown: true }),
    ...(facts.homeUnknown !== undefined ? { homeUnknown: facts.homeUnknown } : {}),
    ...(where.agent !== undefined ? { agent: where.agent } : {}),
  };
}

/**
 * The mode a call of `agent` (absent: the main agent) is decided in, and the sub-agent's ceiling:
 * for the main agent {@link modeFor} the requested mode; for a sub-agent the mode it asks for
 * capped by `agentModeFor` at its parent's (`parentMode`; with a mode override such as the CLI's
 * `--mode`, that mode; unknown: `default`).
 * @public
 */
export function agentCallMode(
  requested: string | undefined,
  agent: { id?: string; type?: string } | undefined,
  facts: Pick<SessionFacts, 'policy' | 'dialect' | 'mode' | 'parentMode'>,
): { mode: PermissionMode; agent?: AgentCeiling } {
  const mode = modeFor(facts.mode ?? requested, facts);
  if (agent === undefined) return { mode };
  const parentMode = facts.mode !== undefined ? mode : parentModeOf(facts.parentMode, (facts.dialect ?? claudeCode).modeAliases);
  const ceiling: AgentCeiling = {
    ...(agent.id !== undefined && agent.id !== '' ? { id: agent.id } : {}),
    ...(agent.type !== undefined ? { type: agent.type } : {}),
    parentMode,
  };
  return { mode: agentModeFor(mode, parentMode, facts.policy, agent.type), agent: ceiling };
}

/**
 * A tool event and the facts loaded for it → the call and its context (toolgate docs, "One
 * door"). The mode is {@link modeFor} the facts' override, else the event's; a sub-agent's event
 * (`agent_id` / `agent_type`) gets its ceiling ({@link agentCallMode}).
 * @public
 */
export function callAndContext(event: ToolEvent, facts: SessionFacts): CallAndContext {
  const { mode, agent } = agentCallMode(event.mode, event.agent, facts);
  return {
    call: event.call,
    context: evaluationContextFor(
      { ...(event.cwd !== undefined ? { cwd: event.cwd } : {}), mode, ...(agent !== undefined ? { agent } : {}) },
      facts,
    ),
  };
}
