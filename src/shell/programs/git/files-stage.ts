/**
 * The subcommands that change which files the index and the working tree hold, by the paths
 * they name: `add` (`stage`), `rm`, `mv`, `clean`. Git 2.39 manual pages (git-add(1), git-rm(1),
 * git-mv(1), git-clean(1)).
 */
import { all, has, is, type NamesFrom } from '../../options/file-operands.js';
import type { GitFilesCall, GitFilesExtra } from './files-call.js';
import { looksLikeDir, magicPathspec } from './pathspecs.js';

/**
 * `git add PATH…`: `git add -f .env` puts the file in the index, where `git show :.env` reads it;
 * `git add dir` (`.`, `-A`, `-u` without a pathspec: the working tree) stages every file below,
 * whose content `git diff --cached` and `git show :path` then print. A regular file holds only
 * itself. `-n` lists names and stages nothing. A word that looks like a file is read as one:
 * without a file-system view, a tree read of it would be a guarded read (it could be a directory).
 */
export function add({ argv, at, options, ops, files }: GitFilesCall): GitFilesExtra {
  // It takes the tracked files below and the untracked ones no .gitignore ignores (`-u`: the
  // tracked ones only; `-f`: every file).
  const takes = has(options, '-f', '--force')
    ? {}
    : { gitTakes: has(options, '-u', '--update') ? ('tracked' as const) : ('unignored' as const) };
  const tree = has(options, '-n', '--dry-run') ? {} : { tree: 'all' as const, ...takes };
  for (const k of ops) {
    // A magic pathspec (`:(top).env`, `:/src`, `:(icase).ENV`) names what magicPathspec says: a
    // path from the top of the work tree, or the whole tree for the magic it does not follow.
    const magic = magicPathspec(argv[k]!);
    files.push({ op: 'read', index: k, ...(looksLikeDir(magic.value ?? argv[k]!) ? tree : {}), ...magic });
  }
  if (ops.length === 0 && has(options, '-A', '--all', '-u', '--update', '--no-ignore-removal'))
    files.push({ op: 'read', index: at, value: '.', ...tree });
  return {};
}

/**
 * `git rm PATH…` removes the files (`--cached`: from the index only); a magic pathspec as `add`
 * reads it. A pathspec with a wildcard matches tracked files in every folder below its literal
 * part (git's `*` matches `/`: `git rm -r '*.json'` removes `.claude/settings.json`), as does
 * magic (`:(glob)` with `**`): the removal is judged over the entries the view lists
 * below that folder, any of which the index may track (red team 12) — for a wildcard, the ones it
 * matches (`gitPattern`) — and so is `git rm -r DIR`'s.
 */
export function rm({ argv, at, options, ops, files }: GitFilesCall): GitFilesExtra {
  if (has(options, '--cached')) return {};
  // `--pathspec-from-file=F` (`-`: its input): the pathspecs are F's lines, read through the view.
  for (const o of options) {
    if (!is(o, '--pathspec-from-file') || o.value === undefined) continue;
    const index = o.valueIndex ?? o.index;
    const read = files.find((f) => f.op === 'read' && f.index === index);
    if (read !== undefined) read.listsNames = 'remove';
    else
      files.push(
        o.valueIndex !== undefined
          ? { op: 'read', index, listsNames: 'remove' }
          : { op: 'read', index, value: o.value, listsNames: 'remove' },
      );
  }
  files.push(...all(ops, 'remove').map((f) => ({ ...f, ...magicPathspec(argv[f.index]!) })));
  const names = { kind: 'entries', spares: 'all' } as const;
  const recursive = has(options, '-r');
  for (const k of ops) {
    const below = matchedBelow(argv[k]!);
    // A wildcard (not magic) selects the files below the folder whose path it matches.
    const gitPattern = below !== undefined && below.fromRoot !== true ? { gitPattern: { word: k, rest: argv[k]!.slice(below.rest) } } : {};
    if (below !== undefined)
      files.push({
        op: 'remove',
        index: at,
        value: below.value,
        ...(below.fromRoot ? { fromRoot: true } : {}),
        ...gitPattern,
        tree: 'some',
        names,
      });
    // `git rm -r DIR` removes the tracked files below it.
    else if (recursive) files.push({ op: 'remove', index: k, tree: 'some', names });
  }
  return {};
}

/**
 * The folder below which a wildcard or magic pathspec may match files: the literal folders
 * before its first wildcard (`src/*.js`: `src`; `*.json`: the cwd), from the top of the work tree
 * for magic (gitglossary(7)); `rest`, where the part matched below it starts; `undefined` for a
 * pathspec that names one path.
 */
function matchedBelow(word: string): { value: string; fromRoot?: true; rest: number } | undefined {
  if (word.startsWith(':')) return { value: '.', fromRoot: true, rest: 0 };
  const wild = word.search(/[*?[\\]/);
  if (wild < 0) return undefined;
  const slash = word.lastIndexOf('/', wild);
  return { value: slash <= 0 ? (word.startsWith('/') ? '/' : '.') : word.slice(0, slash), rest: slash < 0 ? 0 : slash + 1 };
}

/**
 * `git mv SRC… DEST`: each source leaves its place, and what lands at the destination is the
 * sources' trees (`from`). A move carries the source's content to a name a Read rule may not cover
 * (`git mv .env x.txt`, then `cat x.txt`): each source is read whole, as plain `mv` reads it.
 */
export function mv({ ops, files }: GitFilesCall): GitFilesExtra {
  const dest = ops[ops.length - 1];
  if (dest !== undefined && ops.length >= 2) {
    files.push({ op: 'write', index: dest, tree: 'some', from: ops.slice(0, -1) });
    for (const k of ops.slice(0, -1))
      files.push(
        { op: 'read', index: k, tree: 'all' },
        { op: 'remove', index: k },
        { op: 'write', index: k, intoDir: dest, tree: 'some', from: [k] },
      );
  }
  return {};
}

/**
 * `git clean` removes the untracked (with -x/-X, ignored) files under each pathspec, which the
 * view lists among the entries: never the repository's own .git, and nested repositories only
 * with a second -f. `-n` only lists them.
 */
export function clean({ argv, at, options, ops, files }: GitFilesCall): GitFilesExtra {
  if (has(options, '-n', '--dry-run')) return {};
  const force = options.filter((o) => is(o, '-f', '--force')).length;
  const names: NamesFrom = { kind: 'entries', spares: force >= 2 ? 'top' : 'all' };
  // The .git spared with -ff is the repository's own, at the top of the work tree: below a
  // pathspec such as `sub`, sub/.git is a nested repository, which -ff removes (red team 13).
  // A magic pathspec is read as `git rm` reads it (magicPathspec): `:/sub`, `:(top)sub` is sub from
  // the top of the work tree; `:(icase)SUB`, `:(literal)sub`, `:!docs`, `:/` the whole tree, as
  // `git clean -ffd .` is judged (red team 14: each removed sub/ with sub/.git, or everything else).
  for (const k of ops) {
    const magic = magicPathspec(argv[k]!);
    const own = force < 2 || /^\.\/?$/.test(magic.value ?? argv[k]!);
    files.push({ op: 'remove', index: k, ...magic, names: own ? names : { kind: 'entries' } });
  }
  if (ops.length === 0) files.push({ op: 'remove', index: at, value: '.', tree: 'some', names });
  return {};
}
