/**
 * git's one subcommand table (issue #32): every subcommand a git facet names has its entry in
 * `subcommands.ts`, every option the read-only check takes is one the subcommand's own grammar
 * knows, and an option that takes a value takes it in every facet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SafeOptions } from '../../../../src/shell/programs/git/safe-options.js';
import { GIT_SUBCOMMANDS, gitLongOptions, gitValueLetters } from '../../../../src/shell/programs/git/subcommands.js';

const FOLDER = join(__dirname, '../../../../src/shell/programs/git');
const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);

/** The subcommand names a facet's code compares with or switches on (`case 'init':`, `name === 'grep'`). */
function namedInFacets(): Map<string, string> {
  const named = new Map<string, string>();
  for (const file of readdirSync(FOLDER).filter((f) => f.endsWith('.ts') && f !== 'subcommands.ts')) {
    const text = readFileSync(join(FOLDER, file), 'utf8');
    const found = [...text.matchAll(/\bcase '([a-z][a-z-]*)':/g), ...text.matchAll(/\b(?:name|sub|subName) === '([a-z][a-z-]*)'/g)];
    for (const m of found) named.set(m[1]!, file);
  }
  return named;
}

/** The entries whose read-only options are a list (not a rule of their own). */
const withSafe = Object.entries(GIT_SUBCOMMANDS).flatMap(([name, s]) =>
  typeof s.safe === 'object' ? [[name, s.safe] as [string, SafeOptions]] : [],
);

describe('git subcommand table: one entry per subcommand', () => {
  it('finds the names the facets use (the check is not vacuous)', () => {
    const named = namedInFacets();
    for (const name of ['init', 'checkout', 'branch', 'submodule', 'grep']) expect(named.has(name), name).toBe(true);
  });

  it('has an entry for every subcommand a facet names', () => {
    const missing = [...namedInFacets()].filter(([name]) => !Object.hasOwn(GIT_SUBCOMMANDS, name)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });

  it.each(withSafe)("git %s: every short letter the read-only check takes reads as the files facet's grammar does", (name, safe) => {
    const values = gitValueLetters(name);
    // A letter whose value may be the next word takes it in the files facet too; a flag takes none.
    for (const c of safe.shortValues ?? '') expect(values, `-${c}`).toContain(c);
    for (const c of safe.shortFlags ?? '') expect(values, `-${c}`).not.toContain(c);
  });

  it.each(withSafe.filter(([name]) => gitLongOptions(name) !== undefined))(
    "git %s: every long option the read-only check takes is one of the subcommand's own, read the same way",
    (name, safe) => {
      const own = gitLongOptions(name)!;
      const known = (o: string) => own.flags.includes(o) || own.values.includes(o) || own.flags.includes(o.replace(/^no-/, ''));
      for (const o of [...words(safe.flags), ...words(safe.values), ...words(safe.nextWord)]) expect(known(o), `--${o}`).toBe(true);
      // Taken as a flag by the read-only check (no `=`): git takes no next word for it either.
      for (const o of words(safe.flags)) expect(own.values.includes(o), `--${o}`).toBe(false);
      for (const o of words(safe.nextWord)) expect(own.values.includes(o), `--${o}`).toBe(true);
    },
  );

  it.each(Object.entries(GIT_SUBCOMMANDS).filter(([, s]) => s.commandOptions !== undefined))(
    'git %s: an option whose value git runs takes a value in the files facet too',
    (name, s) => {
      const { long, short } = s.commandOptions!;
      if (short !== undefined) expect(gitValueLetters(name), `-${short}`).toContain(short);
      const own = gitLongOptions(name);
      if (own) for (const o of long) expect(own.values, `--${o}`).toContain(o);
    },
  );

  it("lists each subcommand's long options once, each a long name", () => {
    for (const name of Object.keys(GIT_SUBCOMMANDS)) {
      const own = gitLongOptions(name);
      if (!own) continue;
      const all = [...own.flags, ...own.values];
      expect(new Set(all).size, name).toBe(all.length);
      for (const o of all) expect(o, name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
  });
});
