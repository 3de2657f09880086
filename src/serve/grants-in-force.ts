/**
 * The grants in force for one call, read from the store as serve decides it: the same site and
 * the same choice of grants (src/grants/apply.ts) for the decision, for the proposal shown with
 * its ask, and for the check of what a person confirms — so that a proposal counts the parts of
 * the call grants already answer, exactly as the decision did.
 */
import { resolve } from 'node:path';
import type { AskKind, ReasonKind } from '../core/types.js';
import { usableGrants, type GrantSite, type UsableGrants } from '../grants/apply.js';
import { isInside } from '../paths/index.js';
import type { AskRecord, Store } from '../store/index.js';
import { UNKNOWN_PROJECT } from './projects.js';

/** What grants are matched against: where the call is made and the ask it raised. */
export interface GrantCall {
  /** The project root that decided the call ({@link UNKNOWN_PROJECT} when none was found). */
  projectDir: string;
  /** Whether serve trusts the project (`user` grants answer only in trusted ones). */
  trusted: boolean;
  /** The call's working directory, as sent. */
  cwd: string;
  sessionId?: string;
  /** The sub-agent making the call (its id, else its type). */
  agent?: string;
  tool: string;
  /** The mode the call is decided in. */
  mode: string;
  /** SHA-256 of the call's canonical input. */
  inputSha256: string;
  askKind: AskKind;
  reasonKind: ReasonKind;
}

/** The grants that take part in answering the call at `at`, and the site they were matched against. */
export async function grantsInForce(
  store: Pick<Store, 'listGrants'>,
  call: GrantCall,
  at: number,
): Promise<UsableGrants & { site: GrantSite }> {
  const projectKnown = call.projectDir !== UNKNOWN_PROJECT;
  const site: GrantSite = {
    projectDir: call.projectDir,
    projectKnown,
    trusted: call.trusted,
    // A call naming a project from a directory outside it runs that directory's files: no grant of the project answers it.
    cwdInProject: !projectKnown || isInside(resolve(call.cwd), call.projectDir),
    ...(call.sessionId !== undefined ? { sessionId: call.sessionId } : {}),
    tool: call.tool,
    cwd: resolve(call.cwd),
    ...(call.agent !== undefined ? { agent: call.agent } : {}),
    mode: call.mode,
    inputSha256: call.inputSha256,
    at,
  };
  const grants = await store.listGrants({
    projectDir: call.projectDir,
    ...(call.sessionId !== undefined ? { sessionId: call.sessionId } : {}),
    at,
    user: projectKnown && call.trusted,
    inputSha256: call.inputSha256,
  });
  return { ...usableGrants(grants, { askKind: call.askKind, reasonKind: call.reasonKind }, site), site };
}

/** A parked ask as a {@link GrantCall}: its project, directory, session, agent, mode, input and kind. */
export function grantCallOfAsk(ask: AskRecord, trusted: boolean): GrantCall {
  return {
    projectDir: ask.projectDir,
    trusted,
    cwd: ask.cwd,
    ...(ask.sessionId !== undefined ? { sessionId: ask.sessionId } : {}),
    ...(ask.agent !== undefined ? { agent: ask.agent } : {}),
    tool: ask.pending.call.tool,
    mode: ask.pending.mode,
    inputSha256: ask.inputSha256,
    askKind: ask.pending.askKind,
    reasonKind: ask.pending.reason.kind,
  };
}
