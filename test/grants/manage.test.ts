import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import type { AppliedUpdate, GateResult } from '../../src/gate/index.js';
import { grantView, pruneGrants, recordSettingsRules, revokeGrant, settingsRuleGrants } from '../../src/grants/manage.js';
import { createMemoryStore, type AuditEntry } from '../../src/store/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { bash, CWD, gateFor } from '../gate/helpers.js';
import { newAsk } from '../store/suite.js';

beforeAll(() => prepare());

type Ask = Extract<GateResult, { behavior: 'ask' }>;
let n = 0;
const newId = () => `rec-${++n}`;

describe('settings-file rules written by "don\'t ask again"', () => {
  it('the gate says which ask and who; the store records file, rule, ask, person and time; grants list shows it; revoking removes the rule from the file under its lock', async () => {
    const file = `${CWD}/.claude/settings.local.json`;
    const fs = createMemoryFileSystem({ [file]: JSON.stringify({ permissions: { allow: ['Read(./x)'] } }) });
    const gate = gateFor({ fs, isProjectTrusted: () => true });
    const store = createMemoryStore();
    const r = (await gate.check(bash('npm run build'))) as Ask;
    // The host parked the ask in its store, as serve does.
    await store.parkAsk(newAsk(r.pending.id, { pending: r.pending, projectDir: CWD }));
    const recorded: Promise<unknown>[] = [];
    gate.on('permissionUpdate', (u) =>
      recorded.push(recordSettingsRules(store, u, { projectDir: CWD, sessionId: 's1', at: 1_000, newId })),
    );
    await gate.answer(r.pending, { behavior: 'allow', remember: true }, { answeredBy: 'alice' });
    await Promise.all(recorded);
    const [g] = await store.findGrants({ at: 2_000 });
    expect(g).toMatchObject({
      scope: 'project',
      projectDir: CWD,
      askId: r.pending.id,
      grantedBy: 'alice',
      createdAt: 1_000,
      settingsFile: file,
      rule: expect.stringMatching(/^Bash\(npm run build/),
    });
    expect(JSON.parse(await fs.readText(file)).permissions.allow).toEqual(['Read(./x)', g?.rule]);
    // Never applied from the store: the file applies it.
    expect(await store.listGrants({ projectDir: CWD, sessionId: 's1', at: 2_000 })).toEqual([]);
    expect(grantView(g!, 2_000, true).settingsFile).toEqual({
      path: file,
      here: true,
      note: `in ${file}: revoking removes the rule from the file`,
    });

    const audited: AuditEntry[] = [];
    const by = (at: number, files = true) => ({
      at,
      by: 'cli:ann',
      audit: async (e: AuditEntry) => audited.push(e),
      ...(files ? { fs } : {}),
    });
    const revoked = await revokeGrant(store, g!.id, by(3_000));
    expect(revoked.code).toBe('revoked');
    // The revocation is audited by the one function every front end revokes with.
    expect(audited).toEqual([
      expect.objectContaining({
        at: 3_000,
        event: 'grantRevoked',
        answerer: 'cli:ann',
        ruleText: g?.rule,
        askId: r.pending.id,
        projectDir: CWD,
        detail: `grant ${g?.id}, scope project, given by alice`,
      }),
    ]);
    expect(JSON.parse(await fs.readText(file)).permissions.allow).toEqual(['Read(./x)']);
    expect((await store.getGrant(g!.id))?.revokedAt).toBe(3_000);
    // Elsewhere (no such file here), or without a file system: nothing changes, remove by hand.
    await store.recordGrant({
      id: 'away',
      scope: 'project',
      projectDir: '/x',
      rule: 'Bash(ls *)',
      grantedBy: 'bob',
      createdAt: 1,
      settingsFile: '/x/.claude/settings.json',
    });
    expect((await revokeGrant(store, 'away', by(4_000))).code).toBe('byHand');
    expect((await revokeGrant(store, 'away', by(4_000, false))).code).toBe('byHand');
    expect((await store.getGrant('away'))?.revokedAt).toBeUndefined();
    // What changed nothing is not recorded as a change; nor a second revocation.
    expect((await revokeGrant(store, g!.id, by(5_000))).code).toBe('alreadyRevoked');
    expect(audited).toHaveLength(1);
  });

  it('pruning deletes only grants that answer nothing any more, and audits how many, before when and who', async () => {
    const store = createMemoryStore();
    await store.recordGrant({
      id: 'old',
      scope: 'project',
      projectDir: CWD,
      rule: 'Bash(ls *)',
      grantedBy: 'bob',
      createdAt: 1,
      expiresAt: 10,
    });
    await store.recordGrant({ id: 'live', scope: 'project', projectDir: CWD, rule: 'Bash(ls *)', grantedBy: 'bob', createdAt: 1 });
    const audited: AuditEntry[] = [];
    const change = { at: 100, by: 'token', audit: async (e: AuditEntry) => audited.push(e) };
    expect(await pruneGrants(store, 50, change)).toBe(1);
    expect((await store.findGrants({ at: 100 })).map((g) => g.id)).toEqual(['live']);
    expect(await pruneGrants(store, 50, change)).toBe(0);
    expect(audited).toEqual([
      {
        at: 100,
        event: 'grantsPruned',
        answerer: 'token',
        decidedBy: 'person',
        reason: 'deleted 1 grant revoked, spent or expired before 1970-01-01T00:00:00.050Z',
        detail: 'pruned 1, before 1970-01-01T00:00:00.050Z',
      },
    ]);
  });

  it('records only allow rules written to a file: user settings reach every project; session-only updates, deny rules and modes are none', () => {
    const at = { projectDir: CWD, at: 5, newId };
    const add = (
      destination: 'userSettings' | 'projectSettings' | 'session',
      behavior: 'allow' | 'deny' = 'allow',
    ): AppliedUpdate['update'] => ({
      type: 'addRules',
      behavior,
      destination,
      rules: [{ toolName: 'Bash', ruleContent: 'make *' }, { toolName: 'Read' }],
    });
    expect(
      settingsRuleGrants({ update: add('userSettings'), applied: 'sessionAndFile', file: '/home/user/.claude/settings.json' }, at).map(
        (g) => [g.scope, g.rule, g.grantedBy, g.askId],
      ),
    ).toEqual([
      ['user', 'Bash(make *)', 'unknown', undefined],
      ['user', 'Read', 'unknown', undefined],
    ]);
    expect(
      settingsRuleGrants(
        {
          update: add('projectSettings'),
          applied: 'sessionAndFile',
          file: `${CWD}/.claude/settings.json`,
          askId: 'a1',
          answeredBy: 'carol',
        },
        at,
      ).map((g) => [g.scope, g.askId, g.grantedBy]),
    ).toEqual([
      ['project', 'a1', 'carol'],
      ['project', 'a1', 'carol'],
    ]);
    expect(settingsRuleGrants({ update: add('session'), applied: 'session' }, at)).toEqual([]);
    expect(settingsRuleGrants({ update: add('projectSettings'), applied: 'session', note: 'the project is not trusted' }, at)).toEqual([]);
    expect(settingsRuleGrants({ update: add('projectSettings', 'deny'), applied: 'sessionAndFile', file: 'f' }, at)).toEqual([]);
    expect(
      settingsRuleGrants(
        { update: { type: 'setMode', mode: 'acceptEdits', destination: 'localSettings' }, applied: 'sessionAndFile', file: 'f' },
        at,
      ),
    ).toEqual([]);
  });
});
