/** The subcommands of programs with no model whose words are data (the table's examples). */
import { describe, expect, it } from 'vitest';
import { argumentsAreData, DATA_SUBCOMMAND_EXAMPLES } from '../../../src/shell/programs/data-subcommands.js';

describe('data subcommands', () => {
  for (const ex of DATA_SUBCOMMAND_EXAMPLES)
    it(`${ex.command.join(' ')}: ${ex.data ? 'data' : 'read as before'}${ex.why ? ` (${ex.why})` : ''}`, () => {
      expect(argumentsAreData(ex.command[0]!, ex.command)).toBe(ex.data);
    });
});
