/**
 * The gzip family: gzip, pigz, bzip2, xz, zstd, lz4 and compress, each with its own option grammar
 * (gzip 1.12's optstring, pigz 2.6's options, bzip2 1.0.8's, xz 5.4's, zstd 1.5's and lz4 1.9's own
 * word loops, ncompress 5's). A file is replaced by its compressed (or decompressed) form, or
 * written beside it; what each program writes, removes and reads besides is its
 * {@link CompressPlan}, read from its words by its grammar.
 */
import { shortArgument, type GnuOptionSpec, type ParsedOption } from '../options/gnu-options.js';
import { has, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords, readWordsLeniently, valueNotLiteral, withHiddenOptions, type ReadWords } from './parse.js';

/** What a compressor's words make it do, read by its grammar. */
interface CompressPlan {
  /** The files it compresses or decompresses. */
  readonly inputs: readonly number[];
  /** It writes to standard output (or only tests or lists): inputs are only read. */
  readonly toStdout: boolean;
  /** It removes its inputs once done (gzip's default; zstd and lz4 with `--rm`). */
  readonly removes: boolean;
  /** It walks directories. */
  readonly recursive: boolean;
  readonly decompress: boolean;
  /** gzip and pigz `-dN` restore the name stored in the file. */
  readonly restoresName?: boolean;
  /** The suffix a compressed file gets (`-S .suf`, `--format=lzma`). */
  readonly suffix: string;
  /** The argv index of a suffix word that is not literal (`-S $s`): the names written may be anything. */
  readonly suffixWord?: number;
  /** One output file for every input (zstd `-o FILE`, lz4's second operand). */
  readonly output?: FileOperand;
  /** A directory its outputs are written under (zstd `--output-dir-flat DIR`). */
  readonly outputDir?: FileOperand;
  /** The output directory is flat (`--output-dir-flat`, not `--output-dir-mirror`): every file by its base name. */
  readonly flat?: boolean;
  /** Files its options read or write (a dictionary, a trace log, a list of names). */
  readonly extra: readonly FileOperand[];
  readonly unresolved: readonly string[];
  /**
   * Why it (de)compresses files named in a list toolgate does not read (`zstd --filelist`, `xz
   * --files`): unless it writes to standard output, a write (a removal, when it removes its inputs)
   * of names toolgate cannot work out (decision 0092).
   */
  readonly listed?: readonly string[];
  readonly notFiles: readonly number[];
  /** The program refuses a word: the rest are assumed paths. */
  readonly partly?: boolean;
}

/** The names `gzip -dN` writes: the one stored in the file, which toolgate does not read. */
const STORED_NAME = { kind: 'unseen', what: 'archive' } as const;

/** The suffixes a decompressor takes off a file's name. */
const COMPRESSED = /\.(gz|tgz|bz2|xz|lzma|zst|lz4|Z|z)$/;

/** The directory a path's file is in, as written (`.` for a bare name). */
function directoryOf(word: string): string {
  const slash = word.replace(/\/+$/, '').lastIndexOf('/');
  return slash < 0 ? '.' : slash === 0 ? '/' : word.slice(0, slash);
}

/** The files a plan reads, writes and removes. */
function planFiles(argv: readonly string[], plan: CompressPlan): FileOperands {
  const files: FileOperand[] = [...plan.extra];
  const tree = plan.recursive ? { tree: 'all' as const } : {};
  if (plan.output !== undefined && !plan.toStdout) files.push(plan.output);
  for (const k of plan.inputs) {
    const word = argv[k]!;
    files.push({ op: 'read', index: k, ...tree });
    if (plan.toStdout) continue;
    if (plan.removes) files.push({ op: 'remove', index: k });
    if (plan.output !== undefined) continue;
    // An unknown suffix (`s=z; gzip -dS $s .npmrcz` writes .npmrc): the file written is named by that word, not literal.
    if (plan.suffixWord !== undefined && plan.output === undefined && plan.outputDir === undefined && !plan.recursive) {
      const because = `${argv[0]!}'s suffix ${argv[plan.suffixWord]!} is not literal, so the file it writes for ${word} may have any name, a protected one included`;
      files.push({ op: 'write', index: plan.suffixWord, because });
      continue;
    }
    const stripped = word.endsWith(plan.suffix) ? word.slice(0, -plan.suffix.length) : word.replace(COMPRESSED, '');
    const out = plan.decompress ? stripped : `${word}${plan.suffix}`;
    if (plan.outputDir !== undefined) {
      // zstd --output-dir-flat=DIR writes each file as DIR/its base name (`-d --output-dir-flat=.
      // docs/.npmrc.zst` writes ./.npmrc); with -r, a folder's files: its entries, walked below.
      // Flat, each file of the tree lands by its base name, renamed as it is (de)compressed.
      const flat = plan.flat === true ? { flat: plan.decompress ? ZSTD_DECOMPRESSED : [['', plan.suffix] as const] } : {};
      files.push(plan.recursive ? { ...plan.outputDir, names: { kind: 'entries', of: [k], ...flat } } : plan.outputDir);
      const dir = plan.outputDir.value ?? argv[plan.outputDir.index];
      if (dir !== undefined && !plan.recursive)
        files.push({ op: 'write', index: k, value: `${dir.replace(/\/+$/, '')}/${out.slice(out.lastIndexOf('/') + 1)}` });
      continue;
    }
    // -r (de)compresses every file below a folder, each written beside itself: the entries of the
    // folder are what is written, walked for protected paths (`gzip -dr .` writes .claude's files).
    if (plan.recursive) files.push({ op: 'write', index: k, ...tree, names: { kind: 'entries', of: [k] } });
    else files.push({ op: 'write', index: k, ...(out !== word ? { value: out } : {}) });
    // gzip and pigz -N restore the name stored in the file (its last -N or -n wins): any name, a
    // protected one included (`.bashrc`, `settings.json` in `.claude/`), beside the file.
    if (plan.restoresName)
      files.push({ op: 'write', index: k, value: plan.recursive ? word : directoryOf(word), tree: 'some', names: STORED_NAME });
  }
  const out: FileOperands = { files, unresolved: [...plan.unresolved], notFiles: [...plan.notFiles] };
  const listed = plan.listed ?? [];
  if (plan.toStdout) out.unresolved.push(...listed);
  else if (listed.length > 0) out.unseen = listed.map((why) => ({ op: plan.removes ? 'remove' : 'write', why }));
  if (plan.partly) out.modelled = 'partly';
  return out;
}

/** The last of `on` or `off` given decides (gzip `-N` after `-n`). */
function lastOf(options: readonly ParsedOption[], on: readonly string[], off: readonly string[]): boolean {
  let state = false;
  for (const o of options) {
    if (on.includes(o.name)) state = true;
    else if (off.includes(o.name)) state = false;
  }
  return state;
}

const valueOf = (options: readonly ParsedOption[], ...names: string[]) => options.filter((o) => names.includes(o.name)).at(-1)?.value;

/** A GNU-style command read by its grammar; a word it refuses reads the rest leniently, assumed paths. */
function gnuWords(argv: readonly string[], grammar: GnuOptionSpec): { words: ReadWords; partly: boolean } {
  const words = readWords(argv, grammar);
  return words ? { words, partly: false } : { words: readWordsLeniently(argv, grammar), partly: true };
}

/** The part every GNU-style compressor shares: stdout, keep, recursive, decompress by flag or by name. */
function gnuPlan(
  name: string,
  argv: readonly string[],
  grammar: GnuOptionSpec,
  suffix: string,
): { plan: CompressPlan; options: readonly ParsedOption[] } {
  const { words, partly } = gnuWords(argv, grammar);
  const { options } = words;
  const toStdout = has(options, '-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list') || /cat$/.test(name);
  const decompress = has(options, '-d', '--decompress', '--uncompress') || /^[gb]?un/.test(name) || /cat$/.test(name);
  const plan: CompressPlan = {
    inputs: words.operands.filter((k) => argv[k] !== '-'),
    toStdout,
    removes: !has(options, '-k', '--keep'),
    recursive: has(options, '-r', '--recursive'),
    decompress,
    suffix: valueOf(options, '-S', '--suffix') ?? suffix,
    extra: [],
    unresolved: [],
    notFiles: [],
    partly,
  };
  return { plan, options };
}

// ---------------------------------------------------------------------------------------------
// gzip

/** gzip 1.12 (gzip.c's SHORTOPTS and longopts): every option. */
const gzipGrammar: GnuOptionSpec = {
  short: 'ab:cdfhH?klLmMnNqrS:tvVZ123456789',
  long: longOptions(
    'ascii to-stdout stdout decompress uncompress force help keep list license no-name name -presume-input-tty quiet silent synchronous recursive suffix= test verbose version fast best lzw bits= rsyncable',
  ),
};

function gzipFiles(name: string, argv: readonly string[], literal: readonly boolean[] | undefined): FileOperands {
  const { plan, options } = gnuPlan(name, argv, gzipGrammar, '.gz');
  const restoresName = plan.decompress && !plan.toStdout && lastOf(options, ['-N', '--name'], ['-n', '--no-name']);
  const s = options.filter((o) => o.name === '-S' || o.name === '--suffix').at(-1);
  const suffixWord = s !== undefined && valueNotLiteral(s, literal) ? (s.valueIndex ?? s.index) : undefined;
  return planFiles(argv, { ...plan, restoresName, ...(suffixWord !== undefined ? { suffixWord } : {}) });
}

/** The gzip model: gzip, gunzip (`gzip -d`) and zcat (`gzip -cd`). @internal */
export const gzip = defineProgram({
  names: ['gzip', 'gunzip', 'zcat'],
  summary: 'gzip: compress or decompress files',
  sources: ['gzip 1.12 gzip(1), gzip.c (SHORTOPTS, longopts)'],
  grammar: gzipGrammar,
  // gzip(1): the obsolescent GZIP holds default options (gzip 1.12 takes only some; all are read here).
  readsVariables: { GZIP: { may: ['options'], what: 'GZIP holds options gzip reads before its command line' } },
  // A word that is not literal may be the suffix option (`gzip -d $s x` with s=-Srcz).
  files: (name, argv, literal) => withHiddenOptions(argv, literal, ['--suffix='], (argv, literal) => gzipFiles(name, argv, literal)),
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
      command: 'gzip -k -S .txt notes',
      effects: ['read ./notes', 'write ./notes.txt'],
      why: '-S names the suffix of the compressed file',
    },
    {
      command: 'gunzip -N a.gz',
      effects: ['read ./a.gz', 'remove ./a.gz', 'write ./a', 'write . [some]'],
      why: '-N restores the name stored in the file: any name beside it',
    },
    { command: 'gzip -b 12 a', effects: ['read ./a', 'remove ./a', 'write ./a.gz'], why: '-b takes the number of bits' },
  ],
});

// ---------------------------------------------------------------------------------------------
// pigz

/** pigz 2.6 pigz(1): every option (`-R` is --rsyncable; `-K` writes .zip, `-z` .zz). */
const pigzGrammar: GnuOptionSpec = {
  short: '0123456789A:b:cC:dfFhHiI:J:kKlLmMnNOp:qrRS:tUvVYzZ',
  long: longOptions(
    'fast best alias= blocksize= stdout to-stdout comment= decompress uncompress force first help huffman independent iterations= maxsplits= keep zip list license no-time time no-name name oneblock processes= quiet silent recursive rsyncable suffix= test rle verbose version synchronous zlib LZW',
  ),
  abbreviations: false,
};

function pigzFiles(name: string, argv: readonly string[]): FileOperands {
  const { plan, options } = gnuPlan(name, argv, pigzGrammar, '.gz');
  const suffix =
    valueOf(options, '-S', '--suffix') ?? (has(options, '-K', '--zip') ? '.zip' : has(options, '-z', '--zlib') ? '.zz' : '.gz');
  const restoresName = plan.decompress && !plan.toStdout && lastOf(options, ['-N', '--name'], ['-n', '--no-name']);
  return planFiles(argv, { ...plan, suffix, restoresName });
}

/** The pigz model: pigz and unpigz. @internal */
export const pigz = defineProgram({
  names: ['pigz', 'unpigz'],
  summary: 'pigz: compress or decompress files in parallel',
  sources: ['pigz 2.6 pigz(1)'],
  grammar: pigzGrammar,
  // pigz(1) ENVIRONMENT: PIGZ holds options read before the command line.
  readsVariables: { PIGZ: { may: ['options'], what: 'PIGZ holds options pigz reads before its command line' } },
  files: (name, argv) => pigzFiles(name, argv),
  runs: 'unseen',
  examples: [
    { command: 'pigz -p 4 a.txt', effects: ['read ./a.txt', 'remove ./a.txt', 'write ./a.txt.gz'], why: '-p takes a number' },
    { command: 'pigz -k -K a.txt', effects: ['read ./a.txt', 'write ./a.txt.zip'], why: '-K writes a zip file' },
  ],
});

// ---------------------------------------------------------------------------------------------
// bzip2

/** bzip2 1.0.8 bzip2(1), bzip2.c: flags only, long names matched exactly. */
const bzip2Grammar: GnuOptionSpec = {
  short: 'cdzftksq123456789vLVh',
  long: longOptions(
    'stdout decompress compress force test keep small quiet version license exponential repetitive-best repetitive-fast fast best verbose help',
  ),
  abbreviations: false,
};

/** The bzip2 model: bzip2, bunzip2 and bzcat. @internal */
export const bzip2 = defineProgram({
  names: ['bzip2', 'bunzip2', 'bzcat'],
  summary: 'bzip2: compress or decompress files',
  sources: ['bzip2 1.0.8 bzip2(1)'],
  grammar: bzip2Grammar,
  // bzip2(1): it reads arguments from BZIP2 and BZIP, in that order, before its command line.
  readsVariables: {
    BZIP2: { may: ['options'], what: 'BZIP2 holds options bzip2 reads before its command line' },
    BZIP: { may: ['options'], what: 'BZIP holds options bzip2 reads before its command line' },
  },
  files: (name, argv) => planFiles(argv, gnuPlan(name, argv, bzip2Grammar, '.bz2').plan),
  runs: 'unseen',
  examples: [
    { command: 'bzip2 -k9 a.txt', effects: ['read ./a.txt', 'write ./a.txt.bz2'] },
    { command: 'bunzip2 a.bz2', effects: ['read ./a.bz2', 'remove ./a.bz2', 'write ./a'] },
  ],
});

// ---------------------------------------------------------------------------------------------
// xz

/** xz 5.4 xz(1), args.c: every option. */
const xzGrammar: GnuOptionSpec = {
  short: 'cC:defF:hHlkM:qQrS:tT:vVz0123456789',
  long: longOptions(
    'memlimit-compress= memlimit-decompress= memlimit-mt-decompress= memlimit= memory= threads= block-size= block-list= flush-timeout= compress decompress uncompress test list info-memory keep force stdout to-stdout single-stream no-sparse suffix= files[=] files0[=] format= check= ignore-check no-adjust extreme fast best lzma1[=] lzma2[=] x86[=] powerpc[=] ia64[=] arm[=] armthumb[=] arm64[=] sparc[=] delta[=] quiet verbose no-warn robot help long-help version',
  ),
};

function xzFiles(name: string, argv: readonly string[]): FileOperands {
  const lzma = /lzma$|^lzcat$/.test(name);
  const { plan, options } = gnuPlan(name.replace(/^lzcat$/, 'xzcat'), argv, xzGrammar, lzma ? '.lzma' : '.xz');
  const format = valueOf(options, '-F', '--format');
  const suffix =
    valueOf(options, '-S', '--suffix') ?? (format === 'lzma' || format === 'alone' ? '.lzma' : format === 'xz' ? '.xz' : plan.suffix);
  const extra: FileOperand[] = [];
  const listed: string[] = [];
  for (const o of options) {
    if (o.name !== '--files' && o.name !== '--files0') continue;
    if (o.value !== undefined) extra.push({ op: 'read', index: o.index, value: o.value });
    listed.push(`xz ${o.name} (de)compresses the files named in ${o.value ?? 'its input'}`);
  }
  return planFiles(argv, { ...plan, suffix, extra, listed });
}

/** The xz model: xz, unxz, xzcat and the lzma names. @internal */
export const xz = defineProgram({
  names: ['xz', 'unxz', 'xzcat', 'lzma', 'unlzma', 'lzcat'],
  summary: 'xz: compress or decompress .xz and .lzma files',
  sources: ['xz 5.4 xz(1), args.c'],
  grammar: xzGrammar,
  // xz(1) ENVIRONMENT: XZ_DEFAULTS, then XZ_OPT, before the command line.
  readsVariables: {
    XZ_DEFAULTS: { may: ['options'], what: 'XZ_DEFAULTS holds options xz reads before its command line' },
    XZ_OPT: { may: ['options'], what: 'XZ_OPT holds options xz reads before its command line' },
  },
  files: (name, argv) => xzFiles(name, argv),
  runs: 'unseen',
  examples: [
    {
      command: 'xz -T 2 a.txt',
      effects: ['read ./a.txt', 'remove ./a.txt', 'write ./a.txt.xz'],
      why: '-T takes the number of threads from the next word',
    },
    {
      command: 'xz --files=list',
      effects: ['remove . [some]', 'read ./list'],
      why: '--files (de)compresses and removes the files named in list, which toolgate does not read: names it cannot work out',
    },
    { command: 'xz -k -F lzma a', effects: ['read ./a', 'write ./a.lzma'], why: '-F lzma writes a .lzma file' },
  ],
});

// ---------------------------------------------------------------------------------------------
// zstd

/**
 * zstd 1.5's long options (zstdcli.c; matched exactly): those that take the next word or `=VALUE`
 * (`--filelist LIST`), and the flags. Options written `--name=#` take their value only after `=`.
 */
const ZSTD_LONG_VALUES = ['filelist', 'output-dir-flat', 'output-dir-mirror', 'trace', 'patch-from'];
const ZSTD_LONG_FLAGS =
  'compress decompress uncompress force help version stdout verbose quiet keep rm test list check no-check sparse no-sparse pass-through no-pass-through ultra adapt single-thread rsyncable no-dictID progress no-progress asyncio no-asyncio exclude-compressed show-default-cparams content-size no-content-size compress-literals no-compress-literals row-match-finder no-row-match-finder mmap-dict no-mmap-dict train train-cover train-fastcover train-legacy long fast best mt';

/** The grammar zstd's words are described by (its own loop reads them: {@link zstdWords}). */
const zstdGrammar: GnuOptionSpec = {
  short: '0123456789o:D:T::B::M::b::e::i::p::dzckfvqrtlhHVSCL',
  long: {
    ...longOptions(ZSTD_LONG_FLAGS),
    ...Object.fromEntries(ZSTD_LONG_VALUES.map((n) => [n, 'required' as const])),
    ...longOptions(
      'format= memory= memlimit= memlimit-decompress= threads= auto-threads= block-size= stream-size= size-hint= target-compressed-block-size= maxdict= dictID= zstd= priority= split= jobsize= adapt[=] long[=] fast[=] train-cover[=] train-fastcover[=] train-legacy[=]',
    ),
  },
  abbreviations: false,
};

/**
 * zstd's words as zstdcli.c reads them: long names exactly; in a cluster of letters, `-o` and
 * `-D` take `=VALUE` or the next word and the letters after them go on (`-qof out in` writes
 * out); digits and `-T#`, `-B#`, `-M#` take the number attached.
 */
function zstdWords(argv: readonly string[]): { options: ParsedOption[]; operands: number[]; partly: boolean } {
  const options: ParsedOption[] = [];
  const operands: number[] = [];
  let partly = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      for (i++; i < argv.length; i++) operands.push(i);
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (ZSTD_LONG_VALUES.includes(name)) {
        if (eq >= 0) options.push({ name: `--${name}`, value: a.slice(eq + 1), index: i });
        else if (i + 1 < argv.length) {
          options.push({ name: `--${name}`, value: argv[i + 1]!, index: i, valueIndex: i + 1 });
          i++;
        } else options.push({ name: `--${name}`, index: i });
        continue;
      }
      const known = zstdGrammar.long?.[name];
      if (known === undefined) partly = true;
      options.push(eq < 0 ? { name: `--${name}`, index: i } : { name: `--${name}`, value: a.slice(eq + 1), index: i });
      continue;
    }
    if (a.length < 2 || !a.startsWith('-')) {
      operands.push(i);
      continue;
    }
    let next = i;
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (letter === 'o' || letter === 'D') {
        if (a[k + 1] === '=') {
          options.push({ name: `-${letter}`, value: a.slice(k + 2), index: i });
          break;
        }
        if (next + 1 < argv.length) {
          next++;
          options.push({ name: `-${letter}`, value: argv[next]!, index: i, valueIndex: next });
        } else options.push({ name: `-${letter}`, index: i });
        continue;
      }
      if (/[0-9TBMbeip]/.test(letter)) {
        const num = /^\d*(?:[KM]i?B?)?/.exec(a.slice(k + 1))![0];
        options.push({ name: `-${letter}`, value: num, index: i });
        k += num.length;
        continue;
      }
      if (shortArgument(zstdGrammar.short!, letter) !== 'none') partly = true;
      options.push({ name: `-${letter}`, index: i });
    }
    i = next;
  }
  return { options, operands, partly };
}

/**
 * The names zstd -d gives the files it decompresses (zstd 1.5.4's "unknown suffix (.zst/.tzst/.gz/
 * .tgz/.lzma/.xz/.txz/.lz4/.tlz4 expected)"): a file with none of these suffixes is left alone.
 */
const ZSTD_DECOMPRESSED: readonly (readonly [string, string])[] = [
  ['.zst', ''],
  ['.tzst', '.tar'],
  ['.gz', ''],
  ['.tgz', '.tar'],
  ['.lzma', ''],
  ['.xz', ''],
  ['.txz', '.tar'],
  ['.lz4', ''],
  ['.tlz4', '.tar'],
];

const ZSTD_SUFFIX: Readonly<Record<string, string>> = { zstd: '.zst', gzip: '.gz', xz: '.xz', lzma: '.lzma', lz4: '.lz4' };

function zstdFiles(name: string, argv: readonly string[]): FileOperands {
  const { options, operands, partly } = zstdWords(argv);
  const extra: FileOperand[] = [];
  const unresolved: string[] = [];
  const listed: string[] = [];
  const notFiles: number[] = [];
  const fileOf = (o: ParsedOption, op: FileOperand['op'], more: Partial<FileOperand> = {}): FileOperand | undefined =>
    o.value === undefined
      ? undefined
      : o.valueIndex !== undefined
        ? { op, index: o.valueIndex, ...more }
        : { op, index: o.index, value: o.value, ...more };
  let output: FileOperand | undefined;
  let outputDir: FileOperand | undefined;
  let flat = false;
  for (const o of options) {
    const f = (op: FileOperand['op'], more?: Partial<FileOperand>) => fileOf(o, op, more);
    if (o.name === '-o') output = f('write');
    else if (o.name === '--output-dir-flat' || o.name === '--output-dir-mirror') {
      outputDir = f('write', { tree: 'some' });
      flat = o.name === '--output-dir-flat';
    } else if (o.name === '--trace') pushIf(extra, f('write'));
    else if (o.name === '-D' || o.name === '--patch-from') pushIf(extra, f('read'));
    else if (o.name === '--filelist') {
      pushIf(extra, f('read'));
      listed.push('zstd --filelist (de)compresses the files named in its list');
    }
  }
  const train = has(options, '--train', '--train-cover', '--train-fastcover', '--train-legacy');
  const decompress = has(options, '-d', '--decompress', '--uncompress') || /^un|cat$/.test(name);
  const toStdout = has(options, '-c', '--stdout', '-t', '--test', '-l', '--list') || /cat$/.test(name);
  const format = valueOf(options, '--format');
  const plan: CompressPlan = {
    inputs: operands.filter((k) => argv[k] !== '-'),
    // --train writes a dictionary (-o NAME, `dictionary` by default) from its files.
    toStdout: toStdout || train,
    removes: has(options, '--rm'),
    recursive: has(options, '-r'),
    decompress,
    suffix: ZSTD_SUFFIX[format ?? 'zstd'] ?? '.zst',
    extra: train ? [...extra, output ?? { op: 'write', index: 0, value: 'dictionary' }] : extra,
    unresolved,
    listed,
    notFiles,
    partly,
  };
  if (output !== undefined && !train) Object.assign(plan, { output });
  if (outputDir !== undefined) Object.assign(plan, { outputDir, flat });
  return planFiles(argv, plan);
}

function pushIf(files: FileOperand[], f: FileOperand | undefined): void {
  if (f) files.push(f);
}

/** The zstd model: zstd, unzstd and zstdcat. @internal */
export const zstd = defineProgram({
  names: ['zstd', 'unzstd', 'zstdcat', 'zstdmt'],
  summary: 'zstd: compress or decompress files',
  sources: ['zstd 1.5.4 zstd(1), zstdcli.c'],
  grammar: zstdGrammar,
  files: (name, argv) => zstdFiles(name, argv),
  runs: 'unseen',
  examples: [
    { command: 'zstd a.txt', effects: ['read ./a.txt', 'write ./a.txt.zst'], readOnly: false, why: 'zstd keeps its input' },
    { command: 'zstd --rm a.txt', effects: ['read ./a.txt', 'remove ./a.txt', 'write ./a.txt.zst'] },
    {
      command: 'zstd -qof out.zst a.txt',
      effects: ['write ./out.zst', 'read ./a.txt'],
      why: '-o takes the next word; f goes on as --force',
    },
    { command: 'zstd --trace t.log -c a', effects: ['write ./t.log', 'read ./a'], why: '--trace writes its log' },
    { command: 'zstd -D dict -d a.zst', effects: ['read ./dict', 'read ./a.zst', 'write ./a'] },
    {
      command: 'zstd --filelist list',
      effects: ['write . [some]', 'read ./list'],
      why: 'writes a file beside each one list names: names toolgate cannot work out',
    },
    { command: 'zstd -T0 -19 a', effects: ['read ./a', 'write ./a.zst'], why: 'numbers are attached' },
  ],
});

// ---------------------------------------------------------------------------------------------
// lz4

/** lz4 1.9.4's long options (lz4cli.c; matched exactly, none takes a value but `--fast=#`). */
const LZ4_LONG =
  'compress decompress uncompress multiple test force no-force stdout to-stdout frame-crc no-frame-crc content-size no-content-size list sparse no-sparse favor-decSpeed verbose quiet version help keep rm best fast[=]';

/** The grammar lz4's words are described by (its own loop reads them: {@link lz4Words}). */
const lz4Grammar: GnuOptionSpec = {
  short: '0123456789D:B::b::e::i::VhHzdfkcqvtmrlS',
  long: longOptions(LZ4_LONG),
  abbreviations: false,
};

/**
 * lz4's words as lz4cli.c reads them: `lz4 [arg] [input] [output]` — without `-m` (or `-r`, or
 * `--list`) the second operand is the file written; `-D` takes the rest of its word or the next
 * word; `-B`, `-b`, `-e`, `-i` take what is attached.
 */
function lz4Words(argv: readonly string[]): { options: ParsedOption[]; operands: number[]; partly: boolean } {
  const options: ParsedOption[] = [];
  const operands: number[] = [];
  const long = lz4Grammar.long!;
  let partly = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      for (i++; i < argv.length; i++) operands.push(i);
      break;
    }
    if (a.startsWith('--')) {
      const name = a.slice(2).replace(/=.*$/, '');
      if (long[name] === undefined) partly = true;
      options.push({ name: `--${name}`, index: i });
      continue;
    }
    if (a.length < 2 || !a.startsWith('-')) {
      operands.push(i);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (letter === 'D') {
        if (k + 1 < a.length) options.push({ name: '-D', value: a.slice(k + 1), index: i });
        else if (i + 1 < argv.length) {
          options.push({ name: '-D', value: argv[i + 1]!, index: i, valueIndex: i + 1 });
          i++;
        }
        break;
      }
      if (/[Bbei]/.test(letter)) {
        const attached = /^[0-9A-Z]*/.exec(a.slice(k + 1))![0];
        options.push({ name: `-${letter}`, value: attached, index: i });
        k += attached.length;
        continue;
      }
      if (shortArgument(lz4Grammar.short!, letter) !== 'none') partly = true;
      options.push({ name: `-${letter}`, index: i });
    }
  }
  return { options, operands, partly };
}

function lz4Files(name: string, argv: readonly string[]): FileOperands {
  const { options, operands, partly } = lz4Words(argv);
  const extra: FileOperand[] = [];
  for (const o of options)
    if (o.name === '-D' && o.value !== undefined)
      extra.push(o.valueIndex !== undefined ? { op: 'read', index: o.valueIndex } : { op: 'read', index: o.index, value: o.value });
  const multiple = has(options, '-m', '--multiple', '-r', '--list');
  const toStdout = has(options, '-c', '--stdout', '--to-stdout', '-t', '--test', '--list') || /cat$/.test(name);
  // Without -z, a file named .lz4 is decompressed (lz4 -H: "decompression (default for .lz4 extension)").
  const forced = has(options, '-z', '--compress');
  const decompress = has(options, '-d', '--decompress', '--uncompress') || /^un|cat$/.test(name);
  const plan: CompressPlan = {
    inputs: multiple ? operands : operands.slice(0, 1),
    toStdout,
    removes: has(options, '--rm'),
    recursive: has(options, '-r'),
    decompress: decompress || (!forced && operands.length > 0 && argv[operands[0]!]!.endsWith('.lz4')),
    suffix: '.lz4',
    extra,
    unresolved: [],
    notFiles: [],
    partly: partly || (!multiple && operands.length > 2),
  };
  // The second operand is the file written (`stdout`, `-` and `null` are no files).
  const second = multiple ? undefined : operands[1];
  if (second !== undefined && !['-', 'stdout', 'null'].includes(argv[second]!))
    Object.assign(plan, { output: { op: 'write', index: second } });
  return planFiles(argv, plan);
}

/** The lz4 model: lz4, unlz4 and lz4cat. @internal */
export const lz4 = defineProgram({
  names: ['lz4', 'unlz4', 'lz4cat'],
  summary: 'lz4: compress or decompress files',
  sources: ['lz4 1.9.4 lz4(1), lz4cli.c'],
  grammar: lz4Grammar,
  files: (name, argv) => lz4Files(name, argv),
  runs: 'unseen',
  examples: [
    { command: 'lz4 a.txt', effects: ['read ./a.txt', 'write ./a.txt.lz4'], readOnly: false, why: 'lz4 keeps its input' },
    { command: 'lz4 -k a.txt out.lz4', effects: ['write ./out.lz4', 'read ./a.txt'], why: 'the second operand is the file written' },
    { command: 'lz4 -d a.lz4 out', effects: ['write ./out', 'read ./a.lz4'] },
    { command: 'lz4 a.lz4', effects: ['read ./a.lz4', 'write ./a'], why: 'a .lz4 file is decompressed' },
    { command: 'lz4 -m a b', effects: ['read ./a', 'write ./a.lz4', 'read ./b', 'write ./b.lz4'], why: '-m: every operand is an input' },
    { command: 'lz4 -D dict a out', effects: ['read ./dict', 'write ./out', 'read ./a'] },
  ],
});

// ---------------------------------------------------------------------------------------------
// compress

/** ncompress 5.0 compress(1): `-b BITS` takes a value. */
const compressGrammar: GnuOptionSpec = { short: 'b:cCdfhkqrvV' };

/** The compress model: compress and uncompress. @internal */
export const compress = defineProgram({
  names: ['compress', 'uncompress'],
  summary: 'compress: compress or decompress .Z files',
  sources: ['ncompress 5.0 compress(1)'],
  grammar: compressGrammar,
  files: (name, argv) => planFiles(argv, gnuPlan(name, argv, compressGrammar, '.Z').plan),
  runs: 'unseen',
  examples: [{ command: 'compress -b 12 a', effects: ['read ./a', 'remove ./a', 'write ./a.Z'], why: '-b takes the number of bits' }],
});
