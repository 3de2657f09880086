import { describe, expect, it, vi } from 'vitest';

// This file runs in a module graph of its own, made here (the unit suite's files share one per
// worker, vitest.config.ts): the parser is not loaded until the last test.
vi.resetModules();
const { analyzeShell, isShellPrepared, prepareShell } = await import('../../src/shell/index.js');
const { evaluate, evaluateAsync } = await import('../../src/evaluate/index.js');
const { policyFromObjects } = await import('../../src/settings/index.js');

describe('before prepareShell()', () => {
  it('reads the common subset with the lexer', () => {
    expect(isShellPrepared()).toBe(false);
    const a = analyzeShell('git status && npm test 2>&1 | tee log');
    expect(a.parser).toBe('lexer');
    expect(a.unknown).toEqual([]);
    expect(a.commands.map((c) => c.argv)).toEqual([
      ['git', 'status'],
      ['npm', 'test'],
      ['tee', 'log'],
    ]);
  });

  it('fails closed for anything else', () => {
    const a = analyzeShell('echo $(rm -rf /)');
    expect(a).toMatchObject({ parser: 'none', unknown: ['shell parser not prepared'], commands: [] });
  });

  it('fails closed for a nested script outside the subset', () => {
    const a = analyzeShell("bash -c 'echo $(rm x)'");
    expect(a.unknown.some((u) => u.includes('shell parser not prepared'))).toBe(true);
  });

  it('makes evaluate ask firmly, in every mode, for a command it cannot read yet', () => {
    const policy = policyFromObjects([]);
    for (const mode of ['default', 'bypassPermissions', 'acceptEdits'] as const) {
      const d = evaluate({ tool: 'Bash', input: { command: 'echo $(rm -rf ~)' } }, { mode, policy, cwd: '/p', home: '/h' });
      expect(d).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    }
    const d = evaluate({ tool: 'Bash', input: { command: 'echo $(rm -rf ~)' } }, { mode: 'dontAsk', policy, cwd: '/p', home: '/h' });
    expect(d.behavior).toBe('deny');
  });

  it('evaluateAsync loads the parser when only a nested script needs it', async () => {
    expect(isShellPrepared()).toBe(false);
    const policy = policyFromObjects([]);
    const d = await evaluateAsync(
      { tool: 'Bash', input: { command: "bash -c 'echo $(ls)'" } },
      { mode: 'bypassPermissions', policy, cwd: '/p', home: '/h' },
    );
    expect(isShellPrepared()).toBe(true);
    expect(d.behavior).toBe('allow');
  });

  it('loads once, then parses everything', async () => {
    const first = prepareShell();
    const second = prepareShell();
    await Promise.all([first, second]);
    expect(isShellPrepared()).toBe(true);
    const a = analyzeShell('echo $(rm -rf /)');
    expect(a.parser).toBe('tree-sitter');
    expect(a.commands.map((c) => c.argv)).toContainEqual(['rm', '-rf', '/']);
  });
});
