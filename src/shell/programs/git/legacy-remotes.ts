/**
 * git's older ways of naming a remote: a file `remotes/<name>` (lines `URL: <url>`) or
 * `branches/<name>` (`<url>#<branch>`) in the repository's common directory, read when the
 * configuration sets no `remote.<name>.url` (git 2.39 remote.c `read_remotes_file`,
 * `read_branches_file`; replay 25 C3: with `.git/remotes/up` naming `git@host:x/y.git`, `git fetch
 * up` exec'd ssh, and `.git/branches/up` did the same, git 2.39.5 under strace). Each URL is given
 * as the `remote.<name>.url` entry git makes of it, so the one reading of remotes
 * (`remote-urls.ts`) judges it with the configured ones.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import type { PlacedConfigEntry } from './repository.js';

/** A name git may take for a remote's (remote.c `valid_remote_nick`): no slash, not `.` or `..`. */
function remoteNick(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0');
}

/** The URLs of a `remotes/<name>` file: each `URL:` line's value. @internal */
export function remotesFileUrls(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => (line.startsWith('URL:') ? [line.slice(4).trim()] : []))
    .filter((u) => u !== '');
}

/** The URL of a `branches/<name>` file: its first line up to `#`. @internal */
export function branchesFileUrl(text: string): string | undefined {
  const url = (text.split('\n')[0] ?? '').trim().split('#')[0]!;
  return url === '' ? undefined : url;
}

/**
 * The `remote.<name>.url` entries the older remote files of the repository whose common directory
 * is `commonDir` give the remotes `names`, or why they cannot be read (a file the view shows but
 * cannot read: its URL may be any).
 * @internal
 */
export function legacyRemoteEntries(
  view: ReadonlyFsView,
  commonDir: string,
  names: readonly string[],
): PlacedConfigEntry[] | { unknown: string } {
  const out: PlacedConfigEntry[] = [];
  for (const name of names) {
    if (!remoteNick(name)) continue;
    for (const [folder, urls] of [
      ['remotes', remotesFileUrls],
      ['branches', (t: string) => [branchesFileUrl(t)].filter((u) => u !== undefined)],
    ] as const) {
      const file = `${commonDir}/${folder}/${name}`;
      if (!view.exists(file)) continue;
      const text = view.readText?.(file);
      if (text === undefined) return { unknown: `${file} names the remote ${name}'s URL, which toolgate cannot read` };
      for (const url of urls(text)) out.push({ key: `remote.${name}.url`, value: url, file });
    }
  }
  return out;
}
