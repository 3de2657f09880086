/**
 * Properties of grants where serve applies them (src/serve/decide.ts, through src/grants/apply.ts),
 * with real policies and a store holding any mix of grants: a grant never turns a deny, a
 * protected ask, a plan-mode block or a firm ask (but opaque code, by a grant naming the program)
 * into anything else; an allow by a grant names a grant that is live, of this project (or a user
 * grant in a trusted project), of this session when it is a session grant (and of this agent when
 * a sub-agent's), and of this very call when it is a once grant — input, tool, session, working
 * directory, agent and mode — which it spends; dead and foreign grants change nothing.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecider, type CallContext, type Decider } from '../../src/serve/decide.js';
import { createProjects } from '../../src/serve/projects.js';
import { createMemoryStore, inputSha256, type GrantRecord, type NewGrant } from '../../src/store/index.js';
import { grantCovers, grantLive, grantMayAnswer } from '../../src/grants/apply.js';
import { askProposal, confirmForAsk, grantedRules } from '../../src/serve/proposals.js';
import { matchBashPattern, parseRule } from '../../src/rules/index.js';
import type { AskRecord } from '../../src/store/index.js';
import { sandbox, type Sandbox } from './helpers.js';

const RUNS = Number(process.env.TOOLGATE_PROPERTY_RUNS ?? 100);
const NOW = 1_000_000;
const POLICY = { permissions: { deny: ['Bash(curl *)'], ask: ['Bash(git push *)'] } };

let sb: Sandbox;
let one: string;
let two: string;
let three: string;
let open: string;
beforeAll(() => {
  sb = sandbox();
  // No rule of its own: every part of a call asks until an allow rule or a grant answers it.
  open = sb.project('open', {});
  one = sb.project('one', POLICY);
  two = sb.project('two', POLICY);
  three = sb.project('three', POLICY);
});
afterAll(() => sb.cleanup());

type Call = { tool: string; input: Record<string, unknown>; mode?: string };
const calls = (): Call[] => [
  { tool: 'Bash', input: { command: 'npm publish' } }, // plain (opaque code, no consent)
  { tool: 'Bash', input: { command: 'mkdir build' } }, // plain
  { tool: 'Bash', input: { command: 'curl https://x.org' } }, // deny
  { tool: 'Bash', input: { command: 'git push origin main' } }, // firm: ask rule
  { tool: 'Bash', input: { command: 'node x.js' }, mode: 'bypassPermissions' }, // firm: opaque code
  { tool: 'Bash', input: { command: 'touch a.txt' }, mode: 'plan' }, // plan block
  { tool: 'Edit', input: { file_path: join(one, '.git/config'), old_string: 'a', new_string: 'b' } }, // protected
  { tool: 'Bash', input: { command: 'echo hi > .git/config' } }, // protected
  { tool: 'Bash', input: { command: 'rm -rf /' } }, // firm: critical removal
  { tool: 'Bash', input: { command: 'echo $((x))' } }, // firm: unreadable
];

const RULES = [
  'Bash',
  'Bash(*)',
  'Bash(npm *)',
  'Bash(npm publish)',
  'Bash(mkdir *)',
  'Bash(curl *)',
  'Bash(git push *)',
  'Bash(git push origin main)',
  'Bash(node *)',
  'Bash(touch *)',
  'Bash(echo *)',
  'Bash(rm *)',
  'Edit',
  'Edit(**)',
];

const grantArb = () =>
  fc
    .record({
      scope: fc.constantFrom('once', 'session', 'project', 'user' as const),
      project: fc.nat(2),
      session: fc.constantFrom('s1', 's2', undefined),
      agent: fc.constantFrom(undefined, undefined, 'a1'),
      rule: fc.constantFrom(...RULES),
      call: fc.nat(9),
      expires: fc.constantFrom(undefined, NOW - 1, NOW + 1),
      revoked: fc.boolean(),
      used: fc.boolean(),
      file: fc.boolean(),
    })
    .map((g) => ({ g }));

type GrantSpec = {
  scope: 'once' | 'session' | 'project' | 'user';
  project: number;
  session: string | undefined;
  agent?: string | undefined;
  rule: string;
  call: number;
  expires: number | undefined;
  file: boolean;
};

function toGrant(g: GrantSpec, id: string, dirs: string[], list: Call[]): NewGrant {
  const session = g.scope === 'session' ? (g.session ?? 's1') : g.scope === 'once' ? g.session : undefined;
  const call = list[g.call] as Call;
  return {
    id,
    scope: g.scope,
    ...(session !== undefined ? { sessionId: session } : {}),
    ...(g.agent !== undefined && (g.scope === 'once' || g.scope === 'session') ? { agent: g.agent } : {}),
    projectDir: dirs[g.project] as string,
    rule: g.rule,
    // A once grant carries the call it was given for: the project root as its directory, the call's mode.
    ...(g.scope === 'once' ? { inputSha256: inputSha256(call.input), cwd: dirs[g.project] as string, mode: call.mode ?? 'default' } : {}),
    ...(g.file ? { settingsFile: join(dirs[g.project] as string, '.claude/settings.local.json') } : {}),
    grantedBy: 'alice',
    createdAt: NOW - 10,
    ...(g.expires !== undefined ? { expiresAt: g.expires } : {}),
  };
}

async function deciderWith(grants: readonly { g: GrantSpec & { revoked: boolean; used: boolean } }[], trusted: string[]) {
  const store = createMemoryStore();
  const list = calls();
  const dirs = [one, two, three];
  for (const [i, { g }] of grants.entries()) {
    const ng = toGrant(g, `g${i}`, dirs, list);
    await store.recordGrant(ng);
    if (g.revoked) await store.revokeGrant(ng.id, NOW - 5);
    if (g.used && g.scope === 'once') await store.useGrant(ng.id, NOW - 5);
  }
  const projects = createProjects({
    store,
    home: sb.home,
    settings: [],
    trusted,
    trustAll: false,
    builtIn: [],
    managedPaths: [join(sb.root, 'managed.json')],
  });
  return { store, projects, decider: createDecider({ projects, store, home: sb.home, guarded: [], now: () => NOW }), list };
}

const decide = (d: Decider, c: Call, where: Partial<CallContext> = {}) =>
  d.decide(
    { tool: c.tool, input: c.input },
    { cwd: one, projectDir: one, sessionId: 's1', ...(c.mode !== undefined ? { mode: c.mode } : {}), ...where },
  );

describe('grants where serve decides', () => {
  let baseline: { behavior: string; kind?: string; reason?: string }[];
  beforeAll(async () => {
    const { decider, list } = await deciderWith([], [one, two]);
    baseline = [];
    for (const c of list) {
      const r = (await decide(decider, c)).result;
      baseline.push({ behavior: r.behavior, ...(r.behavior === 'ask' ? { kind: r.pending.askKind, reason: r.pending.reason.kind } : {}) });
    }
    // The calls cover every kind the properties speak of.
    expect(baseline.map((b) => b.kind ?? b.behavior)).toEqual([
      'plain',
      'plain',
      'deny',
      'firm',
      'firm',
      'planBlock',
      'protected',
      'protected',
      'firm',
      'firm',
    ]);
  });

  it('never widens past a deny, a protected ask, a plan-mode block or a firm ask; every allow names a usable grant', async () => {
    const arb = fc.record({
      grants: fc.array(grantArb(), { maxLength: 8 }),
      trustedTwo: fc.boolean(),
      trustedOne: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ grants, trustedOne, trustedTwo }) => {
        const trusted = [...(trustedOne ? [one] : []), ...(trustedTwo ? [two] : [])];
        const { decider, store, list } = await deciderWith(grants, trusted);
        for (const [i, c] of list.entries()) {
          const b = baseline[i] as (typeof baseline)[number];
          const s = await decide(decider, c);
          const r = s.result;
          if (b.behavior === 'deny') expect(r.behavior).toBe('deny');
          const closed = b.kind === 'protected' || b.kind === 'planBlock' || (b.kind === 'firm' && b.reason !== 'opaqueCode');
          if (closed && trustedOne)
            expect({ i, behavior: r.behavior, kind: r.behavior === 'ask' ? r.pending.askKind : undefined }).toEqual({
              i,
              behavior: 'ask',
              kind: b.kind,
            });
          if (closed) expect(s.decidedBy).not.toBe('grant');
          if (s.decidedBy !== 'grant') continue;
          const g = s.grant as GrantRecord;
          expect(g).toBeDefined();
          const site = {
            projectDir: one,
            projectKnown: true,
            trusted: trustedOne,
            cwdInProject: true,
            sessionId: 's1',
            tool: c.tool,
            cwd: one,
            mode: c.mode ?? 'default',
            inputSha256: inputSha256(c.input),
            at: NOW,
          };
          // Every call here is the main agent's: no sub-agent's grant answers it.
          expect(g.agent).toBeUndefined();
          // The grant as it was before this decision spent it.
          const { usedAt: _spent, ...before } = g;
          expect(grantLive(before, NOW)).toBe(true);
          expect(grantCovers(g, site)).toBe(true);
          expect(grantMayAnswer({ askKind: b.kind as never, reasonKind: b.reason as never }, g)).toBe(true);
          if (g.scope !== 'user') expect(g.projectDir).toBe(one);
          if (g.scope === 'once') {
            expect([g.inputSha256, g.rule, g.cwd, g.mode, g.sessionId]).toEqual([
              inputSha256(c.input),
              c.tool,
              one,
              c.mode ?? 'default',
              's1',
            ]);
            // Spent: the same call again is not answered by it.
            expect((await store.getGrant(g.id))?.usedAt).toBe(NOW);
            const again = await decide(decider, c);
            expect(again.grant?.id).not.toBe(g.id);
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('dead and foreign grants (expired, revoked, spent, settings-file records, another project or session) change nothing', async () => {
    const arb = fc.array(grantArb(), { maxLength: 8 }).map((gs) =>
      gs.map(({ g }) => {
        // Make each grant dead or foreign, one way or another.
        const way = (g.call + g.project) % 5;
        const dead =
          way === 0
            ? { expires: NOW - 1 }
            : way === 1
              ? { revoked: true }
              : way === 2
                ? { file: true }
                : way === 3
                  ? { project: 1 + (g.project % 2) }
                  : {
                      session: 's2' as const,
                      scope: g.scope === 'user' || g.scope === 'project' ? ('session' as const) : g.scope,
                      used: true,
                    };
        const next = { ...g, ...dead };
        // A foreign project's user grant applies by design (trusted): keep user grants out here.
        if (next.scope === 'user') next.scope = 'project';
        return { g: next };
      }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async (grants) => {
        const { decider, list } = await deciderWith(grants, [one, two]);
        for (const [i, c] of list.entries()) {
          const r = (await decide(decider, c)).result;
          expect({ i, behavior: r.behavior }).toEqual({ i, behavior: (baseline[i] as (typeof baseline)[number]).behavior });
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('a live grant does answer: a project grant naming the program answers opaque code, a once grant its exact input only', async () => {
    const grant = (scope: 'once' | 'project', rule: string, call: number) => ({
      g: { scope, project: 0, session: 's1', rule, call, expires: undefined, revoked: false, used: false, file: false },
    });
    const { decider, list, store } = await deciderWith(
      [grant('project', 'Bash(node *)', 0), grant('once', 'Bash', 0), grant('project', 'Bash(*)', 0)],
      [one],
    );
    const opaque = await decide(decider, list[4] as Call);
    expect([opaque.result.behavior, opaque.decidedBy, opaque.grant?.rule]).toEqual(['allow', 'grant', 'Bash(node *)']);
    const first = await decide(decider, list[0] as Call);
    expect([first.result.behavior, first.decidedBy, first.grant?.scope]).toEqual(['allow', 'grant', 'once']);
    expect((await store.getGrant('g1'))?.usedAt).toBe(NOW);
    // Spent, the once grant answers no more; Bash(*) is wildcard consent, which under a deny rule
    // naming a program is no consent to opaque code (the opaque-code table): it still asks.
    const second = await decide(decider, list[0] as Call);
    expect([second.result.behavior, second.decidedBy]).toEqual(['ask', 'rules']);
    const made = await decide(decider, list[1] as Call);
    expect([made.result.behavior, made.grant?.rule]).toEqual(['allow', 'Bash(*)']);
    const other = await decide(decider, { tool: 'Bash', input: { command: 'npm publish --dry-run' } });
    expect(other.grant?.scope).not.toBe('once');
  });

  it('a once grant answers the call it was given for only: not the same input in another directory, tool, agent, mode or session', async () => {
    const sub = join(one, 'src', 'a');
    const once = {
      scope: 'once' as const,
      project: 0,
      session: 's1',
      rule: 'Bash',
      call: 1,
      expires: undefined,
      revoked: false,
      used: false,
      file: false,
    };
    const { decider, list, store } = await deciderWith([{ g: once }], [one]);
    const mkdir = list[1] as Call;
    const { sessionId: _s, ...sessionless } = { cwd: one, projectDir: one, sessionId: 's1' };
    for (const [what, call, where] of [
      ['another directory', mkdir, { cwd: sub }],
      ['another tool', { tool: 'mcp__ci__run', input: mkdir.input }, {}],
      ['a sub-agent', mkdir, { agent: { id: 'a1', type: 'general-purpose' } }],
      ['another mode', mkdir, { mode: 'acceptEdits' }],
      ['another session', mkdir, { sessionId: 's2' }],
      ['no session', mkdir, { ...sessionless, sessionId: undefined }],
    ] as const) {
      const elsewhere = await decide(decider, call, where as Partial<CallContext>);
      expect({ what, decidedBy: elsewhere.decidedBy, grant: elsewhere.grant?.id }).toEqual({ what, decidedBy: 'rules', grant: undefined });
    }
    expect((await store.getGrant('g0'))?.usedAt).toBeUndefined();
    const own = await decide(decider, mkdir);
    expect([own.result.behavior, own.decidedBy, own.grant?.id]).toEqual(['allow', 'grant', 'g0']);
  });
});

describe('proposals beside grants in force', () => {
  const PARTS = [
    'curl https://x.example/y',
    'curl https://z.example/',
    'touch a.txt',
    'npm publish --tag next',
    'npm test',
    'mkdir build',
    'git push origin main',
  ];
  const GRANTED = [...PARTS, 'curl *', 'npm *', 'npm publish *', 'touch *', 'git push *', 'git *', 'curl https://x.example/y *'];
  /** Commands the pattern allows: each `*` made nothing, one word, or an option and words — checked against the grant, not derived from it. */
  const samples = (spec: string) => ['', 'zz-other', '--x y z'].map((f) => spec.split('*').join(f).replace(/\s+/g, ' ').trim());

  it('property: a proposal offered for an ask never includes a rule for a part a grant in force answers that reaches further than that grant; its reason names no such part; its suggestion answers the call beside the grants', async () => {
    const arb = fc.record({
      parts: fc.uniqueArray(fc.nat(PARTS.length - 1), { minLength: 1, maxLength: 3 }),
      grants: fc.uniqueArray(fc.nat(GRANTED.length - 1), { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ parts, grants }) => {
        const store = createMemoryStore();
        const granted = grants.map((i) => GRANTED[i] as string);
        for (const [i, rule] of granted.entries())
          await store.recordGrant({
            id: `p${i}`,
            scope: 'session',
            sessionId: 's1',
            projectDir: open,
            rule: `Bash(${rule})`,
            grantedBy: 'alice',
            createdAt: NOW - 10,
          });
        const projects = createProjects({
          store,
          home: sb.home,
          settings: [],
          trusted: [open],
          trustAll: false,
          builtIn: [],
          managedPaths: [join(sb.root, 'managed.json')],
        });
        const decider = createDecider({ projects, store, home: sb.home, guarded: [], now: () => NOW });
        const texts = parts.map((i) => PARTS[i] as string);
        const input = { command: texts.join(' && ') };
        const s = await decider.decide({ tool: 'Bash', input }, { cwd: open, projectDir: open, sessionId: 's1' });
        if (s.result.behavior !== 'ask') return;
        const pending = s.result.pending;
        const answered = texts.filter((t) => granted.some((g) => matchBashPattern(g, t)));
        for (const t of answered) expect(pending.reason.message, `${input.command} with ${granted.join(', ')}`).not.toContain(`"${t}"`);
        const ask: AskRecord = {
          id: pending.id,
          pending,
          origin: 'api',
          sessionId: 's1',
          projectDir: open,
          cwd: open,
          tool: 'Bash',
          inputRedacted: input,
          inputSha256: inputSha256(input),
          policyDigest: s.project.digest,
          createdAt: NOW,
          state: 'pending',
          updatedAt: NOW,
        };
        const proposal = askProposal(ask, [], await grantedRules({ store, projects }, ask, NOW));
        for (const o of proposal.parts.flatMap((p) => p.options)) {
          const parsed = parseRule(o.rule);
          const spec = parsed.ok ? parsed.rule.specifier : undefined;
          for (const t of answered) {
            if (spec !== undefined && !matchBashPattern(spec, t)) continue;
            // The option reaches a granted part: everything it allows, some grant answering that part allows too.
            const within =
              spec !== undefined && granted.some((g) => matchBashPattern(g, t) && samples(spec).every((c) => matchBashPattern(g, c)));
            expect(within, `${o.rule} offered for ${input.command} with ${granted.join(', ')}`).toBe(true);
          }
        }
        if (proposal.parts.length > 0)
          expect(
            await confirmForAsk({ decider, projects, store, now: () => NOW }, ask, undefined),
            `${input.command} with ${granted.join(', ')}`,
          ).toMatchObject({ ok: true });
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
