/**
 * Every example a program model carries is a test: the command's path effects and, where the
 * example says, whether Claude Code's read-only set takes it and whether it hides the commands
 * after it (a change of the shell's state).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, isReadOnlyCommand, prepareShell } from '../../../src/shell/index.js';
import { effectsText as show } from '../effects-text.js';
import { allProgramModels } from '../../../src/shell/programs/index.js';

beforeAll(async () => {
  await prepareShell();
});

const examples = allProgramModels().flatMap((m) => m.examples.map((e) => [m.names[0]!, e.command, e] as const));

describe('program model examples', () => {
  it.each(examples)('%s: %s', (_name, command, e) => {
    if (e.effects !== undefined) expect(show(command)).toEqual(e.effects);
    if (e.readOnly !== undefined) {
      const a = analyzeShell(command);
      expect(isReadOnlyCommand(a, { set: 'claudeCode' }).readOnly).toBe(e.readOnly);
    }
    if (e.hides !== undefined) expect(analyzeShell(command).stateChanges.length > 0).toBe(e.hides);
  });
});
