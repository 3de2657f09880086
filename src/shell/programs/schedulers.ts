/**
 * The programs that write the tables cron and atd run commands from later, outside the agent (no
 * hook, no audit), and Debian's update-rc.d, which links a boot script into the runlevels. Each
 * writes a system folder of decision 0123 (`SYSTEM_CODE_PATHS`) without naming it: the folder is
 * the write toolgate judges, a protected path in every mode. That they run code is
 * `code-runners.ts`'s (crontab, at and batch are opaque code there); which of their forms only
 * list, print or check is here, and writes nothing.
 *
 * - crontab (Debian cron 3.0pl1, crontab(1), verified on Debian 12 in /work/wt/ro-sandbox.sh with
 *   the spool read-only, under strace): `crontab FILE` and `crontab -` install a table: it went
 *   to /var/spool/cron and created `crontabs/tmp.XXXXXX` there (EROFS); `crontab -e` ran
 *   `sh -c "$EDITOR /tmp/crontab.XXXXXX/crontab"` and installs the result; `-r` removes the table;
 *   `-l` lists it and `-n FILE` only checks its syntax ("dry run"), writing nothing.
 * - at and batch (at 3.2.5, getopt `q:f:Mmu:bvlrdhVct:`; its .deb unpacked in /tmp and run in the
 *   sandbox): `at now`, `at -f FILE now` and `batch` (`at -qb now`) open
 *   `/var/spool/cron/atjobs/.SEQ` to write a job; `atrm N` and `at -r|-d N` remove one there; `-l`
 *   (atq) lists and `-c N` prints a job; `-V` prints the version.
 * - update-rc.d (init-system-helpers 1.65, update-rc.d(8)): `defaults`, `defaults-disabled`,
 *   `remove`, `enable`, `disable` make or remove the `/etc/rcN.d` links to `/etc/init.d/NAME` that
 *   run it at boot and shutdown (not run here: it needs a boot script of the host).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { is } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';

/** The folder crontab writes the users' tables in (Debian: `crontabs/USER`; Fedora's cronie: `USER`). */
const CRON_SPOOL = '/var/spool/cron';

/** The folder atd runs jobs from (Debian's at; Fedora's is /var/spool/at, also protected). */
const AT_SPOOL = '/var/spool/cron/atjobs';

/** The runlevel folders whose links run an init script at boot and shutdown. */
const RC_FOLDERS = ['/etc/rc0.d', '/etc/rc1.d', '/etc/rc2.d', '/etc/rc3.d', '/etc/rc4.d', '/etc/rc5.d', '/etc/rc6.d', '/etc/rcS.d'];

/** Debian cron 3.0pl1 crontab: `-u USER`, `-n` dry run, `-i` asks before `-r`. */
const crontabGrammar: GnuOptionSpec = { short: 'u:nielrh', long: {} };

/** at 3.2.5's getopt (`at -V`, `-q QUEUE`, `-f FILE`, `-t TIME`, `-u USER`). */
const atGrammar: GnuOptionSpec = { short: 'q:f:Mmu:bvlrdhVct:', long: {} };

/** atrm and atq read only `-V` and `-q QUEUE` (atq: getopt `hq:Vo:`). */
const atqGrammar: GnuOptionSpec = { short: 'hq:Vo:', long: {} };

/** A folder below which the program writes names toolgate does not see (a table, a job). */
const spool = (op: 'write' | 'remove', value: string): FileOperand => ({ op, index: 0, value, tree: 'some' });

/** crontab's files: the table it installs from (a file operand, `-` its input) and the spool it writes or removes in. */
export const crontab = defineProgram({
  names: ['crontab'],
  summary: "crontab: install, edit, list or remove a user's cron table (the commands cron runs later)",
  sources: ['Debian cron 3.0pl1-162 crontab(1) and crontab -h; verified on Debian 12 under strace with /var read-only (#37)'],
  grammar: crontabGrammar,
  files: (_name, argv) =>
    readBy(argv, crontabGrammar, ({ options, operands }): FileOperands => {
      const has = (...names: string[]): boolean => options.some((o) => is(o, ...names));
      if (has('-h', '-l')) return { files: [], unresolved: [], notFiles: [...operands] };
      if (has('-r')) return { files: [spool('remove', CRON_SPOOL)], unresolved: [], notFiles: [...operands] };
      if (has('-e')) return { files: [spool('write', CRON_SPOOL)], unresolved: [], notFiles: [...operands] };
      const files: FileOperand[] = operands.filter((k) => argv[k] !== '-').map((k) => ({ op: 'read', index: k }) as FileOperand);
      if (!has('-n')) files.push(spool('write', CRON_SPOOL));
      return { files, unresolved: [], notFiles: [] };
    }),
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'crontab jobs.txt', effects: ['read ./jobs.txt', 'write /var/spool/cron [some]'], why: "installs the table in cron's spool" },
    { command: 'crontab -', effects: ['write /var/spool/cron [some]'], why: 'the table is its input' },
    { command: 'crontab -u www-data jobs.txt', effects: ['read ./jobs.txt', 'write /var/spool/cron [some]'] },
    { command: 'crontab -e', effects: ['write /var/spool/cron [some]'], why: 'runs the editor, then installs what it left' },
    { command: 'crontab -r', effects: ['remove /var/spool/cron [some]'] },
    { command: 'crontab -i -r', effects: ['remove /var/spool/cron [some]'] },
    { command: 'crontab -l', effects: [], why: 'lists the table: writes nothing' },
    { command: 'crontab -n jobs.txt', effects: ['read ./jobs.txt'], why: 'a dry run: checks the syntax, installs nothing' },
  ],
});

/** at's and batch's files: the file a job is read from (`-f`) and the spool it is written in or removed from. */
export const at = defineProgram({
  names: ['at', 'batch'],
  summary: 'at, batch: queue a command for atd to run later, list, print or remove queued jobs',
  sources: ['at 3.2.5 at(1) and its getopt string; its Debian 12 package unpacked in /tmp and run under strace in a read-only sandbox (#37)'],
  grammar: atGrammar,
  files: (_name, argv) =>
    readBy(argv, atGrammar, ({ options, operands }): FileOperands => {
      const has = (...names: string[]): boolean => options.some((o) => is(o, ...names));
      const notFiles = [...operands];
      if (has('-h', '-V', '-l', '-c')) return { files: [], unresolved: [], notFiles };
      if (has('-r', '-d')) return { files: [spool('remove', AT_SPOOL)], unresolved: [], notFiles };
      const files: FileOperand[] = options
        .filter((o) => is(o, '-f') && o.value !== undefined)
        .map((o) => ({ op: 'read', index: o.valueIndex ?? o.index, value: o.value! }) as FileOperand);
      files.push(spool('write', AT_SPOOL));
      return { files, unresolved: [], notFiles };
    }),
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'at now', effects: ['write /var/spool/cron/atjobs [some]'], why: 'the job is its input, written to the spool' },
    { command: 'at -f job.sh now + 1 hour', effects: ['read ./job.sh', 'write /var/spool/cron/atjobs [some]'] },
    { command: 'batch', effects: ['write /var/spool/cron/atjobs [some]'], why: 'batch is `at -qb now`' },
    { command: 'at -l', effects: [], why: 'lists the queue (atq)' },
    { command: 'at -c 3', effects: [], why: 'prints job 3' },
    { command: 'at -r 3', effects: ['remove /var/spool/cron/atjobs [some]'] },
  ],
});

/** atq lists the jobs atd will run. */
export const atq = defineProgram({
  names: ['atq'],
  summary: 'atq: list the jobs atd will run',
  sources: ['at 3.2.5 atq(1); atq is a link to at (getopt `hq:Vo:`)'],
  grammar: atqGrammar,
  files: (_name, argv) => readBy(argv, atqGrammar, ({ operands }) => ({ files: [], unresolved: [], notFiles: [...operands] })),
  environment: 'data',
  runs: 'nothing',
  examples: [{ command: 'atq', effects: [], why: 'lists the queue' }],
});

/** atrm removes queued jobs. */
export const atrm = defineProgram({
  names: ['atrm'],
  summary: 'atrm: remove jobs atd would run',
  sources: ['at 3.2.5 atrm(1); atrm is a link to at (it went to /var/spool/cron/atjobs, verified)'],
  grammar: atqGrammar,
  files: (_name, argv) =>
    readBy(argv, atqGrammar, ({ options, operands }): FileOperands => {
      const info = options.some((o) => is(o, '-h', '-V'));
      return { files: info || operands.length === 0 ? [] : [spool('remove', AT_SPOOL)], unresolved: [], notFiles: [...operands] };
    }),
  environment: 'data',
  runs: 'nothing',
  examples: [
    { command: 'atrm 3 4', effects: ['remove /var/spool/cron/atjobs [some]'] },
    { command: 'atrm -V', effects: [] },
  ],
});

/** update-rc.d's actions, each of which makes or removes runlevel links. */
const RC_ACTIONS = new Set(['defaults', 'defaults-disabled', 'remove', 'enable', 'disable']);

/** update-rc.d: links or unlinks a boot script in the runlevel folders. */
export const updateRcD = defineProgram({
  names: ['update-rc.d'],
  summary: 'update-rc.d: make or remove the runlevel links that run an init script at boot and shutdown',
  sources: ['init-system-helpers 1.65 update-rc.d(8) (Debian 12)'],
  files: (_name, argv) => {
    const action = argv.slice(1).find((w, k) => k > 0 && RC_ACTIONS.has(w));
    if (action === undefined) return { files: [], unresolved: [], notFiles: argv.slice(1).map((_w, k) => k + 1) };
    const op = action === 'remove' ? 'remove' : 'write';
    return { files: RC_FOLDERS.map((f) => spool(op, f)), unresolved: [], notFiles: argv.slice(1).map((_w, k) => k + 1) };
  },
  environment: 'data',
  runs: 'nothing',
  examples: [
    {
      command: 'update-rc.d x defaults',
      effects: RC_FOLDERS.map((f) => `write ${f} [some]`),
      why: 'links /etc/init.d/x into the runlevels: it runs at every boot',
    },
    { command: 'update-rc.d -f x remove', effects: RC_FOLDERS.map((f) => `remove ${f} [some]`) },
  ],
});
