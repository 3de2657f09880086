/**
 * The grants in force in a store, whatever their project or session, for people (the page's
 * Grants view, `toolgate lint --store`).
 */
import type { AskRecord, GrantRecord, Store } from '../store/index.js';

/** The grants in force at `at` (at most 1000), newest first, with the asks they were saved with. */
export async function liveGrants(
  store: Pick<Store, 'findGrants' | 'getAsk'>,
  at: number,
): Promise<{ grants: GrantRecord[]; asks: Map<string, AskRecord> }> {
  const grants = await store.findGrants({ state: 'active', at, limit: 1000 });
  const asks = new Map<string, AskRecord>();
  for (const g of grants) {
    if (g.askId !== undefined && !asks.has(g.askId)) {
      const a = await store.getAsk(g.askId);
      if (a !== undefined) asks.set(a.id, a);
    }
  }
  return { grants, asks };
}
