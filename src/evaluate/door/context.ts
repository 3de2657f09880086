import type { ReadonlyFsView } from '../../core/ports.js';
import { normalizeMode, type PermissionMode, type Platform, type ToolCall } from '../../core/types.js';
import type { Policy } from '../../settings/types.js';
import { claudeCode } from '../dialect.js';
import type { ContextShell, Dialect, EnvironmentFacts, EvaluateOptions, EvaluationContext, SessionState } from '../types.js';
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
export function evaluationContextFor(where: { cwd?: string; mode: PermissionMode | 'manual' }, facts: SessionFacts): EvaluationContext {
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
  };
}

/**
 * A tool event and the facts loaded for it → the call and its context (toolgate docs, "One
 * door"). The mode is {@link modeFor} the facts' override, else the event's.
 * @public
 */
export function callAndContext(event: ToolEvent, facts: SessionFacts): CallAndContext {
  const mode = modeFor(facts.mode ?? event.mode, facts);
  return { call: event.call, context: evaluationContextFor({ ...(event.cwd !== undefined ? { cwd: event.cwd } : {}), mode }, facts) };
}
