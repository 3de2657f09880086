/**
 * `rush [FLAGS] COMMAND` (shenwei356/rush, a parallel runner in Go): runs COMMAND with a shell
 * once per record it reads (standard input, or `-i FILE`), the record put in place of `{}` and
 * its other replacement strings as text (`-q` escapes only some symbols). A record is then shell
 * code toolgate cannot see, so a rush command is never read as safe; its command text is read
 * too, for the deny rules it meets (`rush 'rm {}'`). Modelled from rush's README (v0.5): not
 * verified here, rush is not packaged in Debian 12.
 */
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { wrapInfo } from './wrapper-info.js';

/** Flags that take a value (the next word or `=VALUE`; a short one also the rest of its word). */
const VALUED =
  /^-(?:[vDJdiojtrCQn]|-(?:assign|record-delimiter|records-join-sep|field-delimiter|infile|out-file|jobs|timeout|retries|retry-interval|succeed-cmd-file|escape-symbols|nrecords))$/;

/** The index of the first word of the command: the first word that is not a flag or a flag's value. */
function commandStart(argv: readonly string[]): number {
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') return k + 1;
    if (!w.startsWith('-') || w === '-') return k;
    if (VALUED.test(w)) k++;
  }
  return argv.length;
}

/** What rush runs: its command text, and the records it fills it with, unseen. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const start = commandStart(argv);
  return wrapInfo([
    ...(start < argv.length ? [{ kind: 'script' as const, index: start, joinFrom: start }] : []),
    { kind: 'unknown', reason: 'rush runs shell text it fills with the records it reads, which toolgate cannot see', unseen: true },
  ]);
}

/** The rush model. @internal */
export const rush = defineProgram({
  names: ['rush'],
  summary: 'rush: run a shell command once per record of its input, in parallel',
  sources: ['https://github.com/shenwei356/rush README (v0.5), not verified'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  handsOnInput: true,
  examples: [{ command: "rush 'gzip {}'", readOnly: false, why: 'the records rush reads are put into the shell text as code' }],
});
