/**
 * Names a command writes or removes without naming them (an archive's members, a copy's entries,
 * what git clean removes) meet the protected-path check: from the file-system view when it can
 * list them, else as names that may be protected.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/index.js';
import { newBudget } from '../../src/evaluate/fs-reach.js';
import { protectedNames } from '../../src/evaluate/protected-names.js';
import { CLAUDE_CODE_PROTECTED_PATHS, protectedPathMatch } from '../../src/paths/index.js';

const P = '/home/user/project';
const view = (files: Record<string, string>) =>
  caseFsView({ [P]: 'directory', ...files }, { cwd: P, home: '/home/user', platform: 'linux' });
const check = (
  path: string,
  names: Parameters<typeof protectedNames>[0]['names'],
  files: Record<string, string> | undefined,
  removal = false,
) =>
  protectedNames({
    path,
    names,
    removal,
    spec: CLAUDE_CODE_PROTECTED_PATHS,
    view: files === undefined ? undefined : view(files),
    budget: newBudget(),
  });

describe('protectedNames', () => {
  it('asks for names an archive or a patch holds, whatever the directory', () => {
    expect(check(`${P}/build`, { kind: 'unseen', what: 'archive' }, {})?.message).toMatch(
      /names an archive holds under \/home\/user\/project\/build/,
    );
    expect(check(P, { kind: 'unseen', what: 'diff' }, {})?.message).toMatch(/files a patch names/);
  });

  it("maps a copy's entries to where they land", () => {
    const files = { [`${P}/stage`]: 'directory', [`${P}/stage/.claude`]: 'directory', [`${P}/stage/.claude/settings.json`]: 'file' };
    const hit = check(P, { kind: 'entries', of: [`${P}/stage`] }, files);
    expect(hit?.blockedPath).toBe(`${P}/.claude`);
    expect(hit?.message).toMatch(/copies .*stage\/\.claude to \/home\/user\/project\/\.claude, a protected path \(\.claude\)/);
    expect(check(P, { kind: 'entries', of: [`${P}/src`] }, { [`${P}/src`]: 'directory', [`${P}/src/a.ts`]: 'file' })).toBeUndefined();
  });

  it('is unknown without a view, or for a source the view does not have', () => {
    expect(check(P, { kind: 'entries', of: [`${P}/stage`] }, undefined)?.message).toMatch(/cannot settle \(no file-system view\)/);
    expect(check(P, { kind: 'entries', of: [`${P}/stage`] }, {})?.message).toMatch(/cannot settle/);
  });

  it("spares the repository's own .git (git clean), and nested ones with one -f", () => {
    const files = {
      [`${P}/.git`]: 'directory',
      [`${P}/.git/config`]: 'file',
      [`${P}/vendor/lib/.git/config`]: 'file',
      [`${P}/vendor`]: 'directory',
      [`${P}/vendor/lib`]: 'directory',
      [`${P}/vendor/lib/.git`]: 'directory',
    };
    expect(check(P, { kind: 'entries', of: [P], spares: 'all' }, files, true)).toBeUndefined();
    expect(check(P, { kind: 'entries', of: [P], spares: 'top' }, files, true)?.blockedPath).toBe(`${P}/vendor/lib/.git`);
    expect(check(P, { kind: 'entries', of: [P] }, files, true)?.blockedPath).toBe(`${P}/.git`);
  });

  it('finds a protected name at any depth of the source (property)', () => {
    const segment = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom('.claude/settings.json', '.git/config', '.bashrc', '.vscode/tasks.json'),
        (dirs, tail) => {
          const file = [`${P}/stage`, ...dirs, tail].join('/');
          const files: Record<string, string> = { [file]: 'file' };
          for (let d = file.slice(0, file.lastIndexOf('/')); d.length > P.length; d = d.slice(0, d.lastIndexOf('/')))
            files[d] = 'directory';
          const hit = check(`${P}/dst`, { kind: 'entries', of: [`${P}/stage`] }, files);
          expect(hit).toBeDefined();
          expect(protectedPathMatch(hit!.blockedPath, CLAUDE_CODE_PROTECTED_PATHS)).toBeDefined();
          expect(hit!.blockedPath.startsWith(`${P}/dst/`)).toBe(true);
        },
      ),
    );
  });
});
