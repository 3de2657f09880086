/**
 * A glob word that may expand to an option of the program it is given to (`wc -c [-]*` after
 * `echo x > --files0-from=.env` reads .env; `grep SECRET [-]*` with a file named `-r` searches
 * the whole folder: red team 18, F1): which words may be one, and which option, the program's
 * model says (`programs/glob-options.ts`); whether one is, the names the file-system view shows
 * the glob matching — bash expands it to what is there. The view settles it only when it lists
 * every folder the glob looks in, none of the names there begins with the option's first
 * character, and no part of the line writes or removes anything (a part before it, a loop's later
 * round or a pipeline's other side may make such a name). Otherwise the command touches what
 * toolgate cannot see: a note (a deny rule that could apply asks), and for an option that writes
 * or runs a program, a write of names it cannot see (a protected ask in every mode).
 */
import { SideTable } from '../../core/side-table.js';
import type { GlobOption } from '../programs/glob-options.js';
import type { PathEffect } from '../types.js';

/** A command's glob word that may be one of its options, as the path walk found it. @internal */
export interface GlobOptionCandidate {
  readonly command: number;
  /** The command as written, for the note. */
  readonly source: string;
  readonly name: string;
  /** The glob word as argv holds it, and as written. */
  readonly word: string;
  readonly raw: string;
  readonly option: GlobOption;
  /** The directories the command works in. */
  readonly bases: readonly string[];
  /** A loop's word in a variable's place: the shell expanded it before the command of this index (decision 0161). */
  readonly expandedBefore?: number;
}

/** The glob's pattern from one directory: a path pattern, or why it cannot be told. */
export type ResolveGlob = (word: string, base: string) => readonly { path: string; known: boolean }[];

/** Commands whose glob words the view showed to be no option, by the effects list of their line. */
const SETTLED = new SideTable<readonly PathEffect[], ReadonlySet<number>>();

/**
 * Why the view cannot show that `c`'s glob names no option of its program, or `undefined` when it
 * shows that. `effects` are the whole line's; `globMatches` the view's matcher (absent: no view).
 * @internal
 */
export function globOptionUnsettled(
  c: GlobOptionCandidate,
  effects: readonly PathEffect[],
  globMatches: ((glob: string) => { paths: readonly string[] } | { unknown: string }) | undefined,
  resolve: ResolveGlob,
): string | undefined {
  if (globMatches === undefined) return 'no view of the files shows which names it matches';
  const writer = effects.find((e) => e.op !== 'read');
  if (writer !== undefined) return `the line ${writer.op === 'write' ? 'writes' : 'removes'} ${writer.raw}, and may make such a name`;
  for (const base of c.bases) {
    const prefix = base === '/' ? '/' : `${base}/`;
    for (const r of resolve(c.word, base)) {
      if (!r.known) return 'toolgate cannot tell where it looks';
      const named = globMatches(r.path);
      if ('unknown' in named) return named.unknown;
      for (const p of named.paths) {
        // The word bash hands the program: the name as the pattern spells it, from the directory.
        const word = p.startsWith(prefix) ? p.slice(prefix.length) : p;
        if (word.startsWith(c.option.lead)) return `the folder holds ${word}`;
      }
    }
  }
  return undefined;
}

/** Records that the view settled the glob words of these commands of the line `effects` lists. @internal */
export function settleGlobOptions(effects: readonly PathEffect[], commands: ReadonlySet<number>): void {
  if (commands.size > 0) SETTLED.set(effects, commands);
}

/**
 * Whether the file-system view showed that command `i`'s glob words, which its program could
 * take as options, name none (see {@link globOptionUnsettled}) — by the effects list
 * `shellPathEffects` gave for its line. @internal
 */
export function globOptionsSettled(effects: readonly PathEffect[], i: number): boolean {
  return SETTLED.get(effects)?.has(i) === true;
}

/** What the note says of a candidate the view does not settle. @internal */
export function globOptionNote(c: GlobOptionCandidate, why: string): string {
  const does = { reads: 'reads files the command does not name', writes: 'writes', runs: 'runs a program' }[c.option.does];
  return `${c.source}: the glob ${c.raw} may name a file that ${c.name} takes as its option ${c.option.option}, which ${does} (${why})`;
}
