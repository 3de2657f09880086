import { describe, expect, it } from 'vitest';
import { createMemoryFileSystem, type MemoryEntry } from '../../../../src/testing/memory-fs.js';
import { gitTemplateSource } from '../../../../src/shell/programs/git/template.js';
import type { GitWhere } from '../../../../src/shell/programs/git/world.js';

const P = '/home/user/project';
const where = (files: Record<string, MemoryEntry>, over: Partial<GitWhere> = {}): GitWhere => ({
  cwd: P,
  projectDir: P,
  home: '/home/user',
  view: createMemoryFileSystem({ [`${P}/src/a.ts`]: 'x', ...files }).view(),
  variable: () => null,
  ...over,
});

describe('where git init and git clone take a template from', () => {
  it('no variable and no init.templateDir: none', () => {
    expect(
      gitTemplateSource(where({ '/home/user/.gitconfig': '[user]\n\tname = A\n[init]\n\tdefaultBranch = main\n' }), []),
    ).toBeUndefined();
  });
  it('GIT_TEMPLATE_DIR on the command, set in the environment, or possibly set', () => {
    expect(gitTemplateSource(where({}), ['GIT_TEMPLATE_DIR=t'])).toMatch(/^GIT_TEMPLATE_DIR=t names a template/);
    expect(gitTemplateSource(where({}, { variable: (n) => (n === 'GIT_TEMPLATE_DIR' ? '/tmp/t' : null) }), [])).toMatch(
      /GIT_TEMPLATE_DIR=\/tmp\/t is set/,
    );
    expect(gitTemplateSource(where({}, { variable: () => undefined }), [])).toMatch(/may be set/);
  });
  it('init.templateDir in the global file (any case of its name), not in a repository of its own', () => {
    expect(gitTemplateSource(where({ '/home/user/.gitconfig': '[Init]\n\tTemplateDir = /tmp/t\n' }), [])).toMatch(
      /\.gitconfig sets init\.templateDir/,
    );
    // git reads init.templateDir before it sets up the repository (observed with git 2.39 on a reinitialisation).
    expect(
      gitTemplateSource(where({ [`${P}/.git/HEAD`]: 'ref: refs/heads/main\n', [`${P}/.git/config`]: '[init]\n\ttemplateDir = t\n' }), []),
    ).toBeUndefined();
  });
  it('a global file that cannot be read may name one', () => {
    expect(gitTemplateSource(where({ '/home/user/.gitconfig': '[include]\n\tpath = ~/.gitconfig\n' }), [])).toMatch(/cannot be read/);
  });
});
