/**
 * Statements that change what later commands of the same script do: variables bash or the
 * programs read (PATH, HOME, CDPATH, IFS, GIT_*, LD_*, …), shell options, functions, and a `cd`
 * toolgate cannot follow. After one, later parts are unknown for auto-allow (a firm ask when a
 * deny or ask rule could apply, a plain ask otherwise).
 */
import { anyShell, type ShellModel } from './shells/index.js';
import type { SimpleCommand } from './types.js';
import { PROGRAMS } from './programs/index.js';

/**
 * Environment variables that only shape output (locale, colour, terminal, log levels): setting
 * them changes nothing a permission decision depends on. Shared with allow-rule matching, which
 * looks past them as command prefixes (`NODE_ENV=test npm test`). The time zone and the locale
 * only while their value names no file outside the system's: the C library reads
 * `TZ=/proc/self/environ` (an absolute path) and a locale name holding a `/` as files (glibc
 * tzset(3), setlocale(3)); `TZ=Europe/Paris` is read under /usr/share/zoneinfo, unless it climbs
 * with `..`. A value with an expansion is no output setting either.
 * @internal
 */
export const SAFE_ENVIRONMENT = /^(?:(?:NODE_ENV|NO_COLOR|FORCE_COLOR|CI|TERM|COLUMNS|RUST_BACKTRACE|RUST_LOG|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE|DEBUG)=|(?:LANG|LANGUAGE|LC_[A-Z]+)=(?![^/$`]*[/$`])|TZ=(?!:?[/$`])(?![^$`]*[$`])(?!.*(?<=[=:/])\.\.(?:\/|$)))/;

/**
 * Why setting variable `name` changes later commands, or undefined. Allowlist: a name with a
 * capital letter may be an environment variable that a later program (or bash: PATH, HOME,
 * CDPATH, OLDPWD, IFS, BASH_ENV, ENV, PS4, PROMPT_COMMAND, SHELLOPTS, BASHOPTS, GLOBIGNORE,
 * TMPDIR, BASH_CMDS, GIT_*, LD_*, DYLD_*, …) reads; only the output-only ones above and
 * lower-case shell variables that are not exported are data — unless one of the shells the command
 * may run in gives the name a meaning of its own (zsh's `path`, `cdpath`, `functions`, …).
 */
export function variableStateChange(name: string, exported: boolean, shells: readonly ShellModel[] = []): string | undefined {
  const special = anyShell(shells, (s) => s.specialParameter(name));
  if (special !== undefined) return special;
  if (SAFE_ENVIRONMENT.test(`${name}=`) || (!exported && BASH_RESULTS.has(name))) return undefined;
  if (!exported && !/[A-Z]/.test(name)) return undefined;
  return `setting ${name} changes what later commands do`;
}

/** Variables bash itself fills with results, which mean nothing to later programs unless exported. */
const BASH_RESULTS = new Set(['REPLY', 'MAPFILE', 'OPTARG', 'OPTIND']);

/** The name an assignment (`NAME=…`, `NAME+=…`, `NAME[i]=…`) sets. */
export function assignedName(assignment: string): string | undefined {
  return /^([A-Za-z_][A-Za-z0-9_]*)(\[|\+?=)/.exec(assignment)?.[1];
}

/** `set` options that change nothing later commands resolve (errexit, nounset, pipefail, errtrace, functrace). */
const SAFE_SET_FLAGS = /^[-+][euET]+$/;
const SAFE_SET_OPTIONS = new Set(['errexit', 'nounset', 'pipefail', 'errtrace', 'functrace']);

/** Builtins that set the variables named among their operands. */
const DECLARERS = new Set(['declare', 'typeset', 'export', 'readonly', 'local']);
/** Builtins that set the variables named among their operands, with the options that take a value. */
const NAME_SETTERS: ReadonlyMap<string, string> = new Map([
  ['read', 'dinNptu'],
  ['mapfile', 'dnOsuCc'],
  ['readarray', 'dnOsuCc'],
  ['getopts', ''],
  ['unset', ''],
]);

/**
 * Why running `cmd` changes what later commands of the script do, or undefined. A program whose
 * model changes state says so itself (`cd` when its target is not a literal directory: `cd`,
 * `cd -`, `cd ~user`, `cd $X`).
 */
export function commandStateChange(cmd: SimpleCommand, shells: readonly ShellModel[] = []): string | undefined {
  if (cmd.unknown !== undefined || cmd.argv.length === 0 || !cmd.literal[0]) return undefined;
  const name = cmd.argv[0]!;
  const args = cmd.argv.slice(1);
  const hides = PROGRAMS.get(name)?.state?.hides;
  if (hides !== undefined) return hides(name, cmd);
  switch (name) {
    case 'set': {
      if (args.length === 0) return undefined;
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!;
        if (SAFE_SET_FLAGS.test(a)) continue;
        // `-o NAME`, also at the end of a cluster (`set -euo pipefail`)
        if (/^[-+][euET]*o$/.test(a) && SAFE_SET_OPTIONS.has(args[i + 1] ?? '')) {
          i++;
          continue;
        }
        return `set ${a} changes how later commands run`;
      }
      return undefined;
    }
    case 'shopt':
      return 'shopt changes how later commands are read';
    case 'printf': {
      const v = args.findIndex((a) => a === '-v' || (a.startsWith('-v') && a.length > 2));
      if (v < 0) return undefined;
      const target = args[v] === '-v' ? args[v + 1] : args[v]!.slice(2);
      return target === undefined ? undefined : variableStateChange(target.replace(/\[.*$/s, ''), false, shells);
    }
  }
  const valued = NAME_SETTERS.get(name);
  if (!DECLARERS.has(name) && valued === undefined) return undefined;
  const flags = args.filter((a) => /^[-+][A-Za-z]/.test(a)).join('');
  const exported = name === 'export' || /x/.test(flags);
  if (/n/.test(flags) && name !== 'read' && name !== 'mapfile' && name !== 'readarray') return `${name} -n makes a name refer to another variable`;
  if (/f/.test(flags) && (exported || name === 'unset')) return `${name} -f changes the functions later commands may run`;
  let skipNext = name === 'getopts';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (a === '--') continue;
    if (/^[-+][A-Za-z]/.test(a)) {
      const letters = a.slice(1);
      const last = letters.search(new RegExp(`[${valued ?? ''}_]`));
      if (valued && last >= 0 && last === letters.length - 1 && valued.includes(letters[last]!)) skipNext = true;
      continue;
    }
    const n = /^[A-Za-z_][A-Za-z0-9_]*(?=$|=|\+=|\[)/.exec(a)?.[0];
    if (n === undefined) continue;
    const why = variableStateChange(n, exported, shells);
    if (why) return why;
  }
  return undefined;
}
