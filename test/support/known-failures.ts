import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One line of `test/cases/known-failures.txt`: a case that fails today, how, and the issue that fixes it. */
export interface KnownFailure {
  id: string;
  kind: 'fail-open' | 'over-strict';
  issue: number;
}

/** Where the list lives. */
export const KNOWN_FAILURES_FILE = fileURLToPath(new URL('../cases/known-failures.txt', import.meta.url));

/**
 * Read the known-failures list: `<case id> <fail-open|over-strict> #<issue>` a line, `#` comments
 * and blank lines ignored. A malformed line throws (naming the line): the list must stay exact.
 */
export function loadKnownFailures(file = KNOWN_FAILURES_FILE): Map<string, KnownFailure> {
  const out = new Map<string, KnownFailure>();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.replace(/(^|\s)#(?!\d).*$/, '').trim();
      if (line === '') return;
      const m = /^(\S+)\s+(fail-open|over-strict)\s+#(\d+)$/.exec(line);
      if (!m) throw new Error(`${file}:${i + 1}: expected "<case id> <fail-open|over-strict> #<issue>", got ${JSON.stringify(raw)}`);
      if (out.has(m[1]!)) throw new Error(`${file}:${i + 1}: ${m[1]} is listed twice`);
      out.set(m[1]!, { id: m[1]!, kind: m[2] as KnownFailure['kind'], issue: Number(m[3]) });
    });
  return out;
}

/** The vitest title of a case that runs as an expected failure. */
export function knownFailureTitle(id: string, k: KnownFailure): string {
  return `${id} (known ${k.kind}, #${k.issue})`;
}
