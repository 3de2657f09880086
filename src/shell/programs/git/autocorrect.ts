/**
 * git's `help.autocorrect`: when a subcommand is not found (no builtin, alias or `git-NAME` on the
 * exec path or PATH), git with autocorrect on runs the one command nearest the word, with the
 * rest of the line (git help.c, `help_unknown_cmd`): `git -c help.autocorrect=immediate grpe
 * -O'rm -f notes.txt' hello` ran `git grep -O…` and its rm (red team 17, R17-6), and the user's
 * own configuration may turn it on (`evaluate/git-autocorrect.ts` reads it from the view). So where
 * the line turns it on, a subcommand git does not know is also judged as each command git could
 * correct it to.
 */
import { quoteWord } from '../../syntax/environment.js';
import type { Unwrapped } from '../wrapper-types.js';

/**
 * The commands git 2.39.5 lists (`git --list-cmds=main`) and those later releases added
 * (`replay` 2.44, `refs` 2.46, `backfill` 2.49, `last-modified` and `repo` 2.51): what git
 * compares an unknown word with. A user's `git-NAME` programs and aliases are candidates too;
 * they are programs toolgate does not know either way.
 */
const GIT_COMMANDS: readonly string[] = (
  'add add--interactive am annotate apply archive backfill bisect bisect--helper blame branch bugreport bundle ' +
  'cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout--worker checkout-index ' +
  'cherry cherry-pick clean clone column commit commit-graph commit-tree config count-objects credential ' +
  'credential-cache credential-cache--daemon credential-store daemon describe diagnose diff diff-files ' +
  'diff-index diff-tree difftool difftool--helper env--helper fast-export fast-import fetch fetch-pack ' +
  'filter-branch fmt-merge-msg for-each-ref for-each-repo format-patch fsck fsck-objects fsmonitor--daemon gc ' +
  'get-tar-commit-id grep hash-object help hook http-backend http-fetch http-push imap-send index-pack init ' +
  'init-db instaweb interpret-trailers last-modified log ls-files ls-remote ls-tree mailinfo mailsplit ' +
  'maintenance merge merge-base merge-file merge-index merge-octopus merge-one-file merge-ours merge-recursive ' +
  'merge-recursive-ours merge-recursive-theirs merge-resolve merge-subtree merge-tree mergetool mktag mktree ' +
  'multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs patch-id pickaxe prune ' +
  'prune-packed pull push quiltimport range-diff read-tree rebase receive-pack reflog refs remote remote-ext ' +
  'remote-fd remote-ftp remote-ftps remote-http remote-https repack replace replay repo request-pull rerere ' +
  'reset restore rev-list rev-parse revert rm send-pack sh-i18n--envsubst shell shortlog show show-branch ' +
  'show-index show-ref sparse-checkout stage stash status stripspace submodule submodule--helper subtree ' +
  'switch symbolic-ref tag unpack-file unpack-objects update-index update-ref update-server-info ' +
  'upload-archive upload-archive--writer upload-pack var verify-commit verify-pack verify-tag version ' +
  'web--browse whatchanged worktree write-tree'
).split(' ');

const KNOWN: ReadonlySet<string> = new Set(GIT_COMMANDS);

/** Whether git knows `name` as one of its own commands (an alias of that name is never used). @internal */
export const isGitCommand = (name: string): boolean => KNOWN.has(name);

/**
 * git's weighted edit distance (levenshtein.c) from `from` to `to`: `swap` for two adjacent
 * letters exchanged, `substitution`, `insertion` and `deletion` for one letter.
 */
function distance(from: string, to: string, swap: number, substitution: number, insertion: number, deletion: number): number {
  let row0: number[] = new Array<number>(to.length + 1).fill(0);
  let row1: number[] = Array.from({ length: to.length + 1 }, (_, j) => j * insertion);
  let row2: number[] = new Array<number>(to.length + 1).fill(0);
  for (let i = 0; i < from.length; i++) {
    row2[0] = (i + 1) * deletion;
    for (let j = 0; j < to.length; j++) {
      let cost = row1[j]! + (from[i] === to[j] ? 0 : substitution);
      if (i > 0 && j > 0 && from[i - 1] === to[j] && from[i] === to[j - 1] && cost > row0[j - 1]! + swap) cost = row0[j - 1]! + swap;
      if (cost > row1[j + 1]! + deletion) cost = row1[j + 1]! + deletion;
      if (cost > row2[j]! + insertion) cost = row2[j]! + insertion;
      row2[j + 1] = cost;
    }
    [row0, row1, row2] = [row1, row2, row0];
  }
  return row1[to.length]!;
}

/**
 * The commands git may correct `word` to: those it scores below its similarity floor (7) with
 * `levenshtein(word, command, 0, 2, 1, 3) + 1`, and those that start with it (git scores a
 * common command's prefix match 0; taken for every command here). git runs one only when a single
 * best one is close enough: every one that may be it is listed.
 * @internal
 */
export function autocorrectCandidates(word: string): string[] {
  if (word === '' || KNOWN.has(word)) return [];
  return GIT_COMMANDS.filter((c) => c.startsWith(word) || distance(word, c, 0, 2, 1, 3) + 1 < 7);
}

/**
 * Whether a `help.autocorrect` value keeps git from running a correction: `0`, `false`, `off`,
 * `no`, `show` (git 2.39 help.c: a negative or positive number, `immediate`, `prompt` run one;
 * git 2.39 takes `never` as 0 too). A value git does not read is taken as on.
 * @internal
 */
export function autocorrectOff(value: string): boolean {
  return /^(0|false|off|no|never|show)$/i.test(value.trim());
}

/**
 * What a git command whose subcommand word git does not know may run under `help.autocorrect`:
 * the same line with each command git may correct the word to, as text to judge. Nothing when the
 * word is a command, an option, not literal (judged elsewhere), an alias the line defines, or
 * the line does not turn autocorrect on (`-c help.autocorrect=…`, `GIT_CONFIG_*`).
 * @internal
 */
export function autocorrectPrograms(
  argv: readonly string[],
  literal: readonly boolean[],
  sub: number,
  pairs: readonly { readonly key: string; readonly value?: string }[],
): Unwrapped[] {
  const word = argv[sub];
  if (word === undefined || literal[sub] === false || word.startsWith('-')) return [];
  // An alias the line defines runs instead; a key toolgate cannot read is judged elsewhere (a firm ask).
  if (pairs.some((p) => p.key === `alias.${word.toLowerCase()}` || p.key === '')) return [];
  const last = pairs.filter((p) => p.key === 'help.autocorrect').at(-1);
  if (last === undefined || (last.value !== undefined && autocorrectOff(last.value))) return [];
  const candidates = autocorrectCandidates(word);
  if (candidates.length === 0) return [];
  const quoted = (w: string, k: number): string => (literal[k] === false ? w : quoteWord(w));
  const before = argv.slice(0, sub).map(quoted);
  const after = argv.slice(sub + 1).map((w, k) => quoted(w, sub + 1 + k));
  return candidates.map((c) => ({
    kind: 'text',
    script: [...before, c, ...after].join(' '),
    what: `git ${word}, which help.autocorrect may run as git ${c}`,
  }));
}
