/**
 * Programs that run the project's own code (make, package scripts, build and test runners) are
 * opaque code; each example of programs/project-runners.ts is a test.
 */
import { describe, expect, it } from 'vitest';
import { PROJECT_RUNNER_EXAMPLES, projectCodeOf } from '../../../src/shell/programs/project-runners.js';

describe('project runners', () => {
  it.each(PROJECT_RUNNER_EXAMPLES.map((e) => [e.command, e.runs] as const))('%s runs project code: %s', (command, runs) => {
    const argv = command.split(' ');
    const why = projectCodeOf(argv[0]!, argv);
    expect(why !== undefined).toBe(runs);
    if (why !== undefined) expect(why).toMatch(new RegExp(`^${argv[0]} runs .*, which toolgate cannot see$`));
  });
});
