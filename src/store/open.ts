import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createMemoryStore } from './memory.js';
import { openPostgresStore } from './postgres/store.js';
import { openSqliteStore } from './sqlite/store.js';
import { StoreOpenError, type Store } from './types.js';

/**
 * The default store address: `sqlite:${XDG_STATE_HOME:-~/.local/state}/toolgate/toolgate.db`.
 * @public
 */
export function defaultStoreAddress(env: NodeJS.ProcessEnv = process.env): string {
  const state =
    env['XDG_STATE_HOME'] !== undefined && env['XDG_STATE_HOME'] !== '' ? env['XDG_STATE_HOME'] : join(homedir(), '.local', 'state');
  return `sqlite:${join(state, 'toolgate', 'toolgate.db')}`;
}

/**
 * Where `toolgate serve` keeps the audit spill journal of a store (see `openSpillJournal`):
 * beside a SQLite store's file, in the state directory for any other store (named after its
 * address, so replicas of different databases on one machine keep apart); none for `memory`.
 * @public
 */
export function defaultSpillFile(store: Pick<Store, 'kind' | 'location'>, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (store.kind === 'memory' || store.location === ':memory:') return undefined;
  if (store.kind === 'sqlite') return `${store.location}-audit-spill.jsonl`;
  const state = dirname(defaultStoreAddress(env).slice('sqlite:'.length));
  return join(state, `audit-spill-${createHash('sha256').update(store.location).digest('hex').slice(0, 16)}.jsonl`);
}

/** A store address taken apart. @public */
export type StoreAddress = { kind: 'sqlite'; file: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

/**
 * Read a store address: `sqlite:PATH` (relative to the current directory; `~/` is the home
 * directory), `memory:`, or `postgres://…` / `postgresql://…`.
 * @public
 */
export function parseStoreAddress(address: string): StoreAddress | StoreOpenError {
  if (address.startsWith('sqlite:')) {
    const path = address.slice('sqlite:'.length);
    if (path === '') return new StoreOpenError('the store address "sqlite:" names no file: give sqlite:PATH');
    if (path === ':memory:') return { kind: 'sqlite', file: ':memory:' };
    return { kind: 'sqlite', file: path.startsWith('~/') ? join(homedir(), path.slice(2)) : resolve(path) };
  }
  if (address === 'memory:') return { kind: 'memory' };
  if (/^postgres(ql)?:\/\//.test(address)) return { kind: 'postgres', url: address };
  return new StoreOpenError(`unknown store address "${address}": expected sqlite:PATH, postgres://… or memory:`);
}

/** Open the store an address names (see {@link parseStoreAddress}). @public */
export async function openStore(address: string): Promise<Store> {
  const parsed = parseStoreAddress(address);
  if (parsed instanceof StoreOpenError) throw parsed;
  switch (parsed.kind) {
    case 'sqlite':
      return openSqliteStore({ file: parsed.file });
    case 'memory':
      return createMemoryStore();
    case 'postgres':
      return openPostgresStore({ url: parsed.url });
  }
}
