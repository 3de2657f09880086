import type { Behavior } from '../core/types.js';
import type { AuditEntry, AuditShadow } from '../store/types.js';
import { shadowDirection, type ShadowDirection } from './compare.js';

/** One call where live and shadow differ, as `toolgate audit shadow` shows it. @public */
export interface ShadowExample {
  seq?: number;
  at: number;
  tool: string;
  /** The input as the audit log keeps it (secrets replaced). */
  input: unknown;
  live: Behavior;
  shadow: Behavior | 'error';
  sessionId?: string;
  toolUseId?: string;
}

/** The differences one rule (or, where no rule decided, one reason) is responsible for. @public */
export interface ShadowGroup {
  direction: Exclude<ShadowDirection, 'same'>;
  /** What is responsible, in plain words. */
  responsible: string;
  count: number;
  /** How many of each move, e.g. `{ "ask→allow": 3 }`. */
  moves: Record<string, number>;
  /** The first few calls. */
  examples: ShadowExample[];
}

/** What {@link summariseShadow} found. @public */
export interface ShadowSummary {
  /** Calls with a shadow decision recorded. */
  compared: number;
  /** Of those, how many the shadow decides as the live policy did. */
  same: number;
  counts: { looser: number; stricter: number; error: number };
  /** Looser first, then stricter, then errors; the largest first within each. */
  groups: ShadowGroup[];
}

const ORDER: Record<ShadowGroup['direction'], number> = { looser: 0, stricter: 1, error: 2 };

const where = (source: string | undefined) => (source !== undefined ? ` in ${source}` : '');

/**
 * Who is responsible for a difference: the rule that decided under the shadow; else the live
 * rule that no longer decides; else the shadow's reason.
 */
function responsibleFor(s: AuditShadow, direction: ShadowGroup['direction']): string {
  if (direction === 'error') return `the shadow evaluation failed${s.reason !== undefined ? `: ${s.reason}` : ''}`;
  if (s.ruleText !== undefined) return `shadow ${s.behavior} by rule "${s.ruleText}"${where(s.ruleSource)}`;
  if (s.live.ruleText !== undefined) return `live rule "${s.live.ruleText}"${where(s.live.ruleSource)} no longer decides`;
  return `no rule: ${s.reasonKind ?? 'the mode'}${s.mode !== undefined ? ` (mode ${s.mode})` : ''}`;
}

/**
 * Summarise the shadow entries of an audit log (event `shadow`): where the shadow policy would
 * have decided otherwise than the live one, grouped by the rule responsible, looser first, with
 * up to `examples` calls each (default 3). Pure.
 * @public
 */
export function summariseShadow(entries: readonly AuditEntry[], o: { examples?: number } = {}): ShadowSummary {
  const max = o.examples ?? 3;
  const groups = new Map<string, ShadowGroup>();
  const out: ShadowSummary = { compared: 0, same: 0, counts: { looser: 0, stricter: 0, error: 0 }, groups: [] };
  for (const e of entries) {
    const s = e.shadow;
    if (e.event !== 'shadow' || s === undefined) continue;
    out.compared++;
    const direction = shadowDirection(s.live.behavior, s.behavior);
    if (direction === 'same') {
      out.same++;
      continue;
    }
    out.counts[direction]++;
    const responsible = responsibleFor(s, direction);
    const key = `${direction}\u0000${responsible}`;
    const g = groups.get(key) ?? { direction, responsible, count: 0, moves: {}, examples: [] };
    groups.set(key, g);
    g.count++;
    const move = `${s.live.behavior}→${s.behavior}`;
    g.moves[move] = (g.moves[move] ?? 0) + 1;
    if (g.examples.length < max) {
      g.examples.push({
        ...(e.seq !== undefined ? { seq: e.seq } : {}),
        at: e.at,
        tool: e.tool ?? '',
        input: e.inputRedacted ?? null,
        live: s.live.behavior,
        shadow: s.behavior,
        ...(e.sessionId !== undefined ? { sessionId: e.sessionId } : {}),
        ...(e.toolUseId !== undefined ? { toolUseId: e.toolUseId } : {}),
      });
    }
  }
  out.groups = [...groups.values()].sort((a, b) => ORDER[a.direction] - ORDER[b.direction] || b.count - a.count);
  return out;
}

/** The summary as text for people: counts, then each group with its moves and examples. @public */
export function formatShadowSummary(s: ShadowSummary): string {
  if (s.compared === 0)
    return 'No shadow decisions recorded (no $toolgate.shadow or --shadow policy was in force, or nothing was decided).';
  const lines = [
    `${s.compared} call${s.compared === 1 ? '' : 's'} decided under the shadow policy: ${s.same} the same, ${s.counts.looser} looser, ${s.counts.stricter} stricter${s.counts.error > 0 ? `, ${s.counts.error} without a shadow decision (error)` : ''}.`,
  ];
  for (const g of s.groups) {
    const moves = Object.entries(g.moves)
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
    lines.push(
      '',
      `${g.direction === 'looser' ? 'LOOSER' : g.direction === 'stricter' ? 'STRICTER' : 'ERROR'}  ${g.responsible}: ${g.count} call${g.count === 1 ? '' : 's'} (${moves})`,
    );
    for (const x of g.examples)
      lines.push(`  ${x.seq !== undefined ? `#${x.seq} ` : ''}${x.tool} ${JSON.stringify(x.input)}: live ${x.live}, shadow ${x.shadow}`);
  }
  return lines.join('\n');
}
