/**
 * The subcommands that rewrite tracked files (their entry's `tree: 'rewrites'`): merge, rebase,
 * pull, cherry-pick, revert and stash write the files of the commits they bring in (or of the
 * stash), `am` those its patches name — neither of which toolgate reads, so the whole tree may be
 * written. Git 2.39 manual pages.
 */
import { has } from '../../options/file-operands.js';
import { actionOf, COMMIT_NAMES, PATCH_NAMES, type GitFilesCall, type GitFilesExtra } from './files-call.js';
import { stashShowReads } from './tracked-reads.js';

/** A subcommand that writes the files of commits into the working tree. */
export function rewrites(call: GitFilesCall): GitFilesExtra {
  call.files.push({ op: 'write', index: call.at, value: '.', tree: 'some', names: COMMIT_NAMES });
  return { notFiles: call.ops };
}

/** `git am` applies patches: the files they name. */
export function am(call: GitFilesCall): GitFilesExtra {
  call.files.push({ op: 'write', index: call.at, value: '.', tree: 'some', names: PATCH_NAMES });
  return { notFiles: call.ops };
}

/**
 * `git stash` (push, save) stores the working tree's changed files (with -u/-a the untracked and
 * ignored ones too) where `git stash show -p` prints them, and writes the tree back as HEAD has
 * it; `list`, `show` and `create` write nothing.
 */
export function stash(call: GitFilesCall): GitFilesExtra {
  const { at, options, files } = call;
  const action = actionOf(call);
  if (!['list', 'show', 'create'].includes(action ?? ''))
    files.push({ op: 'write', index: at, value: '.', tree: 'some', names: COMMIT_NAMES });
  if (action === undefined || action === 'push' || action === 'save') {
    const takes = has(options, '-a', '--all')
      ? {}
      : { gitTakes: has(options, '-u', '--include-untracked') ? ('unignored' as const) : ('tracked' as const) };
    files.push({ op: 'read', index: at, value: '.', tree: 'all', ...takes });
  }
  if (action === 'show') files.push(...stashShowReads(at, options));
  return { notFiles: call.ops };
}
