import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import type { AppliedUpdate, GateResult } from '../../src/gate/index.js';
import { grantView, recordSettingsRules, revokeGrant, settingsRuleGrants } from '../../src/grants/manage.js';
import { createMemoryStore } from '../../src/store/index.js';
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
    gate.on('permissionUpdate', (u) => recorded.push(recordSettingsRules(store, u, { projectDir: CWD, sessionId: 's1', at: 1_000, newId })));
    await gate.answer(r.pending, { behavior: 'allow', remember: true }, { answeredBy: 'alice' });
    await Promise.all(recorded);
    const [g] = await store.findGrants({ at: 2_000 });
    expect(g).toMatchObject({ scope: 'project', projectDir: CWD, askId: r.pending.id, grantedBy: 'alice', createdAt: 1_000, settingsFile: file, rule: expect.stringMatching(/^Bash\(npm run build/) });
    expect(JSON.parse(await fs.readText(file)).permissions.allow).toEqual(['Read(./x)', g?.rule]);
    // Never applied from the store: the file applies it.
    expect(await store.listGrants({ projectDir: CWD, sessionId: 's1', at: 2_000 })).toEqual([]);
    expect(grantView(g!, 2_000, true).settingsFile).toEqual({ path: file, here: true, note: `in ${file}: revoking removes the rule from the file` });

    const revoked = await revokeGrant(store, g!.id, 3_000, fs);
    expect(revoked.code).toBe('revoked');
    expect(JSON.parse(await fs.readText(file)).permissions.allow).toEqual(['Read(./x)']);
    expect((await store.getGrant(g!.id))?.revokedAt).toBe(3_000);
    // Elsewhere (no such file here), or without a file system: nothing changes, remove by hand.
    await store.recordGrant({ id: 'away', scope: 'project', projectDir: '/x', rule: 'Bash(ls *)', grantedBy: 'bob', createdAt: 1, settingsFile: '/x/.claude/settings.json' });
    expect((await revokeGrant(store, 'away', 4_000, fs)).code).toBe('byHand');
    expect((await revokeGrant(store, 'away', 4_000)).code).toBe('byHand');
    expect((await store.getGrant('away'))?.revokedAt).toBeUndefined();
  });

  it('records only allow rules written to a file: user settings reach every project; session-only updates, deny rules and modes are none', () => {
    const at = { projectDir: CWD, at: 5, newId };
    const add = (destination: 'userSettings' | 'projectSettings' | 'session', behavior: 'allow' | 'deny' = 'allow'): AppliedUpdate['update'] => ({ type: 'addRules', behavior, destination, rules: [{ toolName: 'Bash', ruleContent: 'make *' }, { toolName: 'Read' }] });
    expect(settingsRuleGrants({ update: add('userSettings'), applied: 'sessionAndFile', file: '/home/user/.claude/settings.json' }, at).map((g) => [g.scope, g.rule, g.grantedBy, g.askId])).toEqual([
      ['user', 'Bash(make *)', 'unknown', undefined],
      ['user', 'Read', 'unknown', undefined],
    ]);
    expect(settingsRuleGrants({ update: add('projectSettings'), applied: 'sessionAndFile', file: `${CWD}/.claude/settings.json`, askId: 'a1', answeredBy: 'carol' }, at).map((g) => [g.scope, g.askId, g.grantedBy])).toEqual([
      ['project', 'a1', 'carol'],
      ['project', 'a1', 'carol'],
    ]);
    expect(settingsRuleGrants({ update: add('session'), applied: 'session' }, at)).toEqual([]);
    expect(settingsRuleGrants({ update: add('projectSettings'), applied: 'session', note: 'the project is not trusted' }, at)).toEqual([]);
    expect(settingsRuleGrants({ update: add('projectSettings', 'deny'), applied: 'sessionAndFile', file: 'f' }, at)).toEqual([]);
    expect(settingsRuleGrants({ update: { type: 'setMode', mode: 'acceptEdits', destination: 'localSettings' }, applied: 'sessionAndFile', file: 'f' }, at)).toEqual([]);
  });
});
