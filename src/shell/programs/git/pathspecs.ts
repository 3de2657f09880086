/**
 * How git reads the words of a command that may be paths: `rev:path` blobs (`HEAD:.env`), magic
 * pathspecs (`:/x`, `:!x`), pathspecs with globs of git's own, and words that only look like
 * files or directories. Git 2.39 manual pages (gitglossary(7), gitrevisions(7)).
 */
import type { FileOperand } from '../../options/file-operands.js';

/** The working-tree files a `rev:path` word names (`HEAD:.env`, `:.env`, `:0:a/b`); `./` paths are relative to the cwd. */
export function revPath(word: string): { value: string; fromRoot: boolean } | undefined {
  if (word.startsWith('-')) return undefined;
  const m = /^(?:[^:]*:)?(?:[0-3]:)?(.*)$/.exec(word);
  if (!m || !word.includes(':') || /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return undefined;
  const path = m[1] ?? '';
  if (path === '' || path.startsWith('/')) return undefined;
  return path.startsWith('./') || path.startsWith('../') ? { value: path, fromRoot: false } : { value: path, fromRoot: true };
}

/**
 * Where a magic pathspec points (gitglossary(7)): `:/x` (or `:(top)x`) is `x` from the top of the
 * work tree; any other magic (`:!x`, `:^x`, `:(exclude)x`, `:(glob)…`) is taken as the whole tree,
 * which covers what it names. `{}` for a plain pathspec.
 */
export function magicPathspec(word: string): { value?: string; fromRoot?: boolean } {
  if (!word.startsWith(':')) return {};
  const top = /^:(?:\/|\(top\))(.*)$/.exec(word);
  if (top !== null && !/^[!^(]/.test(top[1]!)) return { value: top[1] === '' ? '.' : top[1]!, fromRoot: true };
  return { value: '.', fromRoot: true };
}

/** Operands after `--`, and operands that look like paths (but are not `rev:path`), are pathspecs. */
export function pathspecs(argv: readonly string[], ops: readonly number[]): number[] {
  const dashdash = argv.indexOf('--');
  return ops.filter((k) => (dashdash >= 0 && k > dashdash) || (looksLikePath(argv[k]!) && revPath(argv[k]!) === undefined));
}

/** A word that looks like a path rather than a revision or a name: a `/`, a leading `.` or `~`, a glob. */
export function looksLikePath(word: string): boolean {
  return word.includes('/') || word.startsWith('.') || word.startsWith('~') || word === '*' || /[*?[]/.test(word);
}

/** A word that may name a directory: `.`, `..`, `*`, a trailing `/`, or a last component without an extension. */
export function looksLikeDir(word: string): boolean {
  return word === '.' || word === '..' || word.endsWith('/') || word === '*' || !/\.[^/]*$/.test(word.split('/').pop() ?? '');
}

/**
 * git reads pathspecs as globs of its own (`*` also matches `/` and dotfiles; `\\v` is `v`):
 * a pathspec with glob characters or escapes is a pattern, judged with its escapes removed.
 */
export function asPathspecs(argv: readonly string[], files: FileOperand[]): FileOperand[] {
  return files.map((f) => {
    if (f.value !== undefined || (f.op === 'write' && f.tree === 'some')) return f;
    const word = argv[f.index] ?? '';
    if (!/[*?[\\]/.test(word) || word.startsWith(':(')) return f;
    const unescaped = word.replace(/\\(.)/g, '$1');
    return /[*?[]/.test(unescaped) ? { ...f, value: unescaped, pattern: true } : { ...f, value: unescaped };
  });
}
