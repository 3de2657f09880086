/** The program forms known to print only numbers (the table's examples). */
import { describe, expect, it } from 'vitest';
import { NUMERIC_OUTPUT, printsOnlyNumbers } from '../../../src/shell/programs/numeric-output.js';

describe('numeric output', () => {
  for (const [name, form] of NUMERIC_OUTPUT) {
    for (const command of form.examples.numeric)
      it(`${command}: prints only numbers`, () => {
        expect(command.split(' ')[0]).toBe(name);
        expect(printsOnlyNumbers(command.split(' '))).toBe(true);
      });
    for (const command of form.examples.not)
      it(`${command}: may print more`, () => {
        expect(printsOnlyNumbers(command.split(' '))).toBe(false);
      });
  }
});
