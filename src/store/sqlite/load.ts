import { createRequire } from 'node:module';
import { StoreOpenError } from '../types.js';

/** The constructor better-sqlite3 exports (only what the store uses). */
export type BetterSqlite3 = typeof import('better-sqlite3');

const INSTALL = 'npm install better-sqlite3@12';

/**
 * Load `better-sqlite3`, an optional peer dependency: only `toolgate serve` and hosts that open a
 * SQLite store need it, so library users never compile it. Every way it can be missing gets a
 * message saying what to run.
 */
export async function loadBetterSqlite3(): Promise<BetterSqlite3> {
  let mod: { default?: BetterSqlite3 } & BetterSqlite3;
  try {
    mod = (await import('better-sqlite3')) as typeof mod;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new StoreOpenError(
        `the SQLite store needs the optional package better-sqlite3 (version 12): run \`${INSTALL}\` where toolgate is installed`,
      );
    }
    throw new StoreOpenError(`better-sqlite3 could not be loaded: ${(e as Error).message}`);
  }
  const version = installedVersion();
  const major = Number(version?.split('.')[0]);
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (Number.isFinite(major) && major >= 13 && nodeMajor < 22) {
    throw new StoreOpenError(
      `better-sqlite3 ${version} needs Node.js 22 or newer and crashes on Node.js ${process.versions.node}: run \`${INSTALL}\``,
    );
  }
  return mod.default ?? mod;
}

function installedVersion(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require('better-sqlite3/package.json') as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/**
 * The error of opening a database, with a hint when the native addon was never built: npm runs a
 * dependency's install script only while `allowScripts` (or the npm version's default) lets it.
 */
export function openFailure(e: unknown, file: string): StoreOpenError {
  const message = e instanceof Error ? e.message : String(e);
  if (/bindings file|\.node\b|NODE_MODULE_VERSION|invalid ELF|was compiled against/i.test(message)) {
    return new StoreOpenError(
      `better-sqlite3 is installed but its native addon is missing or was built for another Node.js (${message.split('\n')[0]}). ` +
        'Its install script builds it: allow it (`npm install-scripts approve better-sqlite3`, or "allowScripts": { "better-sqlite3": true } in package.json) and run `npm rebuild better-sqlite3`.',
    );
  }
  return new StoreOpenError(`cannot open the SQLite store ${file}: ${message}`);
}
