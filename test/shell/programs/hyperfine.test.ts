/**
 * hyperfine's reading of its words (`src/shell/programs/hyperfine.ts`): clap's option forms as
 * hyperfine 1.15.0 takes them, and the shell-words splitting of `-N` and `--shell`.
 */
import { describe, expect, it } from 'vitest';
import { readHyperfine, shellWords } from '../../../src/shell/programs/hyperfine.js';

describe('hyperfine reads its words as clap does', () => {
  it.each([
    [
      ['hyperfine', '-r1', 'true', 'sh x.sh'],
      ['true', 'sh x.sh'],
    ],
    [['hyperfine', '-p=echo P', 'x'], ['x']],
    [
      ['hyperfine', '--', 'a', '-p', 'b'],
      ['a', '-p', 'b'],
    ],
    [['hyperfine', '-iN', 'a'], ['a']],
    [['hyperfine', '-L', 'x', '-a,b', '{x}'], ['{x}']],
  ])('%j runs the operands %j', (argv, commands) => {
    const read = readHyperfine(argv);
    expect(read.ok && read.commands.map((c) => c.text)).toEqual(commands);
  });

  it.each([
    [['hyperfine', '--prep=x', 'y'], 'no option'],
    [['hyperfine', '-p', '--export-json=x', 'y'], 'takes for an option'],
    [['hyperfine', '--parameter-list=x', 'a,b', '{x}'], '2 words'],
    [['hyperfine', '-Lx', 'a,b', '{x}'], '2 words'],
  ])('%j is refused (%s)', (argv, why) => {
    const read = readHyperfine(argv);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.why).toContain(why);
  });
});

describe('shell words (-N, --shell)', () => {
  it.each([
    ['echo a;b #c', ['echo', 'a;b']],
    ['#echo a', []],
    [`echo "a b" c\\ d 'e f'`, ['echo', 'a b', 'c d', 'e f']],
    ['echo "a\\$b\\x"', ['echo', 'a$b\\x']],
    ['bash --norc', ['bash', '--norc']],
  ])('%s is %j', (text, words) => {
    expect(shellWords(text)).toEqual(words);
  });

  it('an unclosed quote is refused', () => {
    expect(shellWords("echo 'a")).toBeUndefined();
  });
});
