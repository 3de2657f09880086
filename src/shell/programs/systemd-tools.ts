/**
 * systemd's command-line tools that page what they print (`journalctl`, `systemctl status`,
 * `loginctl`, `busctl`, …): only the variables that name the pager are modelled — what each
 * tool does otherwise (start a unit, change the clock) is not, so each stays a program whose
 * files toolgate does not know.
 *
 * With a terminal (the line may give one: `script -qc 'journalctl …' /dev/null`) and without
 * `--no-pager`, each pipes its output to `$SYSTEMD_PAGER`, else `$PAGER`, else less: the value is
 * split into words and run (verified, systemd 252 under `script`: `SYSTEMD_PAGERSECURE=0
 * SYSTEMD_PAGER='rm -rf .claude' journalctl --help` and `PAGER='rm -rf .claude' systemctl --help`
 * removed .claude; `SYSTEMD_LESS='FRSXMK -O.claude/settings.json'` had less overwrite it).
 * `SYSTEMD_PAGERSECURE` only says whether a pager other than less may run: a person's own
 * session runs it by default (secure mode is on only when the user is not the session's owner),
 * so the pager variables are code whatever it holds. `cat` or nothing is `--no-pager`.
 * systemctl reads the same variables and has a model of its own (systemctl.ts: the unit folders
 * its installing verbs write).
 */
import { defineProgram, type ReadVariable } from './model.js';
import { LESS_VARIABLES } from './pagers.js';

/** What systemd's pager code reads (also systemd-tmpfiles', tmpfiles.ts) (systemd 252 journalctl(1) ENVIRONMENT; src/shared/pager.c). */
export const SYSTEMD_PAGER_VARIABLES: Readonly<Record<string, ReadVariable>> = {
  SYSTEMD_PAGER: { may: ['code'], what: 'SYSTEMD_PAGER names the pager the tool pipes its output to' },
  PAGER: { may: ['code'], what: 'PAGER names the pager the tool pipes its output to when SYSTEMD_PAGER is not set' },
  SYSTEMD_LESS: {
    may: ['code'],
    what: 'SYSTEMD_LESS holds the options less runs with as its pager (-o/-O write a log file, +cmd runs a command)',
  },
  // less reads these itself; LESS does not reach it (systemd sets LESS from SYSTEMD_LESS).
  ...Object.fromEntries(
    Object.entries(LESS_VARIABLES)
      .filter(([k]) => k !== 'LESS')
      .map(([k, v]) => [k, { may: ['code'], what: `${v.what} (the default pager is less)` } as const]),
  ),
};

/**
 * The tools whose manual pages (systemd 252) list `$SYSTEMD_PAGER` among what they read; on
 * Debian 12, loginctl, busctl and systemd-analyze were seen running it for `--help` too.
 * @internal
 */
export const systemdTools = defineProgram({
  names: [
    'journalctl',
    'loginctl',
    'busctl',
    'coredumpctl',
    'machinectl',
    'networkctl',
    'resolvectl',
    'hostnamectl',
    'localectl',
    'timedatectl',
    'bootctl',
    'homectl',
    'portablectl',
    'userdbctl',
    'oomctl',
    'systemd-analyze',
    'systemd-cgls',
    'systemd-delta',
    'systemd-inhibit',
  ],
  summary: "systemd's tools that page their output (only the pager they run is modelled)",
  sources: [
    'systemd 252 journalctl(1), loginctl(1), systemd-analyze(1) ENVIRONMENT ($SYSTEMD_PAGER, $PAGER, $SYSTEMD_LESS, $SYSTEMD_PAGERSECURE)',
    'systemd 252 src/shared/pager.c; verified on Debian 12 under script(1) (#37)',
  ],
  readsVariables: SYSTEMD_PAGER_VARIABLES,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'journalctl -u x --no-pager',
      effects: ['write ./x (word)'],
      why: 'what journalctl does with its words is not modelled: each may name a file',
    },
    {
      command: "SYSTEMD_PAGER='rm -rf .claude' journalctl -n 5",
      effects: ['write . [some]', 'write ./5 (word)'],
      why: 'the pager it names runs with a terminal: a write toolgate cannot see',
    },
    { command: 'SYSTEMD_PAGER=cat loginctl list-sessions', effects: ['write ./list-sessions (word)'], why: 'cat is --no-pager' },
  ],
});
