/**
 * The git configuration files a command changes: `git config` itself (`.git/config`,
 * `~/.gitconfig` with `--global`, `--file F`, …) and the subcommands that write a section of their
 * own (`remote add`, `branch -u`, `push -u`, `sparse-checkout`, …). Git 2.39 manual pages.
 */
import { optionFile, pushOpt, type FileOperand } from '../../options/file-operands.js';
import { actionOf, type GitFilesCall, type GitFilesExtra } from './files-call.js';

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
export function configWrites(call: GitFilesCall): FileOperand[] {
  const { name, at, options } = call;
  const action = actionOf(call);
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
function gitConfigWrites(call: GitFilesCall): FileOperand[] {
  const { argv, at, options, ops } = call;
  const action = actionOf(call);
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

/** `git config`: the file it changes; its operands are keys and values, no files. */
export function config(call: GitFilesCall): GitFilesExtra {
  call.files.push(...gitConfigWrites(call));
  return { notFiles: call.ops };
}
