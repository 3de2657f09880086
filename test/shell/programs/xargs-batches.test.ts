/** The words xargs appends to each command it starts (findutils 4.9 xargs(1)). */
import { describe, expect, it } from 'vitest';
import { xargsBatches } from '../../../src/shell/programs/xargs.js';

describe('xargsBatches', () => {
  it('splits as xargs does', () => {
    expect(xargsBatches(['xargs', '-0'], 'cp a b\n')).toEqual([['cp a b\n']]);
    expect(xargsBatches(['xargs'], 'cp a "b c"\n')).toEqual([['cp', 'a', 'b c']]);
    expect(xargsBatches(['xargs', '-d', '\\n'], 'cp a\nrm b\n')).toEqual([['cp a', 'rm b']]);
    expect(xargsBatches(['xargs', '-n', '1'], 'a b')).toEqual([['a'], ['b']]);
  });
  it('works out nothing it does not model', () => {
    for (const argv of [['xargs', '-I{}'], ['xargs', '-L', '1'], ['xargs', '-a', 'f'], ['xargs', '-E', 'x']]) expect(xargsBatches(argv, 'a'), argv.join(' ')).toBeUndefined();
    expect(xargsBatches(['xargs'], "a 'b")).toBeUndefined();
  });
});
