/**
 * How long a grant lives by default, per scope (`toolgate serve --grant-ttl`, decision 0060).
 * A grant stops answering when its time is up; `toolgate grants prune` deletes it later.
 */
import type { AnswerScope } from '../store/types.js';

/** Milliseconds a new grant of each scope lives; `undefined`: until revoked. @public */
export type GrantTtl = Readonly<Record<AnswerScope, number | undefined>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The defaults: `once` 1 h (the replay of one approved input), `session` 12 h, `project` 30 d,
 * `user` 7 d (the widest reach lives shorter than a project's).
 * @public
 */
export const DEFAULT_GRANT_TTL: GrantTtl = { once: HOUR, session: 12 * HOUR, project: 30 * DAY, user: 7 * DAY };

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: HOUR, d: DAY, w: 7 * DAY };
const SCOPES: readonly AnswerScope[] = ['once', 'session', 'project', 'user'];

/** The result of {@link parseGrantTtl}. @public */
export type GrantTtlResult = { ok: true; ttl: GrantTtl } | { ok: false; message: string };

/**
 * Read `--grant-ttl`: comma-separated `SCOPE=SPAN` pairs (`session=12h,project=30d,user=7d`),
 * each span a whole number with a unit `s`, `m`, `h`, `d` or `w`, or `never` (until revoked).
 * Scopes not named keep `base` (default {@link DEFAULT_GRANT_TTL}). Errors name the pair at fault
 * and what was expected.
 * @public
 */
export function parseGrantTtl(text: string, base: GrantTtl = DEFAULT_GRANT_TTL): GrantTtlResult {
  const out: Record<AnswerScope, number | undefined> = { ...base };
  const seen = new Set<string>();
  const pairs = text.split(',').map((p) => p.trim());
  if (pairs.every((p) => p === ''))
    return { ok: false, message: '--grant-ttl: expected SCOPE=SPAN pairs such as session=12h,project=30d,user=7d' };
  for (const [i, pair] of pairs.entries()) {
    const where = `--grant-ttl: pair ${i + 1} "${pair}"`;
    const eq = pair.indexOf('=');
    if (eq === -1) return { ok: false, message: `${where}: expected SCOPE=SPAN, as session=12h` };
    const scope = pair.slice(0, eq).trim();
    const span = pair.slice(eq + 1).trim();
    if (!(SCOPES as readonly string[]).includes(scope))
      return { ok: false, message: `${where}: the scope must be one of ${SCOPES.join(', ')}, not "${scope}"` };
    if (seen.has(scope)) return { ok: false, message: `${where}: ${scope} is named twice` };
    seen.add(scope);
    if (span === 'never') {
      out[scope as AnswerScope] = undefined;
      continue;
    }
    const m = /^(\d{1,9})(s|m|h|d|w)$/.exec(span);
    const n = m ? Number(m[1]) * (UNITS[m[2] as string] as number) : NaN;
    if (!m || !(n > 0))
      return {
        ok: false,
        message: `${where}: the span must be a positive whole number with a unit s, m, h, d or w (as 12h, 30d), or never, not "${span}"`,
      };
    out[scope as AnswerScope] = n;
  }
  return { ok: true, ttl: out };
}

/** A span in the largest unit that writes it whole (`43200000` → `12h`); `never` for none. @public */
export function formatSpan(ms: number | undefined): string {
  if (ms === undefined) return 'never';
  for (const u of ['w', 'd', 'h', 'm', 's']) {
    const size = UNITS[u] as number;
    if (ms % size === 0) return `${ms / size}${u}`;
  }
  return `${ms}ms`;
}
