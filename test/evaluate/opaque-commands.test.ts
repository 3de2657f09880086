/**
 * Which parts of a command run code toolgate cannot read: a program with no model that is given,
 * where it takes a command, a program that runs such code (decision 0108); each example of
 * `RUNNER_ARGUMENT_EXAMPLES` is a test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { opaqueCommands, RUNNER_ARGUMENT_EXAMPLES } from '../../src/evaluate/opaque-commands.js';
import { analyzeShell } from '../../src/shell/index.js';

beforeAll(async () => {
  await prepare();
});

describe('a program with no model, given a code runner where it takes a command', () => {
  it.each(RUNNER_ARGUMENT_EXAMPLES.map((e) => [e.command, e.runs] as const))('%s runs code toolgate cannot see: %s', (command, runs) => {
    const found = opaqueCommands(analyzeShell(command, { shell: 'bash' }));
    // Not `unmodelled`: a wildcard allow rule is no consent for it.
    expect(found.some((o) => o.unmodelled !== true)).toBe(runs);
    if (runs) expect(found.find((o) => o.unmodelled !== true)!.why).toMatch(/has no model of, and its argument/);
  });
});
