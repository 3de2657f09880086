/**
 * Whether a text — code toolgate reads as data (SQL given to `sqlite3`, a script in a heredoc, an
 * MCP tool's input) — names a path: the one matcher toolgate's guards of its own files share
 * (serve's self-guard, the built-in rule for serve's default state directory). What code computes
 * (`'/s/' || 'token'`) is opaque here. Pure: the file system is asked only through `realpath`.
 */
import { posix } from 'node:path';

/** Characters that end a path written inside a word of code (SQL, a script): quotes, separators, brackets. */
export const PATH_STOP = /[\s'"`(),;=<>|&]/;

/** What a text is read with: where `~` and `$HOME` lead, other known variables, the directories a relative path starts from, and links. */
export interface TextPathContext {
  /** The home directory: `~/`, `$HOME/` and `${HOME}/` at the start of a word stand for it. */
  home: string;
  /** Variables whose value is known: `$NAME/` and `${NAME}/` stand for it. */
  variables?: Readonly<Record<string, string>>;
  /** The directories a relative path written in the text may start from (none: only absolute paths count). */
  cwds?: readonly string[];
  /** The real path of a path, through links already there; `undefined` when it does not resolve. */
  realpath?: (path: string) => string | undefined;
}

/**
 * Whether a path written in `text` may end before index `i`: the text ends, or a `/` (a path
 * inside), a character that ends a path, or a URL's query or fragment (`file:/s/toolgate.db?mode=ro`) follows.
 */
const endsPath = (text: string, i: number) => i >= text.length || /[/?#]/.test(text[i]!) || PATH_STOP.test(text[i]!);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` names `target` (absolute, normalised) or a path inside it: written in full, with
 * `~`, `$HOME` and the known variables expanded and `//` and `/./` squeezed, and followed by the
 * end, a `/`, a character that ends a path or a URL's query; or by a word (back to such a
 * character) that ends at such an occurrence of the target's last name — `~`/`$HOME` expanded, a `file:` URL's scheme
 * removed, relative words taken from each of `cwds` — and leads to the target, as written or
 * through links (`x/toolgate.db` with `x -> ~/.local/state/toolgate`).
 */
export function textNamesPath(text: string, target: string, ctx: TextPathContext): boolean {
  const home = ctx.home === '/' ? '' : ctx.home.replace(/\/+$/, '');
  if (target === '' || target === '/') return false;
  // Written in full.
  let t = text.replace(/(^|[\s'"`(),;=<>|&:])(?:~|\$HOME|\$\{HOME\})(?=\/)/g, `$1${home}`);
  for (const [name, value] of Object.entries(ctx.variables ?? {})) t = t.replace(new RegExp(`\\$\\{?${escape(name)}\\}?(?=/)`, 'g'), value);
  t = t.replace(/\/{2,}/g, '/').replace(/\/\.(?=\/)/g, '');
  for (let at = t.indexOf(target); at >= 0; at = t.indexOf(target, at + 1)) if (endsPath(t, at + target.length)) return true;
  // A word that ends at the target's last name and leads to it.
  const name = target.slice(target.lastIndexOf('/') + 1);
  if (name === '') return false;
  const realpath = ctx.realpath ?? (() => undefined);
  let real: string | undefined;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!endsPath(text, at + name.length)) continue;
    let start = at;
    while (start > 0 && !PATH_STOP.test(text[start - 1]!)) start--;
    let written = text.slice(start, at + name.length).replace(/^(?:~|\$HOME|\$\{HOME\})(?=\/)/, home);
    if (written.startsWith('file:')) written = written.replace(/^file:(?:\/\/(?:localhost)?)?/i, '');
    const resolved = written.startsWith('/') ? [posix.normalize(written)] : (ctx.cwds ?? []).map((cwd) => posix.join(cwd, written));
    real ??= realpath(target) ?? target;
    if (resolved.some((r) => r === target || (realpath(r) ?? r) === real)) return true;
  }
  return false;
}
