/**
 * Archivers and compressors: zip (`-r` reads directories whole), unzip, and the gzip family
 * (a file is replaced by its compressed form unless `-c`/`-k`); tar has its model in `programs/tar/`.
 * Info-ZIP zip 3.0 (its own option grammar: `zip-options.ts`) and unzip(1); gzip(1), bzip2(1), xz(1), zstd(1).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { OptionShape } from '../options/options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { zipWords } from './zip-options.js';

/** `zip [opts] ARCHIVE [FILE…]`: `-r` reads each directory whole; `-@` reads names from input. Its words are read by zip's own grammar. */
function zipOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops, listWords } = zipWords(argv);
  const recursive = has(options, '--recurse-paths', '--recurse-patterns');
  for (const o of options) {
    if (is(o, '--output-file')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--logfile-path') && o.value !== undefined) {
      pushOpt(files, optionFile(o, 'write', argv));
      // A log file name without an extension gets `.log` (`-lf log` writes log.log).
      if (!/\.[^/]*$/.test(o.value)) files.push({ op: 'write', index: o.valueIndex ?? o.index, value: `${o.value}.log` });
    }
    if (is(o, '--temp-path')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (is(o, '--unzip-command')) unresolved.push('zip --unzip-command runs a program');
  }
  if (has(options, '--names-stdin')) unresolved.push('zip -@ adds the files named on its input');
  if (ops[0] !== undefined) {
    files.push({ op: 'write', index: ops[0] });
    files.push({ op: 'write', index: ops[0], value: `${argv[ops[0]]}.zip` });
  }
  const remove = has(options, '--move');
  for (const k of ops.slice(1)) {
    files.push({ op: 'read', index: k, ...(recursive ? { tree: 'all' as const } : {}) });
    if (remove) files.push({ op: 'remove', index: k });
  }
  // The words of -i and -x are patterns of names, not files.
  return { files, unresolved, notFiles: listWords };
}

/** `unzip [opts] ARCHIVE [MEMBER…] [-x …] [-d DIR]`: extracts under DIR (the cwd by default). */
function unzipOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'dxP' });
  const toStdout = has(options, '-p', '-c', '-l', '-t', '-v', '-z', '-Z');
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  if (toStdout) return { files, unresolved: [] };
  const dir = options.find((o) => is(o, '-d'));
  // It writes the names the archive holds, which toolgate does not read.
  const names = { kind: 'unseen', what: 'archive' } as const;
  if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some', names }));
  else files.push({ op: 'write', index: 0, value: '.', tree: 'some', names });
  return { files, unresolved: [], notFiles: ops.slice(1) };
}

/** The compressors whose `-N` restores the file name stored in a compressed file (gzip(1), pigz(1)). */
const RESTORES_NAME = new Set(['gzip', 'gunzip', 'pigz']);

/** The names `gzip -dN` writes: the one stored in the file, which toolgate does not read. */
const STORED_NAME = { kind: 'unseen', what: 'archive' } as const;

/** Whether an option of `on` comes after every option of `off` (and one of `on` is given). */
function lastOf(options: readonly { name: string }[], on: readonly string[], off: readonly string[]): boolean {
  let state = false;
  for (const o of options) {
    if (on.includes(o.name)) state = true;
    else if (off.includes(o.name)) state = false;
  }
  return state;
}

/** The directory a path's file is in, as written (`.` for a bare name). */
function directoryOf(word: string): string {
  const slash = word.replace(/\/+$/, '').lastIndexOf('/');
  return slash < 0 ? '.' : slash === 0 ? '/' : word.slice(0, slash);
}

const COMPRESS_SUFFIX: Readonly<Record<string, string>> = {
  gzip: '.gz',
  pigz: '.gz',
  bzip2: '.bz2',
  xz: '.xz',
  lzma: '.lzma',
  zstd: '.zst',
  lz4: '.lz4',
  compress: '.Z',
};

/**
 * The gzip family's options, as one grammar for the whole family: the value options of gzip 1.12
 * (`-S`), pigz (`-b`, `-p`), xz and zstd (`-T`) and their long names, and the flags the family's
 * files facet reads (`-c`, `-k`, `-r`, `-d`, `-t`, `-l`, `-n`, `-N`). `--rsyncable` (gzip, pigz,
 * zstd) takes no value.
 */
const compressGrammar: GnuOptionSpec = {
  short: '0123456789S:T:b:p:cdfhklLnNqrtvVz',
  long: longOptions(
    'suffix= threads= format= memlimit= block-size= rsyncable stdout to-stdout keep recursive decompress uncompress test list force name no-name',
  ),
};

/**
 * The gzip family: each operand is read and, unless output goes to stdout (`-c`) or the file is
 * kept (`-k`), replaced by its compressed (or decompressed) form. `-r` walks directories.
 */
function compressOperands(name: string, argv: readonly string[], shape: OptionShape): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, shape);
  const toStdout = has(options, '-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list') || /cat$/.test(name);
  const keep = has(options, '-k', '--keep');
  const recursive = has(options, '-r', '--recursive');
  const decompress = has(options, '-d', '--decompress', '--uncompress') || /^un|^gunzip$/.test(name);
  const tree = recursive ? { tree: 'all' as const } : {};
  // gzip and pigz -N restore the name stored in the file (its last -N or -n wins): any name, a
  // protected one included (`.bashrc`, `settings.json` in `.claude/`), beside the file.
  const storedName =
    decompress && !toStdout && RESTORES_NAME.has(name.replace(/^un/, '')) && lastOf(options, ['-N', '--name'], ['-n', '--no-name']);
  for (const k of ops) {
    files.push({ op: 'read', index: k, ...tree });
    if (toStdout) continue;
    if (!keep) files.push({ op: 'remove', index: k });
    const word = argv[k]!;
    const suffix = COMPRESS_SUFFIX[name.replace(/^un/, '').replace(/cat$/, '')] ?? '.gz';
    const out = decompress ? word.replace(/\.(gz|tgz|bz2|xz|lzma|zst|lz4|Z|z)$/, '') : `${word}${suffix}`;
    files.push({ op: 'write', index: k, ...(out !== word ? { value: out } : {}), ...tree });
    if (storedName) files.push({ op: 'write', index: k, value: recursive ? word : directoryOf(word), tree: 'some', names: STORED_NAME });
  }
  return { files, unresolved: [] };
}

/** The zip model (`zip --unzip-command` runs a program toolgate does not read). @internal */
export const zip = defineProgram({
  names: ['zip'],
  summary: 'zip: package and compress files',
  sources: ['Info-ZIP zip 3.0 zip(1)'],
  files: (_name, argv) => zipOperands(argv),
  runs: 'unseen',
  examples: [
    {
      command: 'zip -r out.zip src',
      effects: ['write ./out.zip', 'write ./out.zip.zip', 'read ./src [all]'],
      readOnly: false,
      why: 'zip adds .zip to an archive name without one; -r reads directories whole',
    },
    {
      command: 'zip -tt 01012030 out.zip a',
      effects: ['write ./out.zip', 'write ./out.zip.zip', 'read ./a'],
      why: '-tt is an option of its own (before-date), taking the date: out.zip is the archive',
    },
    {
      command: 'zip -qlf log out.zip a',
      effects: ['write ./log', 'write ./log.log', 'write ./out.zip', 'write ./out.zip.zip', 'read ./a'],
      why: '-q then -lf, whose log file gets .log when its name has no extension',
    },
    {
      command: 'zip -r out.zip src -x a b',
      effects: ['write ./out.zip', 'write ./out.zip.zip', 'read ./src [all]'],
      why: '-x takes every following word up to the next option: patterns, not files',
    },
  ],
});

/** The unzip model. @internal */
export const unzip = defineProgram({
  names: ['unzip'],
  summary: 'unzip: list, test and extract zip archives',
  sources: ['Info-ZIP unzip 6.0 unzip(1)'],
  files: (_name, argv) => unzipOperands(argv),
  runs: 'unseen',
  examples: [
    {
      command: 'unzip a.zip -d out',
      effects: ['read ./a.zip', 'write ./out [some]'],
      readOnly: false,
      why: 'it writes the names the archive holds under -d',
    },
    { command: 'unzip -l a.zip', effects: ['read ./a.zip'], why: '-l only lists' },
  ],
});

/** The gzip family: one model, its behaviour read from the name (`un…` decompresses, `…cat` writes to standard output). @internal */
export const compressors = defineProgram({
  names: [
    'gzip',
    'gunzip',
    'zcat',
    'pigz',
    'unpigz',
    'bzip2',
    'bunzip2',
    'bzcat',
    'xz',
    'unxz',
    'xzcat',
    'lzma',
    'unlzma',
    'zstd',
    'unzstd',
    'zstdcat',
    'lz4',
    'unlz4',
    'lz4cat',
    'compress',
    'uncompress',
  ],
  summary: 'gzip, bzip2, xz, zstd, lz4 and kin: compress or decompress files',
  sources: ['gzip 1.12 gzip(1)', 'bzip2 1.0.8 bzip2(1)', 'xz 5.4 xz(1)', 'zstd 1.5 zstd(1)', 'lz4 1.9 lz4(1)', 'pigz 2.6 pigz(1)'],
  grammar: compressGrammar,
  files: (name, argv, shape) => compressOperands(name, argv, shape),
  runs: 'unseen',
  examples: [
    {
      command: 'gzip a.txt',
      effects: ['read ./a.txt', 'remove ./a.txt', 'write ./a.txt.gz'],
      readOnly: false,
      why: 'the file is replaced by its compressed form',
    },
    { command: 'gzip -c a.txt', effects: ['read ./a.txt'], why: '-c writes to standard output and keeps the file' },
    { command: 'zcat a.gz', effects: ['read ./a.gz'] },
    {
      command: 'gzip --rsyncable a.txt',
      effects: ['read ./a.txt', 'remove ./a.txt', 'write ./a.txt.gz'],
      why: '--rsyncable takes no value: a.txt is the file compressed (gzip 1.12)',
    },
    {
      command: 'xz -T 2 a.txt',
      effects: ['read ./a.txt', 'remove ./a.txt', 'write ./a.txt.xz'],
      why: '-T takes the number of threads from the next word',
    },
  ],
});
