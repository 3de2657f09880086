/**
 * What git reads and writes in the working tree, beyond its own repository metadata: files it
 * reads from the index or history (`git show HEAD:.env`, `git add -f .env`), trees it searches
 * (`git grep`), files it writes back (`checkout -- dir`, `apply`, `pull`), directories it creates
 * (`init`, `clone`, `worktree add`, `submodule add`) and config files it changes.
 * Git 2.39 manual pages; a subcommand toolgate does not know has its words assumed read and written.
 */
import {
  all,
  has,
  is,
  optionFile,
  pushOpt,
  scan,
  type FileOperand,
  type FileOperands,
  type NamesFrom,
} from '../../options/file-operands.js';
import type { ParsedOption } from '../../options/options.js';
import { GIT_GLOBAL_WITH_VALUE } from './global-options.js';
import { GIT_REF_OPERANDS, GIT_REPORTS, GIT_REWRITES_TREE, gitLongOptions, gitValueLetters } from './subcommands.js';
import { lineRangeFile } from './line-range.js';
import { objectIdReads, trackedContentReads } from './tracked-reads.js';

/** The subcommands that take log's `-L<range>:<file>` (git-log(1); builtin/log.c shares it with show and whatchanged). */
const LINE_RANGE = new Set(['log', 'show', 'whatchanged']);

/** What `git apply` and `git am` write: the files a patch names, which toolgate does not read. */
const PATCH_NAMES: NamesFrom = { kind: 'unseen', what: 'diff' };

/** What `git read-tree -u` and `git checkout-index -a` write: the files of a tree read into the index, which toolgate does not read. */
const TREE_NAMES: NamesFrom = { kind: 'unseen', what: 'git-tree' };

/**
 * What checkout, restore, switch, reset --hard/--keep/--merge, merge, rebase, pull, cherry-pick,
 * revert and stash write: the files of commits (or of the index or a stash) under each pathspec or
 * in the whole tree, which toolgate does not read.
 */
const COMMIT_NAMES: NamesFrom = { kind: 'unseen', what: 'git-commits' };

/** The temporary file `git unpack-file` and `git checkout-index --temp` write: a fixed stem and six random characters. */
const MERGE_FILE = '.merge_file_??????';

/** The working-tree files a `rev:path` word names (`HEAD:.env`, `:.env`, `:0:a/b`); `./` paths are relative to the cwd. */
function revPath(word: string): { value: string; fromRoot: boolean } | undefined {
  if (word.startsWith('-')) return undefined;
  const m = /^(?:[^:]*:)?(?:[0-3]:)?(.*)$/.exec(word);
  if (!m || !word.includes(':') || /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return undefined;
  const path = m[1] ?? '';
  if (path === '' || path.startsWith('/')) return undefined;
  return path.startsWith('./') || path.startsWith('../') ? { value: path, fromRoot: false } : { value: path, fromRoot: true };
}

/**
 * Where a magic pathspec points (gitglossary(7)): `:/x` (or `:(top)x`) is `x` from the top of the
 * work tree; any other magic (`:!x`, `:^x`, `:(exclude)x`, `:(glob)…`) is taken as the whole tree,
 * which covers what it names. `{}` for a plain pathspec.
 */
function magicPathspec(word: string): { value?: string; fromRoot?: boolean } {
  if (!word.startsWith(':')) return {};
  const top = /^:(?:\/|\(top\))(.*)$/.exec(word);
  if (top !== null && !/^[!^(]/.test(top[1]!)) return { value: top[1] === '' ? '.' : top[1]!, fromRoot: true };
  return { value: '.', fromRoot: true };
}

/** Operands after `--`, and operands that look like paths (but are not `rev:path`), are pathspecs. */
function pathspecs(argv: readonly string[], ops: readonly number[]): number[] {
  const dashdash = argv.indexOf('--');
  return ops.filter((k) => (dashdash >= 0 && k > dashdash) || (looksLikePath(argv[k]!) && revPath(argv[k]!) === undefined));
}

function looksLikePath(word: string): boolean {
  return word.includes('/') || word.startsWith('.') || word.startsWith('~') || word === '*' || /[*?[]/.test(word);
}

/** `git clone URL` without a directory: the repository's name (`…/x.git` → `x`). */
function humanish(url: string): string | undefined {
  const name = url
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
    .split(/[/:]/)
    .pop();
  return name === undefined || name === '' || name === '.' || name === '..' ? undefined : name;
}

function sub(argv: readonly string[]): { at: number; chdir: number[]; trees: FileOperand[]; unresolved: string[] } {
  const chdir: number[] = [];
  const trees: FileOperand[] = [];
  const unresolved: string[] = [];
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith('-')) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(0, eq) : a;
    if (name === '--git-dir' || name === '--work-tree') {
      // Another repository or working tree: git writes there.
      if (eq >= 0) trees.push({ op: 'write', index: i, value: a.slice(eq + 1), tree: 'some' });
      else if (i + 1 < argv.length) trees.push({ op: 'write', index: i + 1, tree: 'some' });
      unresolved.push(`git ${name} works on a repository or tree toolgate does not follow`);
    }
    if (a === '-C' && i + 1 < argv.length) chdir.push(i + 1);
    else if (/^-C./.test(a)) unresolved.push('git -C<dir> changes the directory');
    if (eq < 0 && GIT_GLOBAL_WITH_VALUE.has(a)) i += 2;
    else i += 1;
  }
  return { at: i, chdir, trees, unresolved };
}

/**
 * Whether git's global options before the subcommand (at `at`) set `init.templateDir`, which
 * `git init` and `git clone` read as `--template` (git-init(1) TEMPLATE DIRECTORY): `-c KEY=V`,
 * `-cKEY=V`, `--config-env=KEY=VAR`, `--config-env KEY=VAR`. Section and key names are
 * case-insensitive (git-config(1)).
 */
function templateConfigured(argv: readonly string[], at: number): boolean {
  const key = /^init\.templatedir(=|$)/i;
  for (let i = 1; i < at; i++) {
    const a = argv[i]!;
    if ((a === '-c' || a === '--config-env') && i + 1 < at && key.test(argv[i + 1]!)) return true;
    if (/^-c./.test(a) && key.test(a.slice(2))) return true;
    if (a.startsWith('--config-env=') && key.test(a.slice('--config-env='.length))) return true;
  }
  return false;
}

/**
 * git reads pathspecs as globs of its own (`*` also matches `/` and dotfiles; `\\v` is `v`):
 * a pathspec with glob characters or escapes is a pattern, judged with its escapes removed.
 */
function asPathspecs(argv: readonly string[], files: FileOperand[]): FileOperand[] {
  return files.map((f) => {
    if (f.value !== undefined || (f.op === 'write' && f.tree === 'some')) return f;
    const word = argv[f.index] ?? '';
    if (!/[*?[\\]/.test(word) || word.startsWith(':(')) return f;
    const unescaped = word.replace(/\\(.)/g, '$1');
    return /[*?[]/.test(unescaped) ? { ...f, value: unescaped, pattern: true } : { ...f, value: unescaped };
  });
}

/** git: pathspecs read, trees searched or written, directories created, config written. */
export function gitOperands(argv: readonly string[]): FileOperands {
  const r = gitOperandsRaw(argv);
  if (GIT_REF_OPERANDS.has(argv[sub(argv).at] ?? '')) return r;
  // `r` is a fresh object (see gitOperandsRaw's `done`).
  r.files = asPathspecs(argv, r.files);
  return r;
}

/**
 * Long options of git subcommands that take a value, and that take none (for abbreviations): how
 * the options of a subcommand whose entry lists none of its own (`long`, `subcommands.ts`) are read.
 */
const GENERIC_LONG_ARG: readonly string[] = [
  'contents',
  'file',
  'output',
  'blob',
  'output-directory',
  'type',
  'default',
  'value',
  'comment',
  'template',
  'separate-git-dir',
  'reference',
  'message',
  'pathspec-from-file',
  'source',
  'directory',
  'include',
  'exclude',
  'prefix',
  'format',
  'branch',
  'origin',
  'depth',
  'config',
  'upload-pack',
  'author',
  'date',
  'reuse-message',
  'reedit-message',
  'fixup',
  'squash',
  'cleanup',
  'gpg-sign',
  'strategy',
  'strategy-option',
  'onto',
  'exec',
  'remote',
  'worktree-attributes',
  'name',
  'reason',
  'ignore-revs-file',
];
const GENERIC_LONG_FLAGS: readonly string[] = [
  'force',
  'untracked',
  'no-index',
  'cached',
  'staged',
  'worktree',
  'hard',
  'soft',
  'mixed',
  'keep',
  'merge',
  'dry-run',
  'all',
  'global',
  'system',
  'local',
  'patch',
  'intent-to-add',
  'recurse-submodules',
  'check',
  'stat',
  'numstat',
  'summary',
  'index',
  'bare',
  'mirror',
  'no-checkout',
  'detach',
  'orphan',
  'open-files-in-pager',
];

function gitOperandsRaw(argv: readonly string[]): FileOperands {
  const { at, chdir, trees, unresolved } = sub(argv);
  const files: FileOperand[] = [...trees];
  const name = argv[at];
  if (name === undefined) return { files, unresolved, chdir };
  const rest = (shape: Parameters<typeof scan>[1]) => scan(argv, shape, at + 1);
  const done = (extra?: Pick<FileOperands, 'modelled' | 'notFiles'>): FileOperands => {
    const out: FileOperands = { files, unresolved, chdir };
    if (extra?.modelled !== undefined) out.modelled = extra.modelled;
    if (extra?.notFiles !== undefined) out.notFiles = extra.notFiles;
    return out;
  };
  const readRevPaths = (ops: readonly number[]): void => {
    for (const k of ops) {
      const rp = revPath(argv[k]!);
      if (rp) files.push({ op: 'read', index: k, value: rp.value, fromRoot: rp.fromRoot, fromHistory: true });
    }
  };
  // Its own long options where its entry lists them (git resolves an abbreviation against the
  // subcommand's options only: `git mv --v` is `--verbose`); else those every subcommand shares.
  const own = gitLongOptions(name);
  const shape = {
    shortArg: gitValueLetters(name),
    longArg: own?.values ?? GENERIC_LONG_ARG,
    longFlags: own?.flags ?? GENERIC_LONG_FLAGS,
  };
  const { options, operands: ops } = rest(shape);
  // Paths named on standard input (`find STATE | git hash-object -w --stdin-paths`): reads of
  // files toolgate cannot see, like xargs's.
  const words = argv.slice(at + 1);
  const stdinPaths =
    (name === 'hash-object' && words.includes('--stdin-paths')) ||
    ((name === 'update-index' || name === 'checkout-index') && words.includes('--stdin')) ||
    options.some((o) => is(o, '--pathspec-from-file') && o.value === '-');
  if (stdinPaths) unresolved.push(`git ${name} reads the files named on its input`);
  for (const o of options) {
    if (is(o, '--contents') && o.value !== '-') pushOpt(files, optionFile(o, 'read', argv));
    if (is(o, '--pathspec-from-file') && o.value !== '-') {
      pushOpt(files, optionFile(o, 'read', argv));
      unresolved.push('git --pathspec-from-file names paths in a file');
    }
    // `git log/diff/show/format-patch --output=F` writes F; format-patch `-o DIR` writes into DIR.
    if (is(o, '--output', '--output-directory') || (name === 'format-patch' && is(o, '-o')) || (name === 'archive' && is(o, '-o')))
      pushOpt(files, optionFile(o, 'write', argv));
    // A template directory's files are copied into the new repository (`init`, `clone`).
    if (is(o, '--template') && (name === 'init' || name === 'clone')) {
      pushOpt(files, optionFile(o, 'read', argv, { tree: 'all' }));
    }
    if (is(o, '--separate-git-dir')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if ((name === 'commit' || name === 'tag' || name === 'notes' || name === 'merge') && is(o, '-F', '--file'))
      pushOpt(files, optionFile(o, 'read', argv));
    if (name === 'commit' && is(o, '-t')) pushOpt(files, optionFile(o, 'read', argv));
    // `git blame -S FILE` reads revisions from FILE and names the line it cannot read (git-blame(1)).
    if ((name === 'blame' || name === 'annotate') && is(o, '-S', '--ignore-revs-file')) pushOpt(files, optionFile(o, 'read', argv));
    if (is(o, '--open-files-in-pager', '-O') && name === 'grep') unresolved.push('git grep -O opens files in a program');
    // `git log -L1,1:.env` prints that file's lines from history, as `git blame .env` reads it.
    if (LINE_RANGE.has(name) && is(o, '-L') && o.value !== undefined) {
      const file = lineRangeFile(o.value);
      if (file !== undefined) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: file });
      else unresolved.push(`git ${name} -L names a file toolgate cannot tell from its range`);
    }
  }
  const notFiles = options
    .filter((o) =>
      is(
        o,
        '-m',
        '--message',
        '-c',
        '-C',
        '--reuse-message',
        '--reedit-message',
        '--author',
        '--date',
        '--format',
        '--prefix',
        '-b',
        '--branch',
      ),
    )
    .flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : []));
  const specs = pathspecs(argv, ops);
  files.push(...configWrites(name, argv, at, options, ops));
  switch (name) {
    case 'config':
      files.push(...gitConfigWrites(argv, at, options, ops));
      return done({ notFiles: ops });
    case 'init': {
      const dir = ops[0];
      const base = dir !== undefined ? argv[dir]! : '.';
      const at2 = dir ?? at;
      if (dir !== undefined) files.push({ op: 'write', index: dir });
      // The new (or reinitialised) repository's metadata; a template or separate directory supplies its content.
      const supplied = has(options, '--template', '--separate-git-dir') || templateConfigured(argv, at);
      files.push({ op: 'write', index: at2, value: `${base}/.git`, tree: 'some', ...(supplied ? {} : { ownMetadata: true }) });
      return done();
    }
    case 'clone': {
      const [repo, dir] = ops;
      if (repo !== undefined && looksLikePath(argv[repo]!) && !/^[a-z][a-z0-9+.-]*:\/\/|^[^/]*@[^/]*:/i.test(argv[repo]!))
        files.push({ op: 'read', index: repo, tree: 'all' });
      if (dir !== undefined) files.push({ op: 'write', index: dir, tree: 'some' });
      else if (repo !== undefined) {
        const guess = humanish(argv[repo]!);
        if (guess !== undefined) files.push({ op: 'write', index: repo, value: guess, tree: 'some', derived: guess });
        else unresolved.push('git clone writes a directory named after the repository');
      }
      // A template copies its hooks into the new repository's `.git`; without one, git makes that
      // metadata with content of its own (a template from the environment or the configuration
      // is judged where the call's facts are known: programs/git/template.ts).
      const d = dir !== undefined ? argv[dir]! : (humanish(argv[repo ?? 0] ?? '') ?? '.');
      if (has(options, '--template', '--separate-git-dir') || templateConfigured(argv, at))
        files.push({ op: 'write', index: dir ?? at, value: `${d}/.git`, tree: 'some' });
      else if (repo !== undefined) files.push({ op: 'write', index: dir ?? at, value: `${d}/.git`, tree: 'some', ownMetadata: true });
      return done({ notFiles: [...notFiles, ...(repo !== undefined ? [repo] : [])] });
    }
    case 'worktree': {
      const action = ops[0] !== undefined ? argv[ops[0]] : undefined;
      const args = ops.slice(1);
      // `add PATH` checks a commit out into PATH: the files its tree holds, any name (`.claude/settings.json`).
      if (action === 'add' && args[0] !== undefined) files.push({ op: 'write', index: args[0], tree: 'some', names: TREE_NAMES });
      if (action === 'remove' && args[0] !== undefined) files.push({ op: 'remove', index: args[0] });
      if (action === 'move' && args[0] !== undefined) {
        files.push({ op: 'remove', index: args[0] });
        if (args[1] !== undefined) files.push({ op: 'write', index: args[1], tree: 'some' });
      }
      return done({ notFiles: ops.slice(0, 1) });
    }
    case 'submodule': {
      const action = ops[0] !== undefined ? argv[ops[0]] : undefined;
      if (action === 'add') {
        const [repo, dir] = ops.slice(1);
        if (dir !== undefined) files.push({ op: 'write', index: dir, tree: 'some' });
        else if (repo !== undefined) {
          const guess = humanish(argv[repo]!);
          if (guess !== undefined) files.push({ op: 'write', index: repo, value: guess, tree: 'some', derived: guess });
        }
        files.push({ op: 'write', index: ops[0]!, value: '.gitmodules' });
      } else if (action !== undefined && action !== 'status' && action !== 'summary' && action !== 'foreach') {
        files.push({ op: 'write', index: ops[0]!, value: '.', tree: 'some' });
        files.push({ op: 'write', index: ops[0]!, value: '.gitmodules' });
      }
      if (action === 'foreach') unresolved.push('git submodule foreach runs a command');
      return done({ notFiles: ops.slice(0, 1) });
    }
    case 'grep': {
      for (const o of options) if (is(o, '-f')) pushOpt(files, optionFile(o, 'read', argv));
      const patternGiven = has(options, '-e', '-f');
      const searched = patternGiven ? ops : ops.slice(1);
      readRevPaths(searched);
      const trees = searched.filter((k) => !argv[k]!.includes(':') || looksLikePath(argv[k]!));
      const pathOps = argv.includes('--') ? trees.filter((k) => k > argv.indexOf('--')) : trees.filter((k) => looksLikePath(argv[k]!));
      // It searches the tracked files (`--untracked`: and the untracked ones not ignored); `--no-index` every file.
      // It reads regular files only and walks into no symbolic link; the tracked files are read where
      // they stand, so a tracked path below a link is read through it (see `walksThroughLinks`).
      const takes = has(options, '--no-index')
        ? { walksLinks: false }
        : { walksLinks: false, gitTakes: has(options, '--untracked') ? ('unignored' as const) : ('tracked' as const) };
      files.push(...all(pathOps, 'read', { tree: 'all', ...takes }));
      if (pathOps.length === 0) files.push({ op: 'read', index: at, value: '.', tree: 'all', ...takes });
      return done({ notFiles: patternGiven ? [] : ops.slice(0, 1) });
    }
    case 'add':
    case 'stage': {
      // `git add -f .env` puts the file in the index, where `git show :.env` reads it; `git add dir`
      // (`.`, `-A`, `-u` without a pathspec: the working tree) stages every file below, whose
      // content `git diff --cached` and `git show :path` then print. A regular file holds only itself.
      // `-n` lists names and stages nothing. A word that looks like a file is read as one: without a
      // file-system view, a tree read of it would be a guarded read (it could be a directory).
      // It takes the tracked files below and the untracked ones no .gitignore ignores (`-u`: the
      // tracked ones only; `-f`: every file).
      const takes = has(options, '-f', '--force')
        ? {}
        : { gitTakes: has(options, '-u', '--update') ? ('tracked' as const) : ('unignored' as const) };
      const tree = has(options, '-n', '--dry-run') ? {} : { tree: 'all' as const, ...takes };
      for (const k of ops) files.push({ op: 'read', index: k, ...(looksLikeDir(argv[k]!) ? tree : {}) });
      if (ops.length === 0 && has(options, '-A', '--all', '-u', '--update', '--no-ignore-removal'))
        files.push({ op: 'read', index: at, value: '.', ...tree });
      return done();
    }
    case 'checkout-index': {
      // It writes index entries into the working tree: `-a` (or `--stdin`) every one, whose names
      // came from whatever tree was read into the index; else the paths named. `--prefix` writes
      // them under another name. `--temp` writes each to a new temporary file at the top of the
      // work tree instead (`--prefix` then plays no part), named `.merge_file_` and six random
      // characters (git-checkout-index(1); git 2.39).
      // Its own options (its entry's `long`): `--temp` is not an abbreviation of another subcommand's `--template`.
      const prefix = options.find((o) => is(o, '--prefix'));
      const whole = has(options, '-a', '--all', '--stdin');
      if (has(options, '--temp')) {
        files.push({ op: 'write', index: at, value: MERGE_FILE, pattern: true, fromRoot: true });
        return done();
      }
      if (prefix) pushOpt(files, optionFile(prefix, 'write', argv, { tree: 'some', names: TREE_NAMES }));
      else if (whole) files.push({ op: 'write', index: at, value: '.', tree: 'some', names: TREE_NAMES });
      if (!prefix) files.push(...all(ops, 'write'));
      return done();
    }
    case 'unpack-file': {
      // It writes the blob to a new temporary file `.merge_file_XXXXXX` at the top of the work tree
      // (in the directory it runs in when that is inside the repository's .git) and prints its name.
      files.push({ op: 'write', index: at, value: MERGE_FILE, pattern: true, fromRoot: true });
      return done({ notFiles: ops });
    }
    case 'read-tree': {
      // `-u` writes the tree's files into the working tree (and removes those it drops); without it
      // only the index changes. Its operands are tree-ish names.
      if (has(options, '-u')) files.push({ op: 'write', index: at, value: '.', tree: 'some', names: TREE_NAMES });
      return done({ notFiles: ops });
    }
    case 'rm':
      files.push(...all(has(options, '--cached') ? [] : ops, 'remove'));
      return done();
    case 'mv': {
      const dest = ops[ops.length - 1];
      if (dest !== undefined && ops.length >= 2) {
        // What lands at the destination is the sources' trees (`from`).
        files.push({ op: 'write', index: dest, tree: 'some', from: ops.slice(0, -1) });
        for (const k of ops.slice(0, -1))
          files.push({ op: 'remove', index: k }, { op: 'write', index: k, intoDir: dest, tree: 'some', from: [k] });
      }
      return done();
    }
    case 'clean': {
      if (has(options, '-n', '--dry-run')) return done();
      // It removes the untracked (with -x/-X, ignored) files under each pathspec, which the view
      // lists among the entries: never the repository's own .git, and nested repositories only
      // with a second -f.
      const force = options.filter((o) => is(o, '-f', '--force')).length;
      const names: NamesFrom = { kind: 'entries', spares: force >= 2 ? 'top' : 'all' };
      files.push(...all(ops, 'remove', { names }));
      if (ops.length === 0) files.push({ op: 'remove', index: at, value: '.', tree: 'some', names });
      return done();
    }
    case 'checkout':
    case 'restore':
    case 'switch':
    case 'reset': {
      readRevPaths(ops);
      const dashdash = argv.indexOf('--');
      const paths = name === 'restore' ? ops : name === 'switch' ? [] : dashdash >= 0 ? ops.filter((k) => k > dashdash) : specs;
      const indexOnly =
        (name === 'restore' && has(options, '--staged', '-S') && !has(options, '--worktree', '-W')) ||
        (name === 'reset' && !has(options, '--hard', '--merge', '--keep'));
      if (indexOnly) return done();
      // What lands is the files a commit or the index holds under each pathspec (or in the whole
      // tree), which toolgate does not read: any of them may be a protected path.
      if (paths.length > 0)
        files.push(...all(paths, 'write', { tree: 'all', names: COMMIT_NAMES }).map((f) => ({ ...f, ...magicPathspec(argv[f.index]!) })));
      else {
        const newBranchHere =
          (name === 'checkout' && has(options, '-b', '-B', '--orphan')) ||
          (name === 'switch' && has(options, '-c', '-C', '--create', '--force-create', '--orphan'));
        const startPoint = ops.length > 0;
        if (!(newBranchHere && !startPoint)) files.push({ op: 'write', index: at, value: '.', tree: 'some', names: COMMIT_NAMES });
      }
      return done({ notFiles });
    }
    case 'apply': {
      const dry = has(options, '--check', '--stat', '--numstat', '--summary', '--cached');
      files.push(...all(ops, 'read'));
      const dir = options.find((o) => is(o, '--directory'));
      if (!dry) {
        // The files the patch names, which toolgate does not read: any name, a protected one included.
        if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some', names: PATCH_NAMES }));
        else files.push({ op: 'write', index: at, value: '.', tree: 'some', names: PATCH_NAMES });
        unresolved.push('git apply writes the files named in the patch');
      }
      return done();
    }
    case 'archive':
    case 'format-patch':
    case 'bundle': {
      readRevPaths(ops);
      files.push(...(trackedContentReads(name, argv, at, options, ops, specs) ?? all(specs, 'read')));
      const bundle = name === 'bundle' ? argv[ops[0] ?? -1] : undefined;
      if (bundle === 'create' && ops[1] !== undefined) files.push({ op: 'write', index: ops[1] });
      if ((bundle === 'verify' || bundle === 'list-heads' || bundle === 'unbundle') && ops[1] !== undefined)
        files.push({ op: 'read', index: ops[1] });
      // `unbundle` stores the bundle's objects in the repository (objects named by their hash).
      if (bundle === 'unbundle') files.push({ op: 'write', index: at, value: '.git/objects', tree: 'some', ownMetadata: true });
      return done({ notFiles });
    }
    default:
      break;
  }
  if (GIT_REWRITES_TREE.has(name)) {
    const action = ops[0] !== undefined ? argv[ops[0]] : undefined;
    const readOnlyStash = name === 'stash' && ['list', 'show', 'create'].includes(action ?? '');
    // git am applies patches: the files they name; the others write the files of the commits
    // they bring in (or the stash's): neither of which toolgate reads.
    if (!readOnlyStash) files.push({ op: 'write', index: at, value: '.', tree: 'some', names: name === 'am' ? PATCH_NAMES : COMMIT_NAMES });
    // `git stash` (push, save) stores the working tree's changed files (with -u/-a the untracked and
    // ignored ones too) where `git stash show -p` prints them.
    if (name === 'stash' && (action === undefined || action === 'push' || action === 'save')) {
      const takes = has(options, '-a', '--all')
        ? {}
        : { gitTakes: has(options, '-u', '--include-untracked') ? ('unignored' as const) : ('tracked' as const) };
      files.push({ op: 'read', index: at, value: '.', tree: 'all', ...takes });
    }
    return done({ notFiles: ops });
  }
  if (GIT_REPORTS.has(name)) {
    readRevPaths(ops);
    if (name === 'blame' || name === 'annotate') files.push(...all(ops.slice(-1), 'read'));
    // `git commit -a` stages every tracked file that changed, `git commit PATH` those under PATH
    // (its operands are all pathspecs).
    // Both take tracked files only.
    if (name === 'commit')
      for (const k of ops)
        files.push({ op: 'read', index: k, ...(looksLikeDir(argv[k]!) ? { tree: 'all' as const, gitTakes: 'tracked' as const } : {}) });
    else files.push(...(trackedContentReads(name, argv, at, options, ops, specs) ?? all(specs, 'read')));
    if (name === 'commit' && has(options, '-a', '--all'))
      files.push({ op: 'read', index: at, value: '.', tree: 'all', gitTakes: 'tracked' });
    if (name === 'diff' && has(options, '--no-index')) files.push(...all(ops, 'read', { tree: 'all' }));
    files.push(...objectIdReads(name, argv, at, options, ops));
    return done({ notFiles });
  }
  // A subcommand toolgate does not model: its words may be files it reads and writes.
  readRevPaths(ops);
  return done({ modelled: 'partly', notFiles: [...notFiles, at] });
}

/** `git remote` actions that only show. */
const REMOTE_SHOWS = new Set(['show', 'get-url', 'update', 'prune', 'set-head']);
/** `git branch` options that rename, copy, delete or set a branch's upstream (its `branch.<name>` section). */
const BRANCH_CONFIG = new Set([
  '-u',
  '--set-upstream-to',
  '--unset-upstream',
  '-m',
  '-M',
  '--move',
  '-c',
  '-C',
  '--copy',
  '-d',
  '-D',
  '--delete',
  '--edit-description',
  '-t',
  '--track',
]);

/**
 * Config files a subcommand other than `git config` writes: `remote add/set-url/…`, `branch -u/-m/-d/…`,
 * `push -u`, `pull/fetch --set-upstream`, `checkout/switch --track`, `sparse-checkout`, `maintenance
 * register/start` (also `~/.gitconfig`), `lfs install` (also `~/.gitconfig` and hooks). Git 2.39
 * manual pages. Tracking set up implicitly (`checkout -b x origin/x`, `branch.autoSetupMerge`)
 * writes names taken from existing refs and is not counted.
 */
function configWrites(
  name: string,
  argv: readonly string[],
  at: number,
  options: readonly ParsedOption[],
  ops: readonly number[],
): FileOperand[] {
  const action = ops[0] !== undefined ? argv[ops[0]] : undefined;
  const opt = (...names: string[]) => options.some((o) => names.some((n) => o.name === n || o.name.startsWith(`${n}=`)));
  const local: FileOperand = { op: 'write', index: at, value: '.git/config' };
  const global: FileOperand = { op: 'write', index: at, value: '.gitconfig', inHome: true };
  switch (name) {
    case 'remote':
      return action !== undefined && !REMOTE_SHOWS.has(action) ? [local] : [];
    case 'branch':
      return options.some((o) => BRANCH_CONFIG.has(o.name.replace(/=.*$/, ''))) ? [local] : [];
    case 'push':
      return opt('-u', '--set-upstream') ? [local] : [];
    case 'pull':
    case 'fetch':
      return opt('--set-upstream') ? [local] : [];
    case 'checkout':
    case 'switch':
      return opt('-t', '--track') ? [local] : [];
    case 'sparse-checkout':
      return action !== 'list'
        ? [local, { op: 'write', index: at, value: '.git/config.worktree' }, { op: 'write', index: at, value: '.git/info/sparse-checkout' }]
        : [];
    case 'maintenance':
      return ['register', 'unregister', 'start', 'stop'].includes(action ?? '') ? [local, global] : [];
    case 'lfs':
      return ['install', 'uninstall', 'update'].includes(action ?? '')
        ? [local, global, { op: 'write', index: at, value: '.git/hooks', tree: 'some' }]
        : [];
    default:
      return [];
  }
}

/** `git config` options that only read (the old-style forms: `git config --get KEY`). */
const CONFIG_GET_OPTIONS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l'];
const GIT_CONFIG_WRITES = /^--(add|unset|unset-all|replace-all|rename-section|remove-section|edit)$|^-e$/;

/** The config file `git config` changes: `.git/config`, `~/.gitconfig` (`--global`), `--file F`, … */
function gitConfigWrites(argv: readonly string[], at: number, options: ParsedOption[], ops: number[]): FileOperand[] {
  const action = ops[0] !== undefined ? argv[ops[0]] : undefined;
  const newStyle = ['set', 'unset', 'rename-section', 'remove-section', 'edit'].includes(action ?? '');
  const readStyle = ['get', 'list'].includes(action ?? '');
  const names = options.map((o) => o.name);
  const file = options.find((o) => o.name === '--file' || o.name === '-f');
  const out: FileOperand[] = [];
  if (file) pushOpt(out, optionFile(file, 'read', argv));
  const writes =
    newStyle ||
    names.some((n) => GIT_CONFIG_WRITES.test(n)) ||
    (!readStyle && ops.length >= 2 && !names.some((n) => CONFIG_GET_OPTIONS.includes(n)));
  if (!writes) return out;
  if (file) return [...out, ...(optionFile(file, 'write', argv) ? [optionFile(file, 'write', argv)!] : [])];
  const here = { op: 'write' as const, index: at };
  if (names.includes('--global')) return [{ ...here, value: '.gitconfig', inHome: true }];
  if (names.includes('--system')) return [{ ...here, value: '/etc/gitconfig' }];
  if (names.includes('--worktree')) return [{ ...here, value: '.git/config.worktree' }];
  return [{ ...here, value: '.git/config' }];
}

/** A word that may name a directory: `.`, `..`, `*`, a trailing `/`, or a last component without an extension. */
function looksLikeDir(word: string): boolean {
  return word === '.' || word === '..' || word.endsWith('/') || word === '*' || !/\.[^/]*$/.test(word.split('/').pop() ?? '');
}
