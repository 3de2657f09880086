/**
 * The PowerShell tool's paths through links: each path whose real path differs is read again by
 * it, as a shell command's are (`Get-Content notes/id_rsa` with `notes -> ~/.ssh`).
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { powerShellFacts } from '../../src/evaluate/powershell-facts.js';

const P = '/home/user/project';
const H = '/home/user';
const fs = caseFsView(
  { [`${P}/notes`]: `symlink -> ${H}/.ssh`, [`${H}/.ssh/id_rsa`]: 'text: KEY\n', [`${P}/README.md`]: 'text: x\n' },
  { cwd: P, home: H, platform: 'linux' },
);
const ctx = { cwd: P, home: H, platform: 'linux' as const, realpath: (p: string) => fs.realpath(p) };
const paths = (command: string, c: Parameters<typeof powerShellFacts>[1] = ctx) =>
  powerShellFacts(command, c).effects.map((e) => `${e.op} ${e.path}${e.viaSymlink === true ? ' (link)' : ''}`);

describe('powerShellFacts through links', () => {
  it('reports a path through a link again at its real path', () => {
    expect(paths('Get-Content notes/id_rsa')).toEqual([`read ${P}/notes/id_rsa`, `read ${H}/.ssh/id_rsa (link)`]);
  });

  it('a removal takes the link itself: only its folder is resolved', () => {
    expect(paths('Remove-Item notes')).toEqual([`remove ${P}/notes`]);
  });

  it('adds nothing for a path with no link, or without a view', () => {
    expect(paths('Get-Content README.md')).toEqual([`read ${P}/README.md`]);
    expect(paths('Get-Content notes/id_rsa', { cwd: P, home: H, platform: 'linux' })).toEqual([`read ${P}/notes/id_rsa`]);
  });
});
