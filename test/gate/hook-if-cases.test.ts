/**
 * Replays the `hook-if` conformance cases of test/cases/own/ through a real gate: a PreToolUse
 * callback hook with the case's `if` either runs or not, as the Claude Code docs and CLI decide.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { createGate } from '../../src/gate/index.js';

interface IfCase {
  id: string;
  kind: string;
  case: { if: string; call: { tool: string; input: Record<string, unknown> }; cwd?: string; home?: string };
  expected: { result: 'runs' | 'skipped'; why: string };
}

const dir = fileURLToPath(new URL('../cases/own/', import.meta.url));
const cases: IfCase[] = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .flatMap((f) => readFileSync(`${dir}${f}`, 'utf8').split('\n'))
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as IfCase)
  .filter((c) => c.kind === 'hook-if');

beforeAll(async () => {
  await prepare();
});

describe('hook `if` cases', () => {
  it('there are cases to replay', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    let ran = 0;
    const gate = createGate({
      policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash'] } } }],
      cwd: c.case.cwd ?? '/home/user/project',
      home: c.case.home ?? '/home/user',
      mode: 'default',
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Bash',
          hooks: [{ type: 'callback', if: c.case.if, callback: async () => ((ran += 1), {}) }],
          source: { kind: 'inline' },
        },
      ],
    });
    await gate.check(c.case.call);
    expect(ran === 1 ? 'runs' : 'skipped', c.expected.why).toBe(c.expected.result);
  });
});
