/** diffPolicies: every kind of widening is found, grouped by the rule responsible, widenings first. */
import { beforeAll, describe, expect, it } from 'vitest';
import { callsOfPolicies, diffCorpus, diffPolicies, formatPolicyDiff, type DiffCall } from '../../src/diff/index.js';
import { prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects, type Policy, type SettingsObject } from '../../src/settings/index.js';

const HOME = '/home/user';
const P = `${HOME}/project`;

beforeAll(async () => {
  await prepare();
});

const policy = (...objects: SettingsObject[]): Policy => policyFromObjects(objects);
const project = (permissions: Record<string, unknown>): SettingsObject => ({
  kind: 'projectSettings',
  file: `${P}/.claude/settings.json`,
  settings: { permissions },
});
const ctx = (p: Policy): EvaluationContext => ({ policy: p, mode: p.defaultMode?.value ?? 'default', cwd: P, home: HOME });

/** The diff over the shipped corpus and the calls generated from both policies. */
function diff(old: Policy, now: Policy) {
  const corpus = diffCorpus({ projectDir: P, home: HOME });
  const calls: DiffCall[] = [
    ...corpus.map((call): DiffCall => ({ call, origin: 'corpus' })),
    ...callsOfPolicies([old, now], { cwd: P, home: HOME, projectDir: P }).map((call): DiffCall => ({ call, origin: 'generated' })),
  ];
  return diffPolicies(ctx(old), ctx(now), calls);
}

const commands = (d: ReturnType<typeof diff>, direction: 'widen' | 'narrow') =>
  d.groups
    .flatMap((g) => g.changes)
    .filter((c) => c.direction === direction)
    .map((c) => `${String(c.call.input['command'] ?? c.call.input['file_path'])}: ${c.old.behavior} → ${c.new.behavior}`);

describe('diffPolicies finds each kind of widening', () => {
  it("a sub-agent's ceiling: a removed $toolgate.agents deny widens for that sub-agent only, blamed on the rule", () => {
    const settings = (agents: unknown): SettingsObject => ({
      kind: 'projectSettings',
      file: `${P}/.claude/settings.json`,
      settings: { permissions: { allow: ['Bash(npm test)'] }, $toolgate: { agents } },
    });
    const calls: DiffCall[] = [{ call: { tool: 'Bash', input: { command: 'npm test' } }, origin: 'given' }];
    const d = diffPolicies(
      ctx(policy(settings({ Explore: { deny: ['Bash(npm test)'] } }))),
      ctx(policy(settings({ Plan: { ask: ['WebFetch'] } }))),
      calls,
    );
    expect(d.widened).toBe(true);
    expect(d.counts).toEqual({ widen: 1, narrow: 0 });
    expect(d.groups[0]!.responsible).toMatch(
      /^deny rule "Bash\(npm test\)" in \$toolgate\.agents\.Explore of .*settings\.json \(projectSettings\) \(counts only in the old policy.*for a sub-agent of type Explore$/,
    );
    expect(commands(d, 'widen')).toEqual(['npm test: deny → allow']);
    // The same policies without sub-agent rules differ in nothing.
    expect(diffPolicies(ctx(policy(settings({}))), ctx(policy(settings({}))), calls).counts).toEqual({ widen: 0, narrow: 0 });
  });

  describe("a sub-agent's mode setting, without a mode given: decided under a parent where the cap hides none of it", { timeout: 120_000 }, () => {
    const agents = (agents: Record<string, unknown>): Policy =>
      policy({
        kind: 'projectSettings',
        file: `${P}/.claude/settings.json`,
        settings: { permissions: { allow: ['Bash(npm test)'] }, $toolgate: { agents } },
      });
    const widenGroups = (d: ReturnType<typeof diff>) => d.groups.filter((g) => g.widens);

    it('Plan.mode plan → acceptEdits widens for that sub-agent only, blamed on the mode setting', () => {
      const d = diff(
        agents({ Plan: { mode: 'plan' }, Explore: { deny: ['WebFetch'] } }),
        agents({ Plan: { mode: 'acceptEdits' }, Explore: { deny: ['WebFetch'] } }),
      );
      expect(d.widened).toBe(true);
      expect(d.counts.narrow).toBe(0);
      const groups = widenGroups(d);
      expect(
        groups.every(
          (g) =>
            g.responsible.startsWith(`$toolgate.agents.Plan.mode plan → acceptEdits in ${P}/.claude/settings.json (projectSettings)`) &&
            g.rule === undefined,
        ),
      ).toBe(true);
      expect(groups.every((g) => g.responsible.includes('for a sub-agent of type Plan'))).toBe(true);
      const edits = groups.find((g) => g.responsible.endsWith('for a sub-agent of type Plan under a parent in acceptEdits mode'));
      expect(edits?.responsible).toContain("(the sub-agent's mode plan → acceptEdits)");
      expect(commands(d, 'widen')).toContain(`${P}/src/a.ts: ask → allow`);
    });

    it('Plan.mode default → acceptEdits, invisible under a default parent, is found under an acceptEdits one', () => {
      const d = diff(agents({ Plan: { mode: 'default' } }), agents({ Plan: { mode: 'acceptEdits' } }));
      expect(d.widened).toBe(true);
      expect(widenGroups(d).map((g) => g.responsible)).toEqual([
        `$toolgate.agents.Plan.mode default → acceptEdits in ${P}/.claude/settings.json (projectSettings) (the sub-agent's mode default → acceptEdits) — for a sub-agent of type Plan under a parent in acceptEdits mode`,
      ]);
      expect(commands(d, 'widen')).toContain(`${P}/src/a.ts: ask → allow`);
    });

    it('Plan.mode plan → auto: modes are not ordered call by call, so rm -rf src widens under an acceptEdits parent', () => {
      const d = diff(agents({ Plan: { mode: 'plan' } }), agents({ Plan: { mode: 'auto' } }));
      const g = widenGroups(d).find((x) => x.responsible.endsWith('for a sub-agent of type Plan under a parent in acceptEdits mode'));
      expect(
        g?.changes.map((c) => `${String(c.call.input['command'] ?? c.call.input['file_path'])}: ${c.old.behavior} → ${c.new.behavior}`),
      ).toContain('rm -rf src: ask → allow');
      expect(g?.responsible).toContain("(the sub-agent's mode plan → acceptEdits)");
    });

    it("a removed mode setting lets the sub-agent take its parent's mode: found under a bypassPermissions parent", () => {
      const d = diff(agents({ '*': { mode: 'acceptEdits' } }), agents({ '*': { deny: ['WebFetch'] } }));
      expect(d.widened).toBe(true);
      const g = widenGroups(d).find((x) => x.responsible.endsWith('under a parent in bypassPermissions mode'));
      expect(g?.responsible).toMatch(
        /^\$toolgate\.agents\.\*\.mode acceptEdits in .*settings\.json \(projectSettings\) → no \$toolgate\.agents mode .*\(the sub-agent's mode acceptEdits → bypassPermissions\) — for a sub-agent of type \*/,
      );
      expect(commands(d, 'widen')).toContain('curl https://example.com/: ask → allow');
    });

    it('the reverse change is a narrowing only, and an unchanged mode setting reports nothing', () => {
      const d = diff(agents({ Plan: { mode: 'acceptEdits' } }), agents({ Plan: { mode: 'plan' } }));
      expect(d.widened).toBe(false);
      expect(d.counts.narrow).toBeGreaterThan(0);
      expect(diff(agents({ Plan: { mode: 'acceptEdits' } }), agents({ Plan: { mode: 'acceptEdits' } })).counts).toEqual({
        widen: 0,
        narrow: 0,
      });
    });
  });

  it('a new allow rule, blamed on that rule, even for a command outside the corpus', () => {
    const d = diff(policy(project({})), policy(project({ allow: ['Bash(flyctl deploy *)'] })));
    expect(d.widened).toBe(true);
    expect(d.groups).toHaveLength(1);
    expect(d.groups[0]!.responsible).toMatch(
      /^allow rule "Bash\(flyctl deploy \*\)" in .*settings\.json \(projectSettings\) \(counts only in the new policy/,
    );
    expect(commands(d, 'widen')).toContain('flyctl deploy x: ask → allow');
    expect(d.groups[0]!.changes.every((c) => c.origin === 'generated')).toBe(true);
  });

  it('a removed deny rule (deny → ask), blamed on the old rule', () => {
    const d = diff(policy(project({ deny: ['Bash(curl *)'] })), policy(project({})));
    expect(d.widened).toBe(true);
    expect(d.groups[0]!.responsible).toMatch(/^deny rule "Bash\(curl \*\)" .*\(counts only in the old policy/);
    expect(commands(d, 'widen')).toContain('curl x: deny → ask');
    expect(d.counts.narrow).toBe(0);
  });

  it('a broader pattern', () => {
    const d = diff(policy(project({ allow: ['Bash(git status)'] })), policy(project({ allow: ['Bash(git *)'] })));
    expect(d.widened).toBe(true);
    expect(d.groups[0]!.responsible).toMatch(/^allow rule "Bash\(git \*\)"/);
    expect(commands(d, 'widen')).toEqual(
      expect.arrayContaining(['git push origin main: ask → allow', 'git push --force origin main: ask → allow']),
    );
    expect(commands(d, 'widen')).not.toContain('git status: ask → allow');
  });

  it('a mode change through defaultMode', () => {
    const d = diff(policy(project({})), policy(project({ defaultMode: 'acceptEdits' })));
    expect(d.widened).toBe(true);
    expect(d.groups[0]!.responsible).toMatch(/mode default → acceptEdits \(no rule decides\)/);
    expect(commands(d, 'widen')).toContain(`${P}/src/app.py: ask → allow`);
  });

  it('a removed ask rule', () => {
    const d = diff(policy(project({ allow: ['Bash(git *)'], ask: ['Bash(git push *)'] })), policy(project({ allow: ['Bash(git *)'] })));
    expect(d.widened).toBe(true);
    expect(d.groups[0]!.responsible).toMatch(/^ask rule "Bash\(git push \*\)" .*\(counts only in the old policy/);
    expect(commands(d, 'widen')).toContain('git push origin main: ask → allow');
  });

  it('a managed key taken away (allowManagedPermissionRulesOnly)', () => {
    const managed = (settings: Record<string, unknown>): SettingsObject => ({
      kind: 'managed',
      file: '/etc/claude-code/managed-settings.json',
      settings,
    });
    const d = diff(
      policy(managed({ allowManagedPermissionRulesOnly: true }), project({ allow: ['Bash(make *)'] })),
      policy(managed({}), project({ allow: ['Bash(make *)'] })),
    );
    expect(d.widened).toBe(true);
    expect(commands(d, 'widen')).toContain('make x: ask → allow');
    expect(d.groups[0]!.responsible).toMatch(
      /^allow rule "Bash\(make \*\)" .*\(counts only in the new policy: added, broadened or no longer dropped\)/,
    );
  });

  it('a rule in both policies that now decides: a narrower deny removed from another layer', () => {
    const user = (permissions: Record<string, unknown>): SettingsObject => ({
      kind: 'userSettings',
      file: `${HOME}/.claude/settings.json`,
      settings: { permissions },
    });
    const d = diff(
      policy(user({ allow: ['Bash(make *)'] }), project({ deny: ['Bash(make deploy *)'] })),
      policy(user({ allow: ['Bash(make *)'] }), project({})),
    );
    expect(commands(d, 'widen')).toContain('make deploy x: deny → allow');
    expect(d.groups[0]!.responsible).toMatch(/^deny rule "Bash\(make deploy \*\)" .*counts only in the old policy/);
  });

  it('a rule moved to a layer an untrusted project may not allow from is a narrowing, and back a widening', () => {
    const user = (permissions: Record<string, unknown>): SettingsObject => ({
      kind: 'userSettings',
      file: `${HOME}/.claude/settings.json`,
      settings: { permissions },
    });
    const inUser = policyFromObjects([user({ allow: ['Bash(make *)'] }), project({})], { projectTrusted: false });
    const inProject = policyFromObjects([user({}), project({ allow: ['Bash(make *)'] })], { projectTrusted: false });
    expect(commands(diff(inUser, inProject), 'narrow')).toContain('make x: allow → ask');
    expect(commands(diff(inProject, inUser), 'widen')).toContain('make x: ask → allow');
  });
});

describe('diffPolicies finds widenings by settings other than permission rules, from generated calls alone', () => {
  const settings = (extra: Record<string, unknown>): SettingsObject => ({
    kind: 'projectSettings',
    file: `${P}/.claude/settings.json`,
    settings: extra,
  });
  /** The diff over generated calls only: no shipped call may be what finds it. */
  const generatedOnly = (old: Policy, now: Policy) =>
    diffPolicies(
      ctx(old),
      ctx(now),
      callsOfPolicies([old, now], { cwd: P, home: HOME, projectDir: P }).map((call): DiffCall => ({ call, origin: 'generated' })),
    );

  it('an added additionalDirectories entry: reads there go from ask to allow', () => {
    const d = generatedOnly(
      policy(settings({ permissions: {} })),
      policy(settings({ permissions: { additionalDirectories: ['/opt/data'] } })),
    );
    expect(d.widened).toBe(true);
    expect(commands(d, 'widen')).toEqual(expect.arrayContaining(['/opt/data/x.txt: ask → allow', 'cat /opt/data/x.txt: ask → allow']));
  });

  it('a removed sub-agent deny on a command nothing else names: deny → ask for that sub-agent', () => {
    const old = policy(settings({ permissions: {}, $toolgate: { agents: { Explore: { deny: ['Bash(./bin/ship --prod)'] } } } }));
    const d = generatedOnly(old, policy(settings({ permissions: {} })));
    expect(d.widened).toBe(true);
    expect(commands(d, 'widen')).toContain('./bin/ship --prod: deny → ask');
    expect(d.groups[0]!.responsible).toMatch(
      /^deny rule "Bash\(\.\/bin\/ship --prod\)" in \$toolgate\.agents\.Explore of .*for a sub-agent of type Explore$/,
    );
  });

  it('a removed sandbox.credentials file or variable: deny → ask', () => {
    const sandbox = (credentials?: unknown) =>
      settings({ permissions: {}, sandbox: { enabled: true, ...(credentials !== undefined ? { credentials } : {}) } });
    const old = policy(
      sandbox({ files: [{ path: '~/.config/gh/hosts.yml', mode: 'deny' }], envVars: [{ name: 'GITHUB_TOKEN', mode: 'deny' }] }),
    );
    const d = generatedOnly(old, policy(sandbox()));
    expect(d.widened).toBe(true);
    expect(commands(d, 'widen')).toEqual(
      expect.arrayContaining([`${HOME}/.config/gh/hosts.yml: deny → ask`, 'echo $GITHUB_TOKEN: deny → ask']),
    );
  });
});

describe('diffPolicies orders and groups', () => {
  it('lists a narrowing after the widenings', () => {
    const d = diff(policy(project({ allow: ['Bash(git *)'] })), policy(project({ allow: ['Bash(npm *)'] })));
    expect(d.counts.widen).toBeGreaterThan(0);
    expect(d.counts.narrow).toBeGreaterThan(0);
    const firstNarrow = d.groups.findIndex((g) => !g.widens);
    expect(d.groups.slice(0, firstNarrow).every((g) => g.widens)).toBe(true);
    expect(d.groups.slice(firstNarrow).every((g) => !g.widens)).toBe(true);
    expect(d.groups[firstNarrow]!.responsible).toMatch(/^allow rule "Bash\(git \*\)" .*only in the old policy/);
    const text = formatPolicyDiff(d);
    expect(text.indexOf('WIDENS: allow rule "Bash(npm *)"')).toBeLessThan(text.indexOf('narrows: allow rule "Bash(git *)"'));
    expect(text).toMatch(/- Bash\(git push origin main\): allow → ask/);
  });

  it('reports nothing for the same policy and counts what it decided', () => {
    const p = policy(project({ allow: ['Bash(npm *)'], deny: ['Read(./.env)'] }));
    const d = diff(p, p);
    expect(d).toMatchObject({ widened: false, groups: [], counts: { widen: 0, narrow: 0 } });
    expect(d.checked.corpus).toBeGreaterThan(700);
    expect(d.checked.generated).toBeGreaterThan(0);
    expect(formatPolicyDiff(d)).toContain('no call changes outcome');
  });
});
