import { describe, expect, it } from 'vitest';
import { namingWords } from '../../../src/shell/programs/subcommands.js';

describe('the words that name what a command does', () => {
  it.each([
    [['git', 'push', 'origin'], 2],
    [['npm', 'run', 'build', '--', '-x'], 3],
    [['npm', 'run'], 2],
    [['npm', 'install', 'x'], 2],
    [['git', '-C', 'sub', 'log'], 1],
    [['ls', '-la'], 1],
    [['git'], 1],
  ] as const)('%j: %i', (words, n) => {
    expect(namingWords(words)).toBe(n);
  });
});
