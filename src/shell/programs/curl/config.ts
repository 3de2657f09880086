/**
 * The files curl reads options from by itself, before its command line (curl(1) `--config`,
 * `tool_findfile.c`): `.curlrc` (or `_curlrc`) in `$CURL_HOME`, `$XDG_CONFIG_HOME` and the home
 * directory, and `curlrc` under `.config` — unless the first argument is `-q`/`--disable`. Such a
 * file adds options as if given first: `upload-file = FILE` sends a file (to a `file://` URL: a
 * local copy), `output = FILE` writes one. A call is judged by its words only when each file is
 * absent or sets options known to name no file, URL or program.
 */
import type { ProgramConfigFiles } from '../model.js';

/** Long options (written with or without `--`) that name no file, URL or program, whatever their value. */
const HARMLESS_LONG: ReadonlySet<string> = new Set([
  'silent',
  'show-error',
  'location',
  'fail',
  'fail-with-body',
  'compressed',
  'progress-bar',
  'no-progress-meter',
  'connect-timeout',
  'max-time',
  'retry',
  'retry-delay',
  'retry-max-time',
  'retry-connrefused',
  'retry-all-errors',
  'user-agent',
  'ipv4',
  'ipv6',
  'http1.1',
  'http2',
  'http3',
  'tlsv1.2',
  'tlsv1.3',
  'verbose',
  'include',
  'styled-output',
  'no-styled-output',
  'tcp-nodelay',
  'keepalive-time',
  'no-keepalive',
  'limit-rate',
  'max-redirs',
  'speed-limit',
  'speed-time',
  'parallel',
  'parallel-max',
  'no-buffer',
  'globoff',
]);
/** Short flags that name no file, URL or program (and take no value). */
const HARMLESS_SHORT = /^-[sSLfv46iI#g]+$/;

/** Whether a line of a curl config file sets only a harmless option (or is blank or a comment). */
function harmlessLine(raw: string): boolean {
  const line = raw.trim();
  if (line === '' || line.startsWith('#')) return true;
  const word = /^[^\s=:]+/.exec(line)?.[0] ?? '';
  if (word.startsWith('--')) return HARMLESS_LONG.has(word.slice(2));
  if (word.startsWith('-')) return HARMLESS_SHORT.test(line);
  return HARMLESS_LONG.has(word);
}

/** Whether a curl config file's text sets only harmless options. @internal */
export function harmlessCurlrc(text: string): boolean {
  return text.split(/\r?\n/).every(harmlessLine);
}

/** The names curl looks for in each directory it searches (a superset across curl versions). */
const NAMES = ['.curlrc', '_curlrc', 'curlrc', '.config/curlrc'];
/** The variables naming directories curl searches, before the home directory. */
const VARIABLES = ['CURL_HOME', 'XDG_CONFIG_HOME', 'HOME'];

/**
 * The config files a curl command may read, or why they cannot be listed; `undefined` under
 * `-q`/`--disable` as the first argument (curl compares its first two characters).
 * @internal
 */
export function curlConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): ProgramConfigFiles | { unknown: string } | undefined {
  const first = argv[1];
  if (first !== undefined && (first.startsWith('-q') || first === '--disable')) return undefined;
  const dirs: string[] = [];
  for (const name of VARIABLES) {
    const value = variable(name);
    if (value === null || value === '') continue;
    // A variable the environment facts do not tell (serve without X-Toolgate-Env) is taken as
    // unset: the names curl looks for are protected paths wherever they are, so a file there is
    // the user's own, not one a tool call wrote (decision 0071 addendum). XDG_CONFIG_HOME's usual
    // value is ~/.config, which the home directory's names below cover.
    if (value === undefined) continue;
    if (!value.startsWith('/'))
      return { unknown: `${name}=${value} names a directory curl reads its .curlrc from, relative to where it runs` };
    dirs.push(value.replace(/\/+$/, ''));
  }
  dirs.push(home.replace(/\/+$/, ''));
  const files = [...new Set(dirs.flatMap((d) => NAMES.map((n) => `${d}/${n}`)))];
  return { files, harmless: harmlessCurlrc };
}
