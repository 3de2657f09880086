import { describe, expect, it, vi } from 'vitest';
import { globOptionWord } from '../../../src/shell/programs/glob-options.js';
import { PROGRAMS } from '../../../src/shell/programs/index.js';

/** argv of a command line whose unquoted words holding a wildcard are globs. */
function words(line: string): [string[], boolean[]] {
  const argv = line.split(' ');
  return [argv, argv.map((w) => !/[*?[]/.test(w))];
}

describe('a glob word that may be an option of its program (red team 18, F1)', () => {
  it('finds the option that reads, writes or runs, from the grammar', () => {
    expect(globOptionWord('wc', ...words('wc -c [-]*'))).toEqual({ index: 2, option: '--files0-from=…', does: 'reads', lead: '-' });
    expect(globOptionWord('grep', ...words('grep SECRET [-]*'))?.does).toBe('reads');
    expect(globOptionWord('hexdump', ...words('hexdump *'))?.option).toBe('-f…');
    expect(globOptionWord('du', ...words('du -sh *=*'))?.index).toBe(2);
    expect(globOptionWord('rg', ...words('rg hello *'))).toMatchObject({ option: '--pre=…', does: 'writes' });
    expect(globOptionWord('sort', ...words('sort *'))).toMatchObject({ option: '-o…', does: 'writes' });
    // Red team 18 F3: a glob written as an option (`-[o]`) with a file `-o` in the folder is sort -o.
    expect(globOptionWord('sort', ...words('sort -[o] x a'))).toMatchObject({ index: 1, option: '-o', names: ['-o'] });
  });

  it('judges a glob only as the options a name it matches may be', () => {
    // `--*` may be --output=… but never -o…; `-?` may be -o…
    expect(globOptionWord('sort', ...words('sort --* x'))).toMatchObject({ option: '--output=…', does: 'writes' });
    expect(globOptionWord('sort', ...words('sort -? x'))).toMatchObject({ option: '-o…', does: 'writes' });
    expect(globOptionWord('sed', ...words('sed -? s x'))).toMatchObject({ option: '-f…' });
  });

  it('reads a glob that lists the names it can match as each of them, by the model (replay 18 NEW-6)', () => {
    // A file `-n` makes the script `w …` sed's: it writes the hook (sed refuses `-[n]` as written).
    const hook = ['sed', '-[n]', 'w .git/hooks/pre-push', 'README.md'];
    expect(globOptionWord('sed', hook, [true, false, true, true], true)).toMatchObject({
      index: 1,
      option: '-n',
      does: 'writes',
      names: ['-n'],
    });
    expect(globOptionWord('sed', ...words('sed -[i] s/a/b/ x'), true)).toMatchObject({ option: '-i', does: 'writes' });
    expect(globOptionWord('sed', ...words('sed -[i]s s/a/b/ x'), true)).toMatchObject({ option: '-is', does: 'writes' });
    // Of `-n` and `-i`, only `-i` makes sed write.
    expect(globOptionWord('sed', ...words('sed -[ni] s/a/b/ x'), true)).toMatchObject({ names: ['-i'] });
    // find reads its primaries with a parser of its own: the same reading.
    expect(globOptionWord('find', ...words('find . -[d]elete'))).toMatchObject({ option: '-delete', does: 'writes' });
    expect(globOptionWord('find', ...words('find . -[e]xec rm {} +'))).toMatchObject({ option: '-exec', does: 'runs' });
    expect(globOptionWord('env', ...words('env -[C] d cp a b'), true)).toMatchObject({ option: '-C' });
  });

  it('finds none where every name the glob can match leaves the command as it is', () => {
    expect(globOptionWord('sort', ...words('sort -[k] 1 x'))).toBeUndefined();
    expect(globOptionWord('sed', ...words('sed -[n] p x'), true)).toBeUndefined();
    expect(globOptionWord('cat', ...words('cat -[n] x'))).toBeUndefined();
    expect(globOptionWord('sed', ...words('sed s/a/b/ -- -[i]'))).toBeUndefined();
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
