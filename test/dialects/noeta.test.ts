import { describe, expect, it } from 'vitest';
import { noetaHookEvent, noetaPlanDir } from '../../src/dialects/noeta/index.js';
import { decideIn } from './helpers.js';

describe('noeta', () => {
  it('refuses bypassPermissions where the host says so', () => {
    const call = { tool: 'Bash', input: { command: 'npm install' } };
    expect(decideIn('noeta', call, { mode: 'bypassPermissions' }).behavior).toBe('allow');
    const refused = decideIn('noeta', call, { mode: 'bypassPermissions', input: { allowBypass: false } });
    expect(refused.behavior).toBe('ask');
    expect(refused.trace.some((s) => s.step === 'refuseBypass' && s.detail.includes('refused'))).toBe(true);
  });
  it('starts in auto and protects .noeta except skills, commands and worktrees', () => {
    const w = (p: string) => ({ tool: 'Write', input: { file_path: p, content: 'x' } });
    expect(decideIn('noeta', w('/w/project/.noeta/settings.json'), { mode: 'acceptEdits' }).askKind).toBe('protected');
    expect(decideIn('noeta', w('/w/project/.noeta/skills/a/SKILL.md'), { mode: 'acceptEdits' }).behavior).toBe('allow');
    expect(decideIn('noeta', w('/w/project/src/a.ts')).behavior).toBe('allow');
  });
  it('allows reads of the memory directory and saved tool output, not elsewhere', () => {
    const r = (p: string) => ({ tool: 'Read', input: { file_path: p } });
    const input = { memoryDir: '/home/user/.noeta/mem', toolOutputDir: '/home/user/.noeta/out' };
    expect(decideIn('noeta', r('/home/user/.noeta/mem/a.md'), { mode: 'default', input }).behavior).toBe('allow');
    expect(decideIn('noeta', r('/home/user/.noeta/out/1.txt'), { mode: 'default', input }).behavior).toBe('allow');
    expect(decideIn('noeta', r('/home/user/.noeta/x.md'), { mode: 'default', input }).behavior).toBe('ask');
    expect(decideIn('noeta', r('/home/user/.noeta/memx/a.md'), { mode: 'default', input }).behavior).toBe('ask');
  });
  it('reports the hook events it skips', () => {
    expect(noetaHookEvent('PreToolUse')).toEqual({ run: true });
    const skipped = noetaHookEvent('FileChanged');
    expect(skipped.run).toBe(false);
    expect(noetaPlanDir('/home/user/')).toBe('/home/user/.noeta/plans');
  });
});
