/**
 * One git command as the files facet reads it, the shape every per-subcommand rule (an entry's
 * `files` in `subcommands.ts`, written in `files-*.ts`) takes: its words read once, and the
 * effects found so far, which the rule adds to. Rules import no table, so the table can name them.
 */
import type { FileOperand, FileOperands, NamesFrom, UnseenNames } from '../../options/file-operands.js';
import type { ParsedOption } from '../../options/gnu-options.js';
import { revPath } from './pathspecs.js';

/** A git command's words, read with its subcommand's grammar, and its effects so far. @internal */
export interface GitFilesCall {
  readonly argv: readonly string[];
  /** The index of the subcommand's word. */
  readonly at: number;
  /** The subcommand. */
  readonly name: string;
  readonly options: readonly ParsedOption[];
  /** The indices of its operands. */
  readonly ops: readonly number[];
  /** The operands that are pathspecs (see `pathspecs`). */
  readonly specs: readonly number[];
  /** The words that are option values of text — a message, an author, a format — never files. */
  readonly text: readonly number[];
  /** The files it touches, found so far. */
  readonly files: FileOperand[];
  /** Why part of what it touches is not known. */
  readonly unresolved: string[];
}

/** What a rule says beyond its effects (`{}`: nothing): words that are no files, and whether it models the subcommand only partly. */
export interface GitFilesExtra {
  readonly modelled?: FileOperands['modelled'];
  readonly notFiles?: readonly number[];
  /** Writes whose names toolgate cannot work out (a program an option runs), see `UnseenNames`. */
  readonly unseen?: readonly UnseenNames[];
}

/** What one subcommand does to files, added to `call`. @internal */
export type GitFilesRule = (call: GitFilesCall) => GitFilesExtra;

/** The word of the first operand (`git worktree add`: `add`), if any. */
export function actionOf(call: GitFilesCall): string | undefined {
  return call.ops[0] !== undefined ? call.argv[call.ops[0]] : undefined;
}

/** Reads of the blobs the `rev:path` words among `ops` name (`git show HEAD:.env`), from history. */
export function readRevPaths(call: GitFilesCall, ops: readonly number[]): void {
  for (const k of ops) {
    const rp = revPath(call.argv[k]!);
    if (rp) call.files.push({ op: 'read', index: k, value: rp.value, fromRoot: rp.fromRoot, fromHistory: true });
  }
}

/** What `git apply` and `git am` write: the files a patch names, which toolgate does not read. */
export const PATCH_NAMES: NamesFrom = { kind: 'unseen', what: 'diff' };

/** What `git read-tree -u` and `git checkout-index -a` write: the files of a tree read into the index, which toolgate does not read. */
export const TREE_NAMES: NamesFrom = { kind: 'unseen', what: 'git-tree' };

/**
 * What checkout, restore, switch, reset --hard/--keep/--merge, merge, rebase, pull, cherry-pick,
 * revert and stash write: the files of commits (or of the index or a stash) under each pathspec or
 * in the whole tree, which toolgate does not read.
 */
export const COMMIT_NAMES: Extract<NamesFrom, { kind: 'unseen' }> = { kind: 'unseen', what: 'git-commits' };

/** Which commits a command takes its files from (see `GitCommitsTaken`), as the argv says. */
export type CommitsFrom = NonNullable<Extract<NamesFrom, { kind: 'unseen' }>['commits']>;

/**
 * {@link COMMIT_NAMES}, saying which commits: only where git runs with no global option before
 * the subcommand (`-C`, `-c core.worktree=…`, `--git-dir` move the repository or its tree) and
 * every option is one of `plain` (an option not listed may change what is taken).
 */
export function commitNames(call: GitFilesCall, plain: ReadonlySet<string>, commits: CommitsFrom): NamesFrom {
  if (call.at !== 1 || !call.options.every((o) => plain.has(o.name))) return COMMIT_NAMES;
  return { ...COMMIT_NAMES, commits };
}
