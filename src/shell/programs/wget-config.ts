/**
 * The files wget reads commands from by itself, before its command line (wget(1) "Startup
 * File"): the system wgetrc (`/etc/wgetrc`, `/usr/local/etc/wgetrc`) and `$WGETRC` or else
 * `~/.wgetrc` — none under `--no-config`; `--config=FILE` reads FILE instead. A wgetrc command can
 * name files to read, send or write (`post_file`, `input`, `output_document`, `logfile`), so a call
 * is judged by its words only when each file is absent or holds only commands known to name none.
 */
import type { ProgramConfigFiles } from './model.js';

/** wgetrc commands (case and `_`/`-` ignored) that name no file, URL or program. */
const HARMLESS: ReadonlySet<string> = new Set([
  'passiveftp',
  'timeout',
  'readtimeout',
  'connecttimeout',
  'dnstimeout',
  'tries',
  'wait',
  'waitretry',
  'randomwait',
  'useragent',
  'verbose',
  'quiet',
  'checkcertificate',
  'robots',
  'progress',
  'dotstyle',
  'inet4only',
  'inet6only',
  'preferfamily',
  'retryconnrefused',
  'showprogress',
  'limitrate',
  'maxredirect',
  'serverresponse',
  'httpsonly',
  'secureprotocol',
  'compression',
  'localencoding',
  'remoteencoding',
  'iri',
  'noclobber',
  'timestamping',
]);

/** Whether a wgetrc's text holds only harmless commands (or blank lines and comments). @internal */
export function harmlessWgetrc(text: string): boolean {
  return text.split(/\r?\n/).every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return true;
    const name = /^([A-Za-z_-]+)\s*=/.exec(line)?.[1];
    return name !== undefined && HARMLESS.has(name.toLowerCase().replace(/[-_]/g, ''));
  });
}

/**
 * The startup files a wget command may read, or why they cannot be listed; `undefined` under
 * `--no-config`.
 * @internal
 */
export function wgetConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): ProgramConfigFiles | { unknown: string } | undefined {
  const words = argv.slice(1);
  const end = words.indexOf('--');
  const options = end < 0 ? words : words.slice(0, end);
  if (options.includes('--no-config')) return undefined;
  if (options.some((w) => w === '--config' || w.startsWith('--config=')))
    return { unknown: 'wget --config reads its commands from that file instead' };
  // Not told (`undefined`: serve without X-Toolgate-Env) counts as unset, as curl's variables do —
  // a WGETRC the user set names a file of the user's choosing (decision 0071 addendum).
  const user = variable('WGETRC') ?? null;
  if (user !== null && !user.startsWith('/'))
    return { unknown: `WGETRC=${user} names the file wget reads its commands from, relative to where it runs` };
  return { files: ['/etc/wgetrc', '/usr/local/etc/wgetrc', user ?? `${home.replace(/\/+$/, '')}/.wgetrc`], harmless: harmlessWgetrc };
}
