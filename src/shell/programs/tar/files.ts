/**
 * The files a tar command touches: create reads each input whole and writes the archive; extract
 * reads the archive and writes the names it holds under its directory (`-C DIR`, else the cwd).
 * GNU tar 1.34 manual.
 */
import { parseGnuOptions } from '../../options/gnu-options.js';
import {
  all,
  pushOpt,
  treeRemoval,
  type FileOperand,
  type FileOperands,
  type UnseenNames,
  type NamesFrom,
} from '../../options/file-operands.js';
import { TAR_OPTIONS, tarWords } from './options.js';

/** What an extraction writes under its directory: the names the archive holds, which toolgate does not read. */
const ARCHIVE_NAMES: NamesFrom = { kind: 'unseen', what: 'archive' };

/** Whether the members go to standard output or a command's input (`-O`, `--to-stdout`, `--to-command`) rather than to files. */
function extractsToNoFile(argv: readonly string[]): boolean {
  const parsed = parseGnuOptions(tarWords(argv).words, TAR_OPTIONS);
  return parsed.ok && parsed.options.some((o) => o.name === 'O' || o.name === 'to-stdout' || o.name === 'to-command');
}

/** Letters of tar that take a value (in order, from the next words in the old style `tar cfC a.tar dir`). */
const TAR_VALUE_LETTERS = 'fCTXbIFKLNVgH';

/**
 * tar: the archive (`-f`) it reads or writes, the files it adds, the directory it extracts into
 * (with the names the archive holds: any name; nothing when the members go to standard output or
 * a command).
 */
export function tarOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  let absolute: string | undefined;
  let mode: 'create' | 'extract' | 'list' | undefined;
  // `--remove-files` removes what -c, -r and -u add (not the archives -A adds), once archived.
  let adds = false;
  let removeFiles = false;
  // `-h`/`--dereference` archives what links lead to, and --remove-files then removes it there.
  let follows = false;
  let archive: FileOperand | undefined;
  let dir: FileOperand | undefined;
  const ops: number[] = [];
  // The list files of -T: with --remove-files, what their lines name is removed too.
  const lists: FileOperand[] = [];
  const setMode = (letter: string): void => {
    if ('cruA'.includes(letter)) {
      mode = 'create';
      adds = letter !== 'A';
    } else if (letter === 'x') mode = 'extract';
    else if (letter === 't' || letter === 'd') mode ??= 'list';
  };
  const take = (letter: string, index: number, value?: string): void => {
    const f: FileOperand | undefined =
      index < argv.length ? (value === undefined ? { op: 'read', index } : { op: 'read', index, value }) : undefined;
    if (letter === 'f') archive = f;
    else if (letter === 'C') dir = f;
    else if (letter === 'T' || letter === 'X') {
      pushOpt(files, f);
      if (letter === 'T' && f !== undefined) lists.push(f);
      if (letter === 'T') unresolved.push('tar -T adds the files named in a file');
    } else if (letter === 'g') {
      // The snapshot file is read and then written when the archive is done, created when absent
      // (red team 17 R17-8: `tar -g .claude/settings.local.json -cf /dev/null notes.txt` created it).
      pushOpt(files, f);
      pushOpt(files, f === undefined ? undefined : { ...f, op: 'write' });
    } else if (letter === 'K' || letter === 'N') pushOpt(files, f);
    else if (letter === 'I' || letter === 'F') unresolved.push(`tar -${letter} runs a program`);
  };
  let i = 1;
  const first = argv[1];
  if (first !== undefined && /^[A-Za-z]+$/.test(first)) {
    // Old style: the first word is a cluster, and each value letter takes the next word.
    let next = 2;
    for (const letter of first) {
      setMode(letter);
      if (letter === 'h') follows = true;
      if (TAR_VALUE_LETTERS.includes(letter)) take(letter, next++);
    }
    i = next;
  }
  const LONG_MODES: Record<string, 'create' | 'extract' | 'list'> = {
    create: 'create',
    append: 'create',
    update: 'create',
    concatenate: 'create',
    catenate: 'create',
    extract: 'extract',
    get: 'extract',
    list: 'list',
    diff: 'list',
    compare: 'list',
  };
  const LONG_LETTER: Record<string, string> = {
    file: 'f',
    directory: 'C',
    'files-from': 'T',
    'exclude-from': 'X',
    'listed-incremental': 'g',
    'starting-file': 'K',
    'newer-mtime': 'N',
  };
  const longNames = [
    ...Object.keys(LONG_MODES),
    ...Object.keys(LONG_LETTER),
    'absolute-names',
    'to-command',
    'use-compress-program',
    'info-script',
    'new-volume-script',
    'index-file',
    'volno-file',
    'checkpoint-action',
    'remove-files',
    'dereference',
  ];
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
      if (LONG_MODES[name]) {
        mode = LONG_MODES[name];
        adds = name === 'create' || name === 'append' || name === 'update';
      }
      if (name === 'remove-files') removeFiles = true;
      if (name === 'dereference') follows = true;
      const letter = LONG_LETTER[name];
      if (letter) {
        if (eq >= 0) take(letter, i, a.slice(eq + 1));
        else take(letter, ++i);
      }
      if (name === 'absolute-names') absolute = 'tar --absolute-names extracts to paths named in the archive';
      if (['to-command', 'use-compress-program', 'info-script', 'new-volume-script', 'checkpoint-action'].includes(name))
        unresolved.push(`tar --${name} runs a program`);
      // `--volno-file F` writes the volume number into F (R17-8: the separate word was an operand).
      if (name === 'index-file' || name === 'volno-file') {
        if (eq >= 0) files.push({ op: 'write', index: i, value: a.slice(eq + 1) });
        else files.push({ op: 'write', index: ++i });
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let k = 1; k < a.length; k++) {
        const letter = a[k]!;
        setMode(letter);
        if (letter === 'h') follows = true;
        if (letter === 'P') absolute = 'tar -P extracts to paths named in the archive';
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
    // `tar -cf x.tar --remove-files .claude` removes .claude once it is archived (red team 12),
    // and a directory with everything it holds (`sub` with sub/.git): a tree removal.
    if (adds && removeFiles) {
      const tree = treeRemoval(follows ? 'follows' : 'itself');
      files.push(...all(ops, 'remove', tree));
      if (dir && dir.value === undefined) files.push(...all(ops, 'remove', { ...under, ...tree }));
      // `-Cdir`, `--directory=dir`: the directory is text of the option's word.
      // `-T list`: the names are read through the view (list-names.ts); relative to a -C
      // directory, or when a line may be an option, they are names toolgate cannot see.
      for (const l of lists) {
        l.listsNames = 'remove';
        if (dir !== undefined) files.push({ op: 'remove', index: 0, value: '.', tree: 'some', names: { kind: 'unseen', what: 'list' } });
      }
      if (dir?.value !== undefined)
        for (const k of ops)
          files.push({ op: 'remove', index: k, value: argv[k]!.startsWith('/') ? argv[k]! : `${dir.value}/${argv[k]!}`, ...tree });
    }
  }
  if (mode === 'extract' && !extractsToNoFile(argv)) {
    if (dir) files.push({ ...dir, op: 'write', tree: 'some', names: ARCHIVE_NAMES });
    else files.push({ op: 'write', index: 0, value: '.', tree: 'some', names: ARCHIVE_NAMES });
    // Members named on the command line land under the directory (a directory member with what the archive holds in it).
    files.push(...all(ops, 'write', { tree: 'all', ...under, names: ARCHIVE_NAMES }));
  }
  if (mode === undefined) unresolved.push('tar without a known mode');
  // Members extracted by their absolute names may be anywhere: writes whose names toolgate cannot
  // work out (decision 0092).
  const unseen: UnseenNames[] = [];
  if (absolute !== undefined) {
    if (mode === 'extract') unseen.push({ op: 'write', why: absolute });
    else unresolved.push(absolute);
  }
  return { files, unresolved, ...(unseen.length > 0 ? { unseen } : {}) };
}
