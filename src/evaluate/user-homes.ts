/**
 * Where a shell's `~NAME` leads (decision 0170): bash 5.2 and zsh 5.9 expand `~NAME/…` to the home
 * the user database gives NAME (getpwnam), not to `$HOME` (with HOME a sandbox, `~root/bin/x.sh`
 * was `/root/bin/x.sh`); zsh looks at its named directories and at a parameter NAME holding an
 * absolute path first (`given-values-zsh.ts` reads those). Read from `/etc/passwd` through the
 * view; a name it does not list may still be a user (NSS, LDAP), so no place is said for it.
 */
import type { ReadonlyFsView } from '../core/ports.js';

/** A `~NAME` word's parts: the user name and the rest of the word (`/bin/x.sh`, or empty). @internal */
export function tildeUser(word: string): { name: string; rest: string } | undefined {
  const m = /^~([A-Za-z_][\w.-]*)(?=\/|$)/.exec(word);
  return m === null ? undefined : { name: m[1]!, rest: word.slice(m[0].length) };
}

/** The home `/etc/passwd` gives `name` (an absolute path), or `undefined` when the view does not show one. @internal */
export function passwdHome(name: string, view: ReadonlyFsView | undefined): string | undefined {
  const text = view?.readText?.('/etc/passwd');
  if (text === undefined) return undefined;
  for (const line of text.split('\n')) {
    const fields = line.split(':');
    if (fields.length >= 7 && fields[0] === name && fields[5]!.startsWith('/')) return fields[5]!.replace(/(?<=.)\/+$/, '');
  }
  return undefined;
}
