/**
 * A shell call's read-only answer is kept on its own state (`EvalState.shellReadOnly`), not in a
 * module slot: calls decided in turn or interleaved each get their own answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { claudeCode } from '../../src/evaluate/dialect.js';
import { makeState } from '../../src/evaluate/pipeline.js';
import type { MatchEnv } from '../../src/evaluate/rule-match.js';
import { shellReadOnly } from '../../src/evaluate/shell-read-only.js';
import type { EvalState } from '../../src/evaluate/types.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const ENV: MatchEnv = { cwd: P, home: '/home/user', platform: 'linux', slashAnchorOf: () => P };
const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: [] } } }]);

function state(command: string): EvalState {
  const ctx = { mode: 'default' as const, policy, cwd: P, home: '/home/user' };
  return makeState({ tool: 'Bash', input: { command } }, ctx, 'default', { cwd: P, home: '/home/user', projectDir: P, workingDirectories: [P], env: ENV }, claudeCode);
}

beforeAll(async () => {
  await prepare();
});

describe('shellReadOnly', () => {
  it('keeps each call its own answer, asked in turn or interleaved', () => {
    const read = state('cat README.md');
    const remove = state('rm README.md');
    expect(read.shellReadOnly).toBeUndefined();
    const answers = [read, remove, read, remove].map((s) => shellReadOnly(s).ok);
    expect(answers).toEqual([true, false, true, false]);
    expect(read.shellReadOnly?.ok).toBe(true);
    expect(remove.shellReadOnly?.why).toContain('"rm README.md" is not read-only');
  });

  it('a state made from another without its answer works its own out', () => {
    const read = state('cat README.md');
    shellReadOnly(read);
    const { shellReadOnly: _, ...rest } = read;
    const other: EvalState = { ...rest, facts: state('rm README.md').facts };
    expect(shellReadOnly(other).ok).toBe(false);
    expect(shellReadOnly(read).ok).toBe(true);
  });
});
