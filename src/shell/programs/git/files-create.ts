/**
 * The subcommands that make a repository or a working tree somewhere new: `init`, `clone`,
 * `worktree add`, `submodule add` — the directory they create, the metadata they fill and what
 * they copy into it. Git 2.39 manual pages (git-init(1), git-clone(1), git-worktree(1), git-submodule(1)).
 */
import { has } from '../../options/file-operands.js';
import { actionOf, TREE_NAMES, type GitFilesCall, type GitFilesExtra } from './files-call.js';
import { looksLikePath } from './pathspecs.js';

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

/** Whether a template or a separate git directory supplies the new `.git`'s content (else git makes it, `ownMetadata`). */
function metadataSupplied({ argv, at, options }: GitFilesCall): boolean {
  return has(options, '--template', '--separate-git-dir') || templateConfigured(argv, at);
}

/** `git init [DIR]`: the directory, and the new (or reinitialised) repository's metadata in it. */
export function init(call: GitFilesCall): GitFilesExtra {
  const { argv, at, ops, files } = call;
  const dir = ops[0];
  const base = dir !== undefined ? argv[dir]! : '.';
  if (dir !== undefined) files.push({ op: 'write', index: dir });
  // --bare makes the directory itself the repository (no `.git` in it): its layout goes first, so
  // a reason names what git writes (`.claude/HEAD` for `git -C .claude init --bare`).
  if (has(call.options, '--bare')) bareLayout(files, dir ?? at, base);
  files.push({
    op: 'write',
    index: dir ?? at,
    value: `${base}/.git`,
    tree: 'some',
    ...(metadataSupplied(call) ? {} : { ownMetadata: true }),
  });
  return {};
}

/**
 * `--bare` (and clone's `--mirror`) makes the directory itself the repository: its HEAD, objects and
 * refs, git's own content, which a later write of its config in the same line completes into a
 * repository git runs the configuration of (`layout.ts`; #37).
 */
function bareLayout(files: GitFilesCall['files'], index: number, dir: string): void {
  for (const part of ['HEAD', 'objects', 'refs']) files.push({ op: 'write', index, value: `${dir}/${part}`, ownMetadata: true });
}

/** `git clone REPO [DIR]`: a local repository read whole, the directory written (named after the repository without DIR), and its `.git`. */
export function clone(call: GitFilesCall): GitFilesExtra {
  const { argv, at, ops, files, unresolved } = call;
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
  if (metadataSupplied(call)) files.push({ op: 'write', index: dir ?? at, value: `${d}/.git`, tree: 'some' });
  else if (repo !== undefined) files.push({ op: 'write', index: dir ?? at, value: `${d}/.git`, tree: 'some', ownMetadata: true });
  if (repo !== undefined && has(call.options, '--bare', '--mirror')) bareLayout(files, dir ?? at, d);
  return { notFiles: [...call.text, ...(repo !== undefined ? [repo] : [])] };
}

/** `git worktree add|remove|move`: the working trees it checks out, removes or moves. */
export function worktree(call: GitFilesCall): GitFilesExtra {
  const { ops, files } = call;
  const action = actionOf(call);
  const args = ops.slice(1);
  // `add PATH` checks a commit out into PATH: the files its tree holds, any name (`.claude/settings.json`).
  if (action === 'add' && args[0] !== undefined) files.push({ op: 'write', index: args[0], tree: 'some', names: TREE_NAMES });
  if (action === 'remove' && args[0] !== undefined) files.push({ op: 'remove', index: args[0] });
  if (action === 'move' && args[0] !== undefined) {
    files.push({ op: 'remove', index: args[0] });
    if (args[1] !== undefined) files.push({ op: 'write', index: args[1], tree: 'some' });
  }
  return { notFiles: ops.slice(0, 1) };
}

/** `git submodule add REPO [DIR]` clones into DIR and records it in `.gitmodules`; other actions but the reports rewrite the tree. */
export function submodule(call: GitFilesCall): GitFilesExtra {
  const { argv, ops, files, unresolved } = call;
  const action = actionOf(call);
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
  return { notFiles: ops.slice(0, 1) };
}
