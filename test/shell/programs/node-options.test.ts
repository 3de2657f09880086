import { describe, expect, it } from 'vitest';
import { NODE_LOADED_EXAMPLES, nodeLoadedFiles } from '../../../src/shell/programs/node-options.js';

describe('nodeLoadedFiles', () => {
  it.each(NODE_LOADED_EXAMPLES)('$value', ({ value, files }) => {
    expect(nodeLoadedFiles(value)).toEqual(files);
  });
});
