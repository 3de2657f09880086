/**
 * The files a curl command reads and writes: the files its options name, and the local files its
 * `file:` URLs read. curl(1) 8.x.
 */
import type { ParsedOption } from '../../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand, type FileOperands, type UnseenNames } from '../../options/file-operands.js';
import type { ReadWords } from '../parse.js';
import { curlGlob, curlGlobValues, curlUrlPaths } from './urls.js';

/** Options whose value is a file curl reads (`-T` and `file:` URLs are read below). */
const READS: ReadonlySet<string> = new Set(['-K', '--config', '-E', '--cert', '--key', '--cacert', '--netrc-file', '--etag-compare']);
/** Options whose value is a file curl writes. */
const WRITES: ReadonlySet<string> = new Set([
  '-o',
  '--output',
  '-c',
  '--cookie-jar',
  '-D',
  '--dump-header',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--etag-save',
  '--hsts',
  '--alt-svc',
  '--libcurl',
]);

/**
 * curl: the files its options name, and the local files its `file:` URLs read.
 * @param words - its words, read with the curl model's grammar.
 * @param literal - per word, whether it is literal.
 * @internal
 */
export function curlFiles(
  argv: readonly string[],
  { options, operands: ops }: ReadWords,
  literal: readonly boolean[] = argv.map(() => true),
): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const unseen: UnseenNames[] = [];
  curlUrlOperands(argv, literal, options, ops, files, unresolved);
  for (const o of options) {
    if (READS.has(o.name)) pushOpt(files, optionFile(o, 'read', argv));
    // `-o` with `#N` writes the names its template expands to (below), not the template.
    if (WRITES.has(o.name) && !((o.name === '-o' || o.name === '--output') && /#\d/.test(o.value ?? '')))
      pushOpt(files, optionFile(o, 'write', argv));
    if (
      ['-d', '--data', '--data-binary', '--data-ascii', '--json', '-F', '--form', '-H', '--header', '-w', '--write-out'].includes(o.name) &&
      o.value !== undefined
    ) {
      // `@file` (and `name=@file`, `name=<file` for forms) reads the file.
      const m = /^(?:[^=@<]*=)?[@<](.+?)(?:;.*)?$/.exec(o.value);
      if (m) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: m[1]! });
    }
    // `--data-urlencode`, `--url-query`: `@file` or `name@file` (no `=` before the `@`); `--variable name@file`.
    if (['--data-urlencode', '--url-query', '--variable'].includes(o.name) && o.value !== undefined) {
      const m = /^[^=@]*@(.+)$/.exec(o.value);
      if (m) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: m[1]! });
    }
    // `-b FILE`: a value without `=` is a cookie file to read (`-b name=value` is a cookie).
    if ((o.name === '-b' || o.name === '--cookie') && o.value !== undefined && !o.value.includes('='))
      pushOpt(files, optionFile(o, 'read', argv));
    // What curl writes under these is named where toolgate does not look (a config file, the
    // write-out text, a variable): a write whose name it cannot work out (decision 0092).
    if ((o.name === '-w' || o.name === '--write-out') && o.value?.includes('%output{'))
      unseen.push({ op: 'write', why: 'curl --write-out %output{} writes a file' });
    if (o.name === '-K' || o.name === '--config')
      unseen.push({ op: 'write', why: 'curl -K reads options (URLs and files among them, and the files it writes) from a file' });
    // `-o '#1'` with `{.npmrc}` or `.claud[e-e]` in the URL wrote .npmrc and .claude/settings.json
    // (red team 17 R17-12): the name comes from the URL's globs, not read here.
    if ((o.name === '-o' || o.name === '--output') && o.value !== undefined && /#\d/.test(o.value)) {
      const names = globNames(o, argv, literal, options, ops);
      if (names === undefined) unseen.push({ op: 'write', why: "curl -o names the file it writes after the URL's glob (#N)" });
      else for (const value of names) files.push({ op: 'write', index: o.valueIndex ?? o.index, value });
    }
    if (/^--expand-/.test(o.name)) {
      const base = `--${o.name.slice('--expand-'.length)}`;
      if (WRITES.has(base) || base === '--output-dir' || base === '--config')
        unseen.push({ op: 'write', why: `curl ${o.name} expands variables in the name of a file it writes` });
      else unresolved.push('curl expands variables in its options');
    }
    if (o.name === '--output-dir') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  }
  remoteNames(argv, literal, options, ops, files, unseen);
  return { files, unresolved, ...(unseen.length > 0 ? { unseen } : {}) };
}

/**
 * The names `-o TEMPLATE` writes when TEMPLATE holds `#N`: each `#N` replaced by what the N-th
 * glob of the URL gave (curl(1) "-o": `-o '#1.txt' 'http://h/{a,b}'` writes a.txt and b.txt), when
 * the command has one URL, literal, with globbing on and few names; else undefined (unseen).
 */
function globNames(
  o: ParsedOption,
  argv: readonly string[],
  literal: readonly boolean[],
  options: readonly ParsedOption[],
  ops: readonly number[],
): string[] | undefined {
  const at = o.valueIndex ?? o.index;
  const urls = [...ops, ...options.filter((x) => x.name === '--url').map((x) => x.valueIndex ?? -1)];
  if (literal[at] === false || urls.length !== 1 || urls[0]! < 0 || literal[urls[0]!] === false) return undefined;
  if (options.some((x) => x.name === '-g' || x.name === '--globoff' || x.name === '--output-dir')) return undefined;
  const got = curlGlobValues(argv[urls[0]!]!);
  if ('unknown' in got) return undefined;
  const out: string[] = [];
  for (const n of got.names) {
    let missing = false;
    out.push(o.value!.replace(/#(\d+)/g, (_m, d: string) => n.values[Number(d) - 1] ?? ((missing = true), '')));
    if (missing) return undefined;
  }
  return out;
}

/**
 * `-O`, `--remote-name` and `--remote-name-all` write each URL's last path segment into the
 * output directory (`--output-dir`, else the working directory): `curl -O http://h/d/.npmrc`
 * wrote ./.npmrc (red team 17 R17-12). A literal URL with no glob and no `%` names that file;
 * any other, and `-J`/`--remote-header-name` (the server's Content-Disposition chooses the name:
 * `.envrc`), writes names toolgate cannot see, as wget's `--content-disposition` does.
 */
function remoteNames(
  argv: readonly string[],
  literal: readonly boolean[],
  options: readonly ParsedOption[],
  ops: readonly number[],
  files: FileOperand[],
  unseen: UnseenNames[],
): void {
  const remote = options.some((o) => o.name === '-O' || o.name === '--remote-name' || o.name === '--remote-name-all');
  if (!remote) return;
  if (options.some((o) => o.name === '-J' || o.name === '--remote-header-name')) {
    unseen.push({ op: 'write', why: 'curl -J writes the file under the name the server sends' });
    return;
  }
  const globOff = options.some((o) => o.name === '-g' || o.name === '--globoff');
  const dir = options.filter((o) => o.name === '--output-dir').at(-1);
  const dirWord = dir === undefined ? undefined : (dir.valueIndex ?? dir.index);
  if (dir !== undefined && (dir.value === undefined || literal[dirWord!] === false)) {
    unseen.push({ op: 'write', why: 'curl -O writes into an output directory toolgate cannot read' });
    return;
  }
  const urls = [
    ...ops.map((k) => ({ index: k, text: argv[k]!, word: true })),
    ...options
      .filter((o) => o.name === '--url' && o.value !== undefined)
      .map((o) => ({ index: o.valueIndex ?? o.index, text: o.value!, word: o.valueIndex !== undefined })),
  ];
  for (const u of urls) {
    const path = u.text.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '').replace(/[?#].*$/, '');
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (
      (u.word && literal[u.index] === false) ||
      name === '' ||
      name === '.' ||
      name === '..' ||
      /%/.test(name) ||
      (!globOff && /[{}[\]]/.test(u.text))
    ) {
      unseen.push({ op: 'write', why: `curl -O writes a file named after the URL ${u.text}, a name toolgate cannot work out` });
      continue;
    }
    files.push({ op: 'write', index: u.index, value: dir?.value !== undefined ? `${dir.value.replace(/\/+$/, '')}/${name}` : name });
  }
}

/** A text in one of the words a non-literal word holds: quotes removed from its start. */
const unquotedStart = (word: string): string => word.replace(/["']/g, '');

/**
 * curl's URLs (operands and `--url` values) and `-T` uploads: the local files they read. A
 * `file:` URL reads its path; a URL whose scheme is not settled (`$URL`, `"$X"://…`) may be a
 * `file:` URL and is unresolved; globs curl expands are spelled out unless `-g`.
 */
function curlUrlOperands(
  argv: readonly string[],
  literal: readonly boolean[],
  options: readonly ParsedOption[],
  ops: readonly number[],
  files: FileOperand[],
  unresolved: string[],
): void {
  const globOff = options.some((o) => o.name === '-g' || o.name === '--globoff');
  const protoDefault = options.find((o) => o.name === '--proto-default');
  const defaultFile = protoDefault?.value !== undefined && /^["']?file["']?$/i.test(protoDefault.value);
  if (protoDefault?.value !== undefined && !defaultFile && /[$`]/.test(protoDefault.value))
    unresolved.push('curl --proto-default names a scheme toolgate cannot read');
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
      if (defaultFile || 'file'.startsWith(head.toLowerCase()))
        unresolved.push(`curl's URL ${u.text} may be a file: URL (its scheme is not settled)`);
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
