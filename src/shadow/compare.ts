import type { Behavior } from '../core/types.js';

/**
 * How a shadow's would-be decision stands to the live one: `looser` when the shadow lets more
 * through (ask → allow, deny → ask or allow), `stricter` when less, `same`, or `error` when the
 * shadow has no decision.
 * @public
 */
export type ShadowDirection = 'looser' | 'stricter' | 'same' | 'error';

const RANK: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };

/** Compare a shadow's would-be decision with the live one. @public */
export function shadowDirection(live: Behavior, shadow: Behavior | 'error'): ShadowDirection {
  if (shadow === 'error') return 'error';
  const d = RANK[shadow] - RANK[live];
  return d < 0 ? 'looser' : d > 0 ? 'stricter' : 'same';
}
