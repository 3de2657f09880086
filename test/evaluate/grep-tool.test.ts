import { describe, expect, it } from 'vitest';
import { grepToolTreeRead } from '../../src/evaluate/grep-tool.js';

const call = (input: Record<string, unknown>) => ({ tool: 'Grep', input: { pattern: 'k', ...input } });

describe('grepToolTreeRead: the folder Grep searches, as rg walks it', () => {
  it('reads the tree whole, following no link inside unless a configuration may say so', () => {
    const e = grepToolTreeRead(call({}), '/p/src', 'src');
    expect(e).toMatchObject({ op: 'read', path: '/p/src', tree: 'all', walksLinks: false, walksLinksWith: 'RIPGREP_CONFIG_PATH' });
    // Claude Code's Grep passes --hidden and leaves version-control folders out.
    expect(e.rgSkips).toEqual({ noConfig: false, hidden: { except: ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'] } });
  });
  it('whitelists what a glob names, whole, split and brace-expanded; a ! glob whitelists nothing', () => {
    const e = grepToolTreeRead(call({ glob: '*.{ts,tsx} !*.d.ts,*.md' }), '/p', '.');
    const globs = e.rgSkips?.whitelist?.globs ?? [];
    expect(globs).toEqual(expect.arrayContaining(['*.ts', '*.tsx', '*.md']));
    expect(globs.some((g) => g.startsWith('!'))).toBe(false);
    expect(e.rgSkips?.whitelist?.types).toBe(false);
  });
  it('a type may whitelist any file', () => {
    expect(grepToolTreeRead(call({ type: 'js' }), '/p', '.').rgSkips?.whitelist).toEqual({ globs: [], types: true });
    expect(grepToolTreeRead(call({ type: 'js' }), '/p', '.').rgSkips?.hidden?.except).toContain('.git');
  });
  it('a glob with a slash cannot be judged by a base name: no file is known to be skipped', () => {
    expect(grepToolTreeRead(call({ glob: 'src/**/*.ts' }), '/p', '.').rgSkips).toBeUndefined();
  });
});
