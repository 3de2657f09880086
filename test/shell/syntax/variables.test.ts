/** How a setter's operand names its variable (`operandName`), read once for every setter. */
import { describe, expect, it } from 'vitest';
import { operandName } from '../../../src/shell/syntax/variables.js';

describe('operandName', () => {
  it.each([
    ['PATH', 'PATH'],
    ['PATH=/x', 'PATH'],
    ['PATH+=:/x', 'PATH'],
    ['a[1]=x', 'a'],
    ['BASH_CMDS[ls]=/tmp/x', 'BASH_CMDS'],
    ['_x1', '_x1'],
    ['1x=2', undefined],
    ['-x', undefined],
    ['a-b', undefined],
    ['a+b', undefined],
    ['$x=1', undefined],
    ['', undefined],
  ])('%s names %s', (word, name) => {
    expect(operandName(word)).toBe(name);
  });

  it('reads as the name pattern variable-setters.ts used before: a name before the end, =, += or [', () => {
    const before = (w: string) => /^[A-Za-z_][A-Za-z0-9_]*(?=$|=|\+=|\[)/.exec(w)?.[0];
    const pieces = ['a', 'Z', '_', '1', '=', '+', '[', ']', '-', '$', ' ', '\n'];
    for (const x of pieces)
      for (const y of pieces)
        for (const z of pieces) for (const w of [x + y + z, `ab${x}${y}`, `${x}${y}`]) expect(operandName(w)).toBe(before(w));
  });
});
