/**
 * `evaluateAsync` gives the answer a prepared process gives, also when the text read without the
 * parser is not the call's command but a git hook's script the call's write meets (red team 26
 * C7: `find scripts -name 'x.sh' -exec sh {} \;` is outside the fast lexer's subset).
 */
import { describe, expect, it, vi } from 'vitest';
import { FIND_EXEC_HOOK_TREE, HOOK_PERMISSIONS, P } from './find-exec-hook-world.js';

// A module graph of this file's own: the shell grammar is not loaded until a decision needs it.
vi.resetModules();
const { evaluateAsync } = await import('../../src/evaluate/prepare.js');
const { evaluate } = await import('../../src/evaluate/index.js');
const { isShellPrepared } = await import('../../src/shell/index.js');
const { analysesWithoutParser } = await import('../../src/shell/parser-use.js');
const { policyFromObjects } = await import('../../src/settings/index.js');
const { createMemoryFileSystem } = await import('../../src/testing/memory-fs.js');

const policy = policyFromObjects([{ kind: 'projectSettings', settings: HOOK_PERMISSIONS }]);
const tree = { ...FIND_EXEC_HOOK_TREE, [`${P}/src/a.js`]: 'a\n' };
const context = () => ({ mode: 'acceptEdits' as const, policy, cwd: P, home: '/home/user', fs: createMemoryFileSystem(tree).view() });
const write = (path: string) => ({ tool: 'Write', input: { file_path: path, content: 'rm -f README.md\n' } });

describe('evaluateAsync reads a hook script outside the lexer with the parser', () => {
  it('a write to the script the pre-commit hook runs through find -exec asks, as once prepared', async () => {
    expect(isShellPrepared()).toBe(false);
    const count = analysesWithoutParser();
    const d = await evaluateAsync(write(`${P}/scripts/x.sh`), context());
    expect(analysesWithoutParser()).toBeGreaterThan(count);
    expect(isShellPrepared()).toBe(true);
    expect(d.behavior).toBe('ask');
    expect(d).toEqual(evaluate(write(`${P}/scripts/x.sh`), context()));
  });
  it('an everyday write beside it is still allowed', async () => {
    expect((await evaluateAsync(write(`${P}/src/a.js`), context())).behavior).toBe('allow');
  });
});
