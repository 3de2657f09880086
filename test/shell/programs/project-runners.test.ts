/**
 * Programs that run the project's own code (make, package scripts, build and test runners) are
 * opaque code; each example of programs/project-runners.ts is a test.
 */
import { describe, expect, it } from 'vitest';
import { makeTexts, makefileAssignments, makefileCommands, PROJECT_RUNNER_EXAMPLES, projectCodeOf } from '../../../src/shell/programs/project-runners.js';

describe('project runners', () => {
  it.each(PROJECT_RUNNER_EXAMPLES.map((e) => [e.command, e.runs] as const))('%s runs project code: %s', (command, runs) => {
    const argv = command.split(' ');
    const why = projectCodeOf(argv[0]!, argv);
    expect(why !== undefined).toBe(runs);
    if (why !== undefined) expect(why).toMatch(new RegExp(`^${argv[0]} runs .*, which toolgate cannot see$`));
  });
});

describe("make's texts", () => {
  it('reads the assignments of a makefile text with their operators', () => {
    expect(makefileAssignments('override CC := ~/x\nexport X != echo hi\n\tY=recipe\nall: ; @true')).toEqual([
      { name: 'CC', operator: ':=', value: '~/x' },
      { name: 'X', operator: '!=', value: 'echo hi' },
    ]);
  });
  it("shows a != assignment's command (make runs it at once)", () => {
    expect(makefileCommands('X != touch m')).toEqual(['touch m']);
  });
  it('reads --eval texts by any unique start of the option', () => {
    expect(makeTexts(['make', '--ev=SHELL=/x', '-E', 'CC=y'], undefined).map((t) => t.text)).toEqual(['SHELL=/x', 'CC=y']);
  });
});
