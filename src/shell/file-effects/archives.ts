/**
 * Archivers and compressors: tar (create reads each input whole; extract writes names the archive
 * holds under its directory), zip (`-r` reads directories whole), unzip, and the gzip family
 * (a file is replaced by its compressed form unless `-c`/`-k`).
 * GNU tar 1.34 manual; Info-ZIP zip(1) and unzip(1); gzip(1), bzip2(1), xz(1), zstd(1).
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

/** Letters of tar that take a value (in order, from the next words in the old style `tar cfC a.tar dir`). */
const TAR_VALUE_LETTERS = 'fCTXbIFKLNVgH';

/** `tar`: the archive (`-f`) it reads or writes, the files it adds, the directory it extracts into. */
export function tarOperands(argv: readonly string[]): FileOperands {
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
    else if (letter === 'T' || letter === 'X') {
      pushOpt(files, f);
      if (letter === 'T') unresolved.push('tar -T adds the files named in a file');
    } else if (letter === 'g' || letter === 'K' || letter === 'N') pushOpt(files, f);
    else if (letter === 'I' || letter === 'F') unresolved.push(`tar -${letter} runs a program`);
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
  const LONG_MODES: Record<string, 'create' | 'extract' | 'list'> = { create: 'create', append: 'create', update: 'create', concatenate: 'create', catenate: 'create', extract: 'extract', get: 'extract', list: 'list', diff: 'list', compare: 'list' };
  const LONG_LETTER: Record<string, string> = { file: 'f', directory: 'C', 'files-from': 'T', 'exclude-from': 'X', 'listed-incremental': 'g', 'starting-file': 'K', 'newer-mtime': 'N' };
  const longNames = [...Object.keys(LONG_MODES), ...Object.keys(LONG_LETTER), 'absolute-names', 'to-command', 'use-compress-program', 'info-script', 'new-volume-script', 'index-file', 'checkpoint-action'];
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      for (let k = i + 1; k < argv.length; k++) ops.push(k);
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const given = a.slice(2, eq < 0 ? undefined : eq);
      const hits = longNames.filter((n) => n === given || n.startsWith(given));
      const name = hits.includes(given) ? given : hits.length === 1 ? hits[0]! : given;
      if (LONG_MODES[name]) mode = LONG_MODES[name];
      const letter = LONG_LETTER[name];
      if (letter) {
        if (eq >= 0) take(letter, i, a.slice(eq + 1));
        else take(letter, ++i);
      }
      if (name === 'absolute-names') unresolved.push('tar --absolute-names extracts to paths named in the archive');
      if (['to-command', 'use-compress-program', 'info-script', 'new-volume-script', 'checkpoint-action'].includes(name)) unresolved.push(`tar --${name} runs a program`);
      if (name === 'index-file') {
        if (eq >= 0) files.push({ op: 'write', index: i, value: a.slice(eq + 1) });
        else files.push({ op: 'write', index: ++i });
      }
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
  const under = dir && dir.value === undefined ? { under: dir.index } : {};
  if (mode === 'create') {
    // Inputs are relative to `-C DIR` when one is given (tried from the cwd too).
    files.push(...all(ops, 'read', { tree: 'all' }));
    if (dir && dir.value === undefined) files.push(...all(ops, 'read', { tree: 'all', ...under }));
  }
  if (mode === 'extract') {
    if (dir) files.push({ ...dir, op: 'write', tree: 'some' });
    else files.push({ op: 'write', index: 0, value: '.', tree: 'some' });
    // Members named on the command line land under the directory.
    files.push(...all(ops, 'write', { tree: 'all', ...under }));
  }
  if (mode === undefined) unresolved.push('tar without a known mode');
  return { files, unresolved };
}

/** `zip [opts] ARCHIVE [FILE…]`: `-r` reads each directory whole; `-@` reads names from input. */
export function zipOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'bOnPtxiZs',
    longArg: ['temp-path', 'output-file', 'suffixes', 'password', 'from-date', 'before-date', 'exclude', 'include', 'compression-method', 'split-size', 'unzip-command', 'logfile-path'],
    longFlags: ['recurse-paths', 'recurse-patterns', 'names-stdin', 'test', 'grow', 'update', 'freshen', 'move', 'delete', 'copy-entries'],
  });
  const recursive = has(options, '-r', '-R', '--recurse-paths', '--recurse-patterns');
  for (const o of options) {
    if (is(o, '-O', '--output-file', '--logfile-path')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '-b', '--temp-path')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (is(o, '-TT', '--unzip-command')) unresolved.push('zip --unzip-command runs a program');
  }
  if (argv.includes('-@') || has(options, '--names-stdin')) unresolved.push('zip -@ adds the files named on its input');
  if (ops[0] !== undefined) {
    files.push({ op: 'write', index: ops[0] });
    files.push({ op: 'write', index: ops[0], value: `${argv[ops[0]]}.zip` });
  }
  const remove = has(options, '-m', '--move');
  for (const k of ops.slice(1)) {
    files.push({ op: 'read', index: k, ...(recursive ? { tree: 'all' as const } : {}) });
    if (remove) files.push({ op: 'remove', index: k });
  }
  return { files, unresolved };
}

/** `unzip [opts] ARCHIVE [MEMBER…] [-x …] [-d DIR]`: extracts under DIR (the cwd by default). */
export function unzipOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'dxP' });
  const toStdout = has(options, '-p', '-c', '-l', '-t', '-v', '-z', '-Z');
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  if (toStdout) return { files, unresolved: [] };
  const dir = options.find((o) => is(o, '-d'));
  if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some' }));
  else files.push({ op: 'write', index: 0, value: '.', tree: 'some' });
  return { files, unresolved: [], notFiles: ops.slice(1) };
}

const COMPRESS_SUFFIX: Readonly<Record<string, string>> = { gzip: '.gz', pigz: '.gz', bzip2: '.bz2', xz: '.xz', lzma: '.lzma', zstd: '.zst', lz4: '.lz4', compress: '.Z' };

/**
 * The gzip family: each operand is read and, unless output goes to stdout (`-c`) or the file is
 * kept (`-k`), replaced by its compressed (or decompressed) form. `-r` walks directories.
 */
export function compressOperands(name: string, argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'STbp',
    longArg: ['suffix', 'threads', 'format', 'memlimit', 'block-size', 'rsyncable'],
    longFlags: ['stdout', 'to-stdout', 'keep', 'recursive', 'decompress', 'uncompress', 'test', 'list', 'force'],
  });
  const toStdout = has(options, '-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list') || /cat$/.test(name);
  const keep = has(options, '-k', '--keep');
  const recursive = has(options, '-r', '--recursive');
  const decompress = has(options, '-d', '--decompress', '--uncompress') || /^un|^gunzip$/.test(name);
  const tree = recursive ? { tree: 'all' as const } : {};
  for (const k of ops) {
    files.push({ op: 'read', index: k, ...tree });
    if (toStdout) continue;
    if (!keep) files.push({ op: 'remove', index: k });
    const word = argv[k]!;
    const suffix = COMPRESS_SUFFIX[name.replace(/^un/, '').replace(/cat$/, '')] ?? '.gz';
    const out = decompress ? word.replace(/\.(gz|tgz|bz2|xz|lzma|zst|lz4|Z|z)$/, '') : `${word}${suffix}`;
    files.push({ op: 'write', index: k, ...(out !== word ? { value: out } : {}), ...tree });
  }
  return { files, unresolved: [] };
}
