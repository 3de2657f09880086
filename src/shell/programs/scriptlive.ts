/**
 * `scriptlive` (util-linux): replays a recorded session as live input — it starts a new shell (the
 * one `SHELL` names, else /bin/sh; `-c COMMAND` runs COMMAND through it instead) and types the
 * input its log holds (`-I`/`--log-in`, `-B`/`--log-io`, or the second operand) into it, so the
 * shell runs the log as commands. The log's text is not read here: opaque code. Verified with
 * util-linux 2.38 (Debian 12, #37, replay 23 V10): `scriptlive -t t.log -I in.log`, the operand
 * form, `-B` and the long options ran the log's `touch m` (and `rm -f README.md; cat .env`);
 * `-c 'touch c'` ran its command; `-h`/`-V` only print. Its sibling `scriptreplay` only prints
 * what the log holds (it ran nothing, the same logs) and has no model here.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;

/** util-linux 2.38 scriptlive (`scriptlive --help`). */
const grammar: GnuOptionSpec = {
  short: 't:T:I:B:c:d:m:hV',
  long: {
    timing: r,
    'log-timing': r,
    'log-in': r,
    'log-io': r,
    command: r,
    divisor: r,
    maxdelay: r,
    help: n,
    version: n,
  },
};

/** What scriptlive runs: the shell, or `-c`'s command through it, given the log's input to run. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return refusedWrap(`scriptlive: ${describeGnuProblem(parsed)}`);
  const named = (...names: string[]) => parsed.options.filter((o) => names.includes(o.name)).pop();
  if (named('h', 'help', 'V', 'version') !== undefined) return wrapInfo([]);
  const log = named('I', 'log-in', 'B', 'log-io')?.value ?? parsed.operands[1]?.text;
  const command = named('c', 'command');
  const into = command === undefined ? 'a new shell' : 'its command';
  const inner: Unwrapped[] = [
    { kind: 'opaque', reason: `scriptlive types the input its log${log !== undefined ? ` ${log}` : ''} holds into ${into}, which runs it as commands` },
  ];
  if (command !== undefined) inner.push(optionScript(argv, command));
  return wrapInfo(inner);
}

/** The scriptlive model. @internal */
export const scriptlive = defineProgram({
  names: ['scriptlive'],
  summary: 'scriptlive: replay a recorded session by typing its input log into a new shell',
  sources: ['util-linux 2.38 scriptlive(1) (--help; ENVIRONMENT: SHELL)'],
  grammar,
  readsVariables: { SHELL: { may: ['code'], what: 'SHELL names the shell scriptlive starts and types the log into' } },
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  // The logs are read; its words are read as an unmodelled program's.
  touchesFilesAsWrapper: true,
  examples: [
    { command: 'scriptlive -t t.log -I in.log', readOnly: false, why: "the shell runs the log's input as commands: opaque code" },
    { command: 'scriptlive -h', readOnly: false, why: 'prints its usage' },
  ],
});
