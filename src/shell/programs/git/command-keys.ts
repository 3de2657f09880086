/**
 * The configuration keys whose value is a program git runs, grouped by what starts it: the one
 * list the command line's `-c KEY=VALUE` (`runs.ts`) and the configuration files' kinds
 * (`config-kinds.ts`) are both read from, so a key set in a file and the same key given with `-c`
 * are judged alike (git-config(1), git 2.39; red team 23 RT23-A). Each value is a command git runs,
 * through `sh -c` when it has shell syntax.
 */

/**
 * The pager: started only when git's output is a terminal, which a tool call's is not unless
 * `script` or `unbuffer` gives one (`config-kinds.ts` PAGER).
 */
export const PAGER_KEYS = /^core\.pager$|^pager\..+$/;
/** The editor of a message, a note or a patch (`git commit` without `-m`, `tag -a`, `notes add`, `add -e`). */
export const EDITOR_KEYS = /^core\.editor$/;
/** The editor of `git rebase -i`'s todo list. */
export const SEQUENCE_EDITOR_KEYS = /^sequence\.editor$/;
/** The program that signs and verifies (`gpg.program`, `gpg.<format>.program`, the ssh key command). */
export const SIGNING_KEYS = /^gpg\.program$|^gpg\..+\.program$|^gpg\.ssh\.defaultkeycommand$/;
/** What reaches another repository: ssh, a proxy, the other side's programs, a password prompt. */
export const TRANSPORT_KEYS = /^core\.(sshcommand|gitproxy|askpass)$|^remote\..+\.(uploadpack|receivepack)$|^uploadpack\.packobjectshook$/;
/** Credential helpers (`credential.helper`, `credential.<url>.helper`). */
export const CREDENTIAL_KEYS = /^credential\.(.+\.)?helper$/;
/** Trailer commands (`trailer.<token>.cmd`, the older `.command`). */
export const TRAILER_KEYS = /^trailer\..+\.(cmd|command)$/;
/** The browsers and man viewers `git help` and `git web--browse` start. */
export const VIEWER_KEYS = /^(browser|man)\..+\.(cmd|path)$|^web\.browser$/;
/** The tools `git mergetool` and `git difftool` start. */
export const TOOL_KEYS = /^(mergetool|difftool)\..+\.(cmd|path)$/;
/** The filter `git add -p` (and the other `--patch` forms) passes each diff through. */
export const INTERACTIVE_KEYS = /^interactive\.difffilter$/;
/** What refreshing the index, writing files and making diffs run (their kinds: `config-kinds.ts`). */
export const TREE_KEYS =
  /^core\.(fsmonitor|alternaterefscommand)$|^diff\.external$|^diff\..+\.(command|textconv)$|^merge\..+\.driver$|^filter\..+\.(clean|smudge|process)$/;

/** Every group: the keys `-c` judges as a program (`runs.ts`). */
export const COMMAND_KEY_GROUPS: readonly RegExp[] = [
  PAGER_KEYS,
  EDITOR_KEYS,
  SEQUENCE_EDITOR_KEYS,
  SIGNING_KEYS,
  TRANSPORT_KEYS,
  CREDENTIAL_KEYS,
  TRAILER_KEYS,
  VIEWER_KEYS,
  TOOL_KEYS,
  INTERACTIVE_KEYS,
  TREE_KEYS,
];

/** Whether `key` (lower case) names a program git runs. */
export function isCommandKey(key: string): boolean {
  return COMMAND_KEY_GROUPS.some((g) => g.test(key));
}
