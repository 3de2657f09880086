/**
 * What git's diff, log, show and status forms print of the files its index tracks (decision
 * 0082): a form that prints content (a patch, a line count, a whole blob) reads every tracked file
 * its pathspecs select — from the working tree, the index, HEAD or older commits — and with no
 * pathspec the files of the whole work tree, from its top (not the directory it runs in). Such a
 * read is a tree read that takes the tracked files only (`gitTakes: 'tracked'`): with a view that
 * shows the index, a Read-denied file or a hard link is met only when the index tracks it; where
 * the index cannot be read, every file below counts. Forms that print names, modes or object ids
 * only (`--name-only`, `--name-status`, `--raw`, `-s`, `git log` without a patch), or the line counts
 * of the changes (`--stat`, `--numstat`: decision 0085), read no content.
 * Git 2.39 manual pages (git-diff(1), git-log(1), git-show(1), git-status(1), gitglossary(7)).
 */
import type { FileOperand } from '../../options/file-operands.js';
import type { ParsedOption } from '../../options/gnu-options.js';

/**
 * Options that make a diff, log or show print content: a patch (`-p`, `-U3`, `--word-diff`, the
 * combined diffs, which imply one), whitespace errors with their lines
 * (`--check`), or the commits whose content matches a string (`-S`, `-G`: a search of every
 * version's content, whose answer says what the content holds).
 */
const CONTENT = new Set([
  '-p',
  '-u',
  '-U',
  '-W',
  '-c',
  '-m',
  '-X',
  '-S',
  '-G',
  '--patch',
  '--unified',
  '--word-diff',
  '--color-words',
  '--patch-with-stat',
  '--patch-with-raw',
  '--cc',
  '--dd',
  '--remerge-diff',
  '--diff-merges',
  '--function-context',
  '--binary',
  '--check',
  '--pickaxe-regex',
]);

/**
 * Options that turn off the patch a diff or show prints by default: names, modes and ids, and the
 * line counts of the changes (`--stat` and its kin print a file's name and how many lines changed,
 * never a line: decision 0085).
 */
const NO_CONTENT = new Set([
  '-s',
  '--no-patch',
  '--name-only',
  '--name-status',
  '--raw',
  '--summary',
  '--quiet',
  '--stat',
  '--numstat',
  '--shortstat',
  '--dirstat',
  '--dirstat-by-file',
  '--cumulative',
  '--compact-summary',
]);

/** How each subcommand prints: content by default (`diff`, `show`), or only with an option (`log`). */
const FORMS: Readonly<Record<string, 'default' | 'asked' | 'verbose' | 'always'>> = {
  diff: 'default',
  show: 'default',
  log: 'asked',
  whatchanged: 'asked',
  reflog: 'asked',
  'diff-files': 'asked',
  'diff-index': 'asked',
  'diff-tree': 'asked',
  status: 'verbose',
  'format-patch': 'always',
  archive: 'always',
  // `git range-diff A..B C..D` prints the patches of both ranges and their differences.
  'range-diff': 'default',
  // `git fast-export --all` prints every blob of the commits it exports (red team 11).
  'fast-export': 'always',
  // `git merge-tree BASE A B` prints the merged content of the files both sides changed.
  'merge-tree': 'always',
  // `git request-pull START URL END` prints a diffstat, `-p` the patch.
  'request-pull': 'always',
  // `git stash show` prints a diffstat by default, `-p` the stashed changes (its `show` action).
  stash: 'default',
  // `git difftool` hands both versions of every changed file to the tool it runs (git-difftool(1)): red team 13 V3.
  difftool: 'always',
};

/** Whether `git NAME` is one of the forms above, which read the files the index tracks (or history's) only. */
export function readsTrackedOnly(name: string): boolean {
  return FORMS[name] !== undefined;
}

/** Whether `git NAME` with these options prints the content of the files it compares. */
function printsContent(name: string, options: readonly ParsedOption[]): boolean {
  const form = FORMS[name];
  if (form === undefined) return false;
  if (form === 'always') return true;
  // `git status -v` prints the staged changes, `-vv` the unstaged ones too.
  if (form === 'verbose') return options.some((o) => o.name === '-v' || o.name === '--verbose');
  if (options.some((o) => CONTENT.has(o.name))) return true;
  return form === 'default' && !options.some((o) => NO_CONTENT.has(o.name));
}

/** A tree read of the tracked files below a path, where they stand (git walks into no link, but reads a tracked path below one). */
export const TRACKED_TREE = { tree: 'all', gitTakes: 'tracked', walksLinks: false } as const;

/** A `rev:path` or `:path` word: a blob of history or the index, which the facet reads by its path. */
const REV_PATH = /^[^:-][^:]*:|^:[0-3]?:?[^(/!^]/;

/**
 * A word that can only be a path, never a revision: after `--`, `.`, `./x`, `../x`, or ending in
 * `/` (a ref name has no component that starts with a dot and does not end in a slash,
 * git-check-ref-format(1)). Any other operand may be a revision (`main`, `HEAD~1`, `docs`), so a
 * command whose operands are all such words may compare the whole tree.
 */
function surelyPath(word: string, afterDashDash: boolean): boolean {
  return afterDashDash || word === '.' || word.startsWith('./') || word.startsWith('../') || (word.endsWith('/') && !word.startsWith(':'));
}

/** A word that may name a directory: `.`, `..`, a trailing `/`, a glob, or a last component without an extension. */
function mayBeDir(word: string): boolean {
  return word === '.' || word === '..' || word.endsWith('/') || /[*?[]/.test(word) || !/\.[^/]*$/.test(word.split('/').pop() ?? '');
}

/**
 * The path a magic pathspec names exactly: `:(top)x`, `:/x` (x from the top of the work tree, no
 * glob or escape in it) and `:(literal)x` (x as written, from the cwd); undefined for any other.
 */
function exactMagic(word: string): { value: string; atTop: boolean } | undefined {
  const top = /^:(?:\/(?![!^(:])|\(top\))(.*)$/.exec(word);
  if (top !== null)
    return /[*?[\\]/.test(top[1]!) || top[1]!.startsWith('/') ? undefined : { value: top[1] === '' ? '.' : top[1]!, atTop: true };
  const literal = /^:\(literal\)(.+)$/.exec(word);
  if (literal !== null && !literal[1]!.startsWith('/')) return { value: literal[1]!, atTop: false };
  return undefined;
}

/**
 * The tracked files a content-printing diff, log, show or status form reads, or `undefined` when
 * the form prints no content (its pathspecs are then read as names, as before). `specs`: the
 * operands taken as pathspecs; `ops`: every operand.
 */
export function trackedContentReads(
  name: string,
  argv: readonly string[],
  at: number,
  options: readonly ParsedOption[],
  ops: readonly number[],
  specs: readonly number[],
): FileOperand[] | undefined {
  if (!printsContent(name, options)) return undefined;
  const out: FileOperand[] = [];
  const dashdash = argv.indexOf('--', at + 1);
  // `git diff src/index.js`: where the view shows the word as a path, git takes it for a pathspec
  // (it refuses a word that is both a revision and a path), so the whole tree is not compared.
  const byPath = dashdash < 0 && NAMES_BY_PATH.has(name) ? ops.filter((k) => !REV_PATH.test(argv[k]!)) : [];
  for (const k of specs) {
    const word = argv[k]!;
    // `:(top)x` and `:/x` are x from the top of the work tree, `:(literal)x` is x with no glob
    // (gitglossary(7)); a glob in them, and any other magic (`:!x`, `:(icase)x`, `:(glob)…`,
    // `:(attr:…)`), is taken as the whole tree from its top.
    const exact = exactMagic(word);
    if (exact !== undefined)
      out.push({
        op: 'read',
        index: k,
        value: exact.value,
        ...(exact.atTop ? { atTop: true } : {}),
        ...(mayBeDir(exact.value) ? TRACKED_TREE : {}),
      });
    else if (word.startsWith(':')) out.push({ op: 'read', index: k, value: '.', atTop: true, ...TRACKED_TREE });
    else out.push({ op: 'read', index: k, ...(mayBeDir(word) ? TRACKED_TREE : {}) });
  }
  // Each word that replaces the whole tree (below) where the view shows it is read in its place,
  // whole where it is a folder (`git diff sub`), as a pathspec with a dot in its name is where the
  // view shows a folder (`git diff -- conf.d`).
  const plain = specs.filter((k) => !argv[k]!.startsWith(':') && !mayBeDir(argv[k]!));
  for (const k of new Set([...byPath, ...plain])) out.push({ op: 'read', index: k, ...TRACKED_TREE, ifExists: true });
  const narrowed = ops.some((k) => surelyPath(argv[k]!, dashdash >= 0 && k > dashdash));
  // `git show HEAD:.env` prints that blob only (the facet reads it by name, from history).
  const blobsOnly = ops.length > 0 && ops.every((k) => (dashdash < 0 || k < dashdash) && REV_PATH.test(argv[k]!));
  if (!narrowed && !blobsOnly)
    out.push({
      op: 'read',
      index: at,
      value: '.',
      atTop: true,
      ...TRACKED_TREE,
      ...(byPath.length > 0 ? { unlessExists: byPath } : {}),
    });
  // A stash's third parent (`git show stash@{0}^3`) holds the untracked files `git stash -u`
  // or `--all` kept, ignored ones too: files the index never tracked, so every file counts.
  const stashRev = ops.find((k) => STASH_REV.test(argv[k]!));
  if (stashRev !== undefined) out.push({ op: 'read', index: stashRev, value: '.', atTop: true, ...EVERY_FILE });
  return out;
}

/**
 * The subcommands that read their operands as git's revision parser does (setup_revisions): a word
 * before `--` that names an existing path is a pathspec, or an error when it is a revision too.
 * merge-tree, archive and range-diff take revisions without that check.
 */
const NAMES_BY_PATH = new Set(['diff', 'show', 'log', 'whatchanged']);

/** A third parent (`stash@{0}^3`, `stash^3~0`): in practice only a stash has one, its untracked files. */
const STASH_REV = /\^3($|[~^:])/;

/** A tree read of every file below a path, tracked or not (git walks into no link). */
const EVERY_FILE = { tree: 'all', walksLinks: false } as const;

/** `git stash show` options that show the untracked files a stash kept (`git stash -u`, `--all`). */
const STASH_UNTRACKED = new Set(['-u', '--include-untracked', '--only-untracked']);

/**
 * What `git stash show [STASH]` prints: with a patch or a diffstat (its default) the stashed
 * versions of the tracked files, read as a content form of the whole tree (a stash's content is
 * history, as `git show`'s); with `-u`, `--include-untracked` or `--only-untracked` also the
 * untracked files it kept, ignored ones among them (`git stash --all`), which no index tracks —
 * every file of the tree counts there. `[]` when it prints no content (`--name-only`).
 */
export function stashShowReads(at: number, options: readonly ParsedOption[]): FileOperand[] {
  if (!printsContent('stash', options)) return [];
  const untracked = options.some((o) => STASH_UNTRACKED.has(o.name));
  return [{ op: 'read', index: at, value: '.', atTop: true, ...(untracked ? EVERY_FILE : TRACKED_TREE) }];
}

/** A word that may be an object id, whole or shortened (git takes 4 hex digits and more). */
const OBJECT_ID = /^[0-9a-f]{4,64}$/i;

/**
 * Subcommands that give an object named by its id a new name: a tag (`git tag t <id>`), a replace
 * ref (`git replace <commit> <id>`: every later read of the commit reads the blob), a note's text
 * (`git notes add -C <id>`: `git log` prints it), an index entry (`git update-index --cacheinfo
 * 100644,<id>,x.txt`: `git show :x.txt` reads it), a ref (`git update-ref`). The later read by the
 * new name no longer says which blob it is, so the write is judged as a read of that blob: red team 11.
 */
const NAMES_OBJECTS = new Set(['tag', 'replace', 'notes', 'update-index', 'update-ref']);

/** Whether a word after the subcommand is, or holds between commas (`--cacheinfo M,ID,PATH`), what may be an object id. */
function namesAnId(argv: readonly string[], at: number): boolean {
  return argv.slice(at + 1).some((w) => w.split(/[,=]/).some((part) => OBJECT_ID.test(part)));
}

/** `git cat-file` options that print no object's content: its type, its size, whether it exists. */
const CAT_FILE_NO_CONTENT = new Set(['-t', '-s', '-e', '--batch-check']);

/**
 * What `git cat-file` and `git show` print of an object named by its id (`git cat-file -p ec68fdd`,
 * `git show <blob id>`), and `git unpack-file <blob id>` copies into the work tree: the id may be the blob of any tracked file, of this commit or an older
 * one (`git ls-files -s` and `git rev-list --objects` print them), so it is read as every tracked
 * file of the work tree, from its top — a guarded read wherever a Read-denied file may be tracked.
 * `git cat-file --batch` reads its ids from its input. `[]` when no operand may be an id. Tags,
 * replace refs, notes and index entries made from an id (`NAMES_OBJECTS`) are read the same way.
 */
export function objectIdReads(
  name: string,
  argv: readonly string[],
  at: number,
  options: readonly ParsedOption[],
  ops: readonly number[],
): FileOperand[] {
  if (NAMES_OBJECTS.has(name)) return namesAnId(argv, at) ? [{ op: 'read', index: at, value: '.', atTop: true, ...TRACKED_TREE }] : [];
  if (name !== 'cat-file' && name !== 'show' && name !== 'unpack-file') return [];
  if (name === 'cat-file' && options.some((o) => CAT_FILE_NO_CONTENT.has(o.name))) return [];
  const dashdash = argv.indexOf('--', at + 1);
  const ids = ops.filter((k) => (dashdash < 0 || k < dashdash) && OBJECT_ID.test(argv[k]!));
  const batch = name === 'cat-file' && options.some((o) => o.name === '--batch' || o.name.startsWith('--batch='));
  if (ids.length === 0 && !batch) return [];
  return [{ op: 'read', index: ids[0] ?? at, value: '.', atTop: true, ...TRACKED_TREE }];
}

/** The subcommands whose object id operands {@link objectIdReads} reads: those that print an object and those that name one. */
const READS_IDS = new Set([...NAMES_OBJECTS, 'cat-file', 'show']);

/**
 * The object names a git command line gives, for matching against its index (`gitObjectPaths`):
 * the words (or `,`/`=`-separated parts of one) that may be object ids, after a subcommand that
 * prints or names objects, and whether it reads an index entry by path (`git show :x.txt`,
 * `git cat-file -p :0:x.txt`). Empty for any other command.
 */
export function gitObjectWords(argv: readonly string[]): { ids: string[]; readsIndex: boolean } {
  const at = argv.findIndex((w) => READS_IDS.has(w));
  if (at < 1 || !/(^|\/)git$/.test(argv[0] ?? '')) return { ids: [], readsIndex: false };
  const words = argv.slice(at + 1);
  const ids = words.flatMap((w) => w.split(/[,=]/)).filter((part) => OBJECT_ID.test(part));
  const readsIndex = (argv[at] === 'show' || argv[at] === 'cat-file') && words.some((w) => /^:(?:[0-3]:)?[^:(/!^]/.test(w));
  return { ids, readsIndex };
}
