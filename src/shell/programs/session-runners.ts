/**
 * Programs that start a session (a message bus, a virtual X display) and run the command in their
 * remaining words inside it: `dbus-run-session -- sh -c '…'`, `xvfb-run sh -c '…'` (screen has its
 * own model, `screen.ts`). What they run is judged as a command of its own, as
 * `setsid`'s and `nohup`'s is; with no model the inner `sh -c` text went unread (red team 13 V16:
 * `dbus-run-session -- sh -c 'x=r; ${x}m -f notes.txt'` ran rm under a `Bash(rm *)` deny rule).
 * Their options that name a program or configuration they run (dbus-run-session's
 * `--dbus-daemon`, `--config-file`) are code toolgate cannot see, and words they do not take are
 * an unknown.
 *
 * Sources: dbus 1.14 dbus-run-session(1) (and its `--help`, checked on Debian 12); Debian
 * xvfb-run(1) (xorg-server 21.1, its getopt string `+ae:f:hn:lp:s:w:`).
 */
import { parseGnuOptions, describeGnuProblem, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand } from '../options/file-operands.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;

/** dbus-run-session reads its own words: long options matched exactly, then `--` or the program. */
const DBUS_RUN_SESSION: GnuOptionSpec = {
  short: '+',
  long: { 'config-file': r, 'dbus-daemon': r, help: n, version: n },
  abbreviations: false,
};

function dbusUnwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, DBUS_RUN_SESSION);
  if (!parsed.ok) return refusedWrap(`dbus-run-session: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const o of parsed.options) {
    const shown = literal[o.valueIndex ?? o.index] === false ? 'a word that is not literal' : (o.value ?? '');
    if (o.name === 'dbus-daemon')
      inner.push({ kind: 'opaque', reason: `dbus-run-session --dbus-daemon runs ${shown} in place of dbus-daemon` });
    if (o.name === 'config-file')
      inner.push({
        kind: 'opaque',
        reason: `dbus-run-session --config-file ${shown}: a bus configuration may start services, programs toolgate cannot see`,
      });
  }
  const start = parsed.operands[0]?.index;
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** The dbus-run-session model. @internal */
export const dbusRunSession = defineProgram({
  names: ['dbus-run-session'],
  summary: 'dbus-run-session: run a command with a new D-Bus session bus',
  sources: ['dbus 1.14 dbus-run-session(1)'],
  grammar: DBUS_RUN_SESSION,
  runs: 'seen',
  role: 'wrapper',
  unwrap: dbusUnwrap,
  examples: [
    { command: 'dbus-run-session -- cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    {
      command: "dbus-run-session -- sh -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'the inner sh -c script is read',
    },
  ],
});

/** Debian's xvfb-run: getopt `+ae:f:hn:lp:s:w:` and its long names. */
const XVFB_RUN: GnuOptionSpec = {
  short: '+ae:f:hn:lp:s:w:',
  long: {
    'auto-servernum': n,
    'error-file': r,
    'auth-file': r,
    help: n,
    'server-num': r,
    'listen-tcp': n,
    'xauth-protocol': r,
    'server-args': r,
    wait: r,
  },
};

/**
 * Xvfb's options that read or write no file and run nothing (Xvfb(1), Xserver(1)); a word of
 * `-s` that starts with `-` or `+` and is not one of them (`-fbdir DIR` writes the screens there,
 * `-auth`, `-config` read files) makes the command unknown.
 */
const XVFB_PLAIN = new Set([
  '-screen',
  '-ac',
  '-nolisten',
  '-listen',
  '-dpi',
  '+extension',
  '-extension',
  '-noreset',
  '+iglx',
  '-iglx',
  '-pixdepths',
  '+render',
  '-nocursor',
  '-br',
  '-wr',
  '-terminate',
]);

function xvfbUnwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, XVFB_RUN);
  if (!parsed.ok) return refusedWrap(`xvfb-run: ${describeGnuProblem(parsed)}`);
  const inner: Unwrapped[] = [];
  for (const o of parsed.options) {
    if (o.name !== 's' && o.name !== 'server-args') continue;
    const other = (o.value ?? '').split(/\s+/).find((w) => /^[-+]/.test(w) && !XVFB_PLAIN.has(w));
    if (other !== undefined)
      inner.push({ kind: 'unknown', reason: `xvfb-run -s passes ${other} to Xvfb, an option toolgate does not model` });
  }
  const start = parsed.operands[0]?.index;
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  return wrapInfo(inner, false, true);
}

/** `-e`/`--error-file` and `-f`/`--auth-file` are written (Xvfb's errors; xauth's cookie). */
function xvfbFiles(_name: string, argv: readonly string[]) {
  return readBy(argv, XVFB_RUN, (words) => {
    const files: FileOperand[] = [];
    for (const opt of words.options)
      if (['-e', '--error-file', '-f', '--auth-file'].includes(opt.name)) pushOpt(files, optionFile(opt, 'write', argv));
    return { files, unresolved: [] };
  });
}

/** The xvfb-run model. @internal */
export const xvfbRun = defineProgram({
  names: ['xvfb-run'],
  summary: 'xvfb-run: run a command with a virtual X server',
  sources: ['Debian xvfb-run(1) (xorg-server 21.1)'],
  grammar: XVFB_RUN,
  files: xvfbFiles,
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap: xvfbUnwrap,
  examples: [
    { command: 'xvfb-run -a cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    { command: 'xvfb-run -e err.log cat a.txt', effects: ['write ./err.log', 'read ./a.txt'], readOnly: false },
  ],
});
