/**
 * A write through a shell pattern, judged by the names the file-system view shows it matching
 * (decision 0142): the pattern a removal or a program writing its operands expands (`rm x/*`,
 * `sed -i … src/*.js`), and the names a move or copy of a source pattern makes in a folder
 * (`mv src/*.js lib/`). Each name is judged where it is and where a link takes it.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { protectedPathMatch, type ProtectedPathSpec } from '../paths/index.js';
import { globMatches, newBudget, realOfName } from './fs-reach.js';

/**
 * The protected entry among the names `pattern` matches in the view, matched under every shell
 * option at once (dotglob, nocaseglob, globstar): `{ hit }` (no hit: `hit` undefined), or
 * `undefined` when the view cannot settle the pattern. `linkItself`: the program takes a link
 * itself, not what it leads to (`rm`), so a name's last part is kept as it is.
 */
export function viewMatchHit(
  view: ReadonlyFsView,
  pattern: string,
  spec: ProtectedPathSpec,
  linkItself: boolean,
): { hit: string | undefined } | undefined {
  const named = globMatches(view, pattern, newBudget());
  if (!('paths' in named)) return undefined;
  for (const p of named.paths) {
    const real = linkItself ? realOfName(view, p) : view.realpath(p);
    const hit = protectedPathMatch(p, spec) ?? (real !== undefined ? protectedPathMatch(real, spec) : undefined);
    // Name the match, and where its link leads: `build/y.sh`, a link to .git/hooks/pre-commit.
    if (hit !== undefined)
      return { hit: `${hit}: ${real !== undefined && real !== p ? `${p}, a link to ${real}` : p}, which ${pattern} matches` };
  }
  return { hit: undefined };
}

/**
 * The protected entry among the names a write into a folder of source patterns' names makes
 * (`path` is the folder plus the pattern's last part: `mv src/*.js lib/` writes `lib/*.js`): `{ hit }`,
 * or `undefined` when the view cannot settle a source. `changesProgram` judges a name made
 * (not a name it leads to) as code that runs later. `filesOnly`: the program skips a folder it
 * is given (`cp` without `-r`: "omitting directory", coreutils 9.1), so a folder matched lands nowhere.
 */
export function namesWrittenHit(
  view: ReadonlyFsView,
  path: string,
  sources: readonly string[],
  spec: ProtectedPathSpec,
  changesProgram: ((p: string) => string | undefined) | undefined,
  filesOnly = false,
): { hit: string | undefined } | undefined {
  const written = namesWritten(view, path, sources, filesOnly);
  if (written === undefined) return undefined;
  for (const p of written) {
    const direct = protectedPathMatch(p, spec) ?? changesProgram?.(p);
    if (direct !== undefined) return { hit: `${direct}: ${path} makes ${p}` };
    const real = view.realpath(p);
    const through = real !== undefined ? protectedPathMatch(real, spec) : undefined;
    if (through !== undefined) return { hit: `${through}: ${path} makes ${p}, which leads to ${real}` };
  }
  return { hit: undefined };
}

/**
 * The names a write into a folder of a source glob's names makes (`path` is the folder plus the
 * glob's last part): the folder plus the base name of each path the sources match in the view;
 * `undefined` when the view cannot settle a source (the spelling is judged instead).
 */
export function namesWritten(view: ReadonlyFsView, path: string, sources: readonly string[], filesOnly = false): string[] | undefined {
  const dir = path.slice(0, path.lastIndexOf('/'));
  const out: string[] = [];
  const budget = newBudget();
  for (const source of sources) {
    const named = globMatches(view, source, budget);
    if (!('paths' in named)) return undefined;
    for (const p of named.paths) if (!filesOnly || view.isDirectory?.(p) !== true) out.push(`${dir}/${p.slice(p.lastIndexOf('/') + 1)}`);
  }
  return out;
}
