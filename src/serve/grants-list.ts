/**
 * The grants in force in a store, whatever their project or session, for people (the page's
 * Grants view, `toolgate lint --store`).
 */
import type { AskRecord, GrantRecord, Store } from '../store/index.js';

/**
 * The grants in force at `at`, newest first, with the asks they were saved with. The store lists
 * grants by project and session, so each project and session its asks name is asked in turn.
 */
export async function liveGrants(store: Pick<Store, 'listAsks' | 'listGrants' | 'getAsk'>, at: number): Promise<{ grants: GrantRecord[]; asks: Map<string, AskRecord> }> {
  const asks = await store.listAsks({ state: 'all', limit: 1000 });
  const where = new Map<string, { projectDir: string; sessionId?: string }>();
  for (const a of asks) {
    where.set(`${a.projectDir}\0`, { projectDir: a.projectDir });
    if (a.sessionId !== undefined) where.set(`${a.projectDir}\0${a.sessionId}`, { projectDir: a.projectDir, sessionId: a.sessionId });
  }
  const grants = new Map<string, GrantRecord>();
  for (const w of where.values()) for (const g of await store.listGrants({ ...w, at })) grants.set(g.id, g);
  const byId = new Map(asks.map((a) => [a.id, a]));
  for (const g of grants.values()) {
    if (g.askId !== undefined && !byId.has(g.askId)) {
      const a = await store.getAsk(g.askId);
      if (a !== undefined) byId.set(a.id, a);
    }
  }
  return { grants: [...grants.values()].sort((a, b) => b.createdAt - a.createdAt), asks: byId };
}
