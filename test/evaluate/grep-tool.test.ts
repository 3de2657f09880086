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
  it('a type chooses the names rg\'s type table gives it; an unknown one any file', () => {
    expect(grepToolTreeRead(call({ type: 'ts' }), '/p', '.').rgSkips?.whitelist).toMatchObject({ globs: [], types: true, typeGlobs: expect.arrayContaining(['*.ts']) });
    expect(grepToolTreeRead(call({ type: 'nosuch' }), '/p', '.').rgSkips?.whitelist).toEqual({ globs: [], types: true });
    expect(grepToolTreeRead(call({ type: 'js' }), '/p', '.').rgSkips?.hidden?.except).toContain('.git');
  });
  it('a glob with a slash cannot be judged by a base name: no file is known to be skipped', () => {
    expect(grepToolTreeRead(call({ glob: 'src/**/*.ts' }), '/p', '.').rgSkips).toBeUndefined();
  });
  it('a ! glob without a slash leaves names out (decision 0150); one with a slash is not judged', () => {
    expect(grepToolTreeRead(call({ glob: '!credentials.json' }), '/p', '.').rgSkips?.whitelist).toEqual({ globs: [], types: false, excludes: ['credentials.json'] });
    expect(grepToolTreeRead(call({ glob: '!{a,b}.pem' }), '/p', '.').rgSkips?.whitelist?.excludes).toEqual(['a.pem', 'b.pem']);
    // Split or whole, a host may hand rg another glob: not counted.
    expect(grepToolTreeRead(call({ glob: '!a.pem,!b.pem' }), '/p', '.').rgSkips?.whitelist?.excludes).toBeUndefined();
    expect(grepToolTreeRead(call({ glob: '!a.pem !b.pem' }), '/p', '.').rgSkips?.whitelist?.excludes).toBeUndefined();
    expect(grepToolTreeRead(call({ glob: '!secrets/*.pem' }), '/p', '.').rgSkips?.whitelist?.excludes).toBeUndefined();
  });
  it('the names the host leaves out ride on the tree read, globs or none (decision 0155)', () => {
    expect(grepToolTreeRead(call({}), '/p', '.', ['.env']).leavesOut).toEqual(['.env']);
    expect(grepToolTreeRead(call({ glob: 'src/**/*.ts' }), '/p', '.', ['.env']).leavesOut).toEqual(['.env']);
    expect(grepToolTreeRead(call({}), '/p', '.').leavesOut).toBeUndefined();
  });
});
