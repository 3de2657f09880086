/**
 * The files the user's start-up files source, read from the view (red team 24, RT24-F and RT24-O):
 * a literal operand is that file (and, sourced by zsh, its `.zwc`), a variable past a literal
 * folder is the folder, a glob is what it may match, a loop's words are what `. "$f"` sources.
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { namedBy, readPlaceWrite, sourcedFiles } from '../../src/evaluate/sourced-files.js';

const H = '/home/user';
const VARS = { home: H, zdotdir: H, xdgConfigHome: `${H}/.config` };
const view = (files: Record<string, string>) => caseFsView({ [H]: 'directory', ...files }, { cwd: H, home: H, platform: 'linux' });
const hit = (files: Record<string, string>, written: string, vars: Parameters<typeof sourcedFiles>[1] = { home: H }) =>
  readPlaceWrite(written, undefined, sourcedFiles(view(files), vars));

describe('sourcedFiles', () => {
  it('reads bash, profile, zsh, ssh, tmux and vim start-up files for what they source', () => {
    expect(hit({ [`${H}/.bashrc`]: 'text: [ -f ~/.aliases ] && source ~/.aliases\n' }, `${H}/.aliases`)).toBe(
      '~/.bashrc sources /home/user/.aliases: the shell runs it as start-up code',
    );
    expect(hit({ [`${H}/.bashrc`]: 'text: if [ -f "$HOME/.bash_extra" ]; then . "$HOME/.bash_extra"; fi\n' }, `${H}/.bash_extra`)).toBeDefined();
    expect(hit({ [`${H}/.profile`]: 'text: . ${HOME}/.profile.local\n' }, `${H}/.profile.local`)).toBeDefined();
    expect(hit({ [`${H}/.zshrc`]: 'text: source ~/.zsh/aliases.zsh # mine\n' }, `${H}/.zsh/aliases.zsh`)).toContain('zsh runs it');
    expect(hit({ [`${H}/.ssh/config`]: 'text: Include ~/.config/ssh/extra\n' }, `${H}/.config/ssh/extra`)).toContain('ssh reads it');
    expect(hit({ [`${H}/.ssh/config`]: 'text: Include conf.d/*\n' }, `${H}/.ssh/conf.d/work`)).toContain('includes');
    expect(hit({ [`${H}/.tmux.conf`]: 'text: source-file -q ~/.tmux.local\n' }, `${H}/.tmux.local`)).toContain('tmux');
    expect(hit({ [`${H}/.vimrc`]: 'text: if filereadable(expand("~/.vim-extra")) | source ~/.vim-extra | endif\n' }, `${H}/.vim-extra`)).toContain(
      'vim',
    );
  });

  it('follows what a sourced file sources, and leaves unrelated files alone', () => {
    const files = { [`${H}/.bashrc`]: 'text: . ~/.aliases\n', [`${H}/.aliases`]: 'text: source ~/.more\n' };
    expect(hit(files, `${H}/.more`)).toContain('~/.aliases sources /home/user/.more');
    expect(hit(files, `${H}/notes.txt`)).toBeUndefined();
    expect(hit({ [`${H}/.vimrc`]: 'text: set so=5\n' }, `${H}/=5`)).toBeUndefined();
  });

  it("protects zsh's compiled form of what zsh sources, and fpath folders with their digest", () => {
    const files = { [`${H}/.zshrc`]: 'text: source ~/.zsh/prompt.zsh\nfpath=(~/.zfn $fpath)\nautoload -U mycmd\n' };
    expect(hit(files, `${H}/.zsh/prompt.zsh.zwc`)).toContain('zsh reads /home/user/.zsh/prompt.zsh.zwc in place of');
    expect(hit(files, `${H}/.zfn/mycmd`)).toContain('~/.zshrc puts /home/user/.zfn on fpath');
    expect(hit(files, `${H}/.zfn.zwc`)).toContain('.zwc in place of');
    expect(hit({ [`${H}/.bashrc`]: 'text: . ~/.aliases\n' }, `${H}/.aliases.zwc`)).toBeUndefined();
  });

  it('a variable past a literal folder protects the folder; a glob what it matches; a loop its words', () => {
    expect(hit({ [`${H}/.zshrc`]: 'text: source ~/.zsh/$HOST.zsh\n' }, `${H}/.zsh/any`)).toContain('a file in /home/user/.zsh');
    const glob = { [`${H}/.bashrc`]: 'text: for f in ~/.shellrc/*.sh; do . "$f"; done\n' };
    expect(hit(glob, `${H}/.shellrc/a.sh`)).toBeDefined();
    expect(hit(glob, `${H}/.shellrc/a.txt`)).toBeUndefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: source "$DOTFILES/x"\n' }, `${H}/x`)).toBeUndefined();
    const nvm = { [`${H}/.bashrc`]: 'text: export NVM_DIR="$HOME/.nvm"\n[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"\n' };
    expect(hit(nvm, `${H}/.nvm/nvm.sh`)).toContain('~/.bashrc sources /home/user/.nvm/nvm.sh');
    const home = { [`${H}/.bashrc`]: 'text: . ~/.${NAME}rc\n' };
    expect(hit(home, `${H}/.workrc`)).toBeDefined();
    expect(hit(home, `${H}/notes.txt`)).toBeUndefined();
  });

  it('reads ZDOTDIR and XDG_CONFIG_HOME as the environment sets them', () => {
    const files = { [`${H}/.config/zsh/.zshrc`]: 'text: source $ZDOTDIR/aliases\n' };
    expect(hit(files, `${H}/.config/zsh/aliases`, { home: H, zdotdir: `${H}/.config/zsh` })).toBeDefined();
    expect(hit(files, `${H}/.config/zsh/aliases`)).toBeUndefined();
  });

  it('without a view that reads files, nothing', () => {
    expect(sourcedFiles(undefined, { home: H })).toEqual([]);
  });
});

describe('namedBy', () => {
  it('a relative name is placed from the home and from the sourcing file', () => {
    const [p] = namedBy('. ./extra.sh\n', `${H}/.config/sh/rc`, 'sh', VARS);
    expect(p?.pattern?.test(`${H}/extra.sh`)).toBe(true);
    expect(p?.pattern?.test(`${H}/.config/sh/extra.sh`)).toBe(true);
  });
});

describe('start-up files that run a file by other forms than `.` (red team 25 RT25-B)', () => {
  const rc = (line: string) => ({ [`${H}/.bashrc`]: `text: ${line}\n` });
  it('reads a file whose text the shell evaluates through a substitution or its input', () => {
    expect(hit(rc('eval "$(cat ~/.aliases)"'), `${H}/.aliases`)).toContain('runs the text of');
    expect(hit(rc('source <(cat ~/.aliases)'), `${H}/.aliases`)).toBeDefined();
    expect(hit(rc('. /dev/stdin < ~/.aliases'), `${H}/.aliases`)).toBeDefined();
    expect(hit({ [`${H}/.zshrc`]: 'text: eval "$(<~/.aliases)"\n' }, `${H}/.aliases`)).toBeDefined();
    // A value read, or text printed, runs nothing.
    expect(hit(rc('export TOKEN="$(cat ~/.token)"'), `${H}/.token`)).toBeUndefined();
    expect(hit(rc('echo "$(cat ~/.motd)"'), `${H}/.motd`)).toBeUndefined();
  });

  it('reads programs of the home run by path, files given to a shell, autoloads and quoted text', () => {
    expect(hit(rc('eval "$(~/.local/bin/mise activate bash)"'), `${H}/.local/bin/mise`)).toContain('runs the program');
    expect(hit(rc('bash ~/.bash_local'), `${H}/.bash_local`)).toBeDefined();
    expect(hit({ [`${H}/.zshrc`]: 'text: autoload -Uz ~/.zfuncs/myinit && myinit\n' }, `${H}/.zfuncs/myinit`)).toContain('autoloads');
    expect(hit({ [`${H}/.zshrc`]: 'text: emulate sh -c ". ~/.profile_local"\n' }, `${H}/.profile_local`)).toBeDefined();
    expect(hit(rc("eval '. ~/.more'"), `${H}/.more`)).toBeDefined();
  });

  it('takes ZDOTDIR from ~/.zshenv and follows a sourced link to where it leads', () => {
    const files = {
      [`${H}/.zshenv`]: 'text: export ZDOTDIR=$HOME/.config/zsh\n',
      [`${H}/.config/zsh/.zshrc`]: 'text: source $ZDOTDIR/aliases.zsh\n',
    };
    expect(hit(files, `${H}/.config/zsh/aliases.zsh`)).toBeDefined();
    expect(hit(files, `${H}/.config/zsh/.zshrc`)).toContain('sets ZDOTDIR');
    expect(hit({ ...rc('. ~/.aliases'), [`${H}/.aliases`]: 'symlink -> dot/aliases', [`${H}/dot/aliases`]: 'text: x\n' }, `${H}/dot/aliases`)).toContain(
      'through a link',
    );
  });

  it('reads the folders a line puts on PATH: the programs directly in them', () => {
    const profile = { [`${H}/.profile`]: 'text: if [ -d "$HOME/bin" ] ; then\n    PATH="$HOME/bin:$PATH"\nfi\n' };
    expect(hit(profile, `${H}/bin/git`)).toContain('puts /home/user/bin on PATH');
    expect(hit(profile, `${H}/bin/old/notes`)).toBeUndefined();
    expect(hit(rc('PATH=.:$PATH'), `${H}/ls`)).toBeUndefined();
  });
});

describe('programs ssh and tmux configuration run by path (red team 25 RT25-G)', () => {
  it('reads ProxyCommand, LocalCommand, Match exec and run-shell', () => {
    const ssh = (line: string) => ({ [`${H}/.ssh/config`]: `text: Host *\n  ${line}\n` });
    expect(hit(ssh('ProxyCommand ~/scripts/proxy.sh %h %p'), `${H}/scripts/proxy.sh`)).toContain('ssh runs it when it connects');
    expect(hit(ssh('LocalCommand=sh ~/bin/local.sh'), `${H}/bin/local.sh`)).toBeDefined();
    expect(hit({ [`${H}/.ssh/config`]: 'text: Match exec "~/bin/probe %h"\n' }, `${H}/bin/probe`)).toBeDefined();
    expect(hit(ssh('ProxyCommand nc %h %p'), `${H}/nc`)).toBeUndefined();
    expect(hit({ [`${H}/.tmux.conf`]: 'text: run-shell -b ~/scripts/tm.sh\n' }, `${H}/scripts/tm.sh`)).toContain('tmux runs it');
  });
});
