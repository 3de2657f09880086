import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadBetterSqlite3, openFailure } from './load.js';
import { StoreOpenError } from '../types.js';

/** The file whose lock says a `toolgate serve` serves the SQLite store `file`. */
export function serveLockFile(file: string): string {
  return `${file}-serve-lock`;
}

/** The lock one `toolgate serve` holds on its SQLite store while it runs. */
export interface ServeLock {
  /** The lock file. */
  readonly file: string;
  /** Let the lock go (closing the process does too). */
  release(): void;
}

/** The lock is held by another serve, as opposed to a store or driver that cannot be opened. @internal */
export class ServeLockHeld extends StoreOpenError {}

/**
 * Take the lock that makes one `toolgate serve` the only one serving a SQLite store: an exclusive
 * transaction, never committed, on a small SQLite database beside the store (`STORE-serve-lock`).
 * SQLite locks it with the file system's own lock, which the kernel lets go when the process
 * ends however it ends (`kill -9` leaves nothing stale). The store itself is not locked: the CLI's
 * readers (`asks list`, `audit export`, `grants list`) open it while serve runs. Waits up to
 * `waitMs` for a serve that is stopping; then a `StoreOpenError` saying another serve holds it.
 */
export async function lockSqliteStoreForServe(file: string, waitMs = 2000): Promise<ServeLock> {
  const Database = await loadBetterSqlite3();
  const lockFile = serveLockFile(file);
  let db: InstanceType<typeof Database>;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    db = new Database(lockFile, { timeout: waitMs });
    chmodSync(lockFile, 0o600);
  } catch (e) {
    throw openFailure(e, lockFile);
  }
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    db.close();
    if ((e as { code?: unknown }).code === 'SQLITE_BUSY') {
      throw new ServeLockHeld(
        `another toolgate serve is serving the store ${file} (it holds ${lockFile}): one serve per store. ` +
          'Stop it first, or give this one a store of its own with --store sqlite:PATH',
      );
    }
    throw openFailure(e, lockFile);
  }
  return {
    file: lockFile,
    release: () => {
      if (db.open) db.close();
    },
  };
}
