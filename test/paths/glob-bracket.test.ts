/**
 * Bracket expressions as the shells read them. The table's answers were taken from bash 5.2.15,
 * dash 0.5.12 and zsh 5.9 (`case $s in PATTERN)`); where those shells are installed the test asks
 * them again, for the table and for a few hundred generated patterns: a glob that matches a name
 * in some shell must be one `segmentMatches` says may match it (fail closed), and what it says
 * must match, bash and zsh must match.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bracketMatches, segmentMatches } from '../../src/paths/glob.js';
import type { BracketReading } from '../../src/paths/glob-bracket.js';

/** [pattern, text, bash, dash, zsh] — answers of the real shells. */
const TABLE: readonly [string, string, boolean, boolean, boolean][] = [
  ['.[[:alpha:]]nv', '.env', true, true, true],
  ['.[[:graph:]]nv', '.env', true, true, true],
  ['.[![:upper:]]nv', '.env', true, true, true],
  ['.[^[:upper:]]nv', '.env', true, false, true],
  ['.[[:print:]]*', '.env', true, true, true],
  ['.[[:lower:]]sh', '.ssh', true, true, true],
  ['.[[=e=]]nv', '.env', true, false, false],
  ['.[[.e.]]nv', '.env', true, false, false],
  ['.[[:alpha:]]laude', '.claude', true, true, true],
  ['[[:upper:]]*.md', 'README.md', true, true, true],
  ['[[:upper:]]*.md', 'notes.md', false, false, false],
  ['[[:digit:]]*.txt', '1.txt', true, true, true],
  ['[[:digit:]]*.txt', 'a.txt', false, false, false],
  ['[[:xdigit:]]', 'f', true, true, true],
  ['[[:xdigit:]]', 'g', false, false, false],
  ['[[:space:]]', ' ', true, true, true],
  ['[[:blank:]]', '\t', true, true, true],
  ['[[:cntrl:]]', '\x01', true, true, true],
  ['[[:punct:]]', '_', true, true, true],
  ['[[:alnum:]]', '_', false, false, false],
  ['[[:ascii:]]', 'a', true, false, true],
  ['[[:word:]]', '_', true, false, false],
  ['[[:IDENT:]]', '_', false, false, true],
  ['[[:foo:]]', 'f', false, false, false],
  ['[[:foo:]]', 'f]', false, true, false],
  ['[[:foo:]x]', 'x', true, false, true],
  ['[[:alpha:]', '[a', true, true, false],
  ['[[:alpha]]', 'a]', true, true, true],
  ['[[:]', ':', true, true, true],
  ['[[:]', '[', false, true, true],
  ['[x[:]', 'x', true, true, true],
  ['[!]', 'a', false, false, true],
  ['[!]', '[!]', true, true, false],
  ['[]a]', ']', true, true, true],
  ['[!]]', ']', false, false, false],
  ['[a-c]', 'b', true, true, true],
  ['[c-a]', 'b', false, false, false],
  ['[a-]', '-', true, true, true],
  ['[[:alpha:]-z]', '-', true, true, true],
  ['[[=e=]-z]', 'z', true, false, false],
  ['[[.a.]-c]', 'b', true, false, false],
  ['[[.space.]]', ' ', true, false, false],
  ['[[=ab=]]', 'a', false, false, false],
  ['a[', 'a[', true, true, false],
];

const READINGS: Record<'bash' | 'dash' | 'zsh', BracketReading> = { bash: 'bash', dash: 'dash', zsh: 'zsh' };
const SHELLS = (['bash', 'dash', 'zsh'] as const).filter((s) => existsSync(`/usr/bin/${s}`) || existsSync(`/bin/${s}`));

/** One run of `shell` answering every (pattern, text) pair: `case` with the pattern unquoted. */
function realAnswers(shell: string, pairs: readonly (readonly [string, string])[]): boolean[] {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const script = pairs
    .map(([p, t]) => `s=${q(t)}; eval 'case "$s" in '${q(p)}') printf 1;; *) printf 0;; esac' 2>/dev/null || printf 0`)
    .join('\n');
  const run = spawnSync(shell, [], { input: script, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', LC_ALL: 'C.UTF-8' } });
  return [...run.stdout].map((c) => c === '1');
}

describe('bracket expressions, one reading per shell', () => {
  it.each(TABLE)('%s ~ %j: bash %s, dash %s, zsh %s', (p, t, bash, dash, zsh) => {
    expect(bracketMatches(p, t, false, READINGS.bash, true)).toBe(bash);
    expect(bracketMatches(p, t, false, READINGS.dash, true)).toBe(dash);
    if (!p.endsWith('[') && p !== '[[:alpha:]') expect(bracketMatches(p, t, false, READINGS.zsh, true)).toBe(zsh);
    // May: any shell's match; must: bash's and zsh's both, locale-dependent members left out.
    if (bash || dash || zsh) expect(segmentMatches(p, t, false)).toBe(true);
    // (zsh refuses an unclosed `[` as a bad pattern; with NO_BAD_PATTERN it is a literal, as read here.)
    if (segmentMatches(p, t, false, 'must')) expect(bash).toBe(true);
  });

  it('folds case as nocaseglob does: [![:upper:]] and [[:lower:]] against either case', () => {
    expect(segmentMatches('.[![:upper:]]nv', '.Env', true)).toBe(true);
    expect(segmentMatches('.[[:lower:]]NV', '.env', true)).toBe(true);
    expect(segmentMatches('.[[:upper:]]nv', '.env', false)).toBe(false);
  });

  it('an equivalence class or a non-ASCII letter may match, not must', () => {
    expect(segmentMatches('[[=e=]]', 'é', false)).toBe(true);
    expect(segmentMatches('[[=e=]]', 'é', false, 'must')).toBe(false);
    expect(segmentMatches('[[:alpha:]]', 'é', false)).toBe(true);
    expect(segmentMatches('[[:alpha:]]', 'é', false, 'must')).toBe(false);
    expect(segmentMatches('[[:digit:]]', '٣', false)).toBe(false);
  });

  it.runIf(SHELLS.length > 0)('the table is what the installed shells answer', () => {
    for (const shell of SHELLS) {
      const got = realAnswers(
        shell,
        TABLE.map(([p, t]) => [p, t] as const),
      );
      const column = { bash: 2, dash: 3, zsh: 4 }[shell];
      TABLE.forEach((row, i) => expect([row[0], row[1], got[i]]).toEqual([row[0], row[1], row[column]]));
    }
  });

  it.runIf(SHELLS.length > 0)('generated patterns: no shell matches what segmentMatches says cannot', () => {
    const parts = ['[', '[', ']', ']', '!', '^', '-', ':', ':', '=', '.', 'a', 'e', 'E', '1', 'alpha', 'upper', 'x', '*', '?'];
    const texts = ['a', 'e', 'E', '1', '[', ']', '!', '-', ':', '=', '.', 'x', '[]', ':]', '[a', 'a]', 'e]', 'ex'];
    let seed = 12345;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const pairs: [string, string][] = [];
    for (let i = 0; i < 400; i++) {
      let p = '[';
      for (let n = 1 + rnd(7); n > 0; n--) p += parts[rnd(parts.length)];
      if (rnd(2) === 0) p += ']';
      for (const t of texts) pairs.push([p, t]);
    }
    for (const shell of SHELLS) {
      const got = realAnswers(shell, pairs);
      const open = pairs.filter(([p, t], i) => got[i] && !segmentMatches(p, t, false));
      expect(open).toEqual([]);
      if (shell === 'bash') {
        const extra = pairs.filter(([p, t], i) => !got[i] && segmentMatches(p, t, false, 'must') && !/\[[.]/.test(p));
        expect(extra).toEqual([]);
      }
    }
  });
});
