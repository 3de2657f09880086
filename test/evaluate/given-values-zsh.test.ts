/**
 * zsh's ways of giving a run word its value (decision 0164): each form here ran ~/bin/x.sh (or
 * sourced ~/bin/x.zsh) at zsh 5.9 -i on a pty with a fake home.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { caseFsView } from '../../src/cases/case-fs.js';
import { zshGivenWords, zshTextAsRead } from '../../src/evaluate/given-values-zsh.js';
import { readPlaceWrite, sourcedFiles } from '../../src/evaluate/sourced-files.js';
import { simpleCommands } from '../../src/evaluate/command-code.js';

const H = '/home/user';
const exact = (word: string) => [{ word, shape: 'exact' }];
const zshrc = (text: string, extra: Record<string, string> = {}) =>
  caseFsView(
    { [H]: 'directory', [`${H}/bin`]: 'directory', [`${H}/.zshrc`]: `text: ${text}\n`, ...extra },
    { cwd: H, home: H, platform: 'linux' },
  );
const hit = (text: string, written: string, extra: Record<string, string> = {}) =>
  readPlaceWrite(written, undefined, sourcedFiles(zshrc(text, extra), { home: H }));

describe('zshGivenWords', () => {
  it('follows (P), subscripts, set -A, print -v, typeset -A and array literals', () => {
    expect(zshGivenWords('${(P)N}', 'N=T; T=~/bin/x.sh; ${(P)N}')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$A[1]', 'A[1]=~/bin/x.sh; $A[1]')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$M[k]', 'typeset -A M; M[k]=~/bin/x.sh; $M[k]')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('${M[k]}', 'typeset -A M=(k ~/bin/x.sh)')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$A', 'set -A A ~/bin/x.sh; $A')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$T', 'print -v T ~/bin/x.sh; $T')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$T', "print -v T -f '%s/x.sh' ~/bin; $T")).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$T', "print -v T '~/bin/x.sh'; $T")).toEqual(exact("'~/bin/x.sh'"));
  });
  it('reads a named directory as the folder its name holds', () => {
    expect(zshGivenWords('~b/x.sh', 'hash -d b=~/bin; ~b/x.sh')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('~b/x.sh', 'b=~/bin; : ~b; ~b/x.sh')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('~b/x.sh', 'nameddirs[b]=~/bin')).toEqual(exact('~/bin/x.sh'));
  });
  it('applies modifiers it computes, a default inside a value, and takes a rewrite as any name below', () => {
    expect(zshGivenWords('${T:h}/x.sh', 'T=~/bin/y.sh')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$T:h/x.sh', 'T=~/bin/y.sh')).toEqual(exact('~/bin/x.sh'));
    expect(zshGivenWords('$T/x.sh', 'T=${U:-~/bin}; $T/x.sh')).toContainEqual({ word: '$HOME/bin/x.sh', shape: 'exact' });
    expect(zshGivenWords('${(L)T}', 'T=~/bin/x.sh')).toEqual([{ word: '~/bin/x.sh', shape: 'below' }]);
    expect(zshGivenWords('${T[1,-3]}', 'T=~/bin/x.shXX')).toEqual([{ word: '~/bin/x.shXX', shape: 'below' }]);
  });
  it('names nothing for a variable the text gives no value', () => {
    expect(zshGivenWords('~b/x.sh', 'ls')).toEqual([]);
    expect(zshGivenWords('$A[1]', 'read -A A')).toEqual([]);
  });
});

describe('zshTextAsRead', () => {
  // left34 (decision 0170): zsh 5.9 -i ran the `$(…)` ~/.zval held for each; without (e), nothing.
  it("reads a file whose text a ${(e)…} expansion expands again as evaluated text", () => {
    for (const line of ['T=$(<~/.zval); : ${(e)T}', ': ${(e)"$(<~/.zval)"}', 'read -r T < ~/.zval; : ${(e)T}', 'T=$(cat ~/.zval); print -- ${(Qe)T}'])
      expect(zshTextAsRead(line, `${H}/.zshrc`, `${H}/.zshrc`), line).toContain('eval "$(<~/.zval)"');
    for (const line of ['T=$(<~/.zval); : $T', 'T=$(<~/.zval); : ${(e)U}'])
      expect(zshTextAsRead(line, `${H}/.zshrc`, `${H}/.zshrc`), line).not.toContain('eval');
  });

  it("puts the file's own path in, adds a glob qualifier's code and an eval'd list's file", () => {
    expect(zshTextAsRead('source ${${(%):-%x}:h}/bin/x.sh', `${H}/.zshrc`, `${H}/.zshrc`)).toBe(`source ${H}/bin/x.sh`);
    expect(zshTextAsRead('source ${${(%):-%x}:A:h}/x.zsh', `${H}/.zshrc`, `${H}/dots/zshrc`)).toBe(`source ${H}/dots/x.zsh`);
    // `$0` is the file in a file `source` reads, the shell's name in ~/.zshrc (where `${0:A:h}` is the starting folder).
    expect(zshTextAsRead('source ${0:A:h}/x.zsh', `${H}/.zsh/a.zsh`, `${H}/dots/a.zsh`)).toBe(`source ${H}/dots/x.zsh`);
    expect(zshTextAsRead('source ${0:A:h}/x.zsh', `${H}/.zshrc`, `${H}/dots/zshrc`)).toBe('source ./x.zsh');
    expect(zshTextAsRead("echo '${0:h}'", `${H}/.zshrc`, `${H}/.zshrc`)).toBe("echo '${0:h}'");
    expect(zshTextAsRead('echo *(Ne:"~/bin/x.sh":) >/dev/null', `${H}/.zshrc`, `${H}/.zshrc`)).toBe(
      'echo *(Ne:"~/bin/x.sh":) >/dev/null\n~/bin/x.sh',
    );
    expect(zshTextAsRead('echo *(N+f)', `${H}/.zshrc`, `${H}/.zshrc`)).toBe('echo *(N+f)\nf');
    expect(zshTextAsRead('for f (~/.zsh/*.zsh(N)) source $f', `${H}/.zshrc`, `${H}/.zshrc`)).toBe('for f (~/.zsh/*.zsh(N)) source $f');
    expect(zshTextAsRead('for l in "${(@f)$(<~/.cmds)}"; do eval $l; done', `${H}/.zshrc`, `${H}/.zshrc`)).toContain(
      '\neval "$(<~/.cmds)"',
    );
  });
});

describe('a zsh start-up file', () => {
  // The hook reader reads the text with the full parser, as `toolgate serve` and a prepared library do.
  beforeAll(async () => {
    await prepare();
  });
  it('protects the file each form runs, and only that one', () => {
    expect(hit('N=T; T=~/bin/x.sh; ${(P)N}', `${H}/bin/x.sh`)).toContain('~/.zshrc runs /home/user/bin/x.sh');
    expect(hit('hash -d b=~/bin; ~b/x.sh', `${H}/bin/x.sh`)).toBeDefined();
    expect(hit('typeset -A M; M[k]=~/bin/x.sh; $M[k]', `${H}/bin/x.sh`)).toBeDefined();
    expect(hit('typeset -A M; M[k]=~/bin/x.sh; $M[k]', `${H}/bin/y.sh`)).toBeUndefined();
    expect(hit('source ${${(%):-%x}:h}/bin/x.sh', `${H}/bin/x.sh`)).toContain('sources');
    expect(hit('echo *(Ne:"~/bin/x.sh":) >/dev/null', `${H}/bin/x.sh`)).toBeDefined();
    expect(hit('echo *(N.) >/dev/null', `${H}/bin/x.sh`)).toBeUndefined();
    // Two readings protect the list: its lines evaluated (decision 0164), and a list file whose names run (decision 0163).
    expect(hit('for l in "${(@f)$(<~/.cmds)}"; do eval $l; done', `${H}/.cmds`, { [`${H}/.cmds`]: 'text: true\n' })).toMatch(/evaluates|runs the program each file \/home\/user\/\.cmds names/);
    expect(hit('hash -d p=~/project', `${H}/project/README.md`)).toBeUndefined();
    // A parameter expansion is one word when the split reads text the parser cannot (`${(P)N}` is no bash).
    expect(simpleCommands('N=T; ${(P)N} a; ${x//;/} b')).toEqual(['N=T', '${(P)N} a', '${x//;/} b']);
  });
});
