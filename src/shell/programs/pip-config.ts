/**
 * The files pip reads its options from by itself, before its command line (pip 23's
 * `pip/_internal/configuration.py`, "Configuration" in pip's user guide): `$PIP_CONFIG_FILE`
 * (none at all when it is `/dev/null`), the global files (`$XDG_CONFIG_DIRS/pip/pip.conf`, default
 * `/etc/xdg/pip/pip.conf`, and `/etc/pip.conf`), the user's (`~/.pip/pip.conf` and
 * `$XDG_CONFIG_HOME/pip/pip.conf`, skipped under `--isolated` or when `PIP_CONFIG_FILE` names a
 * file that exists) and the environment's (`sys.prefix/pip.conf`: `$VIRTUAL_ENV/pip.conf` in an
 * activated virtual environment, `/usr/pip.conf` or `/usr/local/pip.conf` for the system's).
 * Every option of the command line can be set there (`log = …` appends pip's log to that file on
 * `pip list`, verified with pip 23 on Debian 12, red team 20 R20-2), so a call is judged by its
 * words only when each file is absent or sets only options that name no file, URL-less path or
 * program.
 */
import type { ProgramConfigFiles } from './model.js';

/** pip options (`-`/`_` alike) that name no file, folder or program: index URLs, timeouts, switches. */
const HARMLESS: ReadonlySet<string> = new Set(
  (
    'index-url extra-index-url no-index trusted-host timeout default-timeout retries proxy disable-pip-version-check ' +
    'no-input quiet verbose progress-bar no-color require-virtualenv break-system-packages no-cache-dir prefer-binary ' +
    'pre only-binary no-binary format root-user-action upgrade-strategy no-warn-script-location no-warn-conflicts ' +
    'no-deps user upgrade force-reinstall ignore-installed no-build-isolation no-python-version-warning ' +
    'use-feature use-deprecated exists-action isolated no-compile compile not-required outdated uptodate editable-mode local'
  ).split(' '),
);

/**
 * Options naming a file pip only reads (a CA bundle, a constraints file): harmless when it is a
 * system file (`/etc/…`, `/usr/…`: Debian's own `/etc/pip.conf` sets `cert`, its
 * `/etc/xdg/pip/pip.conf` a `constraint`); one elsewhere could name a file a Read deny rule keeps.
 */
const SYSTEM_READS: ReadonlySet<string> = new Set(['cert', 'client-cert', 'constraint']);

/** Whether a pip.conf's text sets only harmless options ([sections], comments and blank lines aside). @internal */
export function harmlessPipConf(text: string): boolean {
  let previous = true;
  return text.split(/\r?\n/).every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return true;
    // An indented line continues the value before it.
    if (/^\s/.test(raw)) return previous;
    if (/^\[[^\]]*\]$/.test(line)) return (previous = true);
    const set = /^([A-Za-z0-9_.-]+)\s*[=:]\s*(.*)$/.exec(line);
    const key = set?.[1]?.toLowerCase().replace(/_/g, '-');
    const value = set?.[2] ?? '';
    previous =
      key !== undefined &&
      (HARMLESS.has(key) || (SYSTEM_READS.has(key) && /^\/(etc|usr)\/[\w.+/-]*$/.test(value) && !value.includes('..')));
    return previous;
  });
}

/** `--isolated` before `--` (pip's general option; getopt-style, so `--isol` would do too). */
function isolated(argv: readonly string[]): boolean {
  for (const w of argv.slice(1)) {
    if (w === '--') return false;
    if (w.length > 4 && '--isolated'.startsWith(w)) return true;
  }
  return false;
}

/**
 * The configuration files a pip command may read, or why they cannot be listed.
 * @internal
 */
export function pipConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): ProgramConfigFiles | { unknown: string } {
  const h = home.replace(/\/+$/, '');
  // Not told counts as unset, as for curl's and wget's variables (decision 0071 addendum).
  const named = variable('PIP_CONFIG_FILE') ?? null;
  if (named === '/dev/null') return { files: [], harmless: harmlessPipConf };
  if (named !== null && !named.startsWith('/'))
    return { unknown: `PIP_CONFIG_FILE=${named} names the file pip reads its options from, relative to where it runs` };
  const absolute = (v: string | null | undefined) =>
    v !== null && v !== undefined && v.startsWith('/') ? v.replace(/\/+$/, '') : undefined;
  const dirs = (variable('XDG_CONFIG_DIRS') ?? '/etc/xdg').split(':').filter((d) => d.startsWith('/'));
  const global = [...(dirs.length > 0 ? dirs : ['/etc/xdg']).map((d) => `${d.replace(/\/+$/, '')}/pip/pip.conf`), '/etc/pip.conf'];
  const user = isolated(argv) ? [] : [`${h}/.pip/pip.conf`, `${absolute(variable('XDG_CONFIG_HOME')) ?? `${h}/.config`}/pip/pip.conf`];
  const venv = absolute(variable('VIRTUAL_ENV'));
  const site = [...(venv !== undefined ? [`${venv}/pip.conf`] : []), '/usr/pip.conf', '/usr/local/pip.conf'];
  return { files: [...(named !== null ? [named] : []), ...global, ...user, ...site], harmless: harmlessPipConf };
}
