/**
 * `hiddenEvaluation`: integer and float attributes make every later assignment arithmetic
 * (`typeset -F x; x=PATH=0` sets PATH in zsh 5.9), which the command does not show.
 */
import { describe, expect, it } from 'vitest';
import { hiddenEvaluation } from '../../../src/shell/programs/hidden-evaluation.js';

describe('hiddenEvaluation: numeric attributes', () => {
  it('finds an integer or float attribute given to a name', () => {
    for (const c of [
      'typeset -i x; x=PATH=0; ls',
      'private -i x; x=PATH=0; ls',
      'typeset -F x; x=PATH=0; ls',
      'typeset -E x=PATH=0; ls',
      'local -F 3 x=PATH=0; ls',
      'typeset -rF2 x=1; ls',
    ])
      expect(hiddenEvaluation(c), c).toBeDefined();
  });

  it("leaves bash's declare -F (function names) without a name alone", () => {
    expect(hiddenEvaluation('declare -F; ls')).toBeUndefined();
    expect(hiddenEvaluation('typeset -f; ls')).toBeUndefined();
  });
});
