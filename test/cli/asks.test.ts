/**
 * What `toolgate asks show` says of grants: each scope's time-to-live where a person chooses one,
 * and the grants an answer saved with when each ends.
 */
import { describe, expect, it } from 'vitest';
import { grantLines, lastsLine } from '../../src/cli/asks.js';
import type { AskRecord, GrantRecord } from '../../src/store/index.js';

describe('asks show: time-to-live and expiry', () => {
  it("shows the running serve's time-to-live per scope, or its defaults said to be defaults", () => {
    const served = {
      url: 'http://127.0.0.1:7370',
      rememberFor: [
        { scope: 'once' as const, ttl: '5m', ttlMs: 300_000 },
        { scope: 'project' as const, ttl: 'never', ttlMs: null },
      ],
    };
    expect(lastsLine({ sessionId: 's' }, served)).toBe(
      '  lasts:    once 5m, project never (until revoked) (as toolgate serve at http://127.0.0.1:7370 keeps grants)',
    );
    expect(lastsLine({ sessionId: 's' })).toBe(
      '  lasts:    as the toolgate serve that records the answer keeps grants (serve --grant-ttl), which cannot be asked now; by default once 1h, session 12h, project 30d, user 1w',
    );
    // An ask of no session offers no session scope.
    expect(lastsLine({})).toMatch(/by default once 1h, project 30d, user 1w$/);
    // An ask no grant could be remembered for (a firm ask; no project found) lasts once only, as serve offers it.
    const firm = {
      askKind: 'firm',
      suggestions: [],
      call: { tool: 'Bash', input: { command: 'eval "$X"' } },
    } as unknown as AskRecord['pending'];
    const plain = {
      askKind: 'plain',
      suggestions: [
        { type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: 'Bash', ruleContent: 'make *' }] },
      ],
      call: { tool: 'Bash', input: { command: 'make' } },
    } as unknown as AskRecord['pending'];
    expect(lastsLine({ sessionId: 's', projectDir: '/p', pending: firm })).toMatch(/by default once 1h$/);
    expect(lastsLine({ sessionId: 's', projectDir: '', pending: plain })).toMatch(/by default once 1h$/);
    expect(lastsLine({ sessionId: 's', projectDir: '/p', pending: plain })).toMatch(
      /by default once 1h, session 12h, project 30d, user 1w$/,
    );
  });

  it('lists the grants an answer saved, each with when it ends', () => {
    const base = { projectDir: '/p', grantedBy: 'token', createdAt: 0, askId: 'a1' };
    const grants: GrantRecord[] = [
      { ...base, id: 'g1', scope: 'session', sessionId: 's', rule: 'Bash(make test)', expiresAt: Date.UTC(2026, 0, 2) },
      { ...base, id: 'g2', scope: 'project', rule: 'Bash(make *)' },
      { ...base, id: 'g3', scope: 'once', rule: 'Bash', inputSha256: 'ab', usedAt: Date.UTC(2026, 0, 1) },
      { ...base, id: 'g4', scope: 'user', rule: 'Bash(x)', revokedAt: Date.UTC(2026, 0, 3), expiresAt: Date.UTC(2026, 1, 1) },
    ];
    expect(grantLines(grants)).toEqual([
      '  grant:    g1 session Bash(make test) — until 2026-01-02T00:00:00.000Z',
      '  grant:    g2 project Bash(make *) — until revoked (no expiry)',
      '  grant:    g3 once Bash (this exact input) — spent 2026-01-01T00:00:00.000Z',
      '  grant:    g4 user Bash(x) — revoked 2026-01-03T00:00:00.000Z',
    ]);
  });
});
