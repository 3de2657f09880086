/**
 * Which words of a command are files it reads, writes or removes, per command, as data.
 * Claude Code docs, Configure permissions › Bash ("Read/Edit deny rules also apply to file
 * commands recognized in Bash (cat, head, tail, sed…)").
 */
import { operands, type OptionShape, type ParsedOption } from './options.js';

/** One file a command touches: the index of its word in argv (or a value inside a word). @internal */
export interface FileOperand {
  op: 'read' | 'write' | 'remove';
  /** Index of the word in argv. */
  index: number;
  /** When the path is part of the word (`of=x`, `--output=x`, `-ox`): the path text. */
  value?: string;
  /** When the effect lands inside this directory under the source's name (`cp a dir/`). */
  intoDir?: number;
}

/** Result for one command: operands, plus reasons effects could not be read. @internal */
export interface FileOperands {
  files: FileOperand[];
  unresolved: string[];
}

const all = (ops: number[], op: FileOperand['op']): FileOperand[] => ops.map((index) => ({ op, index }));

function optionFile(o: ParsedOption, op: FileOperand['op'], argv: readonly string[]): FileOperand | undefined {
  if (o.value === undefined) return undefined;
  // The value is the next word when the option word is exactly the option name.
  const inWord = argv[o.index] !== o.name;
  return inWord ? { op, index: o.index, value: o.value } : { op, index: o.index + 1 };
}

function scan(argv: readonly string[], shape: OptionShape) {
  return operands(argv, 1, shape);
}

const READERS: Record<string, OptionShape> = {
  cat: {}, tac: {}, nl: { shortArg: 'bdfhilnsvw' }, head: { shortArg: 'nc' }, tail: { shortArg: 'ncs' }, less: { shortArg: 'xyhjbz' }, more: {},
  wc: { longArg: ['files0-from'] }, rev: {}, od: { shortArg: 'AjNStw' }, hexdump: { shortArg: 'eEfns' }, strings: { shortArg: 'netTo' }, file: { shortArg: 'eFmPf', longArg: ['magic-file', 'files-from'] },
  stat: { shortArg: 'c', longArg: ['format', 'printf'] }, du: { shortArg: 'dBtX', longArg: ['files0-from', 'exclude-from'] }, ls: { shortArg: 'ITw' }, md5sum: {}, sha1sum: {}, sha224sum: {},
  sha256sum: {}, sha384sum: {}, sha512sum: {}, b2sum: {}, cksum: {}, cmp: { shortArg: 'in' }, diff: { shortArg: 'CDFILSUWxX', longArg: ['from-file', 'to-file', 'exclude-from'] }, comm: {},
  cut: { shortArg: 'bcdf' }, fold: { shortArg: 'w' }, column: { shortArg: 'cstoNRHOEWd' }, base64: { shortArg: 'w' }, tree: { shortArg: 'LPIo', longArg: ['fromfile'] },
  readlink: {}, realpath: {}, bat: { shortArg: 'lmrH' }, paste: { shortArg: 'd' }, expand: { shortArg: 't' }, unexpand: { shortArg: 't' },
  fmt: { shortArg: 'pw' }, pr: {}, xxd: { shortArg: 'cglosn' }, split: {}, zcat: {}, gunzip: {}, unzip: {}, jq: { shortArg: 'f', longArg: ['from-file', 'slurpfile', 'rawfile', 'arg', 'argjson'] }, yq: {},
};

/** Long options of the reader commands whose value is a file they read. */
const READ_OPTIONS = ['from-file', 'to-file', 'exclude-from', 'fromfile', 'magic-file'];
/** Long options whose value is a file listing more files to read. */
const NAME_LIST_OPTIONS = ['files0-from', 'files-from'];
/** Short options (per command) whose value is a file the command reads. */
const SHORT_READ_OPTIONS: Record<string, string> = { diff: 'X', du: 'X', hexdump: 'f', file: 'mf', jq: 'f' };
/** Long options of jq that read a file (`--from-file F`). */
const JQ_READ = ['from-file'];

/** sed `r FILE` / `R FILE` (the file name runs to the end of the line). */
const SED_READ = /(?:^|[;\n{}])\s*(?:\d+|\$|\/[^/\n]*\/)?(?:,\s*(?:\d+|\$|\/[^/\n]*\/))?\s*!?\s*[rR]\s*([^\n]+)/g;
const SED_MAY_READ = /(^|[;\n{}\d$/!])\s*[rR]/;

/** git's file options: `--contents F`, `config --file F`, `diff --no-index A B`, `grep -f F`. */
function gitOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith('-')) i += ['-C', '-c', '--git-dir', '--work-tree', '--namespace'].includes(argv[i]!) ? 2 : 1;
  const sub = argv[i];
  if (sub === undefined) return { files, unresolved };
  const { options, operands: ops } = operands(argv, i + 1, {
    shortArg: sub === 'config' ? 'f' : sub === 'grep' ? 'efm' : sub === 'format-patch' ? 'o' : '',
    longArg: ['contents', 'file', 'output', 'blob', 'output-directory', 'type', 'default', 'value', 'comment'],
  });
  for (const o of options) {
    if (o.name === '--contents' && o.value !== '-') pushOpt(files, optionFile(o, 'read', argv));
    if (sub === 'config' && (o.name === '--file' || o.name === '-f')) pushOpt(files, optionFile(o, 'read', argv));
    if (sub === 'grep' && o.name === '-f') pushOpt(files, optionFile(o, 'read', argv));
    // `git log/diff/show/format-patch --output=F` writes F; format-patch `-o DIR` writes into DIR.
    if (o.name === '--output' || o.name === '--output-directory' || (sub === 'format-patch' && o.name === '-o')) pushOpt(files, optionFile(o, 'write', argv));
  }
  if (sub === 'diff' && options.some((o) => o.name === '--no-index')) files.push(...all(ops, 'read'));
  if (sub === 'config') files.push(...gitConfigWrites(argv, i, options, ops));
  return { files, unresolved };
}

const GIT_CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l'];
const GIT_CONFIG_WRITES = /^--(add|unset|unset-all|replace-all|rename-section|remove-section|edit)$|^-e$/;

/** The config file `git config` changes: `.git/config`, `~/.gitconfig` (`--global`), `--file F`, … */
function gitConfigWrites(argv: readonly string[], sub: number, options: ParsedOption[], ops: number[]): FileOperand[] {
  const action = ops[0] !== undefined ? argv[ops[0]] : undefined;
  const newStyle = ['set', 'unset', 'rename-section', 'remove-section', 'edit'].includes(action ?? '');
  const readStyle = ['get', 'list'].includes(action ?? '');
  const names = options.map((o) => o.name);
  const writes = newStyle || names.some((n) => GIT_CONFIG_WRITES.test(n)) || (!readStyle && ops.length >= 2 && !names.some((n) => GIT_CONFIG_READS.includes(n)));
  if (!writes) return [];
  const file = options.find((o) => o.name === '--file' || o.name === '-f');
  if (file) {
    const f = optionFile(file, 'write', argv);
    return f ? [f] : [];
  }
  const at = { op: 'write' as const, index: sub };
  if (names.includes('--global')) return [{ ...at, value: '~/.gitconfig' }];
  if (names.includes('--system')) return [{ ...at, value: '/etc/gitconfig' }];
  if (names.includes('--worktree')) return [{ ...at, value: '.git/config.worktree' }];
  return [{ ...at, value: '.git/config' }];
}

/** `npm config set|delete|edit` and `npm set`: the npmrc they write. */
function npmOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = operands(argv, 1, { longArg: ['location', 'userconfig', 'globalconfig', 'prefix'] });
  const words = ops.map((k) => argv[k]!);
  const sub = words[0];
  const changes =
    sub === 'set' || sub === 'delete' ||
    ((sub === 'config' || sub === 'c') && ['set', 'delete', 'edit', 'fix'].includes(words[1] ?? ''));
  if (!changes) return { files, unresolved };
  const at = ops[0]!;
  const location = options.find((o) => o.name === '--location')?.value;
  const userconfig = options.find((o) => o.name === '--userconfig');
  const global = options.some((o) => o.name === '--global' || o.name === '-g') || location === 'global';
  if (global) unresolved.push('npm config --global writes the global npmrc');
  else if (location === 'project') files.push({ op: 'write', index: at, value: '.npmrc' });
  else if (userconfig) pushOpt(files, optionFile(userconfig, 'write', argv));
  else files.push({ op: 'write', index: at, value: '~/.npmrc' });
  return { files, unresolved };
}

/** Letters of tar that take a value (in order, from the next words in the old style `tar cfC a.tar dir`). */
const TAR_VALUE_LETTERS = 'fCTXbIFKLNVgH';

/** `tar`: the archive (`-f`) it reads or writes, files it adds, the directory it extracts into. */
function tarOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  let mode: 'create' | 'extract' | 'list' | undefined;
  let archive: FileOperand | undefined;
  let dir: FileOperand | undefined;
  const ops: number[] = [];
  const setMode = (letter: string): void => {
    if ('cruA'.includes(letter)) mode = 'create';
    else if (letter === 'x') mode = 'extract';
    else if (letter === 't' || letter === 'd') mode ??= 'list';
  };
  const take = (letter: string, index: number, value?: string): void => {
    const f: FileOperand | undefined = index < argv.length ? (value === undefined ? { op: 'read', index } : { op: 'read', index, value }) : undefined;
    if (letter === 'f') archive = f;
    else if (letter === 'C') dir = f;
    else if (letter === 'T' || letter === 'X') pushOpt(files, f);
  };
  let i = 1;
  const first = argv[1];
  if (first !== undefined && /^[A-Za-z]+$/.test(first)) {
    // Old style: the first word is a cluster, and each value letter takes the next word.
    let next = 2;
    for (const letter of first) {
      setMode(letter);
      if (TAR_VALUE_LETTERS.includes(letter)) take(letter, next++);
    }
    i = next;
  }
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      for (let k = i + 1; k < argv.length; k++) ops.push(k);
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      const modes: Record<string, 'create' | 'extract' | 'list'> = { create: 'create', append: 'create', update: 'create', extract: 'extract', get: 'extract', list: 'list' };
      if (modes[name]) mode = modes[name];
      const letter = name === 'file' ? 'f' : name === 'directory' ? 'C' : name === 'files-from' ? 'T' : name === 'exclude-from' ? 'X' : undefined;
      if (letter) {
        if (eq >= 0) take(letter, i, a.slice(eq + 1));
        else take(letter, ++i);
      }
      if (name === 'absolute-names') unresolved.push('tar --absolute-names extracts to paths named in the archive');
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let k = 1; k < a.length; k++) {
        const letter = a[k]!;
        setMode(letter);
        if (letter === 'P') unresolved.push('tar -P extracts to paths named in the archive');
        if (TAR_VALUE_LETTERS.includes(letter)) {
          if (k < a.length - 1) take(letter, i, a.slice(k + 1));
          else take(letter, ++i);
          break;
        }
      }
      continue;
    }
    ops.push(i);
  }
  if (archive) files.push({ ...archive, op: mode === 'create' ? 'write' : 'read' });
  if (mode === 'create') files.push(...all(ops, 'read'));
  if (mode === 'extract') {
    unresolved.push('tar extraction writes the files named in the archive');
    if (dir) files.push({ ...dir, op: 'write' });
    else files.push({ op: 'write', index: 0, value: '.' });
  }
  if (mode === undefined) unresolved.push('tar without a known mode');
  return { files, unresolved };
}

/** `patch [opts] [FILE [PATCHFILE]]`, `-i PATCHFILE`, `-o OUT`, `-r REJECTS`, `-d DIR`. */
function patchOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = operands(argv, 1, {
    shortArg: 'iodrpBDFVYzgx',
    longArg: ['input', 'output', 'directory', 'reject-file', 'strip', 'prefix', 'ifdef', 'fuzz', 'basename-prefix', 'suffix', 'version-control', 'quoting-style', 'get', 'debug'],
  });
  for (const o of options) {
    if (o.name === '-i' || o.name === '--input') pushOpt(files, optionFile(o, 'read', argv));
    if (o.name === '-o' || o.name === '--output' || o.name === '-r' || o.name === '--reject-file') pushOpt(files, optionFile(o, 'write', argv));
  }
  if (options.some((o) => o.name === '-d' || o.name === '--directory')) unresolved.push('patch -d changes the directory the files are patched in');
  if (ops[0] !== undefined) files.push({ op: 'write', index: ops[0] });
  else unresolved.push('patch writes the files named in the diff');
  if (ops[1] !== undefined) files.push({ op: 'read', index: ops[1] });
  return { files, unresolved };
}

/**
 * The files `argv` touches, for the commands toolgate knows (others: none, and the caller
 * must not assume a command it does not know touches nothing).
 * @param name - basename of argv[0].
 */
export function fileOperands(name: string, argv: readonly string[]): FileOperands {
  const unresolved: string[] = [];
  const files: FileOperand[] = [];
  const reader = READERS[name];
  switch (name) {
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'rg': {
      const { options, operands: ops } = scan(argv, {
        shortArg: name === 'rg' ? 'efmABCgtTMj' : 'efmABCdD',
        longArg: ['regexp', 'file', 'max-count', 'after-context', 'before-context', 'context', 'glob', 'type', 'pre', 'exclude-from'],
      });
      const patternGiven = options.some((o) => ['-e', '-f', '--regexp', '--file'].includes(o.name));
      for (const o of options) if (o.name === '-f' || o.name === '--file' || o.name === '--exclude-from') pushOpt(files, optionFile(o, 'read', argv));
      files.push(...all(patternGiven ? ops : ops.slice(1), 'read'));
      if (name === 'rg' && options.some((o) => o.name === '--pre')) unresolved.push('rg --pre runs a program on every file');
      return { files, unresolved };
    }
    case 'sed': {
      const { options, operands: ops } = scan(argv, { shortArg: 'efl', shortOptionalArg: 'i', longArg: ['expression', 'file', 'line-length'] });
      const inPlace = options.some((o) => o.name === '-i' || o.name === '--in-place');
      const scripts = options.filter((o) => o.name === '-e' || o.name === '--expression').map((o) => o.value ?? '');
      for (const o of options) if (o.name === '-f' || o.name === '--file') pushOpt(files, optionFile(o, 'read', argv));
      const hasScriptOption = options.some((o) => ['-e', '-f', '--expression', '--file'].includes(o.name));
      const fileOps = hasScriptOption ? ops : ops.slice(1);
      if (!hasScriptOption && ops[0] !== undefined) scripts.push(argv[ops[0]]!);
      if (scripts.some((s) => /(^|[;\n}\s\d$/])\s*[wWe]\b|\/[gpiImMe\d]*w\s|[;\n]\s*e\b|^e\b|\/[gpiImM\d]*e/.test(s))) {
        unresolved.push('sed script may write files or run commands (w, W or e)');
      }
      for (const script of scripts) {
        for (const m of script.matchAll(SED_READ)) {
          const file = m[1]!.trim();
          const at = options.find((o) => o.value === script)?.index ?? ops[0];
          if (file && at !== undefined) files.push({ op: 'read', index: at, value: file });
        }
        if (SED_MAY_READ.test(script) && !new RegExp(SED_READ.source).test(script)) unresolved.push('sed script may read a file (r or R)');
      }
      files.push(...all(fileOps, inPlace ? 'write' : 'read'));
      return { files, unresolved };
    }
    case 'date': {
      const { options } = scan(argv, { shortArg: 'fdrsI', longArg: ['file', 'date', 'reference', 'set'] });
      for (const o of options) if (['-f', '--file', '-r', '--reference'].includes(o.name)) pushOpt(files, optionFile(o, 'read', argv));
      return { files, unresolved };
    }
    case 'git':
      return gitOperands(argv);
    case 'npm':
      return npmOperands(argv);
    case 'tar':
    case 'gtar':
    case 'bsdtar':
      return tarOperands(argv);
    case 'patch':
      return patchOperands(argv);
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk': {
      const { options, operands: ops } = scan(argv, { shortArg: 'fvFi', longArg: ['file', 'assign', 'field-separator', 'include'] });
      const progFile = options.filter((o) => o.name === '-f' || o.name === '--file');
      for (const o of progFile) pushOpt(files, optionFile(o, 'read', argv));
      const fileOps = progFile.length > 0 ? ops : ops.slice(1);
      const program = progFile.length > 0 ? undefined : argv[ops[0] ?? -1];
      if (progFile.length > 0 || (program !== undefined && /system|\||>|getline|print[f]?\s*>/.test(program))) {
        unresolved.push('awk program may write files or run commands');
      }
      files.push(...all(fileOps.filter((k) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[k]!)), 'read'));
      return { files, unresolved };
    }
    case 'sort': {
      const { options, operands: ops } = scan(argv, { shortArg: 'kotTS', longArg: ['key', 'output', 'field-separator', 'temporary-directory', 'buffer-size', 'files0-from'] });
      for (const o of options) if (o.name === '-o' || o.name === '--output') pushOpt(files, optionFile(o, 'write', argv));
      for (const o of options) if (o.name === '--files0-from') pushOpt(files, optionFile(o, 'read', argv));
      if (options.some((o) => o.name === '--files0-from')) unresolved.push('sort --files0-from reads the files named in a file');
      files.push(...all(ops, 'read'));
      return { files, unresolved };
    }
    case 'uniq': {
      const { operands: ops } = scan(argv, { shortArg: 'fsw' });
      if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
      if (ops[1] !== undefined) files.push({ op: 'write', index: ops[1] });
      return { files, unresolved };
    }
    case 'tee':
      return { files: all(scan(argv, {}).operands, 'write'), unresolved };
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'shred':
      return { files: all(scan(argv, { shortArg: name === 'shred' ? 'nsx' : '' }).operands, 'remove'), unresolved };
    case 'mkdir':
      return { files: all(scan(argv, { shortArg: 'mZ', longArg: ['mode', 'context'] }).operands, 'write'), unresolved };
    case 'touch': {
      const { options, operands: ops } = scan(argv, { shortArg: 'drt', longArg: ['date', 'reference', 'time'] });
      for (const o of options) if (o.name === '-r' || o.name === '--reference') pushOpt(files, optionFile(o, 'read', argv));
      files.push(...all(ops, 'write'));
      return { files, unresolved };
    }
    case 'chmod':
    case 'chown':
    case 'chgrp': {
      const { options, operands: ops } = scan(argv, { longArg: ['reference', 'from'] });
      const byRef = options.find((o) => o.name === '--reference');
      if (byRef) pushOpt(files, optionFile(byRef, 'read', argv));
      files.push(...all(byRef ? ops : ops.slice(1), 'write'));
      return { files, unresolved };
    }
    case 'truncate': {
      const { options, operands: ops } = scan(argv, { shortArg: 'sr', longArg: ['size', 'reference'] });
      for (const o of options) if (o.name === '-r' || o.name === '--reference') pushOpt(files, optionFile(o, 'read', argv));
      files.push(...all(ops, 'write'));
      return { files, unresolved };
    }
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync': {
      const { options, operands: ops } = scan(argv, {
        shortArg: name === 'install' ? 'gmoStZ' : name === 'rsync' ? 'efBT' : 'StZ',
        longArg: ['target-directory', 'suffix', 'backup', 'mode', 'owner', 'group', 'context', 'exclude', 'include', 'rsh', 'filter', 'exclude-from'],
      });
      const srcOp: FileOperand['op'] = name === 'mv' ? 'remove' : 'read';
      const target = options.find((o) => o.name === '-t' || o.name === '--target-directory');
      if (name === 'install' && options.some((o) => o.name === '-d')) return { files: all(ops, 'write'), unresolved };
      if (target) {
        const dest = optionFile(target, 'write', argv);
        pushOpt(files, dest);
        for (const k of ops) files.push({ op: srcOp, index: k });
        if (dest && dest.value === undefined) for (const k of ops) files.push({ op: 'write', index: k, intoDir: dest.index });
        return { files, unresolved };
      }
      if (name === 'ln' && ops.length === 1) {
        files.push({ op: 'read', index: ops[0]! });
        unresolved.push('ln with one operand creates a link in the current directory');
        return { files, unresolved };
      }
      const dest = ops[ops.length - 1];
      if (dest === undefined || ops.length < 2) return { files, unresolved };
      files.push({ op: 'write', index: dest });
      for (const k of ops.slice(0, -1)) {
        files.push({ op: srcOp, index: k });
        files.push({ op: 'write', index: k, intoDir: dest });
      }
      return { files, unresolved };
    }
    case 'dd':
      for (let k = 1; k < argv.length; k++) {
        const a = argv[k]!;
        if (a.startsWith('if=')) files.push({ op: 'read', index: k, value: a.slice(3) });
        if (a.startsWith('of=')) files.push({ op: 'write', index: k, value: a.slice(3) });
      }
      return { files, unresolved };
    case 'find': {
      const starts: number[] = [];
      let k = 1;
      while (k < argv.length && /^-[HLPO]/.test(argv[k]!) && !/^-[a-z]{2,}/.test(argv[k]!)) k++;
      for (; k < argv.length && !/^[-(!]/.test(argv[k]!); k++) starts.push(k);
      files.push(...all(starts, 'read'));
      for (; k < argv.length; k++) {
        const a = argv[k]!;
        if (a === '-delete') files.push(...all(starts, 'remove'));
        if (/^-fprint|^-fls$/.test(a) && k + 1 < argv.length) files.push({ op: 'write', index: k + 1 });
      }
      return { files, unresolved };
    }
    case 'xargs':
    case 'time':
    case 'curl':
    case 'wget': {
      const shape: OptionShape =
        name === 'xargs' ? { shortArg: 'aILnPsdE', shortOptionalArg: 'ile', longArg: ['arg-file'] }
          : name === 'time' ? { shortArg: 'fo', longArg: ['output', 'format'], posix: true }
            : name === 'curl' ? { shortArg: 'oOTdHXuAeEKrwxyzbcCDm', longArg: ['output', 'upload-file', 'data', 'data-binary', 'config', 'cookie-jar', 'dump-header', 'trace'] }
              : { shortArg: 'OoPaiUeT', longArg: ['output-document', 'directory-prefix', 'input-file', 'output-file'] };
      const { options } = name === 'curl' || name === 'wget' ? scan(argv, shape) : { options: operands(argv, 1, { ...shape, posix: true }).options };
      for (const o of options) {
        if (['-a', '--arg-file', '-i', '--input-file', '-T', '--upload-file', '-K', '--config'].includes(o.name)) pushOpt(files, optionFile(o, 'read', argv));
        if (name !== 'xargs' && ['-o', '--output', '-O', '--output-document', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--output-file'].includes(o.name)) {
          if (name === 'curl' && o.name === '-O') unresolved.push('curl -O writes a file named after the URL');
          else pushOpt(files, optionFile(o, 'write', argv));
        }
        if (name === 'curl' && ['-d', '--data', '--data-binary'].includes(o.name) && o.value?.startsWith('@')) {
          files.push({ op: 'read', index: o.index, value: o.value.slice(1) });
        }
        if (name === 'wget' && (o.name === '-P' || o.name === '--directory-prefix')) pushOpt(files, optionFile(o, 'write', argv));
      }
      if (name === 'curl' && options.some((o) => o.name === '--remote-name' || o.name === '--remote-name-all')) unresolved.push('curl --remote-name writes a file named after the URL');
      if (name === 'wget' && !options.some((o) => ['-O', '--output-document', '-P', '--directory-prefix'].includes(o.name))) {
        unresolved.push('wget writes a file named after the URL in the current directory');
      }
      return { files, unresolved };
    }
    case 'flock': {
      const { operands: ops } = operands(argv, 1, { shortArg: 'wEc', longArg: ['timeout', 'conflict-exit-code', 'command'], posix: true });
      if (ops[0] !== undefined && !/^\d+$/.test(argv[ops[0]]!)) files.push({ op: 'write', index: ops[0] });
      return { files, unresolved };
    }
    default:
      break;
  }
  if (reader) {
    const { options, operands: ops } = scan(argv, reader);
    for (const o of options) {
      const long = o.name.startsWith('--') ? o.name.slice(2) : undefined;
      if (long !== undefined && (READ_OPTIONS.includes(long) || (name === 'jq' && JQ_READ.includes(long)))) pushOpt(files, optionFile(o, 'read', argv));
      if (long !== undefined && NAME_LIST_OPTIONS.includes(long)) {
        pushOpt(files, optionFile(o, 'read', argv));
        unresolved.push(`${name} --${long} reads the files named in a file`);
      }
      const short = SHORT_READ_OPTIONS[name];
      if (short && o.name.length === 2 && short.includes(o.name[1]!)) pushOpt(files, optionFile(o, 'read', argv));
    }
    if (/sum$/.test(name) && options.some((o) => o.name === '-c' || o.name === '--check')) unresolved.push(`${name} --check reads the files named in its input`);
    if (name === 'xxd' || name === 'split') {
      if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
      if (ops[1] !== undefined) files.push({ op: 'write', index: ops[1] });
      return { files, unresolved };
    }
    if (name === 'tree') for (const o of options) if (o.name === '-o') pushOpt(files, optionFile(o, 'write', argv));
    if (name === 'jq' || name === 'yq') {
      const filterFile = options.some((o) => o.name === '-f' || o.name === '--from-file');
      if (options.some((o) => o.name === '--slurpfile' || o.name === '--rawfile')) unresolved.push(`${name} --slurpfile/--rawfile reads a file`);
      return { files: [...files, ...all(filterFile ? ops : ops.slice(1), 'read')], unresolved };
    }
    if (name === 'gunzip' || name === 'unzip') return { files: all(ops, 'write'), unresolved: ['archive extraction writes files'] };
    files.push(...all(ops, 'read'));
  }
  return { files, unresolved };
}

function pushOpt(files: FileOperand[], f: FileOperand | undefined): void {
  if (f) files.push(f);
}
