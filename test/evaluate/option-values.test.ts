/** The values an option word holds (option-values.ts): each example of `OPTION_VALUE_EXAMPLES` is a test. */
import { describe, expect, it } from 'vitest';
import { OPTION_VALUE_EXAMPLES, optionValues } from '../../src/evaluate/option-values.js';

describe('the values an option word holds', () => {
  it.each(OPTION_VALUE_EXAMPLES.map((e) => [e.word, e.values] as const))('%s holds %j', (word, values) => {
    expect(optionValues(word)).toEqual(values);
  });
});
