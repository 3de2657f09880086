/**
 * The names one installed program may answer to (programs/installed-names.ts): a deny or ask rule
 * naming one is tried against a command naming another, both ways, one step.
 */
import { describe, expect, it } from 'vitest';
import { otherInstalledNames } from '../../../src/shell/programs/installed-names.js';

const others = (command: string): string[] => otherInstalledNames(command.split(' ')).map((o) => o.argv.join(' '));

describe('other installed names', () => {
  it.each([
    // Debian's /bin/sh is dash; Fedora's and macOS's is bash; Alpine's is busybox's ash.
    ['dash -c x', ['sh -c x']],
    ['sh -c x', ['dash -c x', 'bash -c x', 'rbash -c x', 'ash -c x']],
    // The awk alternative (and its slave nawk) may be mawk, gawk or the One True AWK: one step only.
    ['mawk 1 f', ['awk 1 f', 'nawk 1 f']],
    ['awk 1 f', ['mawk 1 f', 'nawk 1 f', 'gawk 1 f', 'original-awk 1 f']],
    ['ctags-universal -R src', ['ctags -R src', 'etags -R src']],
    ['slogin host', ['ssh host']],
    ['vi x', ['vim x']],
    ['gmake all', ['make all']],
    ['nodejs -e 1', ['node -e 1']],
    ['gdbtui -batch', ['gdb --tui -batch']],
    ['gdb --tui -batch', ['gdbtui -batch']],
    ['git-receive-pack .', ['git receive-pack .']],
    ['git receive-pack .', ['git-receive-pack .']],
    ['git-push origin', ['git push origin']],
    ['sudoedit notes.txt', ['sudo -e notes.txt']],
    ['python3 x.py', ['python x.py']],
    ['python x.py', ['python3 x.py', 'python2 x.py']],
    ['pip3 install x', ['pip install x']],
    ['unxz a.xz', ['xz -d a.xz']],
    ['zcat a.gz', ['gzip -cd a.gz']],
    ['bzip2 -d a.bz2', ['bunzip2 a.bz2']],
  ])('%s is also %j', (command, expected) => {
    expect(others(command)).toEqual(expect.arrayContaining(expected));
  });

  it('keeps programs that are not one apart', () => {
    expect(others('mawk 1 f')).not.toContain('gawk 1 f');
    expect(others('dash -c x')).not.toContain('bash -c x');
    expect(others('zsh -c x')).not.toContain('sh -c x');
    expect(others('gdb -batch')).toEqual([]);
    expect(others('git-lfs pull')).toEqual([]);
    expect(others('git lfs pull')).toEqual([]);
    expect(others('shellcheck x.sh')).toEqual([]);
    expect(others('ls -la')).toEqual([]);
    expect(others('toString')).toEqual([]);
  });

  it('reads names of the same program both ways', () => {
    expect(others('view x')).toEqual(expect.arrayContaining(['vim x', 'vi x', 'vim.basic x']));
    expect(others('vim x')).toEqual(expect.arrayContaining(['vi x', 'ex x', 'view x', 'vim.basic x']));
    expect(others('zsh -c x')).toEqual(expect.arrayContaining(['rzsh -c x', 'zsh5 -c x']));
  });
});
