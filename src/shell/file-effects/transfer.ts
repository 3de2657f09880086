/**
 * Programs that fetch, send or hand on files: curl, wget, xargs (`-a FILE`), time (`-o FILE`),
 * flock (its lock file). curl(1), wget(1), GNU findutils xargs, GNU time, util-linux flock.
 */
import { operands, type OptionShape } from '../options.js';
import { optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

const SHAPES: Readonly<Record<'xargs' | 'time' | 'curl' | 'wget', OptionShape>> = {
  xargs: { shortArg: 'aILnPsdE', shortOptionalArg: 'ile', longArg: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'replace', 'eof', 'max-lines', 'process-slot-var'], posix: true },
  time: { shortArg: 'fo', longArg: ['output', 'format'], posix: true },
  curl: {
    shortArg: 'oTdHXuAeEKrwxyzbcCDmFt',
    longArg: ['output', 'upload-file', 'data', 'data-binary', 'data-ascii', 'data-raw', 'data-urlencode', 'config', 'cookie', 'cookie-jar', 'dump-header', 'trace', 'trace-ascii', 'stderr', 'cert', 'key', 'cacert', 'capath', 'netrc-file', 'form', 'output-dir', 'etag-save', 'etag-compare', 'hsts', 'alt-svc', 'libcurl', 'header', 'request', 'user', 'user-agent', 'referer', 'proxy', 'url', 'write-out'],
  },
  wget: {
    shortArg: 'OoPaiUeTtwQ',
    longArg: ['output-document', 'directory-prefix', 'input-file', 'output-file', 'append-output', 'load-cookies', 'save-cookies', 'post-file', 'body-file', 'certificate', 'private-key', 'ca-certificate', 'config', 'execute', 'user-agent', 'header', 'tries', 'timeout', 'wait', 'quota'],
  },
};

const READ_OPTIONS = new Set(['-a', '--arg-file', '-i', '--input-file', '-T', '--upload-file', '-K', '--config', '--cert', '-E', '--key', '--cacert', '--netrc-file', '--load-cookies', '--post-file', '--body-file', '--certificate', '--private-key', '--ca-certificate', '--etag-compare']);
const WRITE_OPTIONS = new Set(['-o', '--output', '-O', '--output-document', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--trace-ascii', '--stderr', '--output-file', '-a', '--append-output', '--save-cookies', '--etag-save', '--hsts', '--alt-svc', '--libcurl']);

/** curl, wget, xargs, time: the files their options name. */
export function transferOperands(name: 'xargs' | 'time' | 'curl' | 'wget', argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const shape = SHAPES[name];
  const { options } = name === 'curl' || name === 'wget' ? scan(argv, shape) : { options: operands(argv, 1, shape).options };
  for (const o of options) {
    const reads = READ_OPTIONS.has(o.name) && !(name === 'wget' && o.name === '-a') && !(name === 'curl' && o.name === '-E');
    if (reads) pushOpt(files, optionFile(o, 'read', argv));
    if (name === 'curl' && o.name === '-E' && o.value !== undefined) pushOpt(files, optionFile(o, 'read', argv));
    if (name !== 'xargs' && WRITE_OPTIONS.has(o.name) && !(name === 'curl' && o.name === '-a')) {
      if (name === 'curl' && o.name === '-O') unresolved.push('curl -O writes a file named after the URL');
      else pushOpt(files, optionFile(o, 'write', argv));
    }
    if (name === 'curl' && ['-d', '--data', '--data-binary', '--data-ascii', '--data-urlencode', '-F', '--form', '-b', '--cookie', '-H', '--header'].includes(o.name) && o.value !== undefined) {
      // `@file` (and `name=@file`, `name=<file` for forms) reads the file.
      const m = /^(?:[^=@<]*=)?[@<](.+?)(?:;.*)?$/.exec(o.value);
      if (m) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: m[1]! });
    }
    if (name === 'curl' && o.name === '--output-dir') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (name === 'wget' && (o.name === '-P' || o.name === '--directory-prefix')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (name === 'wget' && (o.name === '-e' || o.name === '--execute')) unresolved.push('wget -e runs a wgetrc command');
  }
  if (name === 'curl' && options.some((o) => o.name === '--remote-name' || o.name === '--remote-name-all' || o.name === '-J' || o.name === '--remote-header-name')) unresolved.push('curl --remote-name writes a file named after the URL');
  if (name === 'wget' && !options.some((o) => ['-O', '--output-document', '-P', '--directory-prefix'].includes(o.name)) && !options.some((o) => o.name === '--spider')) {
    files.push({ op: 'write', index: 0, value: '.', tree: 'some' });
  }
  return { files, unresolved };
}

/** `flock [opts] FILE|FD …`: the lock file is created. */
export function flockOperands(argv: readonly string[]): FileOperands {
  const { operands: ops } = operands(argv, 1, { shortArg: 'wEc', longArg: ['timeout', 'conflict-exit-code', 'command'], posix: true });
  const files: FileOperand[] = [];
  if (ops[0] !== undefined && !/^\d+$/.test(argv[ops[0]]!)) files.push({ op: 'write', index: ops[0] });
  return { files, unresolved: [] };
}
