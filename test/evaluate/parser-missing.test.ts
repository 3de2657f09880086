/**
 * The library's synchronous `evaluate` before `prepare()`: a command read inside the call's own
 * command (an interpreter's code, a wrapper's `sh -c` text, a hook script a write meets) that needs
 * the full parser is never allowed on an empty analysis (red team 27, class L: each of these
 * removed a fake home when run; prepared, each asks).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Decision, PermissionMode } from '../../src/core/types.js';
import { FIND_EXEC_HOOK_TREE, HOOK_PERMISSIONS, P } from './find-exec-hook-world.js';

// A module graph of this file's own: the shell grammar is not loaded until the last test loads it.
vi.resetModules();
const { evaluate, evaluateAsync } = await import('../../src/evaluate/index.js');
const { prepare } = await import('../../src/evaluate/prepare.js');
const { isShellPrepared } = await import('../../src/shell/index.js');
const { policyFromObjects } = await import('../../src/settings/index.js');
const { createMemoryFileSystem } = await import('../../src/testing/memory-fs.js');

const none = policyFromObjects([{ kind: 'projectSettings', settings: {} }]);
const ctx = (mode: PermissionMode) => ({ mode, policy: none, cwd: P, home: '/home/user', platform: 'linux' as const });
const bash = (command: string) => ({ tool: 'Bash', input: { command } });

const EMBEDDED = [
  `perl -e 'system("rm -rf ~")'`,
  `awk 'BEGIN { system("rm -rf ~") }'`,
  `python3 -c 'import os; os.system("rm -rf ~")'`,
  `echo 'syscmd(rm -rf ~)' | m4`,
  `torsocks sh -c 'rm -rf ~'`,
  `python3 -c 'import os; os.system("echo x >> ~/.bashrc")'`,
];

const hookPolicy = policyFromObjects([{ kind: 'projectSettings', settings: HOOK_PERMISSIONS }]);
const tree = FIND_EXEC_HOOK_TREE;
const hookCtx = () => ({ mode: 'acceptEdits' as const, policy: hookPolicy, cwd: P, home: '/home/user', fs: createMemoryFileSystem(tree).view() });
const write = { tool: 'Write', input: { file_path: `${P}/scripts/x.sh`, content: 'rm -f README.md\n' } };

describe('evaluate before prepare()', () => {
  it.each(EMBEDDED)('asks firmly for %s in bypassPermissions', (command) => {
    expect(isShellPrepared()).toBe(false);
    const d = evaluate(bash(command), ctx('bypassPermissions'));
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'firm', reason: { kind: 'shellUnknown' } });
    expect(d.reason.message).toContain('shell parser not prepared');
  });
  it('refuses it in dontAsk, which refuses what would ask', () => {
    const d = evaluate(bash(EMBEDDED[0]!), { ...ctx('dontAsk'), policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(perl *)'] } } }]) });
    expect(d.behavior).toBe('deny');
  });
  it('does not allow a write to what a hook runs when the hook text needs the parser', () => {
    expect(evaluate(write, hookCtx()).behavior).not.toBe('allow');
  });
  it('still allows everyday commands the lexer reads', () => {
    expect(isShellPrepared()).toBe(false);
    for (const command of ['ls -la', 'cat README.md | wc -l', 'grep -n x README.md'])
      expect(evaluate(bash(command), ctx('default')).behavior).toBe('allow');
  });
  it('gives, once prepared, the answers evaluateAsync gives', async () => {
    const before: Decision[] = [];
    for (const command of EMBEDDED) before.push(await evaluateAsync(bash(command), ctx('bypassPermissions')));
    await prepare();
    EMBEDDED.forEach((command, i) => {
      const d = evaluate(bash(command), ctx('bypassPermissions'));
      expect(d).toEqual(before[i]);
      expect(d.behavior).toBe('ask');
    });
    expect(evaluate(write, hookCtx()).behavior).toBe('ask');
  });
});
