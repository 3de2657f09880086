/**
 * `curl [options] URL…`: transfers URLs. Its options name files it reads (`-T`, `-K`, `--cert`,
 * `-d @FILE`, `-b FILE`) and writes (`-o`, `-c`, `-D`, `--trace`); a `file:` URL reads a local
 * file (`urls.ts`). curl(1) 8.x, everything.curl.dev.
 */
import type { GnuOptionSpec } from '../../options/gnu-options.js';
import { defineProgram } from '../model.js';
import { curlConfigFiles } from './config.js';
import { curlFiles } from './files.js';

/**
 * curl 8.x's options that take a value (curl(1)); every other option is a flag. Long names may be
 * shortened while unambiguous, as the scan reads them.
 */
const grammar: GnuOptionSpec = {
  short: 'o:T:d:H:X:u:A:e:E:K:r:w:x:y:z:b:c:C:D:m:F:t:',
  long: Object.fromEntries(
    [
      'output',
      'upload-file',
      'data',
      'data-binary',
      'data-ascii',
      'data-raw',
      'data-urlencode',
      'config',
      'cookie',
      'cookie-jar',
      'dump-header',
      'trace',
      'trace-ascii',
      'stderr',
      'cert',
      'key',
      'cacert',
      'capath',
      'netrc-file',
      'form',
      'output-dir',
      'etag-save',
      'etag-compare',
      'hsts',
      'alt-svc',
      'libcurl',
      'header',
      'request',
      'user',
      'user-agent',
      'referer',
      'proxy',
      'url',
      'write-out',
      'proto-default',
      'json',
      'variable',
      'url-query',
      'crlfile',
      'pinnedpubkey',
      'proxy-cert',
      'proxy-key',
      'proxy-cacert',
      'proxy-capath',
      'proxy-crlfile',
      'proxy-pinnedpubkey',
      'unix-socket',
      'abstract-unix-socket',
      'connect-timeout',
      'max-time',
      'retry',
      'limit-rate',
      'resolve',
      'connect-to',
      'interface',
      'proto',
      'proto-redir',
      'max-filesize',
      'max-redirs',
    ].map((name) => [name, 'required' as const]),
  ),
};

/** The curl model. @internal */
export const curl = defineProgram({
  names: ['curl'],
  summary: 'curl: transfer URLs',
  sources: ['curl 8.x curl(1)', 'everything.curl.dev › URLs, Config file', 'curl tool_findfile.c (where .curlrc is looked for)'],
  grammar,
  // curl runs no other program (its options name files and URLs, never commands).
  runs: 'nothing',
  passesOnData: true,
  files: (_name, argv, shape, literal) => curlFiles(argv, shape, literal),
  // `~/.curlrc` and the like add options before the command line's (`upload-file = …`).
  configFiles: curlConfigFiles,
  examples: [
    { command: 'curl -o out.html https://example.com/', effects: ['write ./out.html'] },
    { command: 'curl -T notes.txt https://example.com/up', effects: ['read ./notes.txt'] },
    { command: 'curl -s file:///etc/hostname', effects: ['read /etc/hostname'], why: 'a file: URL reads the local file' },
    { command: 'curl -d @body.json https://example.com/', effects: ['read ./body.json'] },
  ],
});
