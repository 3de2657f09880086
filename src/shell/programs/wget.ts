/**
 * `wget [options] URL…`: downloads URLs into files named after them (`-O FILE` names one, `-P DIR`
 * the directory; `-r`, `-x`, `-i` and others take names from the server). Its options name files it
 * reads (`-i`, `--post-file`, `--load-cookies`, `--config`) and writes (`-o` log, `-O`, `-a`,
 * `--save-cookies`). wget has no `file:` scheme. GNU Wget 1.21 wget(1).
 */
import type { GnuOptionSpec, ParsedOption } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand, type FileOperands, type UnseenNames } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { gnuOptionRuns } from './option-runs.js';
import { readBy, type ReadWords } from './parse.js';
import { harmlessWgetrc, wgetConfigFiles } from './wget-config.js';

/**
 * GNU Wget 1.21.3's options: src/main.c's `option_data` (every build's, those behind a feature too),
 * read as its `init_switches` reads them: a Boolean option takes a value only after `=`
 * (`--cache=off`) and has a `--no-NAME` form; `-n` takes the rest of its word (`-nv`, `-nH`).
 */
const WGET_LONG = longOptions(
  'accept= accept-regex= adjust-extension[=] append-output= ask-password[=] auth-no-challenge[=] ' +
    'background[=] backup-converted[=] backups[=] base= bind-address= bind-dns-address= body-data= ' +
    'body-file= ca-certificate= ca-directory= cache[=] certificate= certificate-type= ' +
    'check-certificate[=] clobber[=] compression= config= connect-timeout= continue[=] ' +
    'convert-file-only[=] convert-links[=] content-disposition[=] content-on-error[=] cookies[=] ' +
    'crl-file= cut-dirs= debug[=] default-page= delete-after[=] directories[=] directory-prefix= ' +
    'dns-cache[=] dns-servers= dns-timeout= domains= dont-remove-listing dot-style= egd-file= ' +
    'exclude-directories= exclude-domains= execute= follow-ftp[=] follow-tags= force-directories[=] ' +
    'force-html[=] ftp-password= ftp-stmlf[=] ftp-user= ftps-clear-data-connection[=] ' +
    'ftps-fallback-to-ftp[=] ftps-implicit[=] ftps-resume-ssl[=] glob[=] header= help host-directories[=] ' +
    'hsts[=] hsts-file= html-extension[=] htmlify[=] http-keep-alive[=] http-passwd= http-password= ' +
    'http-user= https-only[=] ignore-case[=] ignore-length[=] ignore-tags= include-directories= ' +
    'inet4-only[=] inet6-only[=] input-file= input-metalink= iri[=] keep-badhash[=] ' +
    'keep-session-cookies[=] level= limit-rate= load-cookies= local-encoding= rejected-log= max-redirect= ' +
    'metalink-index= metalink-over-http[=] method= mirror[=] netrc[=] no= no-clobber[=] no-config[=] ' +
    'no-parent[=] output-document= output-file= page-requisites[=] parent[=] passive-ftp[=] password= ' +
    'pinnedpubkey= post-data= post-file= prefer-family= preferred-location= preserve-permissions[=] ' +
    'ciphers= private-key= private-key-type= progress= show-progress[=] protocol-directories[=] proxy[=] ' +
    'proxy__compat= proxy-passwd= proxy-password= proxy-user= quiet[=] quota= random-file= random-wait[=] ' +
    'read-timeout= recursive[=] referer= regex-type= reject= reject-regex= relative[=] remote-encoding= ' +
    'remove-listing[=] report-speed[=] restrict-file-names[=] retr-symlinks[=] retry-connrefused[=] ' +
    'retry-on-host-error[=] retry-on-http-error= save-cookies= save-headers[=] secure-protocol= ' +
    'server-response[=] span-hosts[=] spider[=] start-pos= strict-comments[=] timeout= timestamping[=] ' +
    'if-modified-since[=] tries= unlink[=] trust-server-names[=] use-askpass= use-server-timestamps[=] ' +
    'user= user-agent= verbose[=] version wait= waitretry= warc-cdx[=] warc-compression[=] warc-dedup= ' +
    'warc-digests[=] warc-file= warc-header= warc-keep-log[=] warc-max-size= warc-tempdir= wdebug[=] ' +
    'xattr[=]',
);

/** wget's grammar (getopt_long, so long names may be shortened while unambiguous). */
const grammar: GnuOptionSpec = {
  short: 'A:Ea:bKB:ckdP:D:X:e:xFhI:46i:l:mn:O:o:pY:qQ:rR:LSHT:Nt:U:vVw:',
  long: {
    ...WGET_LONG,
    ...Object.fromEntries(
      Object.entries(WGET_LONG)
        .filter(([, argument]) => argument === 'optional')
        .map(([name]) => [`no-${name}`, 'none' as const]),
    ),
  },
};

/** Options whose value is a file wget reads. */
const READS: ReadonlySet<string> = new Set([
  '-i',
  '--input-file',
  '--load-cookies',
  '--post-file',
  '--body-file',
  '--certificate',
  '--private-key',
  '--ca-certificate',
  '--config',
]);
/** Options whose value is a file wget writes (`-O` is its download, `-o`/`-a` its log). */
const WRITES: ReadonlySet<string> = new Set(['-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '--save-cookies']);

/**
 * wget: the files its options name, and where it saves what it downloads.
 * @param literal - per word, whether it is literal.
 */
function wgetFiles(argv: readonly string[], { options, operands: ops }: ReadWords, literal: readonly boolean[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const unseen: UnseenNames[] = [];
  for (const o of options) {
    if (READS.has(o.name)) pushOpt(files, optionFile(o, 'read', argv));
    if (WRITES.has(o.name)) pushOpt(files, optionFile(o, 'write', argv));
    if (o.name !== '-e' && o.name !== '--execute') continue;
    // A wgetrc command may name the file wget writes (`output_document`, `logfile`,
    // `save_cookies`): unless it is one that names nothing, a write toolgate cannot work out.
    const value = o.value ?? (o.valueIndex === undefined ? undefined : argv[o.valueIndex]);
    const known = value !== undefined && literal[o.valueIndex ?? o.index] !== false && harmlessWgetrc(value);
    if (known) unresolved.push('wget -e runs a wgetrc command');
    else unseen.push({ op: 'write', why: 'wget -e runs a wgetrc command, which may name a file wget writes' });
  }
  files.push(...wgetDownloads(argv, literal, options, ops));
  return { files, unresolved, ...(unseen.length > 0 ? { unseen } : {}) };
}

/** wget options after which the names it writes come from the server, not from the command line (wget(1)). */
const WGET_SERVER_NAMES = [
  '-r',
  '--recursive',
  '-m',
  '--mirror',
  '-x',
  '--force-directories',
  '-p',
  '--page-requisites',
  '--content-disposition',
  '--trust-server-names',
  '-i',
  '--input-file',
  '-B',
  '--base',
];

/**
 * Where wget saves what it downloads, unless `-O` names the file (or `--spider` saves nothing):
 * under `-P DIR` or the working directory, each URL as its last path segment — or, with `-r`, `-m`,
 * `-x`, `-p`, `--content-disposition`, `--trust-server-names` or `-i`, names the server or a file
 * gives (`-x -nH http://h/.claude/settings.json` writes `.claude/settings.json`): unseen names.
 */
function wgetDownloads(
  argv: readonly string[],
  literal: readonly boolean[],
  options: readonly ParsedOption[],
  ops: readonly number[],
): FileOperand[] {
  if (options.some((o) => ['-O', '--output-document', '--spider'].includes(o.name))) return [];
  const prefix = options.find((o) => o.name === '-P' || o.name === '--directory-prefix');
  const dir = prefix?.value ?? '.';
  const at =
    prefix === undefined ? 0 : prefix.valueIndex !== undefined && prefix.valueIndex < argv.length ? prefix.valueIndex : prefix.index;
  const into = (extra: Partial<FileOperand>): FileOperand => ({
    op: 'write',
    index: at,
    ...(prefix === undefined || at === prefix.index ? { value: dir } : {}),
    tree: 'some',
    ...extra,
  });
  const named = ops.map((k) => (literal[k] === false ? undefined : urlFileName(argv[k]!)));
  if (options.some((o) => WGET_SERVER_NAMES.includes(o.name)) || named.some((n) => n === undefined))
    return [into({ names: { kind: 'unseen', what: 'remote' } })];
  const base = dir.replace(/\/+$/, '');
  return [
    into({}),
    ...named.map((n, i): FileOperand => ({ op: 'write', index: ops[i]!, value: base === '' ? `/${n!}` : `${base}/${n!}` })),
  ];
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

/** The wget model. @internal */
export const wget = defineProgram({
  names: ['wget'],
  summary: 'wget: download URLs into files',
  sources: ['GNU Wget 1.21.3 wget(1) (Startup File, Wgetrc Commands), src/main.c'],
  grammar,
  // `--use-askpass=PROG` (`--use-askpass PROG`, any unambiguous start: `--use-a=`) runs PROG for the
  // user name and password (red team 22, NEW-T1: `wget --use-askpass=./x.sh URL` ran x.sh twice):
  // judged as a command. Its other options name files, URLs or numbers, none a program (wget --help, 1.21.3).
  unwrap: (argv, literal) => gnuOptionRuns('wget', argv, literal, grammar, ['use-askpass']),
  runs: 'unseen',
  // A word this grammar refuses (an unknown or ambiguous option, a missing value): another wget may take it.
  files: (_name, argv, literal = argv.map(() => true)) => readBy(argv, grammar, (words) => wgetFiles(argv, words, literal)),
  // wgetrc files add commands before the command line's (`post_file = …`).
  configFiles: wgetConfigFiles,
  examples: [
    { command: 'wget https://example.com/a.tar.gz', effects: ['write . [some]', 'write ./a.tar.gz'] },
    { command: 'wget -O page.html https://example.com/', effects: ['write ./page.html'] },
    { command: 'wget -T 10 -O x https://example.com/', effects: ['write ./x'], why: "-T's value is a timeout, no file" },
    { command: 'wget -D example.com -O x https://example.com/', effects: ['write ./x'], why: "-D's value is a list of domains, no file" },
  ],
});
