/**
 * git's read-only forms: subcommands that only read, each with the options known safe (its entry's
 * `safe` in the subcommand table, `subcommands.ts`). Options are matched exactly (an abbreviation
 * git's option parser would expand is not listed, so it asks); a value is attached (`--format=%h`,
 * `-n5`, `-5`) or, for the options listed as taking one, the next word. Sources: git 2.39 manuals (git-log(1), git-diff(1), git-show(1),
 * git-status(1), …); Claude Code CLI 2.1.332 observed (`git --no-pager …`, `git version`,
 * `git ls-tree`, `git count-objects`, `git show-ref`, `git remote get-url`, `git config --list`
 * ask). `--no-pager`/`-P` and `count-objects`, `show-branch`, `diff-tree`, `check-ignore` are
 * read-only here though the CLI asks (decision 0077): each was run with every program-running
 * key set, and what it reads is judged in its world (`config-reads.ts`).
 */
import type { ReadOnlyVerdict } from '../../types.js';
import type { SafeOptions } from './safe-options.js';
import { GIT_READ_ONLY_SUBCOMMANDS, gitSafeOptions } from './subcommands.js';

/**
 * Read-only git subcommands, per set: the entries of the subcommand table that name the set
 * (`subcommands.ts`).
 * @internal
 */
export const GIT_READ_ONLY = GIT_READ_ONLY_SUBCOMMANDS;

/**
 * robota: options that name a file git reads (an ignore-revs, exclude or pathspec list, blame's
 * contents), which robota's read-only check refuses (its read-only-commands tests). @internal
 */
export const GIT_FILE_OPTIONS_ROBOTA: readonly string[] = [
  'ignore-revs-file',
  'exclude-from',
  'exclude-per-directory',
  'contents',
  'pathspec-from-file',
  'orderfile',
  // Paths outside the repository, which robota's read-only check does not judge.
  'no-index',
];

/** git options that disqualify anywhere in the command. @internal */
export const GIT_UNSAFE_LONG: readonly string[] = [
  'output',
  'ext-diff',
  'open-files-in-pager',
  'exec',
  'upload-pack',
  'textconv',
  'filters',
];

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

const sets = new Map<SafeOptions, { flags: Set<string>; values: Set<string>; next: Set<string> }>();
function setsOf(sub: SafeOptions) {
  let s = sets.get(sub);
  if (!s) {
    const words = (t: string | undefined) => new Set((t ?? '').split(/\s+/).filter(Boolean));
    s = { flags: words(sub.flags), values: words(sub.values), next: words(sub.nextWord) };
    sets.set(sub, s);
  }
  return s;
}

/**
 * Checks a read-only git subcommand's words after the subcommand: every option known safe (exact
 * long names; short letters listed; values attached or, where listed, the next word). Words after
 * `--` are paths.
 */
export function checkGitOptions(subName: string, rest: readonly string[]): ReadOnlyVerdict {
  const safe = gitSafeOptions(subName);
  if (safe === undefined || safe === 'forms') return no(`git ${subName} is not a read-only git command`);
  const { flags, values, next } = setsOf(safe);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    if (!a.startsWith('-') || a === '-') continue;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (eq < 0 && flags.has(name)) continue;
      if (eq >= 0 && values.has(name)) continue;
      if (eq < 0 && next.has(name)) {
        // A next word that looks like an option is checked as one, never skipped as a value.
        if (rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('-')) i++;
        continue;
      }
      return no(`git ${subName} ${a} is not an option known to be read-only`);
    }
    if (safe.numeric && /^-\d+$/.test(a)) continue;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if ((safe.shortAttached ?? '').includes(c)) break;
      if ((safe.shortValues ?? '').includes(c)) {
        if (k === a.length - 1 && rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('-')) i++;
        break;
      }
      if (!(safe.shortFlags ?? '').includes(c)) return no(`git ${subName} -${c} is not an option known to be read-only`);
    }
  }
  return YES;
}
