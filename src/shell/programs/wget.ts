/**
 * `wget [options] URL…`: downloads URLs into files named after them (`-O FILE` names one, `-P DIR`
 * the directory; `-r`, `-x`, `-i` and others take names from the server). Its options name files it
 * reads (`-i`, `--post-file`, `--load-cookies`, `--config`) and writes (`-o` log, `-O`, `-a`,
 * `--save-cookies`). wget has no `file:` scheme. GNU Wget 1.21 wget(1).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import type { OptionShape, ParsedOption } from '../options/options.js';
import { optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { wgetConfigFiles } from './wget-config.js';

/**
 * GNU Wget 1.21's options that take a value (wget(1)); every other option is a flag. Long names
 * may be shortened while unambiguous, as the scan reads them.
 */
const grammar: GnuOptionSpec = {
  short: 'O:o:P:a:i:U:e:T:t:w:Q:l:D:A:R:I:X:B:',
  long: Object.fromEntries(
    [
      'output-document',
      'directory-prefix',
      'input-file',
      'output-file',
      'append-output',
      'load-cookies',
      'save-cookies',
      'post-file',
      'body-file',
      'certificate',
      'private-key',
      'ca-certificate',
      'config',
      'execute',
      'user-agent',
      'header',
      'tries',
      'timeout',
      'wait',
      'quota',
      'level',
      'domains',
      'exclude-domains',
      'accept',
      'reject',
      'accept-regex',
      'reject-regex',
      'include-directories',
      'exclude-directories',
      'base',
      'cut-dirs',
      'default-page',
      'adjust-extension',
    ].map((name) => [name, 'required' as const]),
  ),
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
function wgetFiles(argv: readonly string[], shape: OptionShape, literal: readonly boolean[] = argv.map(() => true)): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, shape);
  for (const o of options) {
    if (READS.has(o.name)) pushOpt(files, optionFile(o, 'read', argv));
    if (WRITES.has(o.name)) pushOpt(files, optionFile(o, 'write', argv));
    if (o.name === '-e' || o.name === '--execute') unresolved.push('wget -e runs a wgetrc command');
  }
  files.push(...wgetDownloads(argv, literal, options, ops));
  return { files, unresolved };
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
  sources: ['GNU Wget 1.21 wget(1) (Startup File, Wgetrc Commands)'],
  grammar,
  // `--use-askpass=COMMAND` runs a program toolgate does not read.
  runs: 'unseen',
  files: (_name, argv, shape, literal) => wgetFiles(argv, shape, literal),
  // wgetrc files add commands before the command line's (`post_file = …`).
  configFiles: wgetConfigFiles,
  examples: [
    { command: 'wget https://example.com/a.tar.gz', effects: ['write . [some]', 'write ./a.tar.gz'] },
    { command: 'wget -O page.html https://example.com/', effects: ['write ./page.html'] },
    { command: 'wget -T 10 -O x https://example.com/', effects: ['write ./x'], why: "-T's value is a timeout, no file" },
    { command: 'wget -D example.com -O x https://example.com/', effects: ['write ./x'], why: "-D's value is a list of domains, no file" },
  ],
});
