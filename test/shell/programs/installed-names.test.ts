/**
 * The names one installed program may answer to (programs/installed-names.ts): a deny or ask rule
 * naming one is tried against a command naming another, both ways, one step.
 */
import { describe, expect, it, vi } from 'vitest';
import { otherInstalledNames, programsNamedBy } from '../../../src/shell/programs/installed-names.js';
import { programsRunBy } from '../../../src/shell/programs/installed-scripts.js';
import { PROGRAMS } from '../../../src/shell/programs/index.js';

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
    // binutils 2.40: ld is ld.bfd (one file), or gold where an alternative chose it (replay 22 NEW-U1).
    ['ld.bfd --version', ['ld --version']],
    ['x86_64-linux-gnu-ld.bfd --version', ['ld --version']],
    ['x86_64-linux-gnu-ld.gold -v', ['ld -v', 'gold -v']],
    ['ld -v', ['ld.bfd -v', 'ld.gold -v']],
    ['uncompress -c a.gz', ['gzip -d -c a.gz', 'gunzip -c a.gz', 'zcat a.gz']],
    // A name with option words, read through the program's grammar (replay 22 NEW-U8).
    ['sudo --edit notes.txt', ['sudoedit notes.txt']],
    ['sudo -u root -e notes.txt', ['sudoedit -u root notes.txt']],
    ['sudo -Hu root -e notes.txt', ['sudoedit -H -u root notes.txt']],
    ['xz -dk a.xz', ['unxz -k a.xz']],
    ['xz --decompress -k a.xz', ['unxz -k a.xz']],
    ['xz -k -d a.xz', ['unxz -k a.xz']],
    ['xz --uncomp a.xz', ['unxz a.xz']],
    ['xz -F lzma -dk a.lzma', ['unlzma -k a.lzma']],
    ['lzma -dk a.lzma', ['unlzma -k a.lzma']],
    ['gzip --decompress -k a.gz', ['gunzip -k a.gz']],
    ['gzip -dc a.gz', ['zcat a.gz', 'gunzip -c a.gz']],
    ['gunzip -c a.gz', ['zcat a.gz']],
    ['unxz -c a.xz', ['xzcat a.xz']],
    ['bzip2 --decompress a.bz2', ['bunzip2 a.bz2']],
    ['zstd -dk a.zst', ['unzstd -k a.zst']],
    ['lz4 -dk a.lz4', ['unlz4 -k a.lz4']],
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
    // Other modes of the program, and words after sudo's command, are not the mode.
    expect(others('xz -k a')).toEqual([]);
    expect(others('gzip -k a')).toEqual([]);
    expect(others('sudo ls -e')).toEqual([]);
    expect(others('ld.bfd -v')).not.toContain('ld.gold -v');
    // A word the grammar refuses leaves the command to its prefix alone.
    expect(others('xz --no-such-option -d a')).toEqual([]);
  });

  // Every Bash call a deny or ask rule is tried against asks: a `git …` or `ls …` must not load the
  // compressors', sudo's and gdb's models (their names with option words) to learn it has none.
  it('reads only the command\'s own program\'s grammar for its names with option words', () => {
    const get = vi.spyOn(PROGRAMS, 'get');
    try {
      expect(others('git status')).toEqual(['git-status']);
      expect(others('ls -la')).toEqual([]);
      expect(get.mock.calls.map(([name]) => name).filter((n) => n !== 'git' && n !== 'ls')).toEqual([]);
      expect(others('gzip -dk a.gz')).toEqual(expect.arrayContaining(['gunzip -k a.gz']));
      expect(get.mock.calls.map(([name]) => name)).not.toContain('xz');
    } finally {
      get.mockRestore();
    }
  });

  it('knows the scripts that run a program with words of their own', () => {
    expect(programsRunBy('zgrep')).toEqual(expect.arrayContaining(['gzip', 'grep']));
    expect(programsRunBy('xzgrep')).toEqual(expect.arrayContaining(['xz', 'gzip', 'bzip2']));
    expect(programsRunBy('c89')).toEqual(['gcc']);
    expect(programsRunBy('gcore')).toEqual(['gdb']);
    expect(programsRunBy('grep')).toBeUndefined();
    expect(programsRunBy('toString')).toBeUndefined();
    expect(programsNamedBy('unxz')).toEqual(['xz']);
    expect(programsNamedBy('zcat')).toEqual(['gzip']);
  });

  it('reads names of the same program both ways', () => {
    expect(others('view x')).toEqual(expect.arrayContaining(['vim x', 'vi x', 'vim.basic x']));
    expect(others('vim x')).toEqual(expect.arrayContaining(['vi x', 'ex x', 'view x', 'vim.basic x']));
    expect(others('zsh -c x')).toEqual(expect.arrayContaining(['rzsh -c x', 'zsh5 -c x']));
  });
});
