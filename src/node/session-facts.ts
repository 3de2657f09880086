import { resolve } from 'node:path';
import type { ReadonlyFsView } from '../core/ports.js';
import { findProject, type ProjectFinding, type SessionFacts, type ToolEvent } from '../evaluate/door/index.js';
import type { ContextShell, Dialect, EnvironmentFacts } from '../evaluate/types.js';
import type { Policy } from '../settings/types.js';
import { nodeFsView } from './fs-view.js';

/** Options of {@link loadSessionFacts}. @public */
export interface SessionFactsOptions {
  home: string;
  /** A project the host named (`CLAUDE_PROJECT_DIR`, `X-Toolgate-Project`, the API's `projectDir`). */
  declared?: string;
  /** Projects the front end trusts (`--project`): one holding the event's cwd is the project. */
  trusted?: readonly string[];
  shell?: ContextShell;
  environment?: EnvironmentFacts;
  dialect?: Dialect;
  /** A mode that overrides the event's (`--mode`). */
  mode?: string;
  /** Default the Node file system's view (symbolic links followed). */
  fs?: ReadonlyFsView;
  /** Loads the policy for the project found; a front end's cache may answer (`loadSessionPolicy` otherwise). */
  loadPolicy(project: ProjectFinding): Promise<Policy>;
}

/**
 * The I/O half of the one door: find the session's project for an event (see `findProject`:
 * declared, else the transcript's folder, else a trusted project holding the cwd, else unknown),
 * load its policy, and add the Node file system's view. What comes back goes, with the event, to
 * `callAndContext`.
 * @public
 */
export async function loadSessionFacts(event: Pick<ToolEvent, 'cwd' | 'transcriptPath'>, o: SessionFactsOptions): Promise<SessionFacts> {
  const project = findProject({
    ...(event.cwd !== undefined ? { cwd: event.cwd } : {}),
    ...(event.transcriptPath !== undefined ? { transcriptPath: event.transcriptPath } : {}),
    ...(o.declared !== undefined && o.declared.trim() !== '' ? { declared: resolve(o.declared) } : {}),
    ...(o.trusted !== undefined ? { trusted: o.trusted.map((t) => resolve(t)) } : {}),
  });
  const policy = await o.loadPolicy(project);
  return {
    policy,
    home: o.home,
    project,
    fs: o.fs ?? nodeFsView(),
    ...(o.dialect !== undefined ? { dialect: o.dialect } : {}),
    ...(o.shell !== undefined ? { shell: o.shell } : {}),
    ...(o.environment !== undefined ? { environment: o.environment } : {}),
    ...(o.mode !== undefined ? { mode: o.mode } : {}),
  };
}
