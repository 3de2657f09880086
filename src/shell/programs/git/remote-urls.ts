/**
 * The ssh a git command starts for a repository its configuration names (red team 25 RT25-C: under
 * `Bash(*)` + deny `Bash(ssh *)`, `git fetch origin`, `git fetch`, `git push origin main`, `git
 * ls-remote`, `git remote update` exec'd /usr/bin/ssh for `remote.origin.url = git@host:x/y.git`,
 * and `git clone https://host/x/y` did for a `url.git@host:.insteadOf = https://host/` in
 * ~/.gitconfig — git 2.39.5 under strace — where the same URL typed was already denied).
 *
 * The typed URL is `transports.ts`'s (`gitSshTransports`); here the remote a command reaches by
 * name, or by default, is looked up in the configuration git reads (`remote.<name>.url` and
 * `.pushurl`), and every URL is rewritten as git rewrites it (`url.<base>.insteadOf`, the longest
 * prefix; `.pushInsteadOf` for pushes) before asking whether it is reached over ssh. The
 * configuration is every source git reads (decision 0133): the files, the inherited environment,
 * the command's own line (`-c`, the `GIT_CONFIG_*` it sets), and git's older remote files
 * (`legacy-remotes.ts`); the URLs of submodules, in commits toolgate does not read, may start ssh
 * ({@link unreadUrlStarts}).
 */
import type { GitConfigEntry } from './config-file.js';
import { given, isTrue } from './config-forms.js';
import { sshUrl } from './ssh-url.js';

type Last = ReadonlyMap<string, GitConfigEntry>;

/** Subcommands whose first operand names the repository, a remote's name among them (`fetch --multiple`: every operand). */
const BY_NAME: ReadonlySet<string> = new Set(['fetch', 'pull', 'push', 'ls-remote']);

/** The `git remote` forms that reach the remotes they name (`update` with none: every remote). */
const REMOTE_FORMS: ReadonlySet<string> = new Set(['show', 'update', 'prune', 'set-head']);

/** The part between the first and last dot of a key (`remote.<name>.url` → name), as written. */
function subsection(key: string): string {
  return key.slice(key.indexOf('.') + 1, key.lastIndexOf('.'));
}

/** The remotes the configuration defines. */
function configuredRemotes(last: Last): Set<string> {
  const out = new Set<string>();
  for (const key of last.keys()) if (/^remote\..+\.[a-z0-9-]+$/.test(key)) out.add(subsection(key));
  return out;
}

/**
 * The remotes a command reaches when it names none: `origin`, and any a branch or the pushing
 * default names (`branch.<b>.remote`, `.pushRemote`, `remote.pushDefault`) — which branch is
 * checked out is not read, so every branch's counts.
 */
function defaultRemotes(last: Last): Set<string> {
  const out = new Set(['origin']);
  for (const [key, e] of last)
    if (/^branch\..+\.(remote|pushremote)$|^remote\.pushdefault$/.test(key) && e.value !== null && e.value !== '') out.add(e.value);
  return out;
}

/** A word that names a repository by URL or path, not by a remote's name. */
function namesRepository(word: string): boolean {
  return word.includes(':') || word.includes('/') || word === '.' || word === '..';
}

/**
 * Whether `git SUB WORDS` reaches the configured remote `name` (words unknown: any, for a subcommand that reaches remotes). The words are
 * the subcommand's; an option's value may be taken for an operand (`--depth 1`), which is harmless
 * here: only a word that is a remote's name, or one that names a repository otherwise, counts.
 * @internal
 */
export function reachesRemoteNamed(sub: string, words: readonly string[] | undefined, last: Last, name: string): boolean {
  if (words === undefined) return BY_NAME.has(sub) || sub === 'remote' || sub === 'archive' || sub === 'maintenance';
  if (sub === 'maintenance') return prefetches(words, last);
  const end = words.indexOf('--');
  const operands = (end < 0 ? words : words.filter((_, k) => k !== end)).filter((w) => !w.startsWith('-'));
  const remotes = configuredRemotes(last);
  if (sub === 'remote') {
    const [verb, ...rest] = operands;
    if (verb === undefined || !REMOTE_FORMS.has(verb)) return false;
    if (verb === 'update' && rest.length === 0) return true;
    // `git remote update GROUP`: a group is `remotes.<group>`, a list of remotes.
    return rest.some((r) => r === name || (last.get(`remotes.${r}`)?.value ?? '').split(/\s+/).includes(name));
  }
  if (sub === 'archive') return words.some((w, k) => w === `--remote=${name}` || (w === '--remote' && words[k + 1] === name));
  if (!BY_NAME.has(sub)) return false;
  if (sub === 'fetch' && given(words, ['all'])) return true;
  if (sub === 'push' && words.some((w) => w.startsWith('--repo='))) return words.includes(`--repo=${name}`);
  const named = operands.filter((w) => remotes.has(w));
  if (named.length > 0) return sub === 'fetch' && given(words, ['multiple']) ? named.includes(name) : named[0] === name;
  if (operands.some(namesRepository)) return false;
  return defaultRemotes(last).has(name);
}

/**
 * Whether `git maintenance WORDS` runs the prefetch task, which fetches from every configured
 * remote (git 2.39.5 under strace, a stub ssh on PATH: `maintenance run --task=prefetch`, `-c
 * maintenance.prefetch.enabled=true maintenance run`, `-c maintenance.strategy=incremental
 * maintenance run --schedule=hourly` started ssh; `maintenance run`, `--task=gc`, `--auto` did
 * not). A `--schedule` counts whatever the strategy: the schedule's tasks are configuration.
 */
function prefetches(words: readonly string[], last: Last): boolean {
  const end = words.indexOf('--');
  const own = end < 0 ? words : words.slice(0, end);
  if (own.find((w) => !w.startsWith('-')) !== 'run') return false;
  const tasks = own.flatMap((w, k) => (w.startsWith('--task=') ? [w.slice(7)] : w === '--task' ? [own[k + 1] ?? ''] : []));
  if (tasks.length > 0) return tasks.includes('prefetch');
  if (own.some((w) => w === '--schedule' || w.startsWith('--schedule='))) return true;
  if (own.includes('--auto')) return false;
  const enabled = last.get('maintenance.prefetch.enabled');
  return enabled !== undefined && isTrue(enabled.value);
}

/**
 * The names of remotes `git SUB WORDS` may reach that the configuration need not define: its
 * operands that may name a remote, and the remotes it reaches when it names none
 * ({@link defaultRemotes}). git looks such a name up in the repository's older remote files
 * (`remotes/<name>`, `branches/<name>`: `legacy-remotes.ts`) when no `remote.<name>.url` is
 * set; `fetch --all`, `remote update` and the prefetch task do not (git 2.39.5). Words unknown: none.
 * @internal
 */
export function remoteNamesOf(sub: string, words: readonly string[] | undefined, last: Last): string[] {
  if (words === undefined || !BY_NAME.has(sub)) return [];
  const end = words.indexOf('--');
  const operands = (end < 0 ? words : words.filter((_, k) => k !== end)).filter((w) => !w.startsWith('-'));
  const nicks = operands.filter((w) => w !== '' && !namesRepository(w));
  return [...new Set([...nicks, ...defaultRemotes(last)])];
}

/** A remote's URL keys: lists (git fetches from the first URL, pushes to each). */
const URL_LIST = /^remote\..+\.(url|pushurl)$/;

/**
 * `last` with each remote's URL key standing for the first of its values that git reaches over
 * ssh, if one does: a remote's URLs are a list, not a value a later one replaces (git 2.39.5: `-c
 * remote.origin.url=git@h:x` after the file's `url = /tmp/none` fetched from /tmp/none; a push
 * goes to every URL). @internal
 */
export function withSshUrls<E extends GitConfigEntry>(entries: readonly E[], last: Map<string, E>): Map<string, E> {
  for (const e of entries)
    if (
      URL_LIST.test(e.key) &&
      e.value !== null &&
      last.get(e.key) !== e &&
      reachedOverSsh(e.value, last) &&
      !reachedOverSsh(last.get(e.key)?.value ?? '', last)
    )
      last.set(e.key, e);
  return last;
}

/**
 * Whether `git SUB WORDS` clones or fetches submodules, from URLs the commits' `.gitmodules` and
 * the submodules' own configuration name — text toolgate does not read, which may name ssh
 * (replay 25 C4: `git clone --recurse-submodules SRC` exec'd ssh for the source's `.gitmodules`
 * `url = git@host:x/m.git`, git 2.39.5): `clone --recurse-submodules`/`--recursive`, `submodule
 * update`, `fetch`/`pull --recurse-submodules` (not `=no`), and `fetch`/`pull` where
 * `submodule.recurse` or `fetch.recurseSubmodules` is true. The on-demand fetch git makes of a
 * populated submodule whose commit a fetch brought is not counted here. Words unknown: any form.
 * @internal
 */
export function fetchesSubmodules(sub: string, words: readonly string[] | undefined, last: Last): boolean {
  if (words === undefined) return sub === 'clone' || sub === 'submodule' || sub === 'fetch' || sub === 'pull';
  const end = words.indexOf('--');
  const own = end < 0 ? words : words.slice(0, end);
  if (sub === 'submodule') return own.find((w) => !w.startsWith('-')) === 'update';
  if (sub !== 'clone' && sub !== 'fetch' && sub !== 'pull') return false;
  let recurse: boolean | undefined;
  for (const w of own) {
    if (/^--recurs(e(-(s(u(b(m(o(d(u(l(es?)?)?)?)?)?)?)?)?)?)?|i(ve?)?)?(=|$)/.test(w)) recurse = !/=no$/.test(w);
    else if (/^--no-recurse-submodules$/.test(w)) recurse = false;
  }
  if (recurse !== undefined || sub === 'clone') return recurse === true;
  const set = (key: string) => {
    const e = last.get(key);
    return e !== undefined && (isTrue(e.value) || (key === 'fetch.recursesubmodules' && /^yes$/i.test(e.value ?? '')));
  };
  return set('submodule.recurse') || set('fetch.recursesubmodules');
}

/**
 * The programs git may start to reach repositories whose URLs toolgate does not read, and why:
 * ssh, for the submodules a form clones or fetches ({@link fetchesSubmodules}), and for an older
 * remote file the view shows but cannot read (`unreadRemote`, `legacy-remotes.ts`). A rule on
 * ssh meets such a command as a firm ask, not a match: the URL may name no ssh.
 * @internal
 */
export function unreadUrlStarts(
  sub: string,
  words: readonly string[] | undefined,
  last: Last,
  unreadRemote?: string,
): { runs: readonly string[]; why: string }[] {
  const out: { runs: readonly string[]; why: string }[] = [];
  if (unreadRemote !== undefined) out.push({ runs: ['ssh'], why: `${unreadRemote}: git may reach it over ssh` });
  if (fetchesSubmodules(sub, words, last))
    out.push({
      runs: ['ssh'],
      why: `git ${sub} clones or fetches submodules from the URLs their .gitmodules and configuration name, which toolgate does not read: one may be reached over ssh`,
    });
  return out;
}

/** `url` with the longest matching prefix of the keys `url.<base>.<which>` replaced by its base, or undefined. */
function rewritten(url: string, last: Last, which: 'insteadof' | 'pushinsteadof'): string | undefined {
  let best: { base: string; prefix: string } | undefined;
  for (const [key, e] of last) {
    if (!key.startsWith('url.') || !key.endsWith(`.${which}`) || e.value === null || e.value === '') continue;
    if (url.startsWith(e.value) && (best === undefined || e.value.length > best.prefix.length))
      best = { base: subsection(key), prefix: e.value };
  }
  return best === undefined ? undefined : best.base + url.slice(best.prefix.length);
}

/**
 * Whether git reaches `url` over ssh, as written or as its configuration rewrites it (`insteadOf`,
 * and `pushInsteadOf`, which only a push uses — counted for every command: which one asks is not
 * known where the URL is judged).
 * @internal
 */
export function reachedOverSsh(url: string, last: Last): boolean {
  return [url, rewritten(url, last, 'insteadof'), rewritten(url, last, 'pushinsteadof')].some((u) => u !== undefined && sshUrl(u));
}

/** Whether `git SUB WORDS` names a repository by a URL that starts with `prefix` (one an `insteadOf` key rewrites). @internal */
export function typesUrlWith(sub: string, words: readonly string[] | undefined, prefix: string): boolean {
  if (words === undefined) return true;
  if (!BY_NAME.has(sub) && sub !== 'clone' && sub !== 'archive') return false;
  return words.some((w) => {
    const value = !w.startsWith('-') ? w : w.includes('=') ? w.slice(w.indexOf('=') + 1) : undefined;
    return value?.startsWith(prefix) === true;
  });
}

/** The name in a key `section.<name>.variable`: a remote's (`remote.<name>.url`), a rewrite's base (`url.<base>.insteadOf`). @internal */
export const keySubsection = subsection;
