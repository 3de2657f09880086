import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { resolveAsKernel, whereLinkLeads } from '../../src/paths/real.js';

const ctx = { cwd: '/p', home: '/h', platform: 'linux' as const };

describe('resolveAsKernel', () => {
  it('takes .. after a link from where the link leads (RP25-L3)', () => {
    const view = caseFsView({ '/p/x': 'directory', '/p/sub': 'directory', '/p/x/y': 'symlink -> ../sub', '/p/.git/hooks/pre-commit': 'symlink -> ../../x/y/../hook' }, ctx);
    expect(resolveAsKernel('/p/.git/hooks/pre-commit', view)?.path).toBe('/p/hook');
    expect(whereLinkLeads('/p/.git/hooks/pre-commit', view)).toBe('/p/hook');
  });
  it('says the links on the way and the first missing name (RP25-L2)', () => {
    const view = caseFsView({ '/p/tools/hooks/pre-commit': 'file', '/p/scripts': 'symlink -> tools/hooks', '/p/.git/hooks/pre-commit': 'symlink -> ../../scripts/pre-commit', '/p/.claude': 'symlink -> conf/claude' }, ctx);
    expect(resolveAsKernel('/p/.git/hooks/pre-commit', view)).toEqual({ path: '/p/tools/hooks/pre-commit', via: ['/p/.git/hooks/pre-commit', '/p/scripts'] });
    expect(resolveAsKernel('/p/.claude/settings.json', view)).toEqual({ path: '/p/conf/claude/settings.json', via: ['/p/.claude'], missing: '/p/conf' });
  });
  it('gives up on a loop', () => {
    const view = caseFsView({ '/p/a': 'symlink -> b', '/p/b': 'symlink -> a' }, ctx);
    expect(resolveAsKernel('/p/a/x', view)).toBeUndefined();
  });
});
