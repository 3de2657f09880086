import { describe, expect, it } from 'vitest';
import { compileMatcher, matcherSelects } from '../../src/hooks/index.js';

const sel = (m: string | undefined, subject: string, runBroken = false) => matcherSelects(compileMatcher(m), subject, runBroken);

describe('compileMatcher', () => {
  it('treats *, empty and omitted as all', () => {
    for (const m of ['*', '', undefined, '  ']) expect(compileMatcher(m).kind).toBe('all');
    expect(sel('*', 'Anything')).toBe(true);
  });

  it('compares plain lists name by name, split on | or ,', () => {
    expect(compileMatcher('Edit|Write')).toMatchObject({ kind: 'names', names: ['Edit', 'Write'] });
    expect(compileMatcher('Edit, Write')).toMatchObject({ kind: 'names', names: ['Edit', 'Write'] });
    expect(sel('Edit|Write', 'Write')).toBe(true);
    expect(sel('Edit|Write', 'NotebookEdit')).toBe(false);
    expect(sel('mcp__memory', 'mcp__memory__create_entities')).toBe(false);
  });

  it('searches anything else as an unanchored regex', () => {
    expect(sel('Edit.*', 'NotebookEdit')).toBe(true);
    expect(sel('^Edit$', 'NotebookEdit')).toBe(false);
    expect(sel('mcp__memory__.*', 'mcp__memory__create_entities')).toBe(true);
    expect(sel('^mcp__', 'Bash')).toBe(false);
  });

  it('reports patterns RE2 rejects as invalid and runs them only when asked', () => {
    const m = compileMatcher('(?=Bash)Bash');
    expect(m.kind).toBe('invalid');
    expect(matcherSelects(m, 'Bash', false)).toBe(false);
    expect(matcherSelects(m, 'Read', true)).toBe(true);
  });

  it('runs a catastrophic-backtracking pattern in linear time', () => {
    const subject = `${'a'.repeat(200_000)}b`;
    expect(sel('(a+)+$', subject)).toBe(false);
    expect(sel('(a|aa)+c', subject)).toBe(false);
  });

  it('selects everything when the event has no subject', () => {
    expect(matcherSelects(compileMatcher('Bash'), undefined, false)).toBe(true);
  });
});
