/**
 * `package.json` keys that tell a git hook what to run: lint-staged's config (`"lint-staged"`),
 * husky 4's (`"husky": {"hooks": …}`), yorkie's (`"gitHooks"`), ghooks' (`"config": {"ghooks"}`),
 * simple-git-hooks' and the `pre-commit` package's. A write that changes one of them is a
 * protected write, as `.husky/*` and `lefthook.yml` are: a hook the repository already has runs
 * what the key names at the next `git commit`. `package.json` itself is edited often (versions,
 * scripts, dependencies), so a tool call whose resulting text toolgate knows — Write, Edit,
 * MultiEdit applied to the file as the view reads it — is protected only when one of these keys
 * changes; a shell write (`sed -i`, `jq … > package.json`), whose result toolgate cannot know, is
 * protected whenever it writes a `package.json`.
 */
import type { ReadonlyFsView } from '../core/ports.js';

const KEYS = ['lint-staged', 'husky', 'gitHooks', 'ghooks', 'pre-commit', 'simple-git-hooks'] as const;

/** Whether `path` names a `package.json` (its last segment). */
export function isPackageJson(path: string): boolean {
  return /(?:^|[\\/])package\.json$/i.test(path);
}

/** The hook-runner keys of a `package.json`'s text, as one comparable string; `undefined` when the text is no JSON object. */
function hookKeys(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  const config = o['config'];
  const ghooks = config !== null && typeof config === 'object' ? (config as Record<string, unknown>)['ghooks'] : undefined;
  return JSON.stringify([...KEYS.map((k) => o[k] ?? null), ghooks ?? null]);
}

/** How `Edit`/`MultiEdit` change `before`, as Claude Code applies them; `undefined` when an edit would not apply exactly. */
function applyEdits(before: string, edits: readonly unknown[]): string | undefined {
  let text = before;
  for (const e of edits) {
    if (e === null || typeof e !== 'object') return undefined;
    const { old_string: from, new_string: to, replace_all: all } = e as Record<string, unknown>;
    if (typeof from !== 'string' || typeof to !== 'string' || from === '') return undefined;
    const count = text.split(from).length - 1;
    if (count === 0 || (count > 1 && all !== true)) return undefined;
    text = all === true ? text.split(from).join(to) : text.replace(from, () => to);
  }
  return text;
}

/**
 * Why writing the `package.json` at `path` with the tool call `tool`/`input` may change what a
 * git hook runs, or `undefined` when the view shows that no hook-runner key changes. The file's
 * current text comes from `view` (`readText`); unknown text, an edit that would not apply exactly
 * or a text that is no JSON object counts as a change.
 */
export function hookRunnerKeyChange(
  path: string,
  tool: string,
  input: Record<string, unknown>,
  view: ReadonlyFsView | undefined,
): string | undefined {
  const why = `a package.json's ${KEYS.join(', ')} and config.ghooks keys tell git hooks what to run`;
  const exists = view?.exists(path);
  const before = exists === false ? '{}' : view?.readText?.(path);
  let after: string | undefined;
  if (tool === 'Write' && typeof input['content'] === 'string') after = input['content'];
  else if (before !== undefined && tool === 'Edit') after = applyEdits(before, [input]);
  else if (before !== undefined && tool === 'MultiEdit' && Array.isArray(input['edits'])) after = applyEdits(before, input['edits']);
  if (before === undefined || after === undefined) return `${why}, and toolgate cannot tell whether this write changes them`;
  const from = hookKeys(before);
  const to = hookKeys(after);
  if (from === undefined || to === undefined)
    return `${why}, and the file is no JSON object ${from === undefined ? 'before' : 'after'} the write`;
  return from === to ? undefined : `${why}, and this write changes them`;
}
