import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';
import { StoreOpenError } from './types.js';

/** The lock one `toolgate serve` holds on the spill journal it writes and replays. */
export interface SpillLock {
  /** Let the lock go. */
  release(): Promise<void>;
}

/**
 * Take the lock that makes one `toolgate serve` on this machine the only writer of a spill
 * journal (decision 0074): it empties the journal once its entries are in the store, which would
 * drop what another process appended meanwhile. The journal of a store without a file of its own
 * (PostgreSQL) is in the state directory, named after the database, so two replicas of one
 * database on one machine would otherwise share it. An atomic `mkdir` of `FILE.lock`
 * (proper-lockfile), refreshed while held: one whose holder died (`kill -9`) is taken over once
 * it has not been refreshed for 10 s, so this waits up to `waitMs` (default 13 s) for it; a live
 * holder's is a `StoreOpenError` naming the journal.
 */
export async function lockSpillJournal(file: string, log: (line: string) => void, waitMs = 13_000): Promise<SpillLock> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: 10_000,
      retries: { retries: Math.max(0, Math.ceil(waitMs / 200)), factor: 1, minTimeout: 200, maxTimeout: 200 },
      // Taken over while held (this process was paused past the stale time): say so, never crash.
      onCompromised: (e) =>
        log(`toolgate serve: the lock on the audit spill journal ${file} was taken over (${e.message}): another serve may be writing it`),
    });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ELOCKED') {
      throw new StoreOpenError(
        `another toolgate serve on this machine writes the audit spill journal ${file} (it holds ${file}.lock): one serve per journal. ` +
          'Give each replica of a database on one machine a state directory of its own (XDG_STATE_HOME)',
      );
    }
    throw new StoreOpenError(`cannot lock the audit spill journal ${file}: ${(e as Error).message}`);
  }
  return {
    release: async () => {
      await release().catch(() => {});
    },
  };
}
