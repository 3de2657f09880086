/**
 * psql, PostgreSQL's interactive client: only the programs and files its variables name are
 * modelled. The SQL and meta-commands it runs (`-c`, `-f`, its input: `\!` runs a shell command,
 * `\copy … to program`, `\o |cmd`, a backquoted `\set`) are code in its own language, which toolgate
 * does not read: the words are assumed (`-o FILE`, `-L FILE` write FILE), and the program is one
 * toolgate has no model of otherwise (`otherwiseUnknown`, as `sqlite3`'s commands are opaque code).
 *
 * Verified with psql 15 against a local server on Debian 12 (#37): `PSQLRC=./rc psql -c 'select
 * 1'` ran rc's `\! rm -rf .claude`; with a terminal (`script`), `PSQL_PAGER='rm -rf .claude'` and
 * `PAGER=…` ran as the pager even for one row of output.
 */
import { defineProgram } from './model.js';

/** @internal */
export const psql = defineProgram({
  names: ['psql'],
  summary: 'psql: the PostgreSQL client (only the programs and files its variables name are modelled)',
  sources: [
    'PostgreSQL 15 psql(1) ENVIRONMENT (PSQL_PAGER, PAGER, PSQLRC, PSQL_EDITOR, EDITOR, VISUAL, PSQL_HISTORY) and Files (psqlrc)',
    'verified with psql 15 on Debian 12 under script(1) (#37)',
  ],
  readsVariables: {
    PSQLRC: { may: ['options-file'], what: 'PSQLRC names the file of commands psql runs at its start (\\! runs a shell command)' },
    PSQL_PAGER: { may: ['code'], what: 'PSQL_PAGER names the pager psql pipes its output to' },
    PAGER: { may: ['code'], what: 'PAGER names the pager psql pipes its output to when PSQL_PAGER is not set' },
    PSQL_EDITOR: { may: ['code'], what: 'PSQL_EDITOR names the editor \\e and \\ef run' },
    EDITOR: { may: ['code'], what: 'EDITOR names the editor \\e and \\ef run when PSQL_EDITOR is not set' },
    VISUAL: { may: ['code'], what: 'VISUAL names the editor \\e and \\ef run when PSQL_EDITOR is not set' },
    PSQL_HISTORY: { may: ['options-file'], what: 'PSQL_HISTORY names the file psql writes its command history to' },
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: "psql -c 'select 1'",
      effects: ['write ./select 1 (word)', 'read ./select (word)', 'read ./1 (word)'],
      why: 'what psql does with SQL is not modelled',
    },
    {
      command: "PSQL_PAGER='rm -rf .claude' psql -c 'select 1'",
      effects: ['write . [some]', 'write ./select 1 (word)', 'read ./select (word)', 'read ./1 (word)'],
      why: 'the pager it names runs with a terminal',
    },
  ],
});
