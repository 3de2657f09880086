import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { configuredPrograms } from '../../src/evaluate/git-configured-programs.js';
import { gnupgProgramWrite, gnupgPrograms } from '../../src/evaluate/gnupg-programs.js';
import { writtenRepositoryRuns } from '../../src/evaluate/written-repository.js';
import { extCommandText } from '../../src/shell/programs/git/transports.js';

const P = '/home/user/project';
const H = '/home/user';
const repo = (dir: string, config: string) => ({
  [`${dir}/.git`]: 'directory',
  [`${dir}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
  [`${dir}/.git/refs`]: 'directory',
  [`${dir}/.git/objects`]: 'directory',
  [`${dir}/.git/config`]: `text: [core]\n\tbare = false\n${config}`,
});
const view = (files: Record<string, string>) => caseFsView({ [P]: 'directory', [H]: 'directory', ...files }, { cwd: P, home: H, platform: 'linux' });

describe('writtenRepositoryRuns: what another repository a write lands in runs (red team 27 M)', () => {
  const fs = view({ ...repo(P, ''), ...repo(`${P}/vendor/lib`, '\tfsmonitor = sh tools/x.sh\n'), [`${P}/vendor/lib/.git/hooks`]: 'directory', [`${P}/vendor/lib/.git/hooks/pre-commit`]: 'text: #!/bin/sh\nsh tools/h.sh\n' });
  const runs = (written: string) => writtenRepositoryRuns(written, undefined, { fs }, { cwd: P, home: H, platform: 'linux' }, new Map());
  it('names the embedded repository configuration and hook', () => {
    expect(runs(`${P}/vendor/lib/tools/x.sh`)).toMatch(/core\.fsmonitor in .*vendor\/lib\/\.git\/config/);
    expect(runs(`${P}/vendor/lib/tools/h.sh`)).toMatch(/git hook .*pre-commit/);
  });
  it('leaves the other files, and the working directory repository (read apart), alone', () => {
    expect(runs(`${P}/vendor/lib/src/a.js`)).toBeUndefined();
    expect(runs(`${P}/tools/x.sh`)).toBeUndefined();
  });
});

describe('ext:: URLs are commands (red team 27 A)', () => {
  it.each([
    ['ext::sh scripts/x.sh %S foo', "'sh' 'scripts/x.sh' 'git-upload-pack' 'foo'"],
    ['ext::x.sh %G/y %s', "'x.sh' 'upload-pack'"],
    ['https://example.invalid/x', undefined],
    ['ext::x %Q', undefined],
  ])('%s', (url, text) => expect(extCommandText(url)).toBe(text));
  it('a remote URL and a rewrite base name their program from the top', () => {
    const fs = view({ ...repo(P, '[remote "o"]\n\turl = ext::sh scripts/x.sh %S\n[url "ext::/home/user/bin/y.sh %S "]\n\tinsteadOf = https://\n') });
    const paths = configuredPrograms(fs, { cwd: `${P}/src`, home: H, platform: 'linux' }, () => null).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining([`${P}/scripts/x.sh`, `${H}/bin/y.sh`]));
  });
});

describe('gnupgPrograms: the programs GnuPG configuration names (red team 27 G)', () => {
  it('reads the GnuPG home, an absolute value only', () => {
    const fs = view({ [`${H}/.gnupg/gpg-agent.conf`]: 'text: # c\npinentry-program /home/user/bin/pin\nscdaemon-program ~/bin/sc\n', [`${H}/g/gpg.conf`]: 'text: agent-program "/opt/a"\n' });
    expect(gnupgPrograms(undefined, H, fs).map((p) => p.path)).toEqual(['/home/user/bin/pin']);
    const env = { values: { GNUPGHOME: `${H}/g` } };
    expect(gnupgPrograms(env, H, fs).map((p) => p.path)).toEqual(['/opt/a']);
    expect(gnupgPrograms({ values: { GNUPGHOME: 'g' } }, H, fs)).toEqual([]);
    expect(gnupgProgramWrite('/home/user/bin/pin', gnupgPrograms(undefined, H, fs))).toMatch(/pinentry-program/);
    expect(gnupgProgramWrite('/home/user/bin/other', gnupgPrograms(undefined, H, fs))).toBeUndefined();
  });
});
