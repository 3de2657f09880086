import { describe, expect, it } from 'vitest';
import { DATA_READER_EXAMPLES, readsOnlyData } from '../../../src/shell/programs/data-readers.js';

describe('readsOnlyData: a command line that only prints its files (decision 0160)', () => {
  it.each(DATA_READER_EXAMPLES.map((e) => [e.words.join(' '), e.words, e.data] as const))('%s', (_, words, data) => {
    expect(readsOnlyData(words)).toBe(data);
  });
});
