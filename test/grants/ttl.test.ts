import { describe, expect, it } from 'vitest';
import { DEFAULT_GRANT_TTL, formatSpan, parseGrantTtl } from '../../src/grants/ttl.js';

const H = 3_600_000;

describe('--grant-ttl', () => {
  it('reads SCOPE=SPAN pairs; scopes not named keep the default', () => {
    expect(parseGrantTtl('session=12h,project=30d,user=7d')).toEqual({
      ok: true,
      ttl: { once: DEFAULT_GRANT_TTL.once, session: 12 * H, project: 30 * 24 * H, user: 7 * 24 * H },
    });
    expect(parseGrantTtl(' once=90s , user=never ')).toEqual({ ok: true, ttl: { ...DEFAULT_GRANT_TTL, once: 90_000, user: undefined } });
    expect(parseGrantTtl('project=2w')).toEqual({ ok: true, ttl: { ...DEFAULT_GRANT_TTL, project: 14 * 24 * H } });
  });

  it('names the pair at fault and what was expected', () => {
    const message = (t: string) => {
      const r = parseGrantTtl(t);
      return r.ok ? 'ok' : r.message;
    };
    expect(message('')).toBe('--grant-ttl: expected SCOPE=SPAN pairs such as session=12h,project=30d,user=7d');
    expect(message('session')).toBe('--grant-ttl: pair 1 "session": expected SCOPE=SPAN, as session=12h');
    expect(message('session=1h,forever=2d')).toBe(
      '--grant-ttl: pair 2 "forever=2d": the scope must be one of once, session, project, user, not "forever"',
    );
    expect(message('session=1h,session=2h')).toBe('--grant-ttl: pair 2 "session=2h": session is named twice');
    for (const bad of ['12', '1.5h', '0h', '-1d', '3y', '12 h', ''])
      expect(message(`user=${bad}`)).toMatch(
        /^--grant-ttl: pair 1 "user=.*": the span must be a positive whole number with a unit s, m, h, d or w \(as 12h, 30d\), or never, not ".*"$/,
      );
  });

  it('writes a span back in the largest whole unit', () => {
    expect([12 * H, 30 * 24 * H, 14 * 24 * H, 90_000, undefined].map(formatSpan)).toEqual(['12h', '30d', '2w', '90s', 'never']);
    for (const t of ['once=1h', 'session=45m', 'project=3d', 'user=1w']) {
      const r = parseGrantTtl(t);
      if (!r.ok) throw new Error(r.message);
      const [scope, span] = t.split('=') as [keyof typeof r.ttl, string];
      expect(formatSpan(r.ttl[scope])).toBe(span);
    }
  });
});
