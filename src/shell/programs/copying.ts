/**
 * What copiers, movers and linkers do with their operands: cp, mv, install, ln and rsync share
 * one layout (sources, then a destination or `-t DIR`). A recursive copy reads each source
 * directory whole and writes names toolgate cannot see under the destination; a link is an
 * alias through which later commands reach its target, so linking is judged as writing the
 * target. Each program's model gives its own grammar. GNU coreutils 9 manual; rsync(1).
 */
import { all, has, is, optionFile, pushOpt, treeRemoval, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { valueNotLiteral, type ReadWords } from './parse.js';

/**
 * What a word that is not literal may be in a cp, mv, ln or install command, beyond an operand: a
 * backup suffix (`s=rc; cp -b -S $s a .npm`, or the word itself `--suffix=rc`: a backup of the
 * destination under a name toolgate cannot see) — see `withHiddenOptions`. @internal
 */
export const COPY_HIDDEN_OPTIONS: readonly string[] = ['--suffix='];

/** The programs that share the copy layout. @internal */
export type CopyProgram = 'cp' | 'mv' | 'install' | 'ln' | 'rsync';

/**
 * `cp`, `mv`, `install`, `ln`, `rsync`: sources and a destination (or `-t DIR`), from the
 * command's words as the program reads them (cp, install and ln: the GNU parser over their
 * model's grammar).
 */
export function copyOperands(name: CopyProgram, argv: readonly string[], words: ReadWords, literal?: readonly boolean[]): FileOperands {
  const out = copied(name, argv, words, literal);
  // The strip program is one install runs on each file it installs: it may write anything (decision 0092).
  if (name === 'install' && has(words.options, '--strip-program'))
    return { ...out, unseen: [...(out.unseen ?? []), { op: 'write', why: 'install --strip-program runs a program' }] };
  return out;
}

function copied(name: CopyProgram, argv: readonly string[], words: ReadWords, literal?: readonly boolean[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = words;
  if (name === 'install' && has(options, '-d', '--directory')) return { files: all(ops, 'write'), unresolved };
  const recursive = name === 'mv' || (name !== 'ln' && name !== 'install' && has(options, '-r', '-R', '--recursive', '--archive', '-a'));
  // cp -l/--link and -s/--symbolic-link make links like ln (every spelling: `-al`, `--li`): the
  // destination is an alias, so a later write through it reaches the source.
  const symbolic = (name === 'ln' && has(options, '-s', '--symbolic')) || (name === 'cp' && has(options, '-s', '--symbolic-link'));
  const links = name === 'ln' || symbolic || (name === 'cp' && has(options, '-l', '--link'));
  const followed = name === 'cp' ? cpFollows(options, recursive && !links) : 'all';
  for (const o of options) {
    if (is(o, '--exclude-from', '--include-from', '--password-file', '--read-batch', '--compare-dest', '--copy-dest', '--link-dest'))
      pushOpt(files, optionFile(o, 'read', argv));
    // rsync --link-dest hard-links unchanged files to the ones in DIR: a write through the copy reaches DIR.
    if (is(o, '--link-dest')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (is(o, '--log-file', '--write-batch', '--only-write-batch')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--backup-dir', '--partial-dir', '--temp-dir') || (name === 'rsync' && is(o, '-T')))
      pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (is(o, '--files-from')) {
      pushOpt(files, optionFile(o, 'read', argv));
      unresolved.push(`${name} --files-from copies the files named in a file`);
    }
  }
  // What a source becomes: read (copy), read and removed (move), read and aliased (link: writes
  // through the link reach it). Moving or linking a path hands its content on, as copying does.
  // A link makes the linked path's own tree reachable through it (`from: []`).
  // A relative target of a symbolic link is resolved from the folder the link is made in
  // (`ln -s ../README.md src/r` names README.md); `-r` takes it from the cwd and rewrites it.
  // rsync has no target directory: its `-t` is --times, its destination the last operand.
  const targetDir = name === 'rsync' ? undefined : options.find((o) => is(o, '-t', '--target-directory'));
  const lastOp = ops[ops.length - 1];
  const linkIn: FileOperand['linkIn'] =
    name !== 'ln' || !symbolic || has(options, '-r', '--relative')
      ? undefined
      : targetDir !== undefined
        ? targetDir.valueIndex !== undefined
          ? { index: targetDir.valueIndex, as: 'dir' }
          : { index: targetDir.index, value: targetDir.value ?? '.', as: 'dir' }
        : ops.length < 2 || lastOp === undefined
          ? undefined
          : has(options, '-T', '--no-target-directory')
            ? { index: lastOp, as: 'name' }
            : ops.length > 2 || /\/$/.test(argv[lastOp] ?? '')
              ? { index: lastOp, as: 'dir' }
              : { index: lastOp, as: 'either' };
  const source = (index: number): FileOperand[] => {
    if (name === 'ln' && linkIn !== undefined)
      return [
        // The links inside a folder linked to are reached through the new name as they are (decision 0162).
        { op: 'read', index, tree: 'all', linkIn, keepsLinks: true },
        { op: 'write', index, tree: 'some', from: [], linkIn },
      ];
    // mv renames (or, across file systems, copies links as links): it follows no link, neither
    // one it is given nor one inside a directory it moves (GNU coreutils 9 manual, mv). A
    // directory leaves its place with all it holds (`mv sub /tmp/x` takes sub/.git away): a tree removal.
    if (name === 'mv')
      return [
        { op: 'read', index, tree: 'all', walksLinks: false, linkItself: true, keepsLinks: true },
        { op: 'remove', index, ...treeRemoval('itself') },
      ];
    if (name === 'ln')
      return [
        { op: 'read', index, tree: 'all' },
        { op: 'write', index, tree: 'some', from: [] },
      ];
    const read: FileOperand = { op: 'read', index, ...(recursive ? { tree: 'all' as const } : {}) };
    // `cp -r` copies links as links (`-H`: except those it is given): it reads no link's target.
    // `-d`, `-P`, `--no-dereference` and `-a` copy a link they are given as a link too: the new
    // name leads where it does (decision 0162).
    if (recursive && !links && followed !== 'all') {
      read.walksLinks = false;
      read.keepsLinks = true;
      if (followed === 'none') read.linkItself = true;
    } else if (!links && followed === 'none') {
      read.keepsLinks = true;
      read.linkItself = true;
    }
    return links ? [read, { op: 'write', index, tree: 'some', from: [] }] : [read];
  };
  // ln -s makes each name it writes a link: what is below it is what the folder it leads to holds.
  // With -n or -T a link to a folder at the name is replaced, not entered (coreutils 9.1: with -f,
  // -b or -i; without, ln fails).
  const made: Partial<FileOperand> =
    name === 'ln' && symbolic
      ? { madeLink: has(options, '-n', '--no-dereference', '-T', '--no-target-directory') ? 'replacing-links' : 'through-links' }
      : {};
  const into = (sources: readonly number[]): Partial<FileOperand> => (recursive ? { tree: 'some', from: sources } : {});
  // A recursive copy writes the names its sources hold (`cp -r stage/. .` merges stage's entries
  // into the cwd): the protected-path check reads them from the file-system view. A move renames
  // a directory whole under a name of its own, which the check sees; what lands there is its
  // sources' trees (`from`), which deny rules look at.
  const namesOf = (sources: readonly number[]): Partial<FileOperand> =>
    recursive && name !== 'mv' ? { tree: 'some', names: { kind: 'entries', of: sources }, from: sources } : into(sources);
  // The names a backup of a replaced destination takes (`-b`, `-S SUFFIX`, rsync's `--suffix`).
  const backup = name === 'rsync' ? rsyncBackup(options) : backupNames(options, literal);
  // A recursive copy backs up each file it replaces inside the tree too (`cp -r -b -S rc src dst`
  // renames dst/src/sub/.npm to .npmrc): names toolgate cannot list, each an existing name and the
  // suffix — any name in the tree, unless the suffix is the default `~`, which completes no
  // protected name (the folders they are in are the copy's own, judged by its entries). mv renames
  // a tree whole and backs up only what it replaces.
  const inTree = (dirIndex: number, dir: string): FileOperand[] =>
    backup !== undefined && recursive && name !== 'mv' && backup.suffix !== '~'
      ? [{ op: 'write', index: dirIndex, value: `${dir.replace(/\/+$/, '')}/`, prefix: true }]
      : [];
  // rsync --backup-dir=DIR --suffix=SUF puts the backups in DIR, each name with the suffix.
  const dirSuffix = name === 'rsync' ? options.filter((o) => is(o, '--suffix')).at(-1)?.value : undefined;
  if (dirSuffix !== undefined && dirSuffix !== '')
    for (const o of options)
      if (is(o, '--backup-dir') && o.value !== undefined)
        files.push({ op: 'write', index: o.valueIndex ?? o.index, value: `${o.value.replace(/\/+$/, '')}/`, prefix: true });
  const target = targetDir;
  if (target) {
    const dest = optionFile(target, 'write', argv, namesOf(ops));
    pushOpt(files, dest);
    for (const k of ops) files.push(...source(k));
    if (dest && dest.value === undefined)
      for (const k of ops) files.push({ op: 'write', index: k, intoDir: dest.index, ...namesOf([k]), ...made });
    else if (dest)
      for (const k of ops) files.push({ op: 'write', index: k, intoDir: target.index, intoValue: dest.value!, ...namesOf([k]), ...made });
    if (dest && backup) {
      for (const k of ops)
        files.push(...backupsOf(name, argv, backup, { index: k, dir: dest.value ?? argv[dest.index]!, dirIndex: dest.index }));
      files.push(...inTree(dest.index, dest.value ?? argv[dest.index]!));
    }
    return { files, unresolved };
  }
  if (name === 'ln' && ops.length === 1) {
    files.push(...source(ops[0]!));
    files.push({ op: 'write', index: ops[0]!, intoDir: -1, ...made });
    if (backup) files.push(...backupsOf(name, argv, backup, { index: ops[0]!, dir: '.', dirIndex: -1 }));
    return { files, unresolved };
  }
  const dest = ops[ops.length - 1];
  if (dest === undefined || ops.length < 2) {
    // `rsync SRC` lists; one operand copies nothing — unless an option toolgate read as taking a
    // value did not, and the operand is really the destination: it may be written too.
    files.push(...ops.flatMap((k) => (name === 'rsync' ? [{ op: 'read' as const, index: k }] : source(k))));
    if (name !== 'rsync') files.push(...all(ops, 'write', into(ops)));
    return { files, unresolved };
  }
  // The destination itself is the link when it is no folder (`ln -s stage tools`, `-T`); with
  // several sources, or a word ending in `/`, it is a folder the links are made in.
  files.push({ op: 'write', index: dest, ...namesOf(ops.slice(0, -1)), ...(ops.length === 2 && !/\/$/.test(argv[dest]!) ? made : {}) });
  // cp --parents keeps each source's whole path under the directory (`cp --parents a/.git/config
  // src/` writes src/a/.git/config), `..` included.
  const parents = name === 'cp' && has(options, '--parents');
  for (const k of ops.slice(0, -1)) {
    files.push(...source(k));
    if (parents) files.push({ op: 'write', index: k, value: `${argv[dest]!.replace(/\/+$/, '')}/${argv[k]!}`, ...namesOf([k]) });
    else files.push({ op: 'write', index: k, intoDir: dest, ...namesOf([k]), ...made });
  }
  // A symbolic link's target is relative to the link's directory, not the cwd (cp -s makes
  // relative links only into the current directory, so reading it the same way errs toward more).
  if (symbolic) for (const k of ops.slice(0, -1)) files.push({ op: 'write', index: k, under: dest, tree: 'some', from: [] });
  if (backup) {
    // DEST itself when it is no directory (a word ending in `/` names one; --parents needs one), and DEST/SOURCE.
    if (!parents && !/\/$/.test(argv[dest]!))
      files.push(...backupsOf(name, argv, backup, { index: dest, whole: has(options, '-T', '--no-target-directory') }));
    if (!parents)
      for (const k of ops.slice(0, -1)) files.push(...backupsOf(name, argv, backup, { index: k, dir: argv[dest]!, dirIndex: dest }));
    else
      for (const k of ops.slice(0, -1))
        files.push(...backupsOf(name, argv, backup, { index: k, value: `${argv[dest]!.replace(/\/+$/, '')}/${argv[k]!}` }));
    files.push(...inTree(dest, argv[dest]!));
  }
  return { files, unresolved };
}

/**
 * What a backup of a replaced destination is named (gnulib backupfile.c, as coreutils 9.1 cp, mv,
 * ln and install use it): `simple` — the destination and the suffix (`undefined`: unknown, as it
 * comes from `SIMPLE_BACKUP_SUFFIX` in the environment, `~` when unset); `numbered` — the
 * destination and `.~N~`.
 */
interface BackupNames {
  simple: boolean;
  numbered: boolean;
  suffix: string | undefined;
}

/** The backup controls (argmatch's list: a word may be shortened while it names one control). */
const CONTROLS: readonly (readonly [string, 'none' | 'simple' | 'existing' | 'numbered'])[] = [
  ['none', 'none'],
  ['off', 'none'],
  ['simple', 'simple'],
  ['never', 'simple'],
  ['existing', 'existing'],
  ['nil', 'existing'],
  ['numbered', 'numbered'],
  ['t', 'numbered'],
];

/**
 * The backups a cp, mv, ln or install command makes: `-b`, `--backup[=CONTROL]` and
 * `-S`/`--suffix` (which alone turns backups on) each ask for one. The control is the last
 * `--backup=CONTROL`, else `VERSION_CONTROL` from the environment (unknown here: any of them);
 * the suffix the last `-S`, which counts only when it is not empty and holds no `/` (else `~`),
 * else `SIMPLE_BACKUP_SUFFIX` (unknown here); a suffix word that is not literal is unknown too.
 * Verified with GNU coreutils 9.1.
 */
function backupNames(options: ReadWords['options'], literal: readonly boolean[] | undefined): BackupNames | undefined {
  if (!has(options, '-b', '--backup', '-S', '--suffix')) return undefined;
  const given = options.filter((o) => is(o, '--backup') && o.value !== undefined).at(-1)?.value;
  let control: 'none' | 'simple' | 'existing' | 'numbered' | undefined;
  if (given !== undefined) {
    const exact = CONTROLS.find(([w]) => w === given);
    const shortened = new Set(CONTROLS.filter(([w]) => given !== '' && w.startsWith(given)).map(([, c]) => c));
    // A control cp refuses (`--backup=n`, `--backup=bogus`) makes it copy nothing: taken as unknown all the same.
    control = exact?.[1] ?? (shortened.size === 1 ? [...shortened][0] : undefined);
  }
  if (control === 'none') return undefined;
  const s = options.filter((o) => is(o, '-S', '--suffix')).at(-1);
  // A suffix that is not literal (`-S $s`, `--suffix="$(…)"`) may be anything: unknown, as the environment's.
  const suffix =
    s === undefined || valueNotLiteral(s, literal)
      ? undefined
      : s.value === undefined || s.value === '' || s.value.includes('/')
        ? '~'
        : s.value;
  return { simple: control !== 'numbered', numbered: control !== 'simple', suffix };
}

/**
 * The backups an rsync command makes (rsync 3.5.0 rsync(1); verified): `-b`/`--backup`, or `--backup-dir`
 * (the last of them and `--no-backup` decides), named DEST and the last `--suffix` (`~` by
 * default). With `--backup-dir` they go into that directory instead (its own write).
 */
function rsyncBackup(options: ReadWords['options']): BackupNames | undefined {
  let on = false;
  for (const o of options) {
    if (is(o, '-b', '--backup', '--backup-dir')) on = true;
    else if (is(o, '--no-backup')) on = false;
  }
  if (!on || has(options, '--backup-dir')) return undefined;
  return { simple: true, numbered: false, suffix: options.filter((o) => is(o, '--suffix')).at(-1)?.value ?? '~' };
}

/**
 * The backup of a destination the command replaces: that name's content moves to the backup's
 * name (read, so a deny rule on it holds, and written there). The destination is the word `index`
 * (or its text `value`), or, with `dir`, the word's base name inside that directory.
 */
function backupsOf(
  name: CopyProgram,
  argv: readonly string[],
  backup: BackupNames,
  at: { index: number; value?: string; dir?: string; dirIndex?: number; whole?: boolean },
): FileOperand[] {
  const text = (at.value ?? argv[at.index]!).replace(/\/+$/, '');
  const base = text.split('/').pop() ?? '';
  if (text === '' || base === '.' || base === '..') return [];
  const into: Partial<FileOperand> = at.dir === undefined ? {} : { intoDir: at.dirIndex!, intoValue: at.dir.replace(/\/+$/, '') || '/.' };
  // mv renames a directory it replaces (`-T`) whole; cp, ln and install replace only files. A
  // directory DEST without -T is where the source goes, not what is replaced: no tree is read.
  const moved: Partial<FileOperand> = name === 'mv' && at.whole === true ? { tree: 'all', walksLinks: false } : {};
  const out: FileOperand[] = [{ op: 'read', index: at.index, value: text, linkItself: true, keepsLinks: true, ...moved, ...into }];
  if (backup.simple && backup.suffix !== undefined) out.push({ op: 'write', index: at.index, value: `${text}${backup.suffix}`, ...into });
  // A suffix from the environment, or `.~N~`: the name begins with the destination's.
  if (backup.simple && backup.suffix === undefined) out.push({ op: 'write', index: at.index, value: text, prefix: true, ...into });
  else if (backup.numbered) out.push({ op: 'write', index: at.index, value: `${text}.~`, prefix: true, ...into });
  return out;
}

/**
 * Which links GNU cp follows (coreutils 9.1 cp.c): the last of `-L`/`--dereference` (all),
 * `-H` (those on the command line), `-P`/`--no-dereference`/`-d`/`-a` (none); with none of them,
 * none when copying recursively without `-l`/`-s` (`recursiveDefault`), else all.
 */
function cpFollows(options: ReadWords['options'], recursiveDefault: boolean): 'all' | 'given' | 'none' {
  let followed: 'all' | 'given' | 'none' = recursiveDefault ? 'none' : 'all';
  for (const o of options) {
    if (is(o, '-L', '--dereference')) followed = 'all';
    else if (is(o, '-H')) followed = 'given';
    else if (is(o, '-P', '--no-dereference', '-d', '-a', '--archive')) followed = 'none';
  }
  return followed;
}
