/**
 * What a command's words say about the files it touches, as data the path-effect walk resolves.
 */
import type { GitCommitsTaken, NameChoice } from '../types.js';
import type { ParsedOption } from './gnu-options.js';

/** One file a command touches: the index of its word in argv (or a value inside a word). @internal */
export interface FileOperand {
  op: 'read' | 'write' | 'remove';
  /** Index of the word in argv. */
  index: number;
  /** When the path is part of the word (`of=x`, `--output=x`, `-ox`, `HEAD:.env`): the path text. */
  value?: string;
  /**
   * `value` is a file the program finds below the home directory (its `HOME`), not text of the
   * command: `.gitconfig` for `git config --global`. A `~` in a word's text is a name the program
   * is handed (`--file=~/x`, `@~/x`: the shell expands no tilde there), so the home is said here.
   */
  inHome?: boolean;
  /** When the effect lands inside this directory under the source's name (`cp a dir/`): the directory's word. */
  intoDir?: number;
  /** The directory's path when it is part of its word (`cp --target=dir a`). */
  intoValue?: string;
  /** How far below the path the effect reaches (see `PathEffect.tree`). */
  tree?: 'all' | 'some';
  /** For a tree read: `false` when the program does not follow links inside the tree (see `PathEffect.walksLinks`). */
  walksLinks?: boolean;
  /** With `walksLinks: false`: the variable naming a configuration that may make it follow links all the same (see `PathEffect.walksLinksWith`). */
  walksLinksWith?: string;
  /** For a tree read by git: which of the tree's files it takes (see `PathEffect.gitTakes`). */
  gitTakes?: 'tracked' | 'unignored';
  /** For a tree read by rg with no option that changes its walk but for globs and types (see `PathEffect.rgSkips`). */
  rgSkips?: { noConfig: boolean; whitelist?: { globs: readonly string[]; types: boolean; typeGlobs?: readonly string[] } };
  /** For a tree read: the base-name globs that choose its files, with the words they are in (see `PathEffect.includes`). */
  includes?: { choice: NameChoice; words: readonly number[] };
  /** The path is a name prefix: the files touched are named by it plus a suffix (`split`, `csplit`). */
  prefix?: boolean;
  /**
   * Why the program may do this, in words a person reads, when a word that is not literal gives it
   * (see `PathEffect.because`): `$x may be tar's option --remove-files`.
   */
  because?: string;
  /** A word of a program whose file effects toolgate does not model (see `PathEffect.assumed`). */
  assumed?: 'path' | 'word';
  /** The program reads the word as a glob of its own (git pathspecs): the value is that pattern, escapes removed. */
  pattern?: boolean;
  /** The text a reason names for a `value` toolgate made up: the word `s?b`, for the tree below what it matches (`s?b/**` and all inside). */
  shown?: string;
  /** Read from git's index or history rather than the working tree (see `PathEffect.fromHistory`). */
  fromHistory?: boolean;
  /**
   * For a removal of the files below the folder `value` that a git wildcard pathspec selects
   * (`git rm '*.log'`): word `word`'s part after that folder, matched as git matches it — against
   * each file's path below the folder, `*` and `?` crossing `/` (gitglossary(7); git 2.39.5) — or
   * taken literally. With a file-system view that lists the folder, the files it matches are
   * what may be removed (the index may track them); without one, every name below the folder.
   */
  gitPattern?: { word: number; rest: string };
  /**
   * The effect holds only when none of these argv words names a path the file-system view shows
   * (from the directory the command works in): git takes such a word for a pathspec, never a
   * revision — it refuses a word that is both unless `--` says which (git 2.39 revision.c,
   * `verify_non_filename`) — so a diff, log or show that names one compares those paths only, not
   * the whole tree. Without a view, or for a word that is not literal, the effect holds.
   */
  unlessExists?: readonly number[];
  /** The effect holds only when its own word names a path the file-system view shows (the converse of `unlessExists`). */
  ifExists?: boolean;
  /** Relative to a repository root toolgate does not know (git `HEAD:path`): tried from the cwd and each parent. */
  fromRoot?: boolean;
  /**
   * Relative to the top of the work tree the command runs in (git's whole-tree reads, `:/x`): the
   * nearest of the cwd and its parents that holds `.git`, as the file-system view shows it; without
   * a view, the cwd.
   */
  atTop?: boolean;
  /** Resolve against the directory this argv word names (`tar -C dir`), itself resolved against the cwd. */
  under?: number;
  /**
   * A symbolic link's target, which the system resolves from the folder the link is made in, not
   * the cwd: the word `index` (or the text `value`, `-tDIR`) names that folder (`as: 'dir'`), the
   * link itself (`'name'`: its parent), or either as the file-system view shows (`'either'`: a
   * directory there takes the link inside; without a view, both are taken).
   */
  linkIn?: { index: number; value?: string; as: 'dir' | 'name' | 'either' };
  /** The path is derived from the word rather than written in it (`git clone url` → the repository's name). */
  derived?: string;
  /** Metadata a program creates itself with content of its own (`git init`'s `.git`): deny rules apply, it is not a protected write. */
  ownMetadata?: boolean;
  /**
   * A read of the name's status, not its content (see `PathEffect.looks`): `status` — it looks the
   * name up only (`stat`, `git check-ignore`); `listing` — a file it looks up, a folder it lists.
   */
  looks?: 'status' | 'listing';
  /**
   * The program acts on a symbolic link the word names, not on where it leads (`mv link x` renames
   * the link): the word's last name is not resolved through the file-system view — unless the word
   * ends in `/`, which asks for the directory the link leads to (GNU `--strip-trailing-slashes`).
   */
  linkItself?: boolean;
  /**
   * The word is a git pathspec: a trailing `/` is matched against the names git holds (the entry
   * and what is below it), never a request to follow a link, so `linkItself` holds with it too.
   */
  pathspecSlash?: boolean;
  /**
   * The program carries the symbolic links it meets over as links (`mv`, `cp -r` without `-L`):
   * the new names lead where the old ones do, so a later command of the line may read the
   * targets through them (see `PathEffect.keepsLinks`).
   */
  keepsLinks?: boolean;
  /** The write makes the path a symbolic link (see `PathEffect.madeLink`). */
  madeLink?: 'through-links' | 'replacing-links';
  /** Where the names written or removed under the path come from, for the protected-path check (see {@link NamesFrom}). */
  names?: NamesFrom;
  /** The file (`-` its input) names, one a line, paths the command removes whole (see `PathEffect.listsNames`). */
  listsNames?: 'remove';
  /** The folder a kustomize build takes, and the reason what its kustomization names cannot be listed (see `PathEffect.kustomization`). */
  kustomization?: string;
  /**
   * For a write of names toolgate cannot see (`tree: 'some'`): the argv words of the paths whose
   * trees land at the path (a move's sources); empty: the path's own tree (what a link aliases).
   * See `PathEffect.contentFrom`.
   */
  from?: readonly number[];
}

/**
 * Where the names a command writes or removes under a directory come from, when toolgate cannot
 * read them off the command line: `unseen` — content toolgate does not read names them (an
 * archive's members, a patch's targets, a git tree's files, the names a server sends), so any name may be written, a protected one included;
 * `entries` — they are the entries of a directory, as the file-system view lists them: of the
 * directories the argv words `of` name (a recursive copy's sources), else of the path itself (the
 * untracked files `git clean` removes). `spares` says which `.git` directories the command leaves
 * alone: `top` — the one directly under the path (the repository's own), `all` — every one (git
 * clean without a second `-f` leaves nested repositories). `eachFolder`: a file of that name is
 * written in each folder below instead (`tree -R`), hidden folders left out when `skipsHidden`.
 * `flat`: each file below lands directly under the path by its base name, its suffix replaced by
 * the first pair whose first ends it (none: the file is left alone; `PathNames`). `seenOnly`: the
 * entries count only where a file-system view is given (`rm -r DIR`); without one the effect is
 * judged by the path it names, as before the view (decision 0088).
 * @internal
 */
export type NamesFrom =
  | {
      kind: 'unseen';
      what: 'archive' | 'diff' | 'git-tree' | 'git-commits' | 'remote' | 'numbered' | 'list';
      /** For `git-commits`: the commits taken, each revision an argv index (a literal word) or a name git uses itself (`HEAD`). */
      commits?: { how: GitCommitsTaken['how']; revisions: readonly (number | string)[]; merges?: boolean };
    }
  | {
      kind: 'entries';
      of?: readonly number[];
      seenOnly?: boolean;
      spares?: 'top' | 'all';
      eachFolder?: string;
      skipsHidden?: boolean;
      flat?: readonly (readonly [string, string])[];
    };

/**
 * A write or removal whose names the program works out as it runs, where toolgate cannot (a
 * rename's expression, an awk program's computed output name, names read from input it cannot
 * see, options in a variable): `why` in words. The path-effect walk turns it into one effect under
 * the command's directory whose names are unseen (`PathNames` `program`), which the protected-path
 * check asks about in every mode, and into an unresolved reason, which deny rules meet (decision
 * 0092).
 * @internal
 */
export interface UnseenNames {
  op: 'write' | 'remove';
  why: string;
}

/** Result for one command: operands, plus reasons effects could not be read. @internal */
export interface FileOperands {
  files: FileOperand[];
  unresolved: string[];
  /** Writes and removals whose names toolgate cannot work out (see {@link UnseenNames}). */
  unseen?: UnseenNames[];
  /**
   * False when toolgate does not model the program's file effects (its words are then assumed
   * read and written), `'partly'` when some of its words are modelled and the rest assumed.
   */
  modelled?: boolean | 'partly';
  /** argv indices of directories the command's relative paths resolve against, in order (`git -C a -C b`). */
  chdir?: number[];
  /** argv indices whose words are not files (code, patterns, messages): never assumed paths. */
  notFiles?: number[];
}

export const all = (ops: readonly number[], op: FileOperand['op'], extra?: Partial<FileOperand>): FileOperand[] =>
  ops.map((index) => (extra === undefined ? { op, index } : { op, index, ...extra }));

/**
 * What every removal of a whole directory tree is marked with — `rm -r DIR`, `tar --remove-files
 * DIR`, `zip -rm`, `7z a -sdel`, the source of `mv DIR …` — so that one check judges them all: the
 * entries the file-system view lists below the path meet the protected paths (`DIR/.git`,
 * `DIR/.claude/settings.json`), as `find DIR -delete` meets them (decision 0088). Without a view
 * the removal is judged by the path it names (`seenOnly`). `links`: `follows` — the program
 * follows the links inside (and the one it is given) and removes what they lead to (`zip -rm`
 * without `-y`, `tar -h --remove-files`), judged where they lead; `itself` — a link is removed as
 * a name of its own (`mv link x`, `tar --remove-files link`); unsaid: as rm -r was judged.
 * @internal
 */
export function treeRemoval(links?: 'follows' | 'itself'): Partial<FileOperand> {
  const names = { kind: 'entries', seenOnly: true } as const;
  return links === 'follows' ? { names, walksLinks: true } : links === 'itself' ? { names, linkItself: true } : { names };
}

/** The file an option names: its value, in the option's own word or in the next one. */
export function optionFile(
  o: ParsedOption,
  op: FileOperand['op'],
  argv: readonly string[],
  extra?: Partial<FileOperand>,
): FileOperand | undefined {
  if (o.value === undefined) return undefined;
  if (o.valueIndex !== undefined && o.valueIndex < argv.length)
    return extra === undefined ? { op, index: o.valueIndex } : { op, index: o.valueIndex, ...extra };
  return extra === undefined ? { op, index: o.index, value: o.value } : { op, index: o.index, value: o.value, ...extra };
}

export function pushOpt(files: FileOperand[], f: FileOperand | undefined): void {
  if (f) files.push(f);
}

/** Is the option one of these names (`-r`, `--recursive`)? */
export function is(o: ParsedOption, ...names: string[]): boolean {
  return names.includes(o.name);
}

/** Does any option have one of these names? */
export function has(options: readonly ParsedOption[], ...names: string[]): boolean {
  return options.some((o) => names.includes(o.name));
}
