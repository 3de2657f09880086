/**
 * Archive extractors beside tar and unzip: each writes the names its archive holds — names
 * toolgate does not read, any of them a protected path (`.claude/settings.json`, `.git/hooks/…`)
 * — into a directory (the working directory unless an option names another). The write is the
 * tar/unzip effect (`tree: 'some'`, names unseen from an archive): a protected ask in every mode.
 * The other words (the archive, list files) are taken as an unmodelled program's words: assumed
 * read and written. Listing and creating modes write no unseen names; those that read the names of
 * the files to archive from their input (`cpio -o`, `cpio -p`, `afio -o`, `pax -w` with no file
 * operand) read files toolgate cannot see: unresolved, as `xargs` and `zip -@`.
 */
import { treeRemoval, type FileOperand, type FileOperands, type UnseenNames } from '../options/file-operands.js';
import { defineProgram, type ProgramExample } from './model.js';
import { withHiddenOptions } from './parse.js';

const NAMES = { kind: 'unseen', what: 'archive' } as const;

/** 7-Zip's names: p7zip's 7z, 7za, 7zr and the official 7-Zip's 7zz (one command line, 7-Zip 21+). */
const SEVEN_ZIP: readonly string[] = ['7z', '7za', '7zr', '7zz'];

/**
 * Whether a word of `args` is a cluster of short options holding one of `letters` (`-idv` holds
 * `i`); a `--long` option never is one (its second character is not a letter).
 */
function clusterHas(args: readonly string[], letters: string): boolean {
  const cluster = new RegExp(`^-[a-zA-Z]*[${letters}]`);
  return args.some((a) => cluster.test(a));
}

/** Where the program extracts, by its words: the directory's text (`.` for the working directory), or `undefined` when it extracts nothing. */
function extractsInto(name: string, argv: readonly string[]): string | undefined {
  const args = argv.slice(1);
  const value = (short: string, long?: string): string | undefined => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === short || (long !== undefined && a === long)) return args[i + 1];
      if (long !== undefined && a.startsWith(`${long}=`)) return a.slice(long.length + 1);
      if (short.length === 2 && a.startsWith(short) && a.length > 2 && !a.startsWith('--')) return a.slice(2);
    }
    return undefined;
  };
  const has = (...words: string[]) => args.some((a) => words.includes(a));
  const operands = args.filter((a) => !a.startsWith('-'));
  switch (name) {
    case 'cpio':
    case 'bsdcpio': {
      const cluster = clusterHas(args, 'ip') || has('--extract', '--pass-through');
      if (!cluster) return undefined;
      const pass = clusterHas(args, 'p') || has('--pass-through');
      return value('-D', '--directory') ?? (pass ? operands[operands.length - 1] : undefined) ?? '.';
    }
    case 'pax': {
      const read = clusterHas(args, 'r');
      if (!read) return undefined;
      const write = clusterHas(args, 'w');
      return write ? (operands[operands.length - 1] ?? '.') : '.';
    }
    case '7z':
    case '7za':
    case '7zr':
    case '7zz':
      // `-so` writes the files' data to standard output, nothing in a folder (p7zip 16.02, checked; switches in any case).
      if (args.some((a) => a.toLowerCase() === '-so')) return undefined;
      return operands[0] === 'x' || operands[0] === 'e' ? args.find((a) => a.startsWith('-o'))?.slice(2) || '.' : undefined;
    case 'unrar':
      return operands[0] === 'x' || operands[0] === 'e' ? (operands.find((o, i) => i > 1 && o.endsWith('/')) ?? '.') : undefined;
    case 'jar':
      return /^-?[a-zA-Z]*x/.test(args[0] ?? '') || has('--extract') ? '.' : undefined;
    case 'unar':
      return value('-o', '-output-directory') ?? '.';
    case 'aunpack':
      return value('-X', '--extract-to') ?? '.';
    case 'dpkg-deb':
      return has('-x', '--extract', '-X', '--vextract', '-R', '--raw-extract') ? (operands[operands.length - 1] ?? '.') : undefined;
    case 'unsquashfs':
      return has('-l', '-ls', '-ll', '-lls', '-lc', '-llc', '-s', '-stat') ? undefined : (value('-d', '-dest') ?? 'squashfs-root');
    case 'cabextract':
      return has('-l', '--list', '-t', '--test') ? undefined : (value('-d', '--directory') ?? '.');
    case 'ptar':
      // Perl's Archive::Tar command line (ptar 2.40): `-x` (`-xf`, `-xvf`, and `xf` with no dash)
      // extracts into the working directory; it has no option that names another.
      return clusterHas(args, 'x') || /^[a-zA-Z]*x/.test(args[0] ?? '') ? '.' : undefined;
    case 'uudecode':
      // The name to write is inside the file (its `begin` line) unless -o names it.
      return value('-o', '--output-file') !== undefined ? undefined : '.';
    default:
      return undefined;
  }
}

/**
 * Why the archiver reads files named on its input (`find STATE | cpio -o`, `cpio -p`, `afio -o`,
 * `pax -w` with no file operand), which toolgate cannot see, or `undefined`.
 */
function readsNamesFromInput(name: string, argv: readonly string[]): string | undefined {
  const args = argv.slice(1);
  if ((name === 'cpio' || name === 'bsdcpio') && (clusterHas(args, 'op') || args.includes('--create') || args.includes('--pass-through'))) {
    return `${name} reads the files named on its input`;
  }
  if (name === 'afio' && clusterHas(args, 'op')) return 'afio reads the files named on its input';
  if (name === 'pax' && clusterHas(args, 'w') && !args.some((a, i) => !a.startsWith('-') && !/^-[a-zA-Z]*[fsox]$/.test(args[i - 1] ?? '')))
    return 'pax -w with no file operand reads the files named on its input';
  return undefined;
}

/**
 * 7z's update switch `-u<p…q…r…x…y…z…w…>!NEWARCHIVE` (any case) writes a new archive NEWARCHIVE,
 * with `.7z` (or the `-t` type) added to a name without an extension. Verified with p7zip 16.02:
 * `7z u x.7z notes.txt '-up0q0r2x2y2z1w2!.claude/new.7z'` created .claude/new.7z, `…!new` new.7z,
 * `-tzip … '…!z1'` z1.zip (red team 17, R17-10).
 */
function sevenZipUpdateArchives(name: string, argv: readonly string[]): FileOperand[] {
  if (!SEVEN_ZIP.includes(name)) return [];
  const type = argv.find((a) => /^-t./i.test(a))?.slice(2);
  const files: FileOperand[] = [];
  argv.forEach((a, index) => {
    const m = index > 0 ? /^-u[^!]*!(.+)$/i.exec(a) : null;
    if (m === null) return;
    const value = m[1]!;
    files.push({ op: 'write', index, value });
    if (!/\.[^/]*$/.test(value))
      for (const ext of new Set(['7z', type ?? '7z'])) files.push({ op: 'write', index, value: `${value}.${ext}` });
  });
  return files;
}

/**
 * The extractor's effects: the unseen names written into its directory; its other words assumed
 * (jar's model, `jvm-tools.ts`, reads its words with it).
 * @internal
 */
export function extractorFiles(name: string, argv: readonly string[]): FileOperands {
  const into = extractsInto(name, argv);
  const files: FileOperand[] = into === undefined ? [] : [{ op: 'write', index: 0, value: into, tree: 'some', names: NAMES }];
  const deletes = sevenZipDeletes(name, argv);
  files.push(...deletes.files, ...sevenZipReads(name, argv), ...sevenZipUpdateArchives(name, argv));
  const fromInput = readsNamesFromInput(name, argv);
  return {
    files,
    unresolved: [...(fromInput === undefined ? [] : [fromInput]), ...sevenZipListReads(name, argv)],
    ...(deletes.unseen.length > 0 ? { unseen: deletes.unseen } : {}),
    modelled: 'partly',
  };
}

/**
 * `7z a -sdel ARCHIVE FILE…` deletes the files once archived: each a tree removal (a directory
 * with all it holds, what links inside lead to as well, unless `-snl` stores links as links).
 * 7-Zip 7z(1): switches may stand anywhere; the first other word is the command, the second the archive.
 * 7z matches `*` and `?` in a name itself (`'su?'` quoted reaches it as written): a pattern, judged
 * against the view as a shell glob's tree removal is. `-r` (`-r0` for wildcard names) and `-ir!NAME`
 * look for the name in every folder below: names toolgate cannot work out (decision 0092) —
 * red team 14 (NEW-2): `7z a -sdel -r x.7z settings.json` removed .claude/settings.json.
 */
function sevenZipDeletes(name: string, argv: readonly string[]): { files: FileOperand[]; unseen: UnseenNames[] } {
  const none = { files: [], unseen: [] };
  if (!SEVEN_ZIP.includes(name) || !argv.some((a) => a.toLowerCase() === '-sdel')) return none;
  const operands = argv.flatMap((a, k) => (k > 0 && !a.startsWith('-') ? [k] : []));
  const command = operands[0] === undefined ? '' : argv[operands[0]]!.toLowerCase();
  if (command !== 'a' && command !== 'u') return none;
  const tree = treeRemoval(argv.some((a) => a.toLowerCase() === '-snl') ? 'itself' : 'follows');
  // The last -r switch wins: `-r` every name, `-r0` wildcard names, `-r-` none.
  const recurse = argv
    .filter((a) => /^-r[-0]?$/i.test(a))
    .pop()
    ?.toLowerCase();
  const wild = (word: string) => /[*?]/.test(word);
  const recursive = (word: string, flag: string | undefined) => flag === '-r' || (flag === '-r0' && wild(word));
  const files: FileOperand[] = [];
  const unseen: UnseenNames[] = [];
  // In plain words for the reason: what a recursive switch removes once archived.
  const below = (what: string, switchWord: string) =>
    `${name} -sdel with ${switchWord} removes ${what} in the folder and in every folder below it, once archived`;
  const removal = (index: number, word: string, flag: string | undefined, value?: string, written = flag) => {
    files.push({
      op: 'remove',
      index,
      ...(value !== undefined ? { value } : {}),
      ...tree,
      ...(wild(word) ? { value: word, pattern: true } : {}),
    });
    if (recursive(word, flag))
      unseen.push({
        op: 'remove',
        why: below(wild(word) ? `everything whose name matches ${word}` : `everything named ${word}`, written!),
      });
  };
  for (const index of operands.slice(2)) {
    // `@list` names a list file, one name a line (7z(1) "list files"): its names are removed
    // (read through the view by list-names.ts; red team 13 N14: `7z a -sdel x.7z @list` removed .claude).
    const word = argv[index]!;
    if (word.startsWith('@')) files.push({ op: 'read', index, value: word.slice(1), listsNames: 'remove' });
    else removal(index, word, recurse);
  }
  // `-i@list` and `-i!name` (`-ir…`, `-r-`/`-r0` forms too) add files as operands do: removed as well.
  for (let k = 1; k < argv.length; k++) {
    const m = /^-i(r[-0]?)?([@!])(.+)$/i.exec(argv[k]!);
    if (m === null) continue;
    const flag = m[1] === undefined ? recurse : `-${m[1].toLowerCase()}`;
    if (m[2] === '@') {
      files.push({ op: 'read', index: k, value: m[3]!, listsNames: 'remove' });
      if (flag === '-r' || flag === '-r0') unseen.push({ op: 'remove', why: below(`everything named in ${m[3]!}`, argv[k]!) });
    } else removal(k, m[3]!, flag, m[3]!, argv[k]!);
  }
  return { files, unseen };
}

/**
 * What `7z a` / `7z u` read by 7z's own matching (p7zip 16.02, checked): a name with `*` or `?`
 * (`'.e?v'` quoted reaches 7z as written) is a pattern 7z matches in its folder; `-r` (`-r0` for
 * wildcard names) and `-ir!NAME` match NAME in every folder below, a folder matched taken whole;
 * `-i!NAME` adds NAME as an operand does; no name at all adds everything below the working
 * directory. `-l` follows links as it walks. Each is a read the file-system view judges as a shell
 * pattern of its own (`**` for every folder below), so a Read deny rule it may meet asks or denies
 * as a glob's read does (red team 14, NEW-13: `7z a -tzip x.zip '-ir!.e?v'` archived .env and
 * sub/.env under Read(./.env)).
 */
function sevenZipReads(name: string, argv: readonly string[]): FileOperand[] {
  if (!SEVEN_ZIP.includes(name)) return [];
  const operands = argv.flatMap((a, k) => (k > 0 && !a.startsWith('-') ? [k] : []));
  const command = operands[0] === undefined ? '' : argv[operands[0]]!.toLowerCase();
  if (command !== 'a' && command !== 'u') return [];
  const walksLinks = argv.some((a) => a.toLowerCase() === '-l');
  const recurse = argv
    .filter((a) => /^-r[-0]?$/i.test(a))
    .pop()
    ?.toLowerCase();
  const wild = (word: string) => /[*?]/.test(word);
  const out: FileOperand[] = [];
  const read = (index: number, word: string, flag: string | undefined) => {
    const recursive = flag === '-r' || (flag === '-r0' && wild(word));
    if (wild(word)) out.push({ op: 'read', index, value: word, pattern: true, tree: 'all', walksLinks });
    if (recursive)
      out.push({
        op: 'read',
        index,
        value: `**/${word}`,
        pattern: true,
        tree: 'all',
        walksLinks,
        shown: `${word}, matched in every folder below`,
      });
  };
  const names = operands.slice(2).filter((k) => !argv[k]!.startsWith('@'));
  for (const k of names) read(k, argv[k]!, recurse);
  let included = false;
  for (let k = 1; k < argv.length; k++) {
    const m = /^-i(r[-0]?)?!(.+)$/i.exec(argv[k]!);
    if (m === null) {
      if (/^-i(r[-0]?)?@/i.test(argv[k]!)) included = true;
      continue;
    }
    included = true;
    const word = m[2]!;
    if (!wild(word)) out.push({ op: 'read', index: k, value: word, tree: 'all', walksLinks });
    read(k, word, m[1] === undefined ? recurse : `-${m[1].toLowerCase()}`);
  }
  // No name and no -i: 7z adds everything below the working directory.
  if (names.length === 0 && !included && operands.length >= 2 && !operands.slice(2).some((k) => argv[k]!.startsWith('@')))
    out.push({ op: 'read', index: operands[1]!, value: '.', tree: 'all', walksLinks });
  return out;
}

/**
 * `7z a ARCHIVE @list` and `-i@list` (`-ir@list`) add the files a list file names (7z(1) "list
 * files"): names toolgate does not read for a read, as `tar -T` and `zip -@` — unresolved, which
 * deny rules meet (`echo .env > l; 7z a x.7z @l` archived .env under Read(./.env)).
 */
function sevenZipListReads(name: string, argv: readonly string[]): string[] {
  if (!SEVEN_ZIP.includes(name)) return [];
  const operands = argv.flatMap((a, k) => (k > 0 && !a.startsWith('-') ? [k] : []));
  const command = operands[0] === undefined ? '' : argv[operands[0]]!.toLowerCase();
  if (command !== 'a' && command !== 'u') return [];
  const lists = [
    ...operands.slice(2).filter((k) => argv[k]!.startsWith('@')),
    ...argv.flatMap((a, k) => (k > 0 && /^-i(r[-0]?)?@/i.test(a) ? [k] : [])),
  ];
  return lists.map((k) => `${name} ${argv[k]!} adds the files named in a file`);
}

const examples: readonly ProgramExample[] = [
  { command: 'cpio -id < x.cpio', readOnly: false, why: 'writes the names the archive holds into the working directory' },
  { command: 'cpio -idu -F x.cpio', readOnly: false },
  { command: 'cd /tmp/rt/state && find . | cpio -pdm /tmp/copy', readOnly: false, why: '-p copies the listed names into /tmp/copy' },
  { command: 'pax -r -f x.pax', readOnly: false },
  {
    command: 'find /tmp/rt/state | cpio -o -H newc',
    readOnly: false,
    why: 'cpio -o reads the files named on its input: unresolved, as xargs',
  },
  { command: 'find /tmp/rt/state | afio -o -', readOnly: false },
  { command: '7z x a.7z', readOnly: false },
  { command: '7z x a.7z -oout', readOnly: false },
  { command: '7z a -sdel x.7z sub', readOnly: false, why: '-sdel deletes sub, with all it holds, once archived' },
  { command: '7z a -sdel x.7z @list', readOnly: false, why: '-sdel deletes the files the list file names (read through the view)' },
  { command: '7z a -sdel -i@list x.7z', readOnly: false, why: '-i@list adds the files the list names, which -sdel deletes' },
  { command: "7z a x.zip '-ir!*.md'", readOnly: false, why: "-ir! reads every file below whose name matches *.md (7z's own matching)" },
  { command: 'unrar x a.rar', readOnly: false },
  { command: 'unar a.zip', readOnly: false },
  { command: 'aunpack a.tgz', readOnly: false },
  { command: 'dpkg-deb -x p.deb .', readOnly: false },
  { command: 'unsquashfs -f -d . x.sqfs', readOnly: false },
  { command: 'cabextract x.cab', readOnly: false },
  { command: 'uudecode x.uu', readOnly: false, why: 'the name it writes is inside x.uu' },
  { command: 'ptar -xf x.tar', readOnly: false, why: 'wrote the .claude/settings.json x.tar held (red team 23)' },
  { command: 'ptar xf x.tar', readOnly: false, why: 'ptar takes the first word without its dash' },
];

/** Archive extractors that write names from their archive. @internal */
export const extractors = defineProgram({
  names: [
    'cpio',
    'bsdcpio',
    'afio',
    'pax',
    '7z',
    '7za',
    '7zr',
    '7zz',
    'unrar',
    'unar',
    'aunpack',
    'dpkg-deb',
    'unsquashfs',
    'cabextract',
    'uudecode',
    'ptar',
  ],
  summary: 'archive extractors beside tar and unzip: write the names an archive holds',
  sources: [
    'GNU cpio 2.13 manual',
    'POSIX.1-2017 pax',
    '7-Zip 7z(1)',
    'unrar(1)',
    'unar(1)',
    'atool aunpack(1)',
    'dpkg-deb(1)',
    'squashfs-tools unsquashfs(1)',
    'cabextract(1)',
    'GNU sharutils uudecode(1)',
    'afio(1)',
    'Archive::Tar ptar(1)',
  ],
  // `o=-sdel; 7z a $o x.7z sub`: a word that is not literal may be 7z's -sdel (red team 13 N21).
  files: (name, argv, literal) => withHiddenOptions(argv, literal, ['-sdel'], (argv) => extractorFiles(name, argv)),
  // `7z a -sdel` removes what it archives: judged as rm's removals are (the others remove nothing).
  removes: true,
  runs: 'unseen',
  examples,
});
