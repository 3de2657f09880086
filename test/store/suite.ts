import { describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../src/gate/types.js';
import { StoreUnavailableError, verifyAuditChain, type NewAsk, type Store, type StoreEvent } from '../../src/store/index.js';

/** A pending ask as the gate makes it. */
export function pendingAsk(id: string, command = 'npm publish'): PendingAsk {
  return {
    version: 1,
    id,
    call: { tool: 'Bash', input: { command } },
    originalCall: { tool: 'Bash', input: { command } },
    toolUseId: `toolu_${id}`,
    rewrites: 0,
    askKind: 'plain',
    reason: { kind: 'toolDefault', message: 'Bash commands that are not read-only ask' },
    suggestions: [
      { type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: 'Bash', ruleContent: 'npm publish:*' }] },
    ],
    mode: 'default',
    trace: [],
  };
}

export function newAsk(id: string, extra: Partial<NewAsk> = {}): NewAsk {
  const pending = pendingAsk(id);
  return {
    id,
    pending,
    origin: 'PreToolUse',
    sessionId: 'sess-1',
    projectDir: '/p/one',
    cwd: '/p/one',
    tool: 'Bash',
    inputRedacted: pending.call.input,
    inputSha256: 'a'.repeat(64),
    policyDigest: 'b'.repeat(64),
    createdAt: 1_000,
    ...extra,
  };
}

const answer = (behavior: 'allow' | 'deny', at = 2_000) => ({
  answer: behavior === 'allow' ? { behavior } : { behavior, message: 'no' },
  scope: 'once' as const,
  answerer: 'alice',
  answeredAt: at,
});

/**
 * The contract every store fills (see the `Store` TSDoc). One suite, several implementations:
 * each store's test file calls this with a factory that opens a fresh, empty store.
 */
export function describeStore(name: string, open: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    it('keeps a shadow outcome on an audit entry, covered by the chain', async () => {
      const s = await open();
      const shadow = {
        behavior: 'deny' as const,
        reasonKind: 'rule' as const,
        reason: 'denied by rule',
        ruleText: 'Bash(npm test)',
        ruleSource: '/p/.claude/settings.json',
        mode: 'default',
        live: { behavior: 'allow' as const, ruleText: 'Bash(npm test)', decidedBy: 'rules' },
        durationMs: 2,
      };
      await s.appendAudit([
        { at: 1, event: 'PreToolUse', behavior: 'allow', tool: 'Bash' },
        { at: 2, event: 'shadow', tool: 'Bash', toolUseId: 'toolu_1', shadow },
      ]);
      const read = await s.readAudit();
      expect(read[1]).toMatchObject({ event: 'shadow', toolUseId: 'toolu_1', shadow });
      expect(read[0]?.shadow).toBeUndefined();
      expect((await verifyAuditChain(s, [])).ok).toBe(true);
      await s.close();
    });

    it('parks an ask and reads it back unchanged, pending', async () => {
      const s = await open();
      const parked = await s.parkAsk(newAsk('a1'));
      expect(parked.state).toBe('pending');
      const got = await s.getAsk('a1');
      expect(got).toMatchObject({
        id: 'a1',
        state: 'pending',
        origin: 'PreToolUse',
        sessionId: 'sess-1',
        projectDir: '/p/one',
        tool: 'Bash',
        createdAt: 1_000,
        updatedAt: 1_000,
      });
      expect(got?.pending).toEqual(pendingAsk('a1'));
      expect(got?.answer).toBeUndefined();
      expect(await s.getAsk('nope')).toBeUndefined();
      await s.close();
    });

    it('lists asks by state, session and project, newest first', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1', { createdAt: 1 }));
      await s.parkAsk(newAsk('a2', { createdAt: 2, sessionId: 'sess-2' }));
      await s.parkAsk(newAsk('a3', { createdAt: 3, projectDir: '/p/two' }));
      await s.answerAsk('a1', answer('allow'));
      expect((await s.listAsks()).map((a) => a.id)).toEqual(['a3', 'a2']);
      expect((await s.listAsks({ state: 'answered' })).map((a) => a.id)).toEqual(['a1']);
      expect((await s.listAsks({ state: 'all' })).map((a) => a.id)).toEqual(['a3', 'a2', 'a1']);
      expect((await s.listAsks({ state: 'all', sessionId: 'sess-2' })).map((a) => a.id)).toEqual(['a2']);
      expect((await s.listAsks({ state: 'all', projectDir: '/p/two' })).map((a) => a.id)).toEqual(['a3']);
      expect((await s.listAsks({ state: 'all', limit: 1 })).map((a) => a.id)).toEqual(['a3']);
      await s.close();
    });

    it('answers a pending ask once: a second answer finds it answered, an unknown id is unknown', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      const first = await s.answerAsk('a1', answer('allow'));
      expect(first.ok).toBe(true);
      if (first.ok)
        expect(first.ask).toMatchObject({
          state: 'answered',
          updatedAt: 2_000,
          answer: { answerer: 'alice', scope: 'once', answer: { behavior: 'allow' } },
        });
      const second = await s.answerAsk('a1', answer('deny'));
      expect(second).toMatchObject({ ok: false, reason: 'answered', ask: { answer: { answer: { behavior: 'allow' } } } });
      expect(await s.answerAsk('zzz', answer('allow'))).toEqual({ ok: false, reason: 'unknown' });
      await s.close();
    });

    it('of two answers racing, exactly one wins', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      const results = await Promise.all([s.answerAsk('a1', answer('allow')), s.answerAsk('a1', answer('deny')), s.expireAsk('a1', 5)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      await s.close();
    });

    it('keeps the edited input of an answer', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      await s.answerAsk('a1', { ...answer('allow'), answer: { behavior: 'allow', updatedInput: { command: 'npm publish --dry-run' } } });
      expect((await s.getAsk('a1'))?.answer?.answer).toEqual({ behavior: 'allow', updatedInput: { command: 'npm publish --dry-run' } });
      await s.close();
    });

    it('an expired ask can no longer be answered', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      expect(await s.expireAsk('a1', 3_000)).toMatchObject({ ok: true, ask: { state: 'expired', updatedAt: 3_000 } });
      expect(await s.answerAsk('a1', answer('allow'))).toMatchObject({ ok: false, reason: 'expired' });
      expect(await s.expireAsk('a1', 4_000)).toMatchObject({ ok: false, reason: 'expired' });
      await s.close();
    });

    it('keeps why an ask was given up, and the holder it was parked by', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1', { holder: 'holder_a' }));
      await s.parkAsk(newAsk('a2'));
      expect((await s.getAsk('a1'))?.holder).toBe('holder_a');
      expect((await s.getAsk('a2'))?.holder).toBeUndefined();
      const why = { code: 'holdTimeout' as const, message: 'no answer within 590 s' };
      expect(await s.expireAsk('a1', 3_000, why)).toMatchObject({ ok: true, ask: { state: 'expired', expiry: why } });
      expect((await s.getAsk('a1'))?.expiry).toEqual(why);
      expect((await s.listAsks({ state: 'expired' }))[0]?.expiry).toEqual(why);
      // An ask expired without a reason has none; a pending one has none either.
      await s.parkAsk(newAsk('a3'));
      await s.expireAsk('a2', 3_000);
      expect((await s.getAsk('a2'))?.expiry).toBeUndefined();
      expect((await s.getAsk('a3'))?.expiry).toBeUndefined();
      await s.close();
    });

    it('lists the overdue asks no process holds: past their deadline, or parked without one before the cut-off', async () => {
      const s = await open();
      await s.parkAsk(newAsk('api-due', { origin: 'api', createdAt: 10, expiresAt: 100 }));
      await s.parkAsk(newAsk('api-later', { origin: 'api', createdAt: 20, expiresAt: 200 }));
      await s.parkAsk(newAsk('legacy-old', { origin: 'api', createdAt: 5 }));
      await s.parkAsk(newAsk('legacy-new', { origin: 'api', createdAt: 90 }));
      await s.parkAsk(newAsk('held', { holder: 'holder_a', createdAt: 1, expiresAt: 50 }));
      await s.parkAsk(newAsk('answered', { origin: 'api', createdAt: 2, expiresAt: 50 }));
      await s.answerAsk('answered', answer('deny'));
      expect((await s.overdueAsks(100, 50)).map((a) => a.id)).toEqual(['legacy-old', 'api-due']);
      expect((await s.overdueAsks(99, 4)).map((a) => a.id)).toEqual([]);
      expect((await s.overdueAsks(1_000, 1_000, 2)).map((a) => a.id)).toEqual(['legacy-old', 'api-due']);
      expect((await s.overdueAsks(1_000, 1_000)).map((a) => [a.id, a.state])).toEqual([
        ['legacy-old', 'pending'],
        ['api-due', 'pending'],
        ['api-later', 'pending'],
        ['legacy-new', 'pending'],
      ]);
      await s.close();
    });

    it('counts the beats of holders and lists them with their pending asks, also a holder that never beat', async () => {
      const s = await open();
      await s.beatHolder('holder_a', 10);
      await s.beatHolder('holder_a', 20);
      await s.beatHolder('holder_b', 15);
      await s.parkAsk(newAsk('a1', { holder: 'holder_a' }));
      await s.parkAsk(newAsk('a2', { holder: 'holder_a' }));
      await s.parkAsk(newAsk('a3', { holder: 'holder_c' }));
      await s.parkAsk(newAsk('a4'));
      await s.answerAsk('a2', answer('deny'));
      const byId = (await s.listHolders()).sort((x, y) => (x.id < y.id ? -1 : 1));
      expect(byId).toEqual([
        { id: 'holder_a', beats: 2, seenAt: 20, pending: 1 },
        { id: 'holder_b', beats: 1, seenAt: 15, pending: 0 },
        { id: 'holder_c', pending: 1 },
      ]);
      await s.close();
    });

    it("expires a silent holder's pending asks only at the beat count seen, once, and forgets the holder", async () => {
      const s = await open();
      const seen: StoreEvent[] = [];
      s.subscribe((e) => seen.push(e));
      const why = {
        code: 'holderSilent' as const,
        message: 'the serve process holding this ask stopped answering (no heartbeat for 30 s)',
      };
      await s.beatHolder('holder_a', 10);
      await s.beatHolder('holder_b', 10);
      await s.parkAsk(newAsk('a1', { holder: 'holder_a', createdAt: 1 }));
      await s.parkAsk(newAsk('a2', { holder: 'holder_a', createdAt: 2 }));
      await s.parkAsk(newAsk('a3', { holder: 'holder_a', createdAt: 3 }));
      await s.parkAsk(newAsk('b1', { holder: 'holder_b' }));
      await s.answerAsk('a3', answer('allow'));
      // It beat since it was seen at 1 beat: it keeps its asks.
      await s.beatHolder('holder_a', 20);
      expect(await s.expireHolder('holder_a', 1, 100, why)).toEqual([]);
      expect((await s.getAsk('a1'))?.state).toBe('pending');
      const expired = await s.expireHolder('holder_a', 2, 100, why);
      expect(expired.map((a) => [a.id, a.state, a.updatedAt, a.expiry])).toEqual([
        ['a1', 'expired', 100, why],
        ['a2', 'expired', 100, why],
      ]);
      expect((await s.getAsk('a3'))?.state).toBe('answered');
      expect((await s.getAsk('b1'))?.state).toBe('pending');
      expect(await s.answerAsk('a1', answer('allow'))).toMatchObject({ ok: false, reason: 'expired' });
      // Forgotten: a second sweeper with the same sighting finds nothing; a beat starts it anew.
      expect(await s.expireHolder('holder_a', 2, 101, why)).toEqual([]);
      expect((await s.listHolders()).map((h) => h.id)).toEqual(['holder_b']);
      await s.beatHolder('holder_a', 30);
      expect((await s.listHolders()).find((h) => h.id === 'holder_a')).toMatchObject({ beats: 1, pending: 0 });
      const events = seen.flatMap((e) => (e.type === 'expired' ? [e.ask.id] : []));
      expect(events).toEqual(['a1', 'a2']);
      await s.close();
    });

    it('expires the asks of a holder that never beat only while it still has no row', async () => {
      const s = await open();
      const why = { code: 'holderSilent' as const, message: 'silent' };
      await s.parkAsk(newAsk('c1', { holder: 'holder_c' }));
      await s.beatHolder('holder_c', 5);
      expect(await s.expireHolder('holder_c', undefined, 50, why)).toEqual([]);
      await s.parkAsk(newAsk('d1', { holder: 'holder_d' }));
      expect((await s.expireHolder('holder_d', undefined, 50, why)).map((a) => a.id)).toEqual(['d1']);
      expect((await s.getAsk('c1'))?.state).toBe('pending');
      await s.close();
    });

    it('stores grants with the answer; they apply to their session or project until they expire or are revoked', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      const base = { projectDir: '/p/one', grantedBy: 'alice', createdAt: 10, askId: 'a1' };
      await s.answerAsk('a1', answer('allow'), [
        { ...base, id: 'g1', scope: 'session', sessionId: 'sess-1', rule: 'Bash(npm publish:*)' },
        { ...base, id: 'g2', scope: 'project', rule: 'Bash(npm test:*)' },
        { ...base, id: 'g3', scope: 'project', rule: 'Bash(make:*)', expiresAt: 100 },
      ]);
      const ids = async (f: Parameters<Store['listGrants']>[0]) => (await s.listGrants(f)).map((g) => g.id).sort();
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 50 })).toEqual(['g1', 'g2', 'g3']);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-2', at: 50 })).toEqual(['g2', 'g3']);
      expect(await ids({ projectDir: '/p/one', at: 50 })).toEqual(['g2', 'g3']);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 100 })).toEqual(['g1', 'g2']);
      expect(await ids({ projectDir: '/p/two', sessionId: 'sess-1', at: 50 })).toEqual([]);
      expect(await s.revokeGrant('g2', 60)).toBe(true);
      expect(await s.revokeGrant('g2', 61)).toBe(false);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 70 })).toEqual(['g1', 'g3']);
      const g1 = (await s.listGrants({ projectDir: '/p/one', sessionId: 'sess-1', at: 70 })).find((g) => g.id === 'g1');
      expect(g1).toEqual({ ...base, id: 'g1', scope: 'session', sessionId: 'sess-1', rule: 'Bash(npm publish:*)' });
      await s.close();
    });

    it('once and user grants: a once grant applies to its exact input only and is spent once; a user grant only when asked for', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      const base = { projectDir: '/p/one', grantedBy: 'alice', createdAt: 10, askId: 'a1' };
      const h1 = '1'.repeat(64);
      await s.answerAsk('a1', { ...answer('allow'), scope: 'user' }, [
        { ...base, id: 'o1', scope: 'once', sessionId: 'sess-1', rule: 'Bash', inputSha256: h1, expiresAt: 1000 },
        { ...base, id: 'u1', scope: 'user', rule: 'Bash(npm test *)' },
      ]);
      expect((await s.getAsk('a1'))?.answer?.scope).toBe('user');
      const ids = async (f: Parameters<Store['listGrants']>[0]) => (await s.listGrants(f)).map((g) => g.id).sort();
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 50 })).toEqual([]);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 50, inputSha256: h1 })).toEqual(['o1']);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-2', at: 50, inputSha256: h1 })).toEqual([]);
      expect(await ids({ projectDir: '/p/two', sessionId: 'sess-1', at: 50, inputSha256: h1 })).toEqual([]);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 50, inputSha256: '2'.repeat(64) })).toEqual([]);
      expect(await ids({ projectDir: '/p/two', at: 50, user: true })).toEqual(['u1']);
      expect(await s.useGrant('u1', 60)).toBe(false);
      expect(await s.useGrant('o1', 2000)).toBe(false);
      expect(await s.useGrant('o1', 60)).toBe(true);
      expect(await s.useGrant('o1', 61)).toBe(false);
      expect(await ids({ projectDir: '/p/one', sessionId: 'sess-1', at: 70, inputSha256: h1 })).toEqual([]);
      expect((await s.getGrant('o1'))?.usedAt).toBe(60);
      expect(await s.getGrant('nope')).toBeUndefined();
      await s.close();
    });

    it('finds grants by session, project, rule, scope, ask and state; records settings-file provenance; prunes the dead', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      await s.parkAsk(newAsk('a2', { sessionId: 'sess-2', projectDir: '/p/two' }));
      const base = { grantedBy: 'alice', askId: 'a1', projectDir: '/p/one' };
      await s.answerAsk('a1', answer('allow'), [
        { ...base, id: 'g1', scope: 'session', sessionId: 'sess-1', rule: 'Bash(ls *)', createdAt: 10 },
        { ...base, id: 'g2', scope: 'project', rule: 'Bash(make *)', createdAt: 20, expiresAt: 100 },
        { ...base, id: 'g3', scope: 'project', rule: 'Bash(ls *)', createdAt: 30 },
      ]);
      expect(
        await s.recordGrant({
          id: 'f1',
          scope: 'project',
          projectDir: '/p/two',
          rule: 'Bash(git push *)',
          askId: 'a2',
          grantedBy: 'bob',
          createdAt: 40,
          settingsFile: '/p/two/.claude/settings.local.json',
        }),
      ).toBe(true);
      expect(await s.recordGrant({ id: 'f1', scope: 'project', projectDir: '/p/two', rule: 'x', grantedBy: 'bob', createdAt: 41 })).toBe(
        false,
      );
      // A settings-file record is listed, never applied from the store.
      expect(await s.listGrants({ projectDir: '/p/two', at: 50 })).toEqual([]);
      expect((await s.getGrant('f1'))?.settingsFile).toBe('/p/two/.claude/settings.local.json');
      await s.revokeGrant('g3', 50);
      const ids = async (q: Parameters<Store['findGrants']>[0]) => (await s.findGrants(q)).map((g) => g.id);
      expect(await ids({ at: 60 })).toEqual(['f1', 'g3', 'g2', 'g1']);
      expect(await ids({ at: 60, sessionId: 'sess-1' })).toEqual(['g1']);
      expect(await ids({ at: 60, projectDir: '/p/one' })).toEqual(['g3', 'g2', 'g1']);
      expect(await ids({ at: 60, rule: 'Bash(ls *)' })).toEqual(['g3', 'g1']);
      expect(await ids({ at: 60, scope: 'session' })).toEqual(['g1']);
      expect(await ids({ at: 60, askId: 'a2' })).toEqual(['f1']);
      expect(await ids({ at: 60, state: 'active' })).toEqual(['f1', 'g2', 'g1']);
      expect(await ids({ at: 150, state: 'active' })).toEqual(['f1', 'g1']);
      expect(await ids({ at: 150, state: 'expired' })).toEqual(['g2']);
      expect(await ids({ at: 150, state: 'revoked' })).toEqual(['g3']);
      expect(await ids({ at: 60, limit: 2 })).toEqual(['f1', 'g3']);
      expect(await s.pruneGrants(50)).toBe(0);
      expect(await s.pruneGrants(150)).toBe(2);
      expect(await ids({ at: 150 })).toEqual(['f1', 'g1']);
      await s.close();
    });

    it('grants of a refused answer race are not stored', async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'));
      await s.answerAsk('a1', answer('deny'));
      await s.answerAsk('a1', answer('allow'), [
        { id: 'g1', scope: 'project', projectDir: '/p/one', rule: 'Bash', grantedBy: 'mallory', createdAt: 1 },
      ]);
      expect(await s.listGrants({ projectDir: '/p/one', at: 2 })).toEqual([]);
      await s.close();
    });

    it('appends audit entries in order and reads them by time, position and session', async () => {
      const s = await open();
      await s.appendAudit([
        {
          at: 1,
          event: 'PreToolUse',
          sessionId: 's1',
          tool: 'Bash',
          behavior: 'allow',
          inputRedacted: { command: 'ls' },
          inputSha256: 'c'.repeat(64),
          decidedBy: 'rules',
        },
        { at: 2, event: 'PreToolUse', sessionId: 's2', tool: 'Read', behavior: 'ask', askKind: 'plain' },
      ]);
      await s.appendAudit([{ at: 3, event: 'Stop', sessionId: 's1' }]);
      await s.appendAudit([]);
      const all = await s.readAudit();
      expect(all.map((e) => e.at)).toEqual([1, 2, 3]);
      expect(all[0]).toEqual({
        seq: all[0]?.seq,
        at: 1,
        event: 'PreToolUse',
        sessionId: 's1',
        tool: 'Bash',
        behavior: 'allow',
        inputRedacted: { command: 'ls' },
        inputSha256: 'c'.repeat(64),
        decidedBy: 'rules',
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const seqs = all.map((e) => e.seq as number);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      expect((await s.readAudit({ since: 2 })).map((e) => e.at)).toEqual([2, 3]);
      expect((await s.readAudit({ afterSeq: seqs[0] as number })).map((e) => e.at)).toEqual([2, 3]);
      expect((await s.readAudit({ sessionId: 's1' })).map((e) => e.at)).toEqual([1, 3]);
      expect((await s.readAudit({ limit: 2 })).map((e) => e.at)).toEqual([1, 2]);
      expect((await s.readAudit({ limit: 2, newest: true })).map((e) => e.at)).toEqual([2, 3]);
      await s.close();
    });

    it('chains the audit log in the order appends commit: it verifies, and the head names the newest entry and counts the log', async () => {
      const s = await open();
      expect(await s.auditHead()).toBeUndefined();
      await Promise.all(
        [1, 2, 3, 4].map((n) =>
          s.appendAudit([
            { at: n, event: 'decision', detail: `d${n}\u0000` },
            { at: n, event: 'Stop' },
          ]),
        ),
      );
      const head = await s.auditHead();
      const all = await s.readAudit();
      expect(head).toEqual({ seq: all.at(-1)?.seq, hash: all.at(-1)?.hash, at: all.at(-1)?.at, count: 8 });
      expect(await verifyAuditChain(s, [head!])).toMatchObject({ ok: true, entries: 8, chained: 8, brokenLinks: 0 });
      await s.close();
    });

    it("reads one ask's audit entries", async () => {
      const s = await open();
      await s.appendAudit([
        { at: 1, event: 'PreToolUse', sessionId: 's1', tool: 'Bash', behavior: 'ask', askId: 'ask_a' },
        { at: 2, event: 'PreToolUse', sessionId: 's1', tool: 'Bash', behavior: 'ask', askId: 'ask_b' },
        { at: 3, event: 'answer', sessionId: 's1', tool: 'Bash', behavior: 'allow', askId: 'ask_a', answerer: 'dana' },
        { at: 4, event: 'PostToolUse', sessionId: 's1', tool: 'Bash' },
      ]);
      expect((await s.readAudit({ askId: 'ask_a' })).map((e) => [e.at, e.event])).toEqual([
        [1, 'PreToolUse'],
        [3, 'answer'],
      ]);
      expect(await s.readAudit({ askId: 'ask_a', sessionId: 's2' })).toEqual([]);
      expect(await s.readAudit({ askId: 'ask_none' })).toEqual([]);
      await s.close();
    });

    it("remembers a session's first project root", async () => {
      const s = await open();
      expect(await s.sessionRoot('s1')).toBeUndefined();
      expect(await s.rememberSession('s1', '/p/one', 1)).toBe('/p/one');
      expect(await s.rememberSession('s1', '/p/one/sub', 2)).toBe('/p/one');
      expect(await s.sessionRoot('s1')).toBe('/p/one');
      await s.close();
    });

    it('tells subscribers about parked, answered and expired asks after the commit', async () => {
      const s = await open();
      const seen: StoreEvent[] = [];
      const off = s.subscribe((e) => seen.push(e));
      s.subscribe(() => {
        throw new Error('a broken listener');
      });
      await s.parkAsk(newAsk('a1'));
      await s.parkAsk(newAsk('a2'));
      await s.answerAsk('a1', answer('allow'));
      await s.expireAsk('a2', 9);
      await s.answerAsk('a1', answer('allow'));
      // A store may add `resync` at any time (a shared store does when it starts listening).
      const asks = () => seen.flatMap((e) => (e.type === 'resync' ? [] : [`${e.type}:${e.ask.id}:${e.ask.state}`]));
      expect(asks()).toEqual(['parked:a1:pending', 'parked:a2:pending', 'answered:a1:answered', 'expired:a2:expired']);
      off();
      await s.parkAsk(newAsk('a3'));
      expect(asks()).toHaveLength(4);
      await s.close();
    });

    it("keeps an ask's answer code with it: counts every try until it is spent, and spends it once", async () => {
      const s = await open();
      await s.parkAsk(newAsk('a1'), { sealed: 'v1.sealed-one' });
      await s.parkAsk(newAsk('a2'));
      expect(await s.answerCodes(['a1', 'a2', 'nope'])).toEqual([{ askId: 'a1', sealed: 'v1.sealed-one', tries: 0 }]);
      expect(await s.answerCodes([])).toEqual([]);
      expect(await s.tryAnswerCode('a2')).toBeUndefined();
      // Racing tries are each counted.
      const tries = await Promise.all([1, 2, 3].map(() => s.tryAnswerCode('a1')));
      expect(tries.map((t) => t?.tries).sort()).toEqual([1, 2, 3]);
      expect(await Promise.all([s.spendAnswerCode('a1', 5_000), s.spendAnswerCode('a1', 5_001)])).toEqual(
        expect.arrayContaining([true, false]),
      );
      expect(await s.spendAnswerCode('a2', 5_000)).toBe(false);
      // A spent code is no longer counted.
      expect(await s.tryAnswerCode('a1')).toMatchObject({ askId: 'a1', tries: 3, spentAt: expect.any(Number) });
      expect((await s.answerCodes(['a1']))[0]?.spentAt).toBeGreaterThanOrEqual(5_000);
      await s.close();
    });

    it('is healthy while open; a closed store rejects with StoreUnavailableError', async () => {
      const s = await open();
      await expect(s.health()).resolves.toBeUndefined();
      await s.close();
      await expect(s.health()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(s.parkAsk(newAsk('x'))).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(s.appendAudit([{ at: 1, event: 'Stop' }])).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });
}
