/** Whether a repository URL is reached over ssh: shared by the typed URLs (`transports.ts`) and the configured ones (`remote-urls.ts`). */

/**
 * Whether git reaches a repository named so over ssh (git(1) "GIT URLS", connect.c): `ssh://`,
 * `git+ssh://`, `ssh+git://`, or the scp-like `[user@]host:path` (a colon before any slash, not a
 * `scheme://` URL nor a `transport::address`). A local path holding a colon is taken as git would
 * take it where it does not exist.
 * @internal
 */
export function sshUrl(word: string): boolean {
  if (/^(ssh|git\+ssh|ssh\+git):\/\//i.test(word)) return true;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word) || word.includes('::') || word.startsWith('-')) return false;
  return /^[^/]*:/.test(word);
}
