import { describe, expect, it } from 'vitest';
import { globOptionNote, globOptionUnsettled, type GlobOptionCandidate } from '../../../src/shell/effects/glob-option-words.js';
import type { PathEffect } from '../../../src/shell/types.js';

const candidate: GlobOptionCandidate = {
  command: 0,
  source: 'wc -c [-]*',
  name: 'wc',
  word: '[-]*',
  raw: '[-]*',
  option: { index: 2, option: '--files0-from=…', does: 'reads', lead: '-' },
  bases: ['/p'],
};
const resolve = (word: string, base: string) => [{ path: `${base}/${word}`, known: true }];
const names =
  (...paths: string[]) =>
  () => ({ paths });

describe('whether the view settles a glob word that may be an option (red team 18, F1)', () => {
  it('settles it where no name the glob matches begins with -', () => {
    expect(globOptionUnsettled(candidate, [], names('/p/a.ts', '/p/README.md'), resolve)).toBeUndefined();
    expect(globOptionUnsettled(candidate, [], names(), resolve)).toBeUndefined();
  });

  it('does not where a matched name begins with -, or without a view', () => {
    expect(globOptionUnsettled(candidate, [], names('/p/--files0-from=.env'), resolve)).toBe('the folder holds --files0-from=.env');
    expect(globOptionUnsettled(candidate, [], undefined, resolve)).toMatch(/no view/);
    expect(globOptionUnsettled(candidate, [], () => ({ unknown: '/p cannot be listed' }), resolve)).toBe('/p cannot be listed');
  });

  it('does not where the line writes (an earlier part may make such a name)', () => {
    const write = { op: 'write', raw: '--files0-from=.env', path: '/p/--files0-from=.env', command: 0 } as unknown as PathEffect;
    expect(globOptionUnsettled(candidate, [write], names(), resolve)).toMatch(/writes --files0-from=\.env/);
  });

  it('says which option and why in the note', () => {
    expect(globOptionNote(candidate, 'the folder holds -r')).toBe(
      'wc -c [-]*: the glob [-]* may name a file that wc takes as its option --files0-from=…, which reads files the command does not name (the folder holds -r)',
    );
  });
});
