import { describe, expect, it, vi } from 'vitest';
import { globMayBegin, globOptionWord } from '../../../src/shell/programs/glob-options.js';
import { PROGRAMS } from '../../../src/shell/programs/index.js';

/** argv of a command line whose unquoted words holding a wildcard are globs. */
function words(line: string): [string[], boolean[]] {
  const argv = line.split(' ');
  return [argv, argv.map((w) => !/[*?[]/.test(w))];
}

describe('which glob patterns may match a name beginning with a character', () => {
  it.each(['*', '?x', '[-]*', '[!.]*', '[+-/]*', '[[:punct:]]*', '-*', "'-'*", '\\-*', '*.txt', '*=*'])('%s may begin with -', (p) => {
    expect(globMayBegin(p, '-')).toBe(true);
  });
  it.each(['src/*', 'a*', '[a-z]*', '[!-]*', "'*'x", '.[a-z]*'])('%s may not begin with -', (p) => {
    expect(globMayBegin(p, '-')).toBe(false);
  });
});

describe('a glob word that may be an option of its program (red team 18, F1)', () => {
  it('finds the option that reads, writes or runs, from the grammar', () => {
    expect(globOptionWord('wc', ...words('wc -c [-]*'))).toEqual({ index: 2, option: '--files0-from=…', does: 'reads', lead: '-' });
    expect(globOptionWord('grep', ...words('grep SECRET [-]*'))?.does).toBe('reads');
    expect(globOptionWord('hexdump', ...words('hexdump *'))?.option).toBe('-f…');
    expect(globOptionWord('du', ...words('du -sh *=*'))?.index).toBe(2);
    expect(globOptionWord('rg', ...words('rg hello *'))).toMatchObject({ option: '--pre=…', does: 'writes' });
    expect(globOptionWord('sort', ...words('sort *'))).toMatchObject({ option: '-o…', does: 'writes' });
    // Red team 18 F3: a glob written as an option (`-[o]`) with a file `-o` in the folder is sort -o.
    expect(globOptionWord('sort', ...words('sort -[o] x a'))).toMatchObject({ index: 1, option: '-o…' });
  });

  it('finds none where no option does more than read the operands', () => {
    for (const line of ['cat [-]*', 'head -n 3 *', 'ls *', 'tac *', 'cut -d, -f1 *'])
      expect(globOptionWord(line.split(' ')[0]!, ...words(line)), line).toBeUndefined();
  });

  it("makes no table of the options for words that cannot be one (every hook call of plain words paid for npm's)", () => {
    const tables = vi.spyOn(PROGRAMS, 'inputOptions');
    try {
      expect(globOptionWord('npm', ...words('npm test'))).toBeUndefined();
      expect(globOptionWord('grep', ...words('grep -n TODO src/*'))).toBeUndefined();
      expect(tables).not.toHaveBeenCalled();
    } finally {
      tables.mockRestore();
    }
  });

  it('finds none after --, in an option value, or where the glob cannot begin with -', () => {
    expect(globOptionWord('wc', ...words('wc -l -- [-]*'))).toBeUndefined();
    expect(globOptionWord('grep', ...words('grep -e [-]* a'))).toBeUndefined();
    expect(globOptionWord('grep', ...words('grep -rn x --include=*.ts src'))).toBeUndefined();
    expect(globOptionWord('grep', ...words('grep -n TODO src/*'))).toBeUndefined();
    expect(globOptionWord('grep', ...words('grep -n* x a'))?.index).toBe(1);
  });

  it('finds a response-file word of a program that reads @FILE (binutils)', () => {
    expect(globOptionWord('strings', ...words('strings *'))).toMatchObject({ option: '@FILE', lead: '@' });
    expect(globOptionWord('strings', ...words('strings src/*'))).toBeUndefined();
  });
});
