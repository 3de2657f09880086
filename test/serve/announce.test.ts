/**
 * The one-time answer code goes to serve's standard error only when that is a terminal: a
 * redirected log (`serve 2>serve.err`, the journal) may be readable by the gated agent's user
 * (serve run as a process: test/serve/announce.slow.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { announcer } from '../../src/serve/announce.js';

const ask = { id: 'ask_1', tool: 'Bash' };

describe('announcer', () => {
  it('prints the code to a terminal, or when asked; otherwise says it is on the page; a caller’s own announce gets it', () => {
    const out: string[] = [];
    const write = (l: string) => out.push(l);
    announcer({ terminal: true, printCodes: false, write })(ask, 'ABCD-EFGH');
    announcer({ terminal: false, printCodes: true, write })(ask, 'ABCD-EFGH');
    announcer({ terminal: false, printCodes: false, write })(ask, 'ABCD-EFGH');
    announcer({ terminal: false, printCodes: false, write, announce: write })(ask, 'ABCD-EFGH');
    expect(out).toEqual([
      'toolgate serve: ask ask_1 waits (Bash); its answer code is ABCD-EFGH',
      'toolgate serve: ask ask_1 waits (Bash); its answer code is ABCD-EFGH',
      'toolgate serve: ask ask_1 waits (Bash); its answer code is on the approval page (standard error is not a terminal)',
      'toolgate serve: ask ask_1 waits (Bash); its answer code is ABCD-EFGH',
    ]);
  });
});
