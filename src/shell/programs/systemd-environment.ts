/**
 * The variables systemd-run and run0 set for the command they run: `-E NAME=VALUE`/`--setenv=…`
 * and the unit properties `Environment=` and `EnvironmentFile=` (`-p`/`--property`). The service
 * manager starts the command with them — a library `LD_PRELOAD` names is loaded into it, a file
 * `BASH_ENV` names runs in a shell (systemd 252 systemd-run(1) `--setenv`, `--property`;
 * systemd.exec(5) "Environment"). Red team replay 25, RP25-M1: `systemd-run --user -E
 * LD_PRELOAD=./x.so true` was allowed under `Bash(*)` with `Bash(rm *)` denied, where `env
 * LD_PRELOAD=./x.so true` asks.
 */
import type { GnuOption } from '../options/gnu-options.js';

/** The assignments an option list sets, in order, or why toolgate cannot read them. @internal */
export type SetEnvironment = readonly string[] | { readonly unknown: string };

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** `-p`'s names (systemd-run also has per-unit-type forms; run0 only `--property`). */
const PROPERTY = new Set(['p', 'property', 'service-property']);
const SETENV = new Set(['E', 'setenv']);

/**
 * What `-E`/`--setenv` and the `Environment=`/`EnvironmentFile=` properties of `options` set.
 * `-E NAME` alone passes the caller's own value (the same a command run directly gets) and adds
 * nothing. An `Environment=` value with quotes, escapes or `%` specifiers (systemd unquotes and
 * expands them), a value that is not literal text, or an `EnvironmentFile=` (a file toolgate does
 * not read) is unknown.
 * @internal
 */
export function systemdEnvironment(options: readonly GnuOption[], literal: readonly boolean[]): SetEnvironment {
  const set: string[] = [];
  for (const opt of options) {
    const isSetenv = SETENV.has(opt.name);
    if (!isSetenv && !PROPERTY.has(opt.name)) continue;
    const value = opt.value ?? '';
    if (literal[opt.valueIndex ?? opt.index] === false)
      return { unknown: `${opt.word} is not literal text: it may set variables for the command it runs` };
    if (isSetenv) {
      if (!value.includes('=')) continue;
      if (!ASSIGNMENT.test(value)) return { unknown: `${opt.word} ${value}: not a variable assignment toolgate can read` };
      set.push(value);
      continue;
    }
    const property = /^\s*(EnvironmentFile|Environment)\s*=(.*)$/is.exec(value);
    if (property === null) continue;
    if (property[1]!.toLowerCase() === 'environmentfile')
      return { unknown: `${value} sets variables for the command it runs from a file toolgate does not read` };
    const text = property[2]!;
    if (/["'\\%$]/.test(text)) return { unknown: `${value}: systemd unquotes and expands it, which toolgate does not read` };
    for (const word of text.split(/\s+/).filter((w) => w !== '')) {
      if (!ASSIGNMENT.test(word)) return { unknown: `${value}: not a variable assignment toolgate can read` };
      set.push(word);
    }
  }
  return set;
}
