import { closeSync, fstatSync, mkdirSync, openSync, readSync, statSync, truncateSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AuditEntry } from './types.js';

/**
 * A local append-only file of audit entries that could not reach the store yet: one JSON object
 * a line, written with `write(2)` before the call they record is answered (so they survive a kill
 * of the process), read back in order once the store can be written, then emptied. A line that
 * is not an entry (a write cut short by a kill) is skipped.
 * @public
 */
export interface SpillJournal {
  /** The journal's path. */
  readonly file: string;
  /** Append entries (one write); throws when the file cannot be written. */
  append(entries: readonly AuditEntry[]): void;
  /** Up to `max` whole entries from byte `offset`, and the offset after them. */
  read(offset: number, max: number): { entries: AuditEntry[]; next: number };
  /** Bytes in the file (0 when it does not exist). */
  size(): number;
  /** Empty the file once everything in it is in the store. */
  clear(): void;
  /** Close the file (a later append opens it again). */
  close(): void;
}

const CHUNK = 1024 * 1024;

/** Open (creating on first append, directory mode 0700, file 0600) the spill journal at `file`. @public */
export function openSpillJournal(file: string): SpillJournal {
  let fd: number | undefined;
  const handle = () => {
    if (fd === undefined) {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      const h = openSync(file, 'a+', 0o600);
      // A line cut short by a kill: end it, so the next entry starts a line of its own.
      const size = fstatSync(h).size;
      const last = Buffer.alloc(1);
      if (size > 0 && readSync(h, last, 0, 1, size - 1) === 1 && last[0] !== 10) writeSync(h, '\n');
      fd = h;
    }
    return fd;
  };
  return {
    file,
    append(entries) {
      if (entries.length === 0) return;
      const text = Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
      const h = handle();
      let written = 0;
      while (written < text.length) written += writeSync(h, text, written);
    },
    read(offset, max) {
      let r: number;
      try {
        r = openSync(file, 'r');
      } catch {
        return { entries: [], next: offset };
      }
      try {
        const entries: AuditEntry[] = [];
        let pos = offset;
        let carry = Buffer.alloc(0);
        const buf = Buffer.alloc(CHUNK);
        for (;;) {
          const n = readSync(r, buf, 0, CHUNK, pos + carry.length);
          if (n === 0) break;
          const data = Buffer.concat([carry, buf.subarray(0, n)]);
          let start = 0;
          for (;;) {
            const nl = data.indexOf(10, start);
            if (nl === -1) break;
            const line = data.subarray(start, nl).toString('utf8');
            start = nl + 1;
            const entry = parse(line);
            if (entry !== undefined) entries.push(entry);
            if (entries.length >= max) return { entries, next: pos + start };
          }
          pos += start;
          carry = Buffer.from(data.subarray(start));
        }
        return { entries, next: pos };
      } finally {
        closeSync(r);
      }
    },
    size() {
      if (fd !== undefined) return fstatSync(fd).size;
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
    clear() {
      this.close();
      try {
        truncateSync(file, 0);
      } catch {
        // Not there: nothing to clear.
      }
    },
  };
}

function parse(line: string): AuditEntry | undefined {
  if (line.trim() === '') return undefined;
  try {
    const v = JSON.parse(line) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as AuditEntry).event === 'string'
      ? (v as AuditEntry)
      : undefined;
  } catch {
    return undefined;
  }
}
