/**
 * The read-only walk of a git command, for both read-only sets: its global options, the
 * subcommand, the options no read-only subcommand may have, and each listing subcommand's own
 * forms (`git branch` lists, `git branch NAME` creates). The git model's read-only check.
 */
import type { ReadOnlyVerdict } from '../../types.js';
import { matchesLong } from '../read-only-parse.js';
import { signatureFormat } from './formats.js';
import { GIT_GLOBAL_READ_ONLY } from './global-options.js';
import { checkGitOptions, GIT_FILE_OPTIONS_ROBOTA, GIT_READ_ONLY, GIT_UNSAFE_LONG } from './read-only.js';
import { gitSafeOptions } from './subcommands.js';

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/**
 * Whether a git command is read-only in the set: `argv` its words (for Claude Code's set each is
 * literal; the caller refuses a command with a word that is not).
 * @internal
 */
export function gitReadOnly(argv: readonly string[], set: 'claudeCode' | 'robota'): ReadOnlyVerdict {
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) break;
    // The Claude Code CLI 2.1.332 asks about every global option (git --no-pager log); these only
    // keep git from running its pager or from writing the index, so both sets take them.
    if (GIT_GLOBAL_READ_ONLY.has(a)) continue;
    return no(
      `git global option ${a} is not known to be read-only (it can change the configuration, the directory or the repository git uses, or start a pager)`,
    );
  }
  const sub = argv[i];
  if (sub === undefined) return no('git without a subcommand');
  if (!GIT_READ_ONLY[set].has(sub)) return no(`git ${sub} is not a read-only git command`);
  const rest = argv.slice(i + 1);
  for (const a of rest) {
    if (a.startsWith('--')) {
      const hit = matchesLong(a.slice(2).split('=')[0]!, GIT_UNSAFE_LONG);
      if (hit) return no(`git --${hit} is not read-only`);
      const file = set === 'robota' ? matchesLong(a.slice(2).split('=')[0]!, GIT_FILE_OPTIONS_ROBOTA) : undefined;
      if (file) return no(`git --${file} reads a file robota does not check`);
    }
    if (set === 'robota' && sub === 'ls-files' && /^-[A-Za-z]*X/.test(a))
      return no('git ls-files -X reads an exclude file robota does not check');
    if (sub === 'grep' && /^-[A-Za-z]*O/.test(a)) return no('git grep -O opens files in a program');
  }
  const verifying = signatureFormat(rest);
  if (verifying !== undefined)
    return no(`git ${sub} --format ${verifying} verifies signatures, which runs gpg.program for every signed commit`);
  const positional = rest.filter((a) => !a.startsWith('-'));
  const flags = rest.filter((a) => a.startsWith('-'));
  // A subcommand whose read-only forms are a rule of its own (`forms`) has that rule below instead.
  if (set === 'claudeCode' && gitSafeOptions(sub) !== 'forms') {
    const options = checkGitOptions(sub, rest);
    if (!options.readOnly) return options;
  }
  switch (sub) {
    case 'branch': {
      // `--abbrev`, `--color` and `--column` take a value only with `=`: `git branch --abbrev 7` creates branch 7.
      const listing = new Set([
        '-a',
        '-r',
        '-v',
        '-vv',
        '-l',
        '--list',
        '--all',
        '--remotes',
        '--verbose',
        '--show-current',
        '-q',
        '--quiet',
        '--color',
        '--no-color',
        '--column',
        '--no-column',
        '-i',
        '--ignore-case',
        '--omit-empty',
        '--abbrev',
        '--no-abbrev',
      ]);
      const withValue = ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'];
      let values = 0;
      for (let k = 0; k < rest.length; k++) {
        const a = rest[k]!;
        if (!a.startsWith('-')) continue;
        const base = a.split('=')[0]!;
        if (withValue.includes(base)) {
          if (!a.includes('=')) values++;
          continue;
        }
        if (!listing.has(base) && !/^--(color|column|abbrev)=/.test(a)) return no(`git branch ${a} changes branches`);
      }
      const isList = flags.some((f) => f === '-l' || f === '--list');
      if (positional.length > values && !isList) return no('git branch with a name creates a branch');
      return YES;
    }
    case 'help':
      // A topic opens a manual page (man, like `man` itself, asks), info or a browser.
      if (positional.length > 0) return no(`git help ${positional[0]} opens a manual page (man, info or a browser)`);
      return flags.some((f) => /^-[a-z]*[wim]|^--(web|info|man)$|^--[wim]/.test(f)) ||
        flags.some((f) => !/^(-a|--all|-g|--guides)$/.test(f))
        ? no('git help with an option other than -a/-g may open a browser, info or man program')
        : YES;
    case 'remote':
      if (rest.every((a) => a === '-v' || a === '--verbose')) return YES;
      return no(`git remote ${rest.join(' ')} is not a listing form`);
    case 'tag':
      if (
        positional.length === 0 &&
        flags.every((f) => ['-l', '--list', '-n', '--contains', '--sort', '--points-at'].includes(f.split('=')[0]!))
      )
        return YES;
      if (flags.some((f) => f === '-l' || f === '--list') && flags.every((f) => ['-l', '--list', '-n'].includes(f))) return YES;
      return no('git tag with a name creates a tag');
    case 'stash':
      return rest[0] === 'list' || rest[0] === 'show' ? YES : no(`git stash ${rest[0] ?? ''} changes the stash`);
    case 'worktree':
      return rest[0] === 'list' ? YES : no(`git worktree ${rest[0] ?? ''} changes worktrees`);
    case 'reflog':
      return rest.length === 0 || rest[0] === 'show' || rest[0]!.startsWith('-') ? YES : no(`git reflog ${rest[0]} changes the reflog`);
    case 'config': {
      // The CLI asks about `git config --list` (it prints every credential helper and token in the config).
      const reads = set === 'robota' ? ['--get', '--get-all', '--get-regexp', '--list', '-l'] : ['--get', '--get-all'];
      return flags.some((f) => reads.includes(f)) &&
        !flags.some((f) => /^--(add|unset|replace|rename|remove|edit|list|file|blob|global|system)|^-[elf]$/.test(f))
        ? YES
        : no(`git config without ${reads.join('/')} (or with --list, --file, --edit) is not read-only`);
    }
    default:
      return YES;
  }
}
