/**
 * `gpg-connect-agent [OPTIONS] [COMMAND…]`: sends commands to gpg-agent (or dirmngr), and runs its
 * own `/` commands, some of which run programs and open files: `/definqprog NAME PGM` runs PGM
 * with the shell when the server asks for NAME, `/run FILE` runs FILE's commands, `/open`,
 * `/sendfd` and `/datafile` open or write files. Each word after its options is one command; with
 * no `/bye` among them it goes on to read commands from its input. `--exec` (`-E`) starts the
 * words after the options as the server instead (the first a path: `-E touch x` runs `./touch`), and reads its commands from its input; `--run
 * FILE` (`-r`) runs FILE's commands first.
 *
 * So the commands are read by allowlist: the agent commands a person types to manage the agent
 * (`reloadagent`, `updatestartuptty`, `getinfo version`, `keyinfo --list`, …) and the `/` commands
 * that only print or set what it prints; any other command, a script file and its input are
 * opaque code. The server `--exec` starts is judged as a command; the programs its options name
 * (`--agent-program`, `--dirmngr-program`, …) come from the GnuPG table (`gnupg.ts`).
 *
 * Grammar: GnuPG 2.2.40 `gpg-connect-agent --dump-options` and `--help` (short `-v -q -S NAME -T
 * ADDR -E -r FILE -s`); it stops at its first operand ("'--agent-program' is not considered an
 * option"). Verified on Debian 12 (#37, replay of red team 19 NEW-7): `gpg-connect-agent --exec
 * ./evil`, `-E ./evil`, `--e ./evil`, `-E touch x` (a ./touch), `'/definqprog KEYPARAM touch m' GENKEY /bye` and `--run s
 * /bye` (s holding those two lines) ran the program.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { quoteWord } from '../syntax/environment.js';
import { longOptions } from './grammar.js';
import { GNUPG_TOOLS, gnupgCode } from './gnupg.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** GnuPG 2.2.40 gpg-connect-agent's options (and 2.3's `--keyboxd`, `--keyboxd-program`). */
const GRAMMAR: GnuOptionSpec = {
  short: '+vqS:T:Er:sh',
  long: longOptions(
    'verbose quiet hex decode dirmngr keyboxd uiserver raw-socket= tcp-socket= exec no-ext-connect run= subst no-autostart ' +
      'no-verbose homedir= agent-program= dirmngr-program= keyboxd-program= help version warranty dump-option-table dump-options',
  ),
};

/** Agent and dirmngr commands (the first word, in any case) that only report or restart: `getinfo version`, `reloadagent`. */
const SERVER_COMMANDS = new Set([
  'getinfo',
  'keyinfo',
  'havekey',
  'reloadagent',
  'updatestartuptty',
  'killagent',
  'killdirmngr',
  'nop',
  'bye',
]);

/** Its own commands that only print, or set how it prints (`/echo`, `/hex`). */
const OWN_COMMANDS = new Set([
  '/bye',
  '/echo',
  '/hex',
  '/nohex',
  '/decode',
  '/nodecode',
  '/showvar',
  '/showdef',
  '/showopen',
  '/serverpid',
  '/help',
]);

/** Whether a command word is one of the allowlisted commands. */
function plainCommand(word: string): boolean {
  const first = word.trim().split(/\s+/)[0]!.toLowerCase();
  return first.startsWith('/') ? OWN_COMMANDS.has(first) : SERVER_COMMANDS.has(first);
}

/**
 * The server `--exec` starts: its words after the options, the first a file run by its path as
 * written (execv, no PATH search: `-E touch x` runs `./touch`, verified).
 */
function execServer(argv: readonly string[], literal: readonly boolean[], start: number): Unwrapped {
  if (literal.slice(start).some((l) => l === false))
    return { kind: 'opaque', reason: 'gpg-connect-agent --exec starts a server named by words toolgate cannot see' };
  const program = argv[start]!.includes('/') ? argv[start]! : `./${argv[start]!}`;
  return { kind: 'text', script: [program, ...argv.slice(start + 1)].map(quoteWord).join(' '), what: 'gpg-connect-agent --exec' };
}

/** What gpg-connect-agent runs: the programs its options name, the server --exec starts, and its commands. */
function connectAgentRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const parsed = parseGnuOptions(argv, GRAMMAR);
  if (!parsed.ok) return refusedWrap(`gpg-connect-agent: ${describeGnuProblem(parsed)}`);
  const start = parsed.operands[0]?.index;
  const named = gnupgCode(GNUPG_TOOLS['gpg-connect-agent']!, 'gpg-connect-agent', argv, start ?? argv.length);
  const names = new Set(parsed.options.map((o) => o.name));
  if (['help', 'h', 'version', 'warranty', 'dump-options', 'dump-option-table'].some((n) => names.has(n))) return undefined;
  const inner: Unwrapped[] = [...named];
  for (const o of parsed.options)
    if (o.name === 'run' || o.name === 'r')
      inner.push({
        kind: 'opaque',
        reason: `gpg-connect-agent --run ${o.value ?? ''} runs the commands of that file, which may run programs (/definqprog)`,
      });
  if (names.has('exec') || names.has('E')) {
    if (start !== undefined) inner.push(execServer(argv, literal, start));
    inner.push({
      kind: 'opaque',
      reason: 'gpg-connect-agent --exec reads its commands from its input, which may run programs (/definqprog)',
    });
    return wrapInfo(inner);
  }
  const commands = parsed.operands.map((o) => o.index);
  const other = commands.find((k) => literal[k] === false || !plainCommand(argv[k]!));
  if (other !== undefined)
    inner.push({
      kind: 'opaque',
      reason: `gpg-connect-agent runs the command ${argv[other]!}, which toolgate does not read (its /definqprog runs programs)`,
    });
  else if (!commands.some((k) => /^\s*\/?bye\s*$/i.test(argv[k]!)))
    inner.push({
      kind: 'opaque',
      reason: 'gpg-connect-agent reads more commands from its input (no /bye), which may run programs (/definqprog)',
    });
  return inner.length > 0 ? wrapInfo(inner) : undefined;
}

/** @internal */
export const gpgConnectAgent = defineProgram({
  names: ['gpg-connect-agent'],
  summary: 'gpg-connect-agent: send commands to gpg-agent or dirmngr (its options and commands are modelled; what it writes is not)',
  sources: [
    'GnuPG 2.2.40 gpg-connect-agent(1), --dump-options, --help and /help; verified on Debian 12 (#37, replay of red team 19 NEW-7)',
  ],
  unwrap: connectAgentRuns,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'gpg-connect-agent reloadagent /bye',
      effects: ['write ./reloadagent (word)', 'write /bye (path)'],
      why: 'an allowlisted command: nothing runs',
    },
    { command: "gpg-connect-agent '/definqprog P ./x' GENKEY /bye", why: '/definqprog runs a program: opaque code (unwrap)' },
    { command: 'gpg-connect-agent -E /bin/rm a.txt', effects: ['remove ./a.txt'], why: 'the server --exec starts is judged as a command' },
  ],
});
