import { describe, expect, it } from 'vitest';
import { quotesWhatItReads } from '../../../src/shell/programs/quoting-printers.js';

// coreutils 9.1 (decision 0166): `eval "$(dircolors -b F)"` ran nothing of F; with --print-ls-colors it ran F's `$(…)`.
describe('quotesWhatItReads', () => {
  it.each([
    ['dircolors', ['-b', '~/.dircolors'], true],
    ['dircolors', ['~/.dircolors'], true],
    ['dircolors', ['--print-ls-colors', 'F'], false],
    ['dircolors', ['F', '--print-l'], false],
    ['dircolors', ['--', '--print-ls-colors'], true],
    ['cat', ['F'], false],
  ])('%s %j: %s', (name, args, quotes) => {
    expect(quotesWhatItReads(name, args)).toBe(quotes);
  });
});
