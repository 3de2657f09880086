import type { EnvironmentFacts } from '../types.js';
import { GIT_ENVIRONMENT_NAMES } from '../../shell/programs/git/environment-variables.js';
import { NAMES_AFTER_COUNTED_PAIRS, PROGRAM_VARIABLES } from '../../shell/programs/program-variables.js';

/** The variables named for their own sake (the cd search path, programs' own configuration, pagers, git's main overrides). */
const NAMED: readonly string[] = [
  'CDPATH',
  'RIPGREP_CONFIG_PATH',
  'PAGER',
  'LESSOPEN',
  'LESSCLOSE',
  'BASH_ENV',
  'ENV',
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS',
  'GIT_EXTERNAL_DIFF',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SSH_COMMAND',
  // The agent's home directory: what `~` and `$HOME` mean to a server that runs elsewhere (agentHome).
  'HOME',
];

/** The names added after the named ones and git's, before the table's (kept where they were for older headers). */
const FIRST_LAST: readonly string[] = ['PATH', 'GIT_ICASE_PATHSPECS', 'CLAUDE_CONFIG_DIR'];

/**
 * The one table's names, and the lower-case spelling of those a program reads in any case: those
 * listed before `GIT_CONFIG_COUNT`'s pairs, or (`later`) those added after. A name that is no shell
 * identifier (make's `LINK.c`, `.SHELLFLAGS`, which only `env` can export) is left out: Claude Code
 * interpolates `${NAME}` for identifiers only, so serve is never told it.
 */
function programVariableNames(later = false): string[] {
  return [...PROGRAM_VARIABLES]
    .filter(([name]) => NAMES_AFTER_COUNTED_PAIRS.has(name) === later && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    .flatMap(([name, v]) => (v.loader?.anyCase === true ? [name, name.toLowerCase()] : [name]));
}

/**
 * The environment variables whose values can change what a command does to files or which
 * program it runs, and which a front end therefore passes on: `cd`'s search path, programs'
 * own configuration files and pagers, and git's repository and configuration overrides — every
 * variable git's program model reads (`programs/git/environment-variables.ts`), since one a front end does
 * not pass on may be set, which keeps a read-only git command from allowing.
 * `toolgate serve --print-hook-config` asks Claude Code to send exactly these.
 * @public
 */
export const ENVIRONMENT_FACT_NAMES: readonly string[] = [
  ...NAMED,
  ...GIT_ENVIRONMENT_NAMES.filter((n) => !NAMED.includes(n)),
  // Where a bare command name is looked up (a directory the agent may write on it makes `cat`
  // opaque code). Last, so a header written before it was added still reads (see parseEnvironmentHeader).
  'PATH',
  // git matches every pathspec in any case when it is set (programs/git/files.ts). After PATH, for the same reason.
  'GIT_ICASE_PATHSPECS',
  // Claude Code's user settings folder in place of ~/.claude, protected where it is known (RT24-I). Last, likewise.
  'CLAUDE_CONFIG_DIR',
  // Every variable the one table says names a program, its options or where programs load code
  // from (programs/program-variables.ts): the hook sees the whole environment, so serve must be
  // told the same names for the same event to get the same decision (one door; a write to what an
  // exported TAR_OPTIONS or PYTHONPATH names asked through the hook and allowed through serve).
  // npm reads its `npm_config_*` in any case: both spellings. Last, likewise, in the table's order.
  ...programVariableNames().filter((n) => !NAMED.includes(n) && !GIT_ENVIRONMENT_NAMES.includes(n) && !FIRST_LAST.includes(n)),
  // The pairs GIT_CONFIG_COUNT counts, as far as a person sets them by hand (git -c hands its own
  // to the programs it starts as GIT_CONFIG_PARAMETERS): a count past them is not known to serve.
  ...[0, 1, 2, 3].flatMap((k) => [`GIT_CONFIG_KEY_${k}`, `GIT_CONFIG_VALUE_${k}`]),
  // The table's names added since (make's CFLAGS, RM, …). Last, likewise.
  ...programVariableNames(true),
];

/** The `X-Toolgate-Env` header's separator between two `NAME=value` pairs. */
const SEPARATOR = '; ';

/**
 * The `X-Toolgate-Env` header value `--print-hook-config` writes: `NAME=$NAME` for each name, in
 * order, joined by `; ` (Claude Code interpolates each `$NAME` listed in `allowedEnvVars`, an
 * unset one as the empty string).
 * @public
 */
export function environmentHeaderTemplate(names: readonly string[] = ENVIRONMENT_FACT_NAMES): string {
  return names.map((n) => `${n}=\${${n}}`).join(SEPARATOR);
}

/**
 * Read an `X-Toolgate-Env` header written from {@link environmentHeaderTemplate}: each listed name
 * is known (an empty value is known unset); a name not listed may be set. A header that stops
 * after a complete pair (written by an older toolgate, before later names were added) gives the
 * names it has. A header not of that
 * exact shape — names out of order, a value holding the text that starts the next pair, so two
 * readings exist — gives `undefined`: nothing is known, rather than a guess. So does a header
 * sent as the template, uninterpolated (a client or proxy that does not expand `allowedEnvVars`,
 * a config copied into a tool that sends headers verbatim): a value that is exactly `${NAME}` or
 * `$NAME` for its own name says the value was never filled in, so no value of that header is
 * known, as an uninterpolated shell header is not (red team rt10s F5: `CDPATH=${CDPATH}` read as
 * a known CDPATH let `cd .ssh && cat id_rsa` allow).
 * @public
 */
export function parseEnvironmentHeader(
  header: string | undefined,
  names: readonly string[] = ENVIRONMENT_FACT_NAMES,
): EnvironmentFacts | undefined {
  if (header === undefined) return undefined;
  const values: Record<string, string | null> = {};
  let rest = header;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (!rest.startsWith(`${name}=`)) return undefined;
    rest = rest.slice(name.length + 1);
    const next = i + 1 < names.length ? `${SEPARATOR}${names[i + 1]}=` : undefined;
    const at = next === undefined ? -1 : rest.indexOf(next);
    if (next !== undefined && at !== -1 && rest.indexOf(next, at + 1) !== -1) return undefined;
    if (at === -1) {
      // The last pair: a header written by an older --print-hook-config ends before the names
      // added since (`PATH`), which stay unknown.
      values[name] = rest === '' ? null : rest;
      break;
    }
    const value = rest.slice(0, at);
    rest = rest.slice(at + SEPARATOR.length);
    values[name] = value === '' ? null : value;
  }
  if (Object.entries(values).some(([name, v]) => v === `\${${name}}` || v === `$${name}`)) return undefined;
  return { values };
}

/**
 * Environment facts from `NAME=VALUE` assignments (`check --env`, a batch line's `env`): each
 * named variable is known (an empty value is known unset); any other may be set. A malformed
 * assignment is an Error naming it.
 * @public
 */
export function environmentFromAssignments(assignments: readonly string[]): EnvironmentFacts | Error {
  const values: Record<string, string | null> = {};
  for (const a of assignments) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(a);
    if (m === null) return new Error(`"${a}" is not NAME=VALUE`);
    values[m[1]!] = m[2] === '' ? null : m[2]!;
  }
  return { values };
}

/**
 * Environment facts from a process's own environment (`toolgate hook`): every variable it holds is
 * known, and every one it lacks is known unset. A shell's start-up files may still set more for
 * the commands it runs; what decisions make of that belongs to the shell checks.
 * @public
 */
export function environmentFromProcess(env: Readonly<Record<string, string | undefined>>): EnvironmentFacts {
  const values: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) values[k] = v === '' ? null : v;
  return { values, complete: true };
}
