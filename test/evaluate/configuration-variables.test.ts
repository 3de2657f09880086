/**
 * `${VAR}` in a configuration that names programs (decision 0148): the known value, the program's
 * value for unset, and where the value is not known, the folder a path starts from.
 */
import { describe, expect, it } from 'vitest';
import { expandedWord, expandedWords, type ExpansionWorld } from '../../src/evaluate/configuration-variables.js';

const known: Record<string, string | null> = { TOOLS: '/opt/tools', EMPTY: null };
const world: ExpansionWorld = { variable: (n) => (n in known ? known[n] : undefined), here: '/p' };

describe('expandedWord', () => {
  it("puts in a known value, and Claude Code's default where the variable is unset", () => {
    expect(expandedWord('${TOOLS:-tools}/pre.js', world, { defaults: true })).toEqual(['/opt/tools/pre.js']);
    expect(expandedWord('${EMPTY:-tools}/pre.js', world, { defaults: true })).toEqual(['tools/pre.js', '/pre.js']);
    expect(expandedWord('plain', world, { defaults: true })).toEqual(['plain']);
  });

  it('judges a value not known as the default or the text as written, and as the folder a path starts from', () => {
    expect(expandedWord('${X:-tools}/pre.js', world, { defaults: true })).toEqual(['tools/pre.js', '/p/pre.js']);
    expect(expandedWord('${X}/pre.js', world, {})).toEqual(['${X}/pre.js', '/p/pre.js']);
    // A whole word is no folder: the project itself is never named.
    expect(expandedWord('${X}', world, {})).toEqual(['${X}']);
  });

  it("reads npm's forms: `${VAR?}` is empty where unset, `\\${VAR}` is no expansion", () => {
    expect(expandedWord('${EMPTY?}x.js', world, { optional: true, escapes: true })).toEqual(['x.js']);
    expect(expandedWord('\\${TOOLS}/x.js', world, { optional: true, escapes: true })).toEqual(['${TOOLS}/x.js']);
    expect(expandedWord('\\\\${TOOLS}/x.js', world, { optional: true, escapes: true })).toEqual(['\\/opt/tools/x.js']);
    // No default syntax where the program has none.
    expect(expandedWord('${TOOLS:-x}', world, { optional: true })).toEqual(['${TOOLS:-x}']);
  });
});

describe('expandedWords', () => {
  it('gives one line with every first value, then each other value of each word alone', () => {
    expect(expandedWords(['node', '${X:-a}/s.js', '${Y:-b}/t.js'], world, { defaults: true })).toEqual([
      ['node', 'a/s.js', 'b/t.js'],
      ['node', '/p/s.js', 'b/t.js'],
      ['node', 'a/s.js', '/p/t.js'],
    ]);
  });
});
