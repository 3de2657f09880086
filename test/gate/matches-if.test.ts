/**
 * A hook `if` path rule naming one relative folder (`Edit(src/**)`) matches that folder in the
 * working directory only, as the Claude Code CLI matches it since 2.1.214 — not a `src` nested
 * deeper, as the same rule does in a deny list. Other path rules keep their deny-list reading.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { createMatchesIf } from '../../src/gate/matches-if.js';

const cwd = '/home/user/project';
const matches = createMatchesIf({ cwd, home: '/home/user', projectDir: cwd });
const edit = (file_path: string) => ({ tool: 'Edit', input: { file_path, old_string: 'a', new_string: 'b' } });

beforeAll(async () => {
  await prepare();
});

describe('hook if: a single-segment folder pattern is anchored at the working directory', () => {
  it.each([
    ['Edit(src/**)', `${cwd}/src/a.ts`, true],
    ['Edit(src/**)', `${cwd}/src/deep/a.ts`, true],
    ['Edit(src/**)', `${cwd}/packages/app/src/a.ts`, false],
    ['Edit(./src/**)', `${cwd}/packages/app/src/a.ts`, false],
    ['Edit(src/)', `${cwd}/lib/src/a.ts`, false],
    ['Edit(**/src/**)', `${cwd}/packages/app/src/a.ts`, true],
    ['Edit(*.ts)', `${cwd}/packages/app/src/a.ts`, true],
    ['Edit(src/a.ts)', `${cwd}/src/a.ts`, true],
  ])('%s on %s: %s', (rule, path, expected) => {
    expect(matches(rule, edit(path))).toBe(expected);
  });
});
