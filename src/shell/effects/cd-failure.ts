/**
 * Why a `cd` (`pushd`, zsh's and dash's `chdir`) may fail even where the directory it names
 * exists, leaving the shell where it was for the commands after it (`cwd-flow.ts` then judges them
 * from both places). Replay of red team 20, NEW-R1: `cd .. < /nonexistent; cat .env` and
 * `cd ./nonexist/../..; cat .env` read the project's .env while toolgate judged the parent's.
 */
import { climbedParts } from '../programs/cd.js';
import type { Redirect, SimpleCommand } from '../types.js';

/**
 * Whether one of a builtin's redirections may fail: the shell then reports it and skips the
 * builtin (bash, zsh and dash alike, status 1) — a missing file or folder (`< /nonexistent`,
 * `> /nonexist/x`), a directory (`> src`), a bad descriptor (`<&7`, `2>&7`), a here-string's
 * temporary file. Only `/dev/null` opens wherever a shell runs; a descriptor `>&2` names may have
 * been closed by the script itself.
 * @internal
 */
export function redirectionMayFail(redirects: readonly Redirect[]): boolean {
  return redirects.some((r) => !(r.targetLiteral && r.target === '/dev/null'));
}

/**
 * Whether `cmd`, a directory change whose directory word is at `index` (undefined: none, as `cd`
 * alone), may fail wherever that directory exists: a redirection that may fail
 * (`redirectionMayFail`, the compound command's it stands in included), or a part before a `..`
 * that `shownDirectory` does not show to be a directory from every place the cd may start
 * (`cd src/nonexist/../..`; `climbedParts`), or one toolgate cannot read (not literal).
 * @internal
 */
export function cdMayFailAnyway(cmd: SimpleCommand, index: number | undefined, shownDirectory: (part: string) => boolean): boolean {
  if (redirectionMayFail(cmd.redirects)) return true;
  if (index === undefined) return false;
  const parts = climbedParts(cmd.argv[index] ?? '');
  if (parts.length === 0) return false;
  return cmd.literal[index] !== true || parts.some((p) => !shownDirectory(p));
}
