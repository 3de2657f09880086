/**
 * Properties of the one place that says which grants may answer which ask (src/grants/apply.ts):
 * for any grants and any ask, no grant answers a protected ask, a plan-mode block or a firm ask
 * other than opaque code; a guarded read only by an exact-command grant; opaque code only by a
 * grant naming the program; no expired, revoked, spent or settings-file grant; no grant of another
 * project (but a `user` grant in a trusted project); no `once` grant of another input, session,
 * tool, working directory, agent or mode; no sub-agent's session grant for another agent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AskKind, ReasonKind } from '../../src/core/types.js';
import { grantLive, isExactCommandRule, namesProgram, usableGrants, type GrantAsk, type GrantSite } from '../../src/grants/apply.js';
import type { GrantRecord } from '../../src/store/index.js';
import { propertyRuns } from '../support/property-runs.js';

const RUNS = propertyRuns(2000);
const PROJECTS = ['/p/one', '/p/two'];
const SESSIONS = ['s1', 's2'];
const HASHES = ['a'.repeat(64), 'b'.repeat(64)];
const TOOLS = ['Bash', 'mcp__srv__tool'];
const CWDS = ['/p/one', '/p/one/src/a', '/p/one/src/b'];
const AGENTS = ['a1', 'a2'];
const MODES = ['default', 'acceptEdits'];
const RULES = [
  'Bash',
  'Bash(*)',
  'Bash(:*)',
  'Bash(* --help)',
  'Bash(npm test)',
  'Bash(npm *)',
  'Bash(npm publish:*)',
  'Bash(node *)',
  'Bash(ls -R src)',
  'Read',
  'Edit(src/**)',
  'WebFetch(domain:x.org)',
  'mcp__srv__tool',
];

const grant: fc.Arbitrary<GrantRecord> = fc
  .record({
    id: fc.uuid(),
    scope: fc.constantFrom('once', 'session', 'project', 'user' as const),
    sessionId: fc.option(fc.constantFrom(...SESSIONS), { nil: undefined }),
    projectDir: fc.constantFrom(...PROJECTS),
    rule: fc.constantFrom(...RULES),
    inputSha256: fc.option(fc.constantFrom(...HASHES), { nil: undefined }),
    cwd: fc.option(fc.constantFrom(...CWDS), { nil: undefined, freq: 5 }),
    agent: fc.option(fc.constantFrom(...AGENTS), { nil: undefined }),
    mode: fc.option(fc.constantFrom(...MODES), { nil: undefined, freq: 5 }),
    settingsFile: fc.option(fc.constant('/p/one/.claude/settings.local.json'), { nil: undefined, freq: 5 }),
    createdAt: fc.integer({ min: 0, max: 100 }),
    expiresAt: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    revokedAt: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined, freq: 3 }),
    usedAt: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined, freq: 3 }),
  })
  .map((g) => {
    const out: GrantRecord = {
      id: g.id,
      scope: g.scope,
      projectDir: g.projectDir,
      rule: g.rule,
      grantedBy: 'alice',
      createdAt: g.createdAt,
    };
    for (const k of ['sessionId', 'inputSha256', 'cwd', 'agent', 'mode', 'settingsFile', 'expiresAt', 'revokedAt', 'usedAt'] as const)
      if (g[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = g[k];
    return out;
  });

const KINDS: AskKind[] = ['firm', 'protected', 'guardedRead', 'planBlock', 'plain'];
const REASONS: ReasonKind[] = [
  'opaqueCode',
  'rule',
  'shellUnknown',
  'criticalRemoval',
  'protectedPath',
  'guardedRead',
  'toolDefault',
  'planApproval',
];
const ask: fc.Arbitrary<GrantAsk> = fc.record({ askKind: fc.constantFrom(...KINDS), reasonKind: fc.constantFrom(...REASONS) });
const site: fc.Arbitrary<GrantSite> = fc
  .record({
    projectDir: fc.constantFrom(...PROJECTS),
    projectKnown: fc.boolean(),
    trusted: fc.boolean(),
    cwdInProject: fc.boolean(),
    sessionId: fc.option(fc.constantFrom(...SESSIONS), { nil: undefined }),
    tool: fc.constantFrom(...TOOLS),
    cwd: fc.constantFrom(...CWDS),
    agent: fc.option(fc.constantFrom(...AGENTS), { nil: undefined }),
    mode: fc.constantFrom(...MODES),
    inputSha256: fc.constantFrom(...HASHES),
    at: fc.integer({ min: 0, max: 200 }),
  })
  .map((s) => {
    const { sessionId, agent, ...rest } = s;
    return { ...rest, ...(sessionId !== undefined ? { sessionId } : {}), ...(agent !== undefined ? { agent } : {}) };
  });

const used = (grants: GrantRecord[], a: GrantAsk, s: GrantSite) => {
  const u = usableGrants(grants, a, s);
  return [...u.rules, ...u.once];
};

describe('which grants may answer which ask', () => {
  it('never a protected ask, a plan-mode block, or a firm ask other than opaque code', () => {
    fc.assert(
      fc.property(fc.array(grant, { maxLength: 12 }), ask, site, (grants, a, s) => {
        const closed = a.askKind === 'protected' || a.askKind === 'planBlock' || (a.askKind === 'firm' && a.reasonKind !== 'opaqueCode');
        if (closed) expect(used(grants, a, s)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('a guarded read only by an exact-command grant; opaque code only by a grant naming the program (or a once grant of the exact input)', () => {
    fc.assert(
      fc.property(fc.array(grant, { maxLength: 12 }), ask, site, (grants, a, s) => {
        for (const g of used(grants, a, s)) {
          if (a.askKind === 'guardedRead') expect(g.scope === 'once' || isExactCommandRule(g.rule)).toBe(true);
          if (a.askKind === 'firm') expect(g.scope === 'once' || namesProgram(g.rule)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('no expired, revoked, spent or settings-file grant answers anything', () => {
    fc.assert(
      fc.property(fc.array(grant, { maxLength: 12 }), ask, site, (grants, a, s) => {
        for (const g of used(grants, a, s)) {
          expect(g.revokedAt).toBeUndefined();
          expect(g.usedAt).toBeUndefined();
          expect(g.settingsFile).toBeUndefined();
          expect(g.expiresAt === undefined || g.expiresAt > s.at).toBe(true);
          expect(grantLive(g, s.at)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('grants of one project never answer in another; user grants only in a known, trusted project', () => {
    fc.assert(
      fc.property(fc.array(grant, { maxLength: 12 }), ask, site, (grants, a, s) => {
        for (const g of used(grants, a, s)) {
          if (g.scope === 'user') expect(s.projectKnown && s.trusted).toBe(true);
          else expect(g.projectDir).toBe(s.projectDir);
          if (g.scope === 'project') expect(s.projectKnown).toBe(true);
          // Nor from a working directory outside the project the call names.
          expect(s.cwdInProject).toBe(true);
          if (g.scope === 'session') expect(g.sessionId).toBe(s.sessionId);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a once grant answers only the call it was given for: same input, session, tool, working directory, agent and mode', () => {
    fc.assert(
      fc.property(fc.array(grant, { maxLength: 12 }), ask, site, (grants, a, s) => {
        const u = usableGrants(grants, a, s);
        for (const g of u.once) {
          expect(g.inputSha256).toBe(s.inputSha256);
          // No session on the grant is no session on the call, never "any session".
          expect(g.sessionId).toBe(s.sessionId);
          expect(g.rule).toBe(s.tool);
          expect(g.cwd).toBe(s.cwd);
          expect(g.agent).toBe(s.agent);
          expect(g.mode).toBe(s.mode);
        }
        expect(u.rules.every((g) => g.scope !== 'once')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("a sub-agent's session grant answers that sub-agent only", () => {
    fc.assert(
      fc.property(fc.array(grant, { maxLength: 12 }), ask, site, (grants, a, s) => {
        for (const g of usableGrants(grants, a, s).rules) if (g.scope === 'session' && g.agent !== undefined) expect(g.agent).toBe(s.agent);
      }),
      { numRuns: RUNS },
    );
  });

  it('a live grant of the site does answer a plain ask (the properties are not met by answering nothing)', () => {
    const g: GrantRecord = { id: 'g', scope: 'project', projectDir: '/p/one', rule: 'Bash(npm *)', grantedBy: 'alice', createdAt: 0 };
    const s: GrantSite = {
      projectDir: '/p/one',
      projectKnown: true,
      trusted: true,
      cwdInProject: true,
      tool: 'Bash',
      cwd: '/p/one',
      mode: 'default',
      inputSha256: HASHES[0] as string,
      at: 1,
    };
    expect(usableGrants([g], { askKind: 'plain', reasonKind: 'toolDefault' }, s).rules).toEqual([g]);
    expect(usableGrants([g], { askKind: 'plain', reasonKind: 'toolDefault' }, { ...s, cwdInProject: false }).rules).toEqual([]);
    expect(usableGrants([{ ...g, rule: 'Bash(node *)' }], { askKind: 'firm', reasonKind: 'opaqueCode' }, s).rules).toHaveLength(1);
    expect(usableGrants([{ ...g, rule: 'Bash(*)' }], { askKind: 'firm', reasonKind: 'opaqueCode' }, s).rules).toHaveLength(0);
    expect(usableGrants([{ ...g, rule: 'Bash(ls -R src)' }], { askKind: 'guardedRead', reasonKind: 'guardedRead' }, s).rules).toHaveLength(
      1,
    );
    expect(usableGrants([g], { askKind: 'guardedRead', reasonKind: 'guardedRead' }, s).rules).toHaveLength(0);
  });

  it('a once grant answers its own call, and the same input from anywhere else asks again', () => {
    const once: GrantRecord = {
      id: 'o',
      scope: 'once',
      sessionId: 's1',
      projectDir: '/p/one',
      cwd: '/p/one/src/a',
      mode: 'default',
      rule: 'Bash',
      inputSha256: HASHES[0] as string,
      grantedBy: 'alice',
      createdAt: 0,
    };
    const own: GrantSite = {
      projectDir: '/p/one',
      projectKnown: true,
      trusted: true,
      cwdInProject: true,
      sessionId: 's1',
      tool: 'Bash',
      cwd: '/p/one/src/a',
      mode: 'default',
      inputSha256: HASHES[0] as string,
      at: 1,
    };
    const plain: GrantAsk = { askKind: 'plain', reasonKind: 'toolDefault' };
    expect(usableGrants([once], plain, own).once).toEqual([once]);
    const { sessionId: _s, ...noSession } = own;
    for (const elsewhere of [
      { ...own, cwd: '/p/one/src/b' },
      { ...own, tool: 'mcp__srv__tool' },
      { ...own, agent: 'a1' },
      { ...own, mode: 'acceptEdits' },
      { ...own, sessionId: 's2' },
      noSession,
    ]) {
      expect(usableGrants([once], plain, elsewhere).once).toEqual([]);
    }
    // Parked without a session, it answers a call without one, not every session.
    const { sessionId: _g, ...sessionless } = once;
    expect(usableGrants([sessionless], plain, noSession).once).toEqual([sessionless]);
    expect(usableGrants([sessionless], plain, own).once).toEqual([]);
    // A grant stored before it carried its call answers nothing.
    const { cwd: _c, mode: _m, ...unbound } = once;
    expect(usableGrants([unbound], plain, own).once).toEqual([]);
  });

  it("a main agent's session grant covers its sub-agents; a sub-agent's covers that sub-agent only", () => {
    const main: GrantRecord = {
      id: 'm',
      scope: 'session',
      sessionId: 's1',
      projectDir: '/p/one',
      rule: 'Bash(npm *)',
      grantedBy: 'alice',
      createdAt: 0,
    };
    const sub: GrantRecord = { ...main, id: 'a', agent: 'a1' };
    const at: GrantSite = {
      projectDir: '/p/one',
      projectKnown: true,
      trusted: true,
      cwdInProject: true,
      sessionId: 's1',
      tool: 'Bash',
      cwd: '/p/one',
      mode: 'default',
      inputSha256: HASHES[0] as string,
      at: 1,
    };
    const plain: GrantAsk = { askKind: 'plain', reasonKind: 'toolDefault' };
    expect(usableGrants([main, sub], plain, at).rules).toEqual([main]);
    expect(usableGrants([main, sub], plain, { ...at, agent: 'a1' }).rules).toEqual([main, sub]);
    expect(usableGrants([main, sub], plain, { ...at, agent: 'a2' }).rules).toEqual([main]);
  });
});
