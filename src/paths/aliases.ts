/**
 * Lexical aliases of a path: other spellings that reach a file without naming it, which a rule
 * on the file must still see (Linux `/proc/self/cwd`, Windows admin shares and short names).
 * Pure: no I/O. What cannot be told from the text is reported as unknown.
 * @packageDocumentation
 */
import { resolveLexically } from './normalize.js';

/** A path with its alias resolved, and why it may still name something else. @public */
export interface AliasedPath {
  /** The path the alias stands for (or the path itself). */
  path: string;
  /** Set when the path may name another file than `path` (another process's directory, a descriptor). */
  unknown?: string;
}

/** `/proc/<pid>/cwd|root`, also through a thread (`/proc/<pid>/task/<tid>/cwd`). */
const PROC_DIR = /^\/proc\/([^/]+)(?:\/task\/([^/]+))?\/(cwd|root)(?=\/|$)/;
const DESCRIPTOR =
  /^\/(?:proc\/[^/]+\/(?:task\/[^/]+\/)?(?:fd|fdinfo|map_files)(?:\/|$)|dev\/fd(?:\/|$)|dev\/stdin(?:\/|$)|dev\/std(?:out|err)\/)/;
/** A name below an open descriptor (`/dev/fd/3/x`, `/dev/stdin/x`, `/proc/self/fd/3/x`): Linux walks into the folder it has open. */
const BELOW_DESCRIPTOR = /^\/(?:proc\/[^/]+\/(?:task\/[^/]+\/)?(?:fd|map_files)\/[^/]+|dev\/fd\/[^/]+|dev\/(?:stdin|stdout|stderr))\/./;
/** A descriptor's link itself (`/dev/fd/3`, `/dev/stdin`, `/proc/self/fd/3`). */
const DESCRIPTOR_LINK = /^\/(?:proc\/[^/]+\/(?:task\/[^/]+\/)?(?:fd|map_files)\/[^/]+|dev\/fd\/[^/]+|dev\/(?:stdin|stdout|stderr))$/;
/**
 * A `..` after a descriptor link as written (`/dev/fd/3/../x`, `/dev/stdin/../x`): it climbs from the
 * folder the descriptor has open. `/dev/fd/..` is no such climb: `/dev/fd` is a plain link to
 * `/proc/self/fd`, which the file-system view resolves.
 */
const DESCRIPTOR_CLIMB =
  /(?:^|\/)(?:dev\/+(?:fd\/+(?!\.\.(?:\/|$))[^/]+|stdin|stdout|stderr)|proc\/+[^/]+\/+(?:task\/+[^/]+\/+)?(?:fd|map_files)\/+(?!\.\.(?:\/|$))[^/]+)\/+(?:[^]*\/)?\.\.(?:\/|$)/;

/**
 * Why a path may name a file anywhere because it goes through an open descriptor's link: a name
 * below one (`/dev/fd/3/settings.json` after `exec 3<.claude`, `/dev/stdin/.env` with `< .`) is
 * inside whatever folder the descriptor has open, and a `..` after one climbs from that folder,
 * which a lexical normalisation cannot follow (red team 17 R17-2). `undefined` for any other path, the descriptor itself included (`/dev/fd/3`, a file
 * the line's redirections open).
 * @param path - normalised absolute path.
 * @param raw - the path as written.
 * @param asFolder - the path is taken as a folder (a tree walked, written or removed: `find /dev/fd/3/
 *   -delete`): the descriptor's link itself then leads into the folder too.
 * @internal
 */
export function throughDescriptor(path: string, raw = path, asFolder = false): string | undefined {
  if (asFolder && DESCRIPTOR_LINK.test(path))
    return `${raw} is an open file descriptor's link: what is under it is inside the folder the descriptor may have open, which may be any folder`;
  if (DESCRIPTOR_CLIMB.test(raw)) return `${raw} climbs out of an open file descriptor's link, from a folder toolgate cannot see`;
  if (BELOW_DESCRIPTOR.test(path))
    return `${raw} names a file inside the folder an open file descriptor may have open, which may be any folder`;
  return undefined;
}

/** A process's `cwd` or `root` link as written (`/proc/self/cwd`, `proc/$$/cwd`, `/proc/1/task/1/root`): pid, thread part, which link. */
const PROC_LINK = /(?:^|\/)proc\/+([^/]+)\/+(task\/+[^/]+\/+)?(cwd|root)(?=\/|$)/g;
/** This process's own link at the start of an absolute path, with what follows it. */
const OWN_LINK_AT_START = /^\/+proc\/+(?:self|thread-self)\/+(cwd|root)(?:\/+|$)(.*)$/s;

/**
 * Why an absolute path that goes through /proc or /dev with a `.` or `..` segment after it cannot
 * be placed from its text: `.` segments and `X/..` pairs hide a process link (`/proc/./self/cwd`),
 * some of /proc's and /dev's names are themselves links (`/dev/fd` is `/proc/self/fd`, `/proc/net`
 * is `self/net`, so `/dev/fd/../cwd/..` climbs from the command's folder), while a lexical
 * normalisation drops `cwd/..` (replay 18 NEW-3). Fail closed: any such spelling is unsettled,
 * except this process's own link at the path's start (`/proc/self/cwd/../x`), which
 * {@link resolveProcAlias} resolves; `undefined` for every other path.
 * @param raw - the path as written.
 * @internal
 */
export function unsettledProcSpelling(raw: string): string | undefined {
  if (!raw.startsWith('/')) return undefined;
  const segments = raw.split('/').filter((s) => s !== '');
  const stack: string[] = [];
  let at = -1;
  for (let i = 0; i < segments.length && at < 0; i++) {
    const s = segments[i]!;
    if (s === '..') stack.pop();
    else if (s !== '.') stack.push(s);
    if (stack.length === 1 && (stack[0] === 'proc' || stack[0] === 'dev')) at = i;
  }
  if (at < 0 || !segments.slice(at + 1).some((s) => s === '.' || s === '..')) return undefined;
  const own = OWN_LINK_AT_START.exec(raw);
  if (own !== null) {
    const rest = own[2] ?? '';
    // After `root` the rest is a path from `/` again; after `cwd` a climb may reach /proc or /dev anew.
    if (own[1] === 'root') return unsettledProcSpelling(`/${rest}`);
    if (!(/(^|\/)\.\.(\/|$)/.test(rest) && /(^|\/)(proc|dev)(\/|$)/.test(rest))) return undefined;
  }
  return `${raw} goes through /proc or /dev with a . or .. segment, which may lead through a link toolgate cannot place`;
}

/** Does a `..` follow a process link in the path as written (`/proc/self/cwd/../x`)? @internal */
export function climbsOutOfLink(raw: string): boolean {
  const link = /(?:^|\/)proc\/+[^/]+\/+(?:task\/+[^/]+\/+)?(?:cwd|root)(?:\/+|$)(.*)$/s.exec(raw);
  return link !== null && /(^|\/)\.\.(\/|$)/.test(link[1] ?? '');
}

/**
 * Why a path through a process link may name a file anywhere (see {@link resolveProcAlias}):
 * another process's `cwd` or `root` (`/proc/$$/cwd` is the shell's, which a subshell's `cd` does
 * not move; `/proc/1/cwd`), a thread's, or a `..` after a link that does not start the path as
 * written (`/tmp/../proc/self/cwd/../x`). `undefined` for this process's own links, which
 * {@link resolveProcAlias} resolves against the command's directory.
 * @internal
 */
export function throughProcessLink(raw: string): string | undefined {
  const odd = unsettledProcSpelling(raw);
  if (odd !== undefined) return odd;
  for (const m of raw.matchAll(PROC_LINK)) {
    if ((m[1] !== 'self' && m[1] !== 'thread-self') || m[2] !== undefined)
      return `${raw} names another process's or a thread's ${m[3]}, which may be any folder`;
  }
  if (climbsOutOfLink(raw) && !OWN_LINK_AT_START.test(raw))
    return `${raw} climbs out of a process link from a folder toolgate cannot place`;
  return undefined;
}

/**
 * Resolve Linux's process links in a normalised path: `/proc/self/cwd/x` (and `thread-self`) is
 * `x` in the working directory the command runs in, `/proc/self/root/x` is `/x`, again and again
 * (`/proc/self/root/proc/self/cwd/x` is `x` in the working directory). Another process's
 * `cwd`/`root` (`/proc/1/cwd`), a thread's (`/proc/self/task/N/cwd`, which threads normally
 * share), an open descriptor (`/proc/self/fd/3`, `/dev/fd/3`, `/dev/stdin`) may be anything:
 * unknown (with `cwd`/`root` still given their most likely meaning).
 * Linux proc(5): /proc/pid/cwd, /proc/pid/root, /proc/pid/fd, /proc/pid/task.
 * @param path - normalised absolute path.
 * @param cwd - normalised working directory of the command.
 * @param raw - the path as written; `..` after a process link climbs from the link's target,
 *   which a lexical normalisation cannot follow: this process's own link at the path's start is
 *   resolved from the raw text (`/proc/self/cwd/../x` is `x` beside the working directory),
 *   any other such climb is unknown.
 * @public
 */
export function resolveProcAlias(path: string, cwd: string, raw = path): AliasedPath {
  // Every form below names /proc or /dev: most paths do neither.
  if (!path.startsWith('/proc/') && !path.startsWith('/dev/') && !raw.includes('proc/') && !raw.includes('dev/')) return { path };
  const odd = unsettledProcSpelling(raw);
  if (odd !== undefined) return { path, unknown: odd };
  if (climbsOutOfLink(raw)) {
    // `/proc/self/cwd/../hooks/x` from the path's start: the kernel climbs from the folder the link
    // leads to, the command's directory (`cd .git/refs && cp x /proc/self/cwd/../hooks/pre-commit`
    // wrote .git/hooks/pre-commit, replay 17b NEW-10), which the lexical path has dropped.
    const own = OWN_LINK_AT_START.exec(raw);
    if (own === null) return { path, unknown: `${raw} climbs out of a process link` };
    const climbed = `${own[1] === 'cwd' ? cwd : ''}/${own[2] ?? ''}`;
    return resolveProcAlias(resolveLexically('/', climbed), cwd, climbed);
  }
  const through = throughDescriptor(path, raw);
  if (through !== undefined) return { path, unknown: through };
  let p = path;
  let unknown: string | undefined;
  // Each round removes one link, so the path gets shorter: at most as many rounds as it has segments.
  for (let round = 0; round <= path.length; round++) {
    if (DESCRIPTOR.test(p)) return { path: p, unknown: `${raw} names an open file descriptor` };
    const m = PROC_DIR.exec(p);
    if (!m) break;
    const rest = p.slice(m[0].length);
    p = `${m[3] === 'cwd' ? cwd : ''}${rest}` || '/';
    const self = m[1] === 'self' || m[1] === 'thread-self';
    if (!self) unknown ??= `${raw} names another process's ${m[3]}`;
    else if (m[2] !== undefined) unknown ??= `${raw} names a thread's ${m[3]}`;
  }
  if (p === path && /\/proc\/+[^/]+\/+(?:task\/+[^/]+\/+)?(?:cwd|root)(?:\/|$)/.test(raw))
    return { path, unknown: `${raw} names a process link` };
  return unknown !== undefined ? { path: p, unknown } : { path: p };
}

/** Hosts that are always this machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '.', '?', '::1', '[::1]', '0:0:0:0:0:0:0:1', '127.1']);

/**
 * Windows spellings that reach a local drive without its drive letter, in toolgate's POSIX form
 * (after `normalizePath` with `platform: 'windows'`): an administrative share `//localhost/c$/x`
 * (also `\\?\UNC\localhost\c$\x`) is `/c/x`; the same share on a named host may be this machine
 * (its name is not known here): `/c/x`, unknown; `//c/x` is read as the drive `/c/x`. Device namespace paths that are not a drive
 * (`//?/GLOBALROOT/…`, `//./PhysicalDrive0`, `//?/Volume{…}`) are unknown.
 * Microsoft docs, "File path formats on Windows systems" (UNC paths, DOS device paths).
 * @public
 */
export function resolveWindowsShare(path: string): AliasedPath {
  let p = path;
  const unc = /^\/\/(?:\?|\.)\/unc\/(.*)$/i.exec(p);
  if (unc) p = `//${unc[1]}`;
  if (/^\/\/(?:\?|\.)\//.test(p)) return { path: p, unknown: `${path} is a device path` };
  // `//c/x`: the drive form of toolgate's rules (and MSYS), here a UNC path to host `c`; judged as the drive too.
  const driveLike = /^\/\/([A-Za-z])(\/.*)?$/.exec(p);
  if (driveLike) return { path: `/${driveLike[1]!.toLowerCase()}${driveLike[2] ?? ''}` };
  const share = /^\/\/([^/]+)\/([A-Za-z])\$(?=\/|$)(.*)$/.exec(p);
  if (share) {
    const drive = `/${share[2]!.toLowerCase()}${share[3] ?? ''}` || '/';
    return LOCAL_HOSTS.has(share[1]!.toLowerCase())
      ? { path: drive }
      : { path: drive, unknown: `${path} is a share that may be on this machine` };
  }
  return { path: p };
}

/**
 * Does a Windows path hold a segment that may be an 8.3 short name (`SECRET~1.TXT`, `PROGRA~2`)?
 * Only the file system knows which long name it stands for.
 * @public
 */
export function hasShortName(path: string): boolean {
  return path.split('/').some((s) => /^[^~/\s]{1,6}~[0-9]+(\.[^./]{0,3})?$/.test(s));
}
