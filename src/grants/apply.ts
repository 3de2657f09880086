/**
 * Which stored grants may answer which ask — the one place this is decided, for every front end
 * that applies grants (decision 0060, docs/grants.md). Pure: the caller reads the grants from the
 * store on every call (no cache, so a revocation holds at once on every replica) and re-checks the
 * call with the rules returned here; this module only says which grants take part.
 *
 * The kinds of ask (DESIGN "Kinds of ask"):
 * - plain: any live grant of the call's scope may answer it;
 * - guarded read: only an exact-command grant (a `Bash(...)` rule without `*`, or a `once` grant
 *   of the identical input);
 * - firm, from the opaque-code table (`opaqueCode`): only a grant that names the program — a
 *   `Bash(...)` rule whose first word holds no `*` — or a `once` grant of the identical input,
 *   which the table counts as specific consent;
 * - any other firm ask, a protected ask, a plan-mode block: no grant, ever.
 * A deny never reaches this: grants are consulted only for asks.
 */
import type { AskKind, ReasonKind } from '../core/types.js';
import type { GrantRecord } from '../store/types.js';

/** What is known of the ask a grant might answer. @public */
export interface GrantAsk {
  askKind: AskKind;
  reasonKind: ReasonKind;
}

/** Where the call is made, as grants are matched against it. @public */
export interface GrantSite {
  /** The project root that decided the call. */
  projectDir: string;
  /** Whether `projectDir` is a project toolgate found (not a stand-in for an unknown one). */
  projectKnown: boolean;
  /** Whether serve trusts the project: `user` grants apply only in trusted projects. */
  trusted: boolean;
  /**
   * Whether the call's working directory is the project root or inside it (always true for an
   * unknown project, which has no root). A call that names a project but runs elsewhere — an
   * event whose cwd is outside the project it declares — runs another directory's files (its
   * Makefile, its scripts): no grant answers it.
   */
  cwdInProject: boolean;
  sessionId?: string;
  /** The call's tool (`Bash`, `mcp__ci__run`): a `once` grant answers only the tool it was given for. */
  tool: string;
  /** The call's working directory, resolved: a `once` grant answers only where its call was to run. */
  cwd: string;
  /** The sub-agent making the call (its id, else its type); none for the main agent. */
  agent?: string;
  /** The mode the call is decided in (its ask's `mode`). */
  mode: string;
  /** Lowercase hex SHA-256 of the canonical JSON of the call's input. */
  inputSha256: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** The grants that take part in answering one ask: rules to add, and `once` grants of the identical input. @public */
export interface UsableGrants {
  /** Grants whose rule is added as an allow rule of the session for the re-check. */
  rules: GrantRecord[];
  /** `once` grants of exactly this input: one of them is spent to answer the call. */
  once: GrantRecord[];
}

/** Whether any grant may answer an ask of this kind (see the module comment). @public */
export function askAnswerableByGrant(ask: GrantAsk): boolean {
  return ask.askKind === 'plain' || ask.askKind === 'guardedRead' || (ask.askKind === 'firm' && ask.reasonKind === 'opaqueCode');
}

/** A rule's tool name and content, as written (`Bash(npm test *)` → Bash, `npm test *`). */
function ruleParts(text: string): { tool: string; content?: string } {
  const open = text.indexOf('(');
  if (open === -1 || !text.endsWith(')')) return { tool: text };
  return { tool: text.slice(0, open), content: text.slice(open + 1, -1) };
}

/** A shell-command rule naming one exact command: `Bash(git status)`, no `*` anywhere. @public */
export function isExactCommandRule(rule: string): boolean {
  const r = ruleParts(rule);
  return r.tool === 'Bash' && r.content !== undefined && r.content.trim() !== '' && !r.content.includes('*');
}

/**
 * A shell-command rule naming its program by its first word (`Bash(node *)`, `Bash(npm test *)`,
 * an exact command): specific consent in the opaque-code table. Bare `Bash` and a first word
 * holding `*` (`Bash(*)`, `Bash(:*)`) are wildcards.
 * @public
 */
export function namesProgram(rule: string): boolean {
  const r = ruleParts(rule);
  if (r.tool !== 'Bash' || r.content === undefined) return false;
  const first = r.content.trim().split(/\s+/)[0] ?? '';
  return first !== '' && !first.includes('*') && !first.startsWith(':');
}

/** Whether a grant is live at `at`: not revoked, not spent, not expired. @public */
export function grantLive(g: GrantRecord, at: number): boolean {
  return g.revokedAt === undefined && g.usedAt === undefined && (g.expiresAt === undefined || g.expiresAt > at);
}

/**
 * Whether a grant's scope covers the site: `once` — the call it was given for and nothing else:
 * the same project, session (none only for none), tool, working directory, agent and mode, and the
 * identical input; `session` — the same project and session, and the agent it was given to when
 * that was a sub-agent (a main agent's session grant covers its sub-agents, capped as they are at
 * the main agent; a sub-agent's never covers the main agent or another sub-agent); `project` — the
 * same project, one toolgate found (an unknown project is no project to share); `user` — any
 * project toolgate found and serve trusts. Grants of one project never answer in another (but
 * `user` grants, which the person chose to follow them everywhere trusted), and no grant answers a
 * call whose working directory is outside the project it names (`cwdInProject`). A grant stored
 * before it carried what it was given for (no `cwd` or `mode` on a `once` grant) answers nothing.
 * @public
 */
export function grantCovers(g: GrantRecord, site: GrantSite): boolean {
  if (!site.cwdInProject) return false;
  switch (g.scope) {
    case 'once':
      return (
        g.projectDir === site.projectDir &&
        g.inputSha256 !== undefined &&
        g.inputSha256 === site.inputSha256 &&
        g.sessionId === site.sessionId &&
        g.rule === site.tool &&
        g.cwd !== undefined &&
        g.cwd === site.cwd &&
        g.agent === site.agent &&
        g.mode !== undefined &&
        g.mode === site.mode
      );
    case 'session':
      return (
        g.projectDir === site.projectDir &&
        g.sessionId !== undefined &&
        g.sessionId === site.sessionId &&
        (g.agent === undefined || g.agent === site.agent)
      );
    case 'project':
      return site.projectKnown && g.projectDir === site.projectDir;
    case 'user':
      return site.projectKnown && site.trusted;
    default:
      return false;
  }
}

/** Whether one grant may answer an ask of this kind (see the module comment). @public */
export function grantMayAnswer(ask: GrantAsk, g: GrantRecord): boolean {
  if (g.settingsFile !== undefined) return false;
  const exact = g.scope === 'once';
  switch (ask.askKind) {
    case 'plain':
      return true;
    case 'guardedRead':
      return exact || isExactCommandRule(g.rule);
    case 'firm':
      return ask.reasonKind === 'opaqueCode' && (exact || namesProgram(g.rule));
    default:
      return false;
  }
}

/**
 * The grants that may answer `ask` at `site`: live, covering the site, and allowed for the ask's
 * kind. Everything else is left out, whatever the store returned.
 * @public
 */
export function usableGrants(grants: readonly GrantRecord[], ask: GrantAsk, site: GrantSite): UsableGrants {
  const out: UsableGrants = { rules: [], once: [] };
  if (!askAnswerableByGrant(ask)) return out;
  for (const g of grants) {
    if (!grantLive(g, site.at) || !grantCovers(g, site) || !grantMayAnswer(ask, g)) continue;
    (g.scope === 'once' ? out.once : out.rules).push(g);
  }
  return out;
}
