import { StoreOpenError } from '../types.js';

/** The part of the `pg` module the store uses. */
export type Pg = typeof import('pg');

const INSTALL = 'npm install pg@8';

/**
 * Load `pg` (node-postgres), an optional peer dependency: only `toolgate serve --store
 * postgres://…` and hosts that open a PostgreSQL store need it. A missing package gets a message
 * saying what to run.
 */
export async function loadPg(importPg: () => Promise<unknown> = () => import('pg')): Promise<Pg> {
  let mod: { default?: Pg } & Pg;
  try {
    mod = (await importPg()) as typeof mod;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new StoreOpenError(
        `the PostgreSQL store needs the optional package pg (version 8): run \`${INSTALL}\` where toolgate is installed`,
      );
    }
    throw new StoreOpenError(`pg could not be loaded: ${(e as Error).message}`);
  }
  const pg = mod.default ?? mod;
  if (typeof pg.Pool !== 'function' || typeof pg.Client !== 'function') {
    throw new StoreOpenError(`the installed pg package has no Pool and Client: run \`${INSTALL}\``);
  }
  return pg;
}
