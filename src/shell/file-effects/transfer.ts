/**
 * Programs that fetch or send files: curl, wget. curl(1), wget(1).
 */
import type { OptionShape, ParsedOption } from '../options.js';
import { curlGlob, curlUrlPaths } from './curl-urls.js';
import { optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

const SHAPES: Readonly<Record<'curl' | 'wget', OptionShape>> = {
  curl: {
    shortArg: 'oTdHXuAeEKrwxyzbcCDmFt',
    longArg: ['output', 'upload-file', 'data', 'data-binary', 'data-ascii', 'data-raw', 'data-urlencode', 'config', 'cookie', 'cookie-jar', 'dump-header', 'trace', 'trace-ascii', 'stderr', 'cert', 'key', 'cacert', 'capath', 'netrc-file', 'form', 'output-dir', 'etag-save', 'etag-compare', 'hsts', 'alt-svc', 'libcurl', 'header', 'request', 'user', 'user-agent', 'referer', 'proxy', 'url', 'write-out', 'proto-default', 'json', 'variable', 'url-query', 'crlfile', 'pinnedpubkey', 'proxy-cert', 'proxy-key', 'proxy-cacert', 'proxy-capath', 'proxy-crlfile', 'proxy-pinnedpubkey', 'unix-socket', 'abstract-unix-socket', 'connect-timeout', 'max-time', 'retry', 'limit-rate', 'resolve', 'connect-to', 'interface', 'proto', 'proto-redir', 'max-filesize', 'max-redirs'],
  },
  wget: {
    shortArg: 'OoPaiUeTtwQlDARIXB',
    longArg: ['output-document', 'directory-prefix', 'input-file', 'output-file', 'append-output', 'load-cookies', 'save-cookies', 'post-file', 'body-file', 'certificate', 'private-key', 'ca-certificate', 'config', 'execute', 'user-agent', 'header', 'tries', 'timeout', 'wait', 'quota', 'level', 'domains', 'exclude-domains', 'accept', 'reject', 'accept-regex', 'reject-regex', 'include-directories', 'exclude-directories', 'base', 'cut-dirs', 'default-page', 'adjust-extension'],
  },
};

const READ_OPTIONS = new Set(['-i', '--input-file', '-T', '--upload-file', '-K', '--config', '--cert', '-E', '--key', '--cacert', '--netrc-file', '--load-cookies', '--post-file', '--body-file', '--certificate', '--private-key', '--ca-certificate', '--etag-compare']);
const WRITE_OPTIONS = new Set(['-o', '--output', '-O', '--output-document', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--trace-ascii', '--stderr', '--output-file', '-a', '--append-output', '--save-cookies', '--etag-save', '--hsts', '--alt-svc', '--libcurl']);

/**
 * curl, wget: the files their options name, and for curl the local files its
 * `file:` URLs read (wget has no `file:` scheme).
 * @param literal - per word, whether it is literal.
 */
export function transferOperands(name: 'curl' | 'wget', argv: readonly string[], literal: readonly boolean[] = argv.map(() => true)): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const shape = SHAPES[name];
  const { options, operands: ops } = scan(argv, shape);
  if (name === 'curl') curlUrlOperands(argv, literal, options, ops, files, unresolved);
  for (const o of options) {
    const reads = READ_OPTIONS.has(o.name) && !(name === 'curl' && (o.name === '-E' || o.name === '-T' || o.name === '--upload-file'));
    if (reads) pushOpt(files, optionFile(o, 'read', argv));
    if (name === 'curl' && o.name === '-E' && o.value !== undefined) pushOpt(files, optionFile(o, 'read', argv));
    if (WRITE_OPTIONS.has(o.name) && !(name === 'curl' && o.name === '-a')) {
      if (name === 'curl' && o.name === '-O') unresolved.push('curl -O writes a file named after the URL');
      else pushOpt(files, optionFile(o, 'write', argv));
    }
    if (name === 'curl' && ['-d', '--data', '--data-binary', '--data-ascii', '--json', '-F', '--form', '-H', '--header', '-w', '--write-out'].includes(o.name) && o.value !== undefined) {
      // `@file` (and `name=@file`, `name=<file` for forms) reads the file.
      const m = /^(?:[^=@<]*=)?[@<](.+?)(?:;.*)?$/.exec(o.value);
      if (m) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: m[1]! });
    }
    // `--data-urlencode`, `--url-query`: `@file` or `name@file` (no `=` before the `@`); `--variable name@file`.
    if (name === 'curl' && ['--data-urlencode', '--url-query', '--variable'].includes(o.name) && o.value !== undefined) {
      const m = /^[^=@]*@(.+)$/.exec(o.value);
      if (m) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: m[1]! });
    }
    // `-b FILE`: a value without `=` is a cookie file to read (`-b name=value` is a cookie).
    if (name === 'curl' && (o.name === '-b' || o.name === '--cookie') && o.value !== undefined && !o.value.includes('=')) pushOpt(files, optionFile(o, 'read', argv));
    if (name === 'curl' && (o.name === '-w' || o.name === '--write-out') && o.value?.includes('%output{')) unresolved.push('curl --write-out %output{} writes a file');
    if (name === 'curl' && (o.name === '-K' || o.name === '--config')) unresolved.push('curl -K reads options (URLs and files among them) from a file');
    if (name === 'curl' && (o.name === '-o' || o.name === '--output') && o.value !== undefined && /#\d/.test(o.value)) unresolved.push('curl -o names the file after the URL\'s glob (#N)');
    if (name === 'curl' && /^--expand-/.test(o.name)) unresolved.push('curl expands variables in its options');
    if (name === 'curl' && o.name === '--output-dir') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (name === 'wget' && (o.name === '-e' || o.name === '--execute')) unresolved.push('wget -e runs a wgetrc command');
  }
  if (name === 'curl' && options.some((o) => o.name === '--remote-name' || o.name === '--remote-name-all' || o.name === '-J' || o.name === '--remote-header-name')) unresolved.push('curl --remote-name writes a file named after the URL');
  if (name === 'wget') files.push(...wgetDownloads(argv, literal, options, ops));
  return { files, unresolved };
}

/** wget options after which the names it writes come from the server, not from the command line (wget(1)). */
const WGET_SERVER_NAMES = ['-r', '--recursive', '-m', '--mirror', '-x', '--force-directories', '-p', '--page-requisites', '--content-disposition', '--trust-server-names', '-i', '--input-file', '-B', '--base'];

/**
 * Where wget saves what it downloads, unless `-O` names the file (or `--spider` saves nothing):
 * under `-P DIR` or the working directory, each URL as its last path segment — or, with `-r`, `-m`,
 * `-x`, `-p`, `--content-disposition`, `--trust-server-names` or `-i`, names the server or a file
 * gives (`-x -nH http://h/.claude/settings.json` writes `.claude/settings.json`): unseen names.
 */
function wgetDownloads(argv: readonly string[], literal: readonly boolean[], options: readonly ParsedOption[], ops: readonly number[]): FileOperand[] {
  if (options.some((o) => ['-O', '--output-document', '--spider'].includes(o.name))) return [];
  const prefix = options.find((o) => o.name === '-P' || o.name === '--directory-prefix');
  const dir = prefix?.value ?? '.';
  const at = prefix === undefined ? 0 : prefix.valueIndex !== undefined && prefix.valueIndex < argv.length ? prefix.valueIndex : prefix.index;
  const into = (extra: Partial<FileOperand>): FileOperand => ({ op: 'write', index: at, ...(prefix === undefined || at === prefix.index ? { value: dir } : {}), tree: 'some', ...extra });
  const named = ops.map((k) => (literal[k] === false ? undefined : urlFileName(argv[k]!)));
  if (options.some((o) => WGET_SERVER_NAMES.includes(o.name)) || named.some((n) => n === undefined)) return [into({ names: { kind: 'unseen', what: 'remote' } })];
  const base = dir.replace(/\/+$/, '');
  return [into({}), ...named.map((n, i): FileOperand => ({ op: 'write', index: ops[i]!, value: base === '' ? `/${n!}` : `${base}/${n!}` }))];
}

/** The file name wget gives a URL: its path's last segment (`index.html` for none), or `undefined` when the URL is not one toolgate can read so. */
function urlFileName(url: string): string | undefined {
  // A query (`?x=1`) or an escape (`%2F`) is kept or decoded by rules toolgate does not follow.
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#]*(\/[^?#]*)?(?:#.*)?$/i.exec(url);
  if (!m || /[%\\?]/.test(url)) return undefined;
  const segment = (m[1] ?? '/').split('/').pop()!;
  if (segment === '.' || segment === '..') return undefined;
  return segment === '' ? 'index.html' : segment;
}

/** A text in one of the words a non-literal word holds: quotes removed from its start. */
const unquotedStart = (word: string): string => word.replace(/["']/g, '');

/**
 * curl's URLs (operands and `--url` values) and `-T` uploads: the local files they read. A
 * `file:` URL reads its path; a URL whose scheme is not settled (`$URL`, `"$X"://…`) may be a
 * `file:` URL and is unresolved; globs curl expands are spelled out unless `-g`.
 */
function curlUrlOperands(argv: readonly string[], literal: readonly boolean[], options: readonly ParsedOption[], ops: readonly number[], files: FileOperand[], unresolved: string[]): void {
  const globOff = options.some((o) => o.name === '-g' || o.name === '--globoff');
  const protoDefault = options.find((o) => o.name === '--proto-default');
  const defaultFile = protoDefault?.value !== undefined && /^["']?file["']?$/i.test(protoDefault.value);
  if (protoDefault?.value !== undefined && !defaultFile && /[$`]/.test(protoDefault.value)) unresolved.push('curl --proto-default names a scheme toolgate cannot read');
  const urls: { index: number; text: string; inWord: boolean }[] = ops.map((k) => ({ index: k, text: argv[k]!, inWord: false }));
  for (const o of options) {
    if ((o.name === '--url' || o.name === '-T' || o.name === '--upload-file') && o.value !== undefined) {
      const index = o.valueIndex !== undefined && o.valueIndex < argv.length ? o.valueIndex : o.index;
      const upload = o.name !== '--url';
      if (upload) {
        // `-T FILE` reads the file (`-T -` and `-T .` read stdin); curl globs its name too.
        if (o.value === '-' || o.value === '.') continue;
        if (literal[index] === false) {
          files.push({ op: 'read', index, ...(index === o.index ? { value: o.value } : {}) });
          continue;
        }
        const names = globOff ? { paths: [o.value] } : curlGlob(o.value);
        if ('unknown' in names) unresolved.push(names.unknown);
        else for (const p of names.paths) files.push({ op: 'read', index, value: p });
        continue;
      }
      urls.push({ index, text: o.value, inWord: index === o.index });
    }
  }
  for (const u of urls) {
    if (literal[u.index] !== false) {
      const got = curlUrlPaths(u.text, globOff, defaultFile);
      if ('unknown' in got) unresolved.push(got.unknown);
      else for (const p of got.paths) files.push({ op: 'read', index: u.index, value: p });
      continue;
    }
    // Not literal: settled only when a literal `scheme:` comes before any expansion.
    const start = unquotedStart(u.text);
    const head = start.split(/[$`]/)[0]!;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(head)?.[1];
    if (scheme === undefined) {
      // Only a head that may still grow into `file:` (`$URL`, `f$X`) can name a local file.
      if (defaultFile || 'file'.startsWith(head.toLowerCase())) unresolved.push(`curl's URL ${u.text} may be a file: URL (its scheme is not settled)`);
      continue;
    }
    if (scheme.toLowerCase() !== 'file') continue;
    if (/%|[{[]/.test(u.text) && !(globOff && !u.text.includes('%'))) {
      unresolved.push(`curl decodes or expands ${u.text}, which toolgate cannot read`);
      continue;
    }
    // `"file://host$X/…"`: the path is what follows the scheme and the host.
    const value = u.text.replace(/file:(?:\/\/[^/"'$`]*)?/i, '');
    files.push({ op: 'read', index: u.index, value });
  }
}
