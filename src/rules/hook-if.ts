/**
 * A hook's `if` rule, as the Claude Code CLI matches it since 2.1.214: a single-segment relative
 * directory pattern (`Edit(src/**)`, `Read(docs/)`) names `<cwd>/src` only, as in allow lists —
 * not a `src` directory at any depth, as the same rule does in deny and ask lists.
 */
import type { Rule } from './types.js';

/** `src/**`, `./src/`, `src/*`: one relative directory, with nothing that anchors it elsewhere. */
const SINGLE_SEGMENT_DIRECTORY = /^(?:\.\/)*([^/~.][^/]*|\.[^/.][^/]*)\/(\*\*?)?$/;

/**
 * The directory a path rule used as a hook `if` names relative to the working directory when it
 * is a single-segment directory pattern (`src` for `Edit(src/**)`), else `undefined`.
 */
export function ifDirectoryAtCwd(rule: Rule): string | undefined {
  if (rule.family !== 'path' || rule.specifier === undefined) return undefined;
  return SINGLE_SEGMENT_DIRECTORY.exec(rule.specifier)?.[1];
}

/**
 * The specifier anchored at `cwd` (`//home/u/p/src/**` for `src/**` in `/home/u/p`), so that a
 * deny-list match of it is the CLI's `if` match; `undefined` when the rule needs no anchoring or
 * `cwd` holds a character a pattern reads as a wildcard or an escape.
 */
export function ifSpecifierAtCwd(rule: Rule, cwd: string): string | undefined {
  const dir = ifDirectoryAtCwd(rule);
  if (dir === undefined || /[*?[\]{}\\!]/.test(cwd) || !cwd.startsWith('/')) return undefined;
  const tail = rule.specifier!.replace(/^(?:\.\/)*[^/]+/, '');
  return `/${cwd === '/' ? '' : cwd}/${dir}${tail}`;
}
