import { normalizeMode, type PermissionMode, type PermissionRuleValue, type ToolCall } from '../core/types.js';
import { createGate, type AgentRef, type Gate, type GateAllow, type GateAsk, type GateDeny, type GateResult } from '../gate/index.js';
import { compileHooks, type HookRegistry } from '../hooks/index.js';
import { unescapeRuleContent } from '../rules/index.js';
import type { GrantRecord, Store } from '../store/index.js';
import type { ProjectPolicy, Projects } from './projects.js';
import { reachesSelf, type SelfTarget } from './self-guard.js';

/** Where a call is made: what the hook event or the API request says about it. */
export interface CallContext {
  cwd: string;
  sessionId?: string;
  agent?: AgentRef;
  /** A permission mode name as sent; unknown names are read as `default`. */
  mode?: string;
  /** An explicit project root (the JSON API's `projectDir`). */
  projectDir?: string;
}

/** A decided call: the gate's result (never deferred) and who settled it. */
export interface Settled {
  result: GateAllow | GateDeny | GateAsk;
  project: ProjectPolicy;
  context: CallContext;
  /** `rules`, `grant`, `serveSelf`, or the gate's `decidedBy`. */
  decidedBy: string;
  /** The grant that answered a plain ask. */
  grant?: GrantRecord;
  /** Grants could not be read (the store is unreachable): the ask stands. */
  grantsUnreadable?: boolean;
}

// serve runs no hooks from the files it loads: Claude Code runs them (the project's own http
// hook is what points back here).
const NO_HOOKS: HookRegistry = compileHooks([]).registry;

function ruleValue(text: string): PermissionRuleValue {
  const open = text.indexOf('(');
  if (open === -1 || !text.endsWith(')')) return { toolName: text };
  return { toolName: text.slice(0, open), ruleContent: unescapeRuleContent(text.slice(open + 1, -1)) };
}

export interface Decider {
  decide(call: ToolCall, where: CallContext): Promise<Settled>;
  /** A gate for `project` as serve uses one: no hooks, nothing written to settings files. */
  gateFor(project: ProjectPolicy, where: { cwd: string; sessionId?: string; mode?: string }): Promise<Gate>;
}

export function createDecider(o: { projects: Projects; store: Store; home: string; self: () => SelfTarget | undefined; now?: () => number }): Decider {
  const now = o.now ?? Date.now;

  const gateFor = async (project: ProjectPolicy, where: { cwd: string; sessionId?: string; mode?: string }): Promise<Gate> => {
    const mode: PermissionMode | undefined = where.mode !== undefined ? (normalizeMode(where.mode) ?? 'default') : undefined;
    const gate = createGate({
      policy: project.policy,
      ...(mode !== undefined ? { mode } : {}),
      cwd: where.cwd,
      home: o.home,
      projectDir: project.projectDir,
      hooks: NO_HOOKS,
      ...(where.sessionId !== undefined ? { sessionId: where.sessionId } : {}),
      isProjectTrusted: () => project.trusted,
    });
    // The project stays a working directory wherever the agent's shell has gone.
    if (where.cwd !== project.projectDir) await gate.applyUpdates([{ type: 'addDirectories', directories: [project.projectDir], destination: 'session' }]);
    return gate;
  };

  return {
    gateFor,
    async decide(call, where) {
      const projectDir = await o.projects.rootFor(where);
      const project = await o.projects.policyFor(projectDir);
      const self = o.self();
      const selfDeny = self !== undefined ? reachesSelf(call, self) : undefined;
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
      const opts = { ...(call.id !== undefined ? { toolUseId: call.id } : {}), ...(where.agent !== undefined ? { agent: where.agent } : {}) };
      const gate = await gateFor(project, where);
      const first = settle(await gate.check(call, opts));
      if (first.behavior !== 'ask' || first.pending.askKind !== 'plain') return { result: first, project, context: where, decidedBy: first.behavior === 'ask' ? 'rules' : first.decidedBy };

      // A plain ask: a grant of the session or the project may answer it.
      let grants: GrantRecord[];
      try {
        grants = await o.store.listGrants({ projectDir, ...(where.sessionId !== undefined ? { sessionId: where.sessionId } : {}), at: now() });
      } catch {
        return { result: first, project, context: where, decidedBy: 'rules', grantsUnreadable: true };
      }
      if (grants.length === 0) return { result: first, project, context: where, decidedBy: 'rules' };
      const granted = await gateFor(project, where);
      await granted.applyUpdates([{ type: 'addRules', behavior: 'allow', destination: 'session', rules: grants.map((g) => ruleValue(g.rule)) }]);
      const second = settle(await granted.check(call, opts));
      const rule = second.decision?.rule;
      if (second.behavior === 'allow' && rule?.source.kind === 'session') {
        const grant = grants.find((g) => g.rule === rule.text) ?? grants[0];
        return { result: second, project, context: where, decidedBy: 'grant', ...(grant !== undefined ? { grant } : {}) };
      }
      return { result: first, project, context: where, decidedBy: 'rules' };
    },
  };
}

/** No hooks run, so nothing defers; should it ever, the call is refused rather than let through. */
export function settle(r: GateResult): GateAllow | GateDeny | GateAsk {
  if (r.behavior !== 'deferred') return r;
  const message = 'a deferral cannot be held by toolgate serve';
  return { ...r, behavior: 'deny', decidedBy: 'gate', reason: { kind: 'checkFailed', message }, message };
}
