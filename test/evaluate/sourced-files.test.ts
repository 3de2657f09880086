/**
 * The files the user's start-up files source, read from the view (red team 24, RT24-F and RT24-O):
 * a literal operand is that file (and, sourced by zsh, its `.zwc`), a variable past a literal
 * folder is the folder, a glob is what it may match, a loop's words are what `. "$f"` sources.
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { namedBy, readPlaceWrite, sourcedFiles, startupFiles } from '../../src/evaluate/sourced-files.js';

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
    expect(hit(rc('eval "$(cat ~/.aliases)"'), `${H}/.aliases`)).toContain('evaluates what cat prints of /home/user/.aliases');
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

describe('start-up files that run a file through a reader, a trap, a function, an interpreter or a list (replay 25, RP25-B1…B5)', () => {
  const rc = (line: string) => ({ [`${H}/.bashrc`]: `text: ${line}\n` });
  const zrc = (line: string) => ({ [`${H}/.zshrc`]: `text: ${line}\n` });
  it("reads the files of any reader whose output eval, `.` or a shell is given, but not dircolors' quoted values", () => {
    expect(hit(rc('eval "`cat ~/.aliases`"'), `${H}/.aliases`)).toContain('evaluates what cat prints of');
    expect(hit(rc('eval "$(sed -n p ~/.aliases)"'), `${H}/.aliases`)).toContain('evaluates what sed prints of');
    expect(hit(rc('source <(tr -d "\\r" < ~/.aliases)'), `${H}/.aliases`)).toContain('sources what tr prints of');
    expect(hit(zrc('source =(sed -n p ~/.aliases)'), `${H}/.aliases`)).toContain('zsh runs it');
    expect(hit(rc('eval $(grep -v "^#" ~/.env_vars)'), `${H}/.env_vars`)).toBeDefined();
    expect(hit(rc('bash -c "$(cat ~/.aliases)"'), `${H}/.aliases`)).toContain('gives bash what cat prints of');
    expect(hit(rc('cat ~/.aliases | bash'), `${H}/.aliases`)).toContain('pipes into bash what cat prints of');
    expect(hit(rc('head -n 50 ~/.aliases | source /dev/stdin'), `${H}/.aliases`)).toBeDefined();
    // Quoted values, a value kept, text printed or piped to a program that runs nothing: nothing.
    expect(hit(rc('test -r ~/.dircolors && eval "$(dircolors -b ~/.dircolors)" || eval "$(dircolors -b)"'), `${H}/.dircolors`)).toBeUndefined();
    expect(hit(rc('x=$(sed -n 1p ~/.name); export x'), `${H}/.name`)).toBeUndefined();
    expect(hit(rc('cat ~/.motd | less'), `${H}/.motd`)).toBeUndefined();
    expect(hit(rc("eval \"$(sed 's/a/b/' ~/.x)\""), `${H}/s/a/b`)).toBeUndefined();
  });

  it('reads a trap, BASH_ENV and ENV, and a function at each call', () => {
    expect(hit(rc('trap ". ~/.on_exit" EXIT'), `${H}/.on_exit`)).toBeDefined();
    expect(hit(zrc("trap 'source ~/.on_exit' EXIT"), `${H}/.on_exit`)).toContain('zsh runs it');
    expect(hit(rc('export BASH_ENV=~/.bash_env'), `${H}/.bash_env`)).toContain('sets BASH_ENV');
    expect(hit(rc('export ENV=$HOME/.shinit'), `${H}/.shinit`)).toContain('sets ENV');
    expect(hit(rc('load() { . "$1"; }; load ~/.aliases'), `${H}/.aliases`)).toContain('(through the function load)');
    expect(hit(zrc('function load { source "$1"; }\nload ~/.aliases'), `${H}/.aliases`)).toBeDefined();
    const all = rc('lsrc() { for f in "$@"; do . "$f"; done; }; lsrc ~/.a ~/.b');
    expect(hit(all, `${H}/.b`)).toBeDefined();
    expect(hit(all, `${H}/.c`)).toBeUndefined();
    expect(hit(rc("PROMPT_COMMAND='. ~/.x'"), `${H}/.x`)).toBe('~/.bashrc sources /home/user/.x: interactive bash runs it before each prompt');
    expect(hit(rc('HOME=$HOME . ~/.x'), `${H}/.x`)).toBeDefined();
    // A function never called sources nothing by its parameters.
    expect(hit(rc('load() { . "$1"; }'), `${H}/.aliases`)).toBeUndefined();
  });

  it('reads a file an interpreter runs, and not the words of inline code', () => {
    expect(hit(rc('python3 ~/.motd.py'), `${H}/.motd.py`)).toContain('runs /home/user/.motd.py with python3: the shell runs it at every start');
    expect(hit(rc('perl ~/.motd.pl'), `${H}/.motd.pl`)).toBeDefined();
    expect(hit(rc('/usr/bin/python3.11 -u ~/.motd.py'), `${H}/.motd.py`)).toBeDefined();
    expect(hit(rc('python3 -c "print(1)"'), `${H}/print(1)`)).toBeUndefined();
    expect(sourcedFiles(view(rc(`node -e "require('/x')"`)), { home: H })).toEqual([]);
    // The program's file is not shell text: what it names is not read as sourcing.
    expect(sourcedFiles(view({ ...rc('python3 ~/.motd.py'), [`${H}/.motd.py`]: 'text: . ~/.x\n' }), { home: H }).map((p) => p.path)).not.toContain(`${H}/.x`);
  });

  it("reads zsh's short for with glob qualifiers, with a folder a sourcing file's variable names", () => {
    const omz = {
      [`${H}/.zshrc`]: 'text: export ZSH="$HOME/.ohmz"; source $ZSH/ohmz.sh\n',
      [`${H}/.ohmz/ohmz.sh`]: 'text: ZSH_CUSTOM=$ZSH/custom\nfor config_file ("$ZSH_CUSTOM"/*.zsh(N)); do source "$config_file"; done\n',
    };
    expect(hit(omz, `${H}/.ohmz/custom/evil.zsh`)).toContain('~/.ohmz/ohmz.sh sources /home/user/.ohmz/custom/*.zsh');
    expect(hit(omz, `${H}/.ohmz/custom/notes.txt`)).toBeUndefined();
  });

  it('reads a list file and each name it holds (decision 0129)', () => {
    const list = (line: string) => ({ ...rc(line), [`${H}/.bash_list`]: `text: # mine\n${H}/.evil_listed\n~/.other\n` });
    for (const line of [
      'while read -r f; do . "$f"; done < ~/.bash_list',
      'mapfile -t L < ~/.bash_list; for f in "${L[@]}"; do . "$f"; done',
      'for f in $(cat ~/.bash_list); do . "$f"; done',
      'cat ~/.bash_list | while read f; do source "$f"; done',
      'x=$(cat ~/.bash_list); for f in $x; do . "$f"; done',
    ]) {
      expect(hit(list(line), `${H}/.bash_list`), line).toContain('each file /home/user/.bash_list names');
      expect(hit(list(line), `${H}/.evil_listed`), line).toContain('~/.bash_list names /home/user/.evil_listed');
      expect(hit(list(line), `${H}/.other`), line).toBeDefined();
      expect(hit(list(line), `${H}/.unlisted`), line).toBeUndefined();
    }
    const zsh = { [`${H}/.zshrc`]: 'text: L=(${(f)"$(<~/.zl)"}); for f in $L; do source $f; done\n', [`${H}/.zl`]: `text: ${H}/.evil_listed\n` };
    expect(hit(zsh, `${H}/.evil_listed`)).toContain('~/.zl names /home/user/.evil_listed');
    expect(hit(zsh, `${H}/.evil_listed.zwc`)).toContain('in place of');
    // zsh reads no compiled form of a list, or of a file a reader prints.
    expect(hit(zsh, `${H}/.zl.zwc`)).toBeUndefined();
    expect(hit(zrc('eval "$(cat ~/.aliases)"'), `${H}/.aliases.zwc`)).toBeUndefined();
    // A list read and printed, or kept, runs nothing.
    expect(hit(list('while read -r f; do echo "$f"; done < ~/.bash_list'), `${H}/.bash_list`)).toBeUndefined();
    expect(hit(list('while read -r f; do echo "$f"; done < ~/.bash_list'), `${H}/.evil_listed`)).toBeUndefined();
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

  it('reads the builtins as they read their words: source --, hash -p, an alias, cd before a relative name (RT26-E)', () => {
    expect(hit({ [`${H}/.bashrc`]: 'text: source -- ~/.x\n' }, `${H}/.x`)).toContain('~/.bashrc sources /home/user/.x');
    expect(hit({ [`${H}/.bashrc`]: 'text: hash -p ~/.x ll\n' }, `${H}/.x`)).toContain('binds a command name to /home/user/.x (hash -p ~/.x ll)');
    expect(hit({ [`${H}/.zshrc`]: 'text: hash ll=~/.x\n' }, `${H}/.x`)).toBeDefined();
    expect(hit({ [`${H}/.zshrc`]: 'text: hash -d dots=~/.x\n' }, `${H}/.x`)).toBeUndefined();
    expect(hit({ [`${H}/.bashrc`]: "text: alias ll='~/.x'\n" }, `${H}/.x`)).toContain('when the alias is typed');
    expect(hit({ [`${H}/.bashrc`]: "text: alias ll='ls -l'\nexport A=~/.x\n" }, `${H}/.x`)).toBeUndefined();
    const cd = { [`${H}/.bashrc`]: 'text: cd ~/dots && . ./x; cd - >/dev/null\n' };
    expect(hit(cd, `${H}/dots/x`)).toContain('sources /home/user/dots/x (./x)');
    expect(hit(cd, `${H}/dots/y`)).toBeUndefined();
    expect(hit({ [`${H}/.zshrc`]: 'text: if [[ -r ~/.x ]] source ~/.x\n' }, `${H}/.x`)).toContain('zsh runs it');
    expect(hit({ [`${H}/.zshrc`]: 'text: if [[ -r ~/.x ]] echo hi\n' }, `${H}/.x`)).toBeUndefined();
  });

  it('gives the places the loader variables a start-up file sets name to the loader reading, not to readPlaceWrite (RT26-F)', () => {
    const places = (text: string) => sourcedFiles(view({ [`${H}/.bashrc`]: `text: ${text}\n` }), { home: H });
    const loaders = (text: string) => places(text).flatMap((p) => (p.loader === undefined ? [] : [`${p.loader.name} ${p.path}`]));
    expect(loaders('export EDITOR=~/.x')).toEqual(['EDITOR /home/user/.x']);
    expect(loaders('export NODE_OPTIONS="--require $HOME/.x --max-old-space-size=4096"')).toEqual(['NODE_OPTIONS /home/user/.x']);
    expect(loaders('D=$HOME/dots; export PYTHONSTARTUP="$D/py"')).toEqual(['PYTHONSTARTUP /home/user/dots/py']);
    expect(loaders('export npm_config_userconfig=~/.npmrc2')).toEqual(['npm_config_userconfig /home/user/.npmrc2']);
    expect(loaders('export EDITOR="code --wait" PAGER=less')).toEqual([]);
    expect(loaders('export PYTHONPATH=src:lib')).toEqual([]);
    expect(readPlaceWrite(`${H}/.x`, undefined, places('export EDITOR=~/.x'))).toBeUndefined();
    // Not literal past a folder of the home: the names that start as the value does.
    expect(readPlaceWrite(`${H}/bin/ed-1`, undefined, places('export EDITOR=~/bin/ed-$V'))).toContain('sets EDITOR');
  });

  it('reads the text a builtin keeps for later, a default word, and a prompt\'s backquotes (RT27-S2…S9)', () => {
    const rc = (text: string) => ({ [`${H}/.bashrc`]: `text: ${text}\n`, [`${H}/dots`]: 'directory' });
    const zrc = (text: string) => ({ [`${H}/.zshrc`]: `text: ${text}\n` });
    expect(hit(rc(`. "\${DOTS:-$HOME/dots}/x"`), `${H}/dots/x`)).toContain('~/.bashrc sources /home/user/dots/x');
    expect(hit(zrc('. ${DOTS:-~/dots}/x'), `${H}/dots/x`)).toBeDefined();
    expect(hit(rc(': ${X:=~/dots}; . $X/x'), `${H}/dots/x`)).toBeDefined();
    expect(hit(rc('${TOOL:-~/bin/x.sh} arg'), `${H}/bin/x.sh`)).toContain('runs the program');
    expect(hit(rc(`bind -x '"\\C-t": ~/bin/x.sh'`), `${H}/bin/x.sh`)).toContain('when the key is typed');
    expect(hit(rc('complete -C ~/bin/x.sh git'), `${H}/bin/x.sh`)).toContain('completed with Tab');
    expect(hit(zrc('sched +1 . ~/.x'), `${H}/.x`)).toContain('at the time sched names');
    expect(hit(zrc(`bindkey -s '^T' '. ~/.x\\n'`), `${H}/.x`)).toContain('zsh types it');
    expect(hit(rc("PS1='`sh ~/bin/x.sh` \\$ '"), `${H}/bin/x.sh`)).toBeDefined();
    // A quoted `~` in the default stays literal; a readline function, a history file run nothing.
    expect(hit(rc('. "${X:-~/dots}/x"'), `${H}/dots/x`)).toBeUndefined();
    expect(hit(rc(`bind '"\\C-t": kill-line'`), `${H}/bin/x.sh`)).toBeUndefined();
    expect(hit(rc('export HISTFILE="${HISTFILE:-$HOME/.hist}"'), `${H}/.hist`)).toBeUndefined();
  });

  it("reads a tmux command string, option and format as tmux runs them, and vim's runtimepath (RT27-T1, T2)", () => {
    const tmux = (text: string) => ({ [`${H}/.tmux.conf`]: `text: ${text}\n` });
    const vim = (text: string) => ({ [`${H}/.vimrc`]: `text: ${text}\n` });
    expect(hit(tmux("set-hook -g session-created 'run-shell ~/bin/x.sh'"), `${H}/bin/x.sh`)).toContain('tmux runs it');
    expect(hit(tmux(`if-shell true "run-shell '~/bin/x.sh'"`), `${H}/bin/x.sh`)).toBeDefined();
    expect(hit(tmux('set -g default-command ~/bin/x.sh'), `${H}/bin/x.sh`)).toBeDefined();
    expect(hit(tmux("set -g automatic-rename-format '#(~/bin/x.sh)'"), `${H}/bin/x.sh`)).toBeDefined();
    expect(hit(tmux("set -g mouse on\nset -g status-right '#(date)'"), `${H}/bin/x.sh`)).toBeUndefined();
    expect(hit(vim('set runtimepath+=~/dots'), `${H}/dots/plugin/x.vim`)).toContain("puts /home/user/dots on vim's runtimepath");
    expect(hit(vim("let &rtp .= ',~/dots'"), `${H}/dots/autoload/a.vim`)).toBeDefined();
    expect(hit(vim('set pp+=~/pk'), `${H}/pk/pack/a/start/b/plugin/p.vim`)).toContain('packpath');
    expect(hit(vim('set rtp+=~/dots'), `${H}/dots/README.md`)).toBeUndefined();
    expect(hit(vim('set rtp+=dots'), `${H}/dots/plugin/x.vim`)).toBeUndefined();
  });
});

describe('sourcedFiles: vim scripts the environment holds (check29 c29-37)', () => {
  const places = (files: Record<string, string>, vimScripts: { name: string; text: string }[]) => sourcedFiles(view(files), { home: H }, vimScripts);
  it("reads VIMINIT's and EXINIT's text as a vimrc's, and what it sources in turn", () => {
    const found = places({ [`${H}/x.vim`]: 'text: source ~/y.vim\n' }, [{ name: 'VIMINIT', text: 'set nocp | so ~/x.vim' }]);
    expect(readPlaceWrite(`${H}/x.vim`, undefined, found)).toBe('the exported VIMINIT, which sources /home/user/x.vim: vim runs it as commands when it starts');
    expect(readPlaceWrite(`${H}/y.vim`, undefined, found)).toContain('~/x.vim sources /home/user/y.vim');
    expect(readPlaceWrite(`${H}/dots/plugin/p.vim`, undefined, places({}, [{ name: 'EXINIT', text: 'set rtp+=~/dots' }]))).toContain('runtimepath');
  });
  it('names nothing for settings only', () => {
    expect(places({}, [{ name: 'VIMINIT', text: 'set number nocompatible' }])).toEqual([]);
  });
  it("reads a start-up file's exported VIMINIT the same way", () => {
    expect(hit({ [`${H}/.bashrc`]: 'text: export VIMINIT="so ~/x.vim"\n' }, `${H}/x.vim`)).toBe('~/.bashrc sets VIMINIT, which sources /home/user/x.vim: vim runs it as commands when it starts');
  });

  // Red team 27 K5: git ls-remote from bash -i ran ~/dots/ssh's ProxyCommand.
  it("reads a command-shaped variable's value as the hook reader reads a command: ssh's -F file and its Include", () => {
    const files = { [`${H}/.bashrc`]: "text: export GIT_SSH_COMMAND='ssh -F ~/bin/x.cfg'\n", [`${H}/bin/x.cfg`]: 'text: Include ~/dots/ssh\n', [`${H}/dots/ssh`]: 'text: # s\n' };
    expect(hit(files, `${H}/dots/ssh`)).toContain('~/.bashrc sets GIT_SSH_COMMAND');
    expect(hit({ ...files, [`${H}/.bashrc`]: "text: declare -x GIT_SSH_COMMAND='ssh -F ~/bin/x.cfg'\n" }, `${H}/dots/ssh`)).toBeDefined();
    expect(hit({ ...files, [`${H}/.bashrc`]: 'text: export GIT_SSH_COMMAND=ssh EDITOR=vim\n' }, `${H}/dots/ssh`)).toBeUndefined();
    expect(hit(files, `${H}/dots/other`)).toBeUndefined();
  });
});

// fix32-runners: each ran its file at `bash -i`/`zsh -i` with a fake home (bash 5.2, zsh 5.9).
describe('start-up files that source through a loop, a descriptor or an alias (fix32-runners)', () => {
  it("reads each file a loop's pattern matches in the view, and what it sources", () => {
    const files = { [`${H}/.bashrc.d`]: 'directory', [`${H}/.bashrc.d/a.sh`]: 'text: . ~/dots/x\n' };
    for (const rc of ['for f in ~/.bashrc.d/*.sh; do . "$f"; done', 'for f in ~/.bashrc.d/*.sh; do [ -r "$f" ] && . "$f"; done'])
      expect(hit({ ...files, [`${H}/.bashrc`]: `text: ${rc}\n` }, `${H}/dots/x`), rc).toBe('~/.bashrc.d/a.sh sources /home/user/dots/x: the shell runs it as start-up code');
    const zsh = { [`${H}/.zshrc.d`]: 'directory', [`${H}/.zshrc.d/a.zsh`]: 'text: . ~/dots/x\n', [`${H}/.zshrc`]: 'text: for f in ~/.zshrc.d/*(N); do . $f; done\n' };
    expect(hit(zsh, `${H}/dots/x`)).toContain('~/.zshrc.d/a.zsh sources');
    expect(hit({ ...files, [`${H}/.bashrc`]: 'text: for f in ~/.bashrc.d/*.sh; do . "$f"; done\n' }, `${H}/notes.txt`)).toBeUndefined();
  });

  it('reads a file sourced through a descriptor, and not one only opened', () => {
    for (const rc of ['exec 3< ~/dots/x; . /dev/fd/3', 'exec 3< ~/dots/x\n. /dev/fd/3', '. /dev/fd/3 3< ~/dots/x', 'source /proc/self/fd/4 4<~/dots/x', 'exec {fd}< ~/dots/x; . /dev/fd/$fd'])
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n` }, `${H}/dots/x`), rc).toContain('sources, through a descriptor, /home/user/dots/x');
    expect(hit({ [`${H}/.bashrc`]: 'text: exec 3< ~/dots/x\n' }, `${H}/dots/x`)).toBeUndefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: exec 3< ~/dots/x; . /dev/fd/4\n' }, `${H}/dots/x`)).toBeUndefined();
  });

  // fix33-text (decision 0165): bash 5.2 -i ran ~/dots/x for each.
  it('reads a descriptor an exec opened as its file: a number held by a variable, a copy, `<&N`, a shell on its input', () => {
    for (const rc of [
      'n=3; exec 3< ~/dots/x; . /dev/fd/$n',
      'exec 3< ~/dots/x; exec 4<&3; . /dev/fd/4',
      'exec 3< ~/dots/x; eval "$(cat <&3)"',
      'exec {fd}< ~/dots/x; eval "$(cat <&$fd)"',
      'exec 3< ~/dots/x; eval "$(cat /dev/fd/3)"',
      'exec 4< ~/dots/x; sh <&4',
      'exec 3< ~/dots/x; source /dev/stdin <&3',
      'exec 3< ~/dots/x; sh /dev/fd/3',
      'sh < ~/dots/x',
      'bash 0< ~/dots/x',
      'bash -s < ~/dots/x',
    ])
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n` }, `${H}/dots/x`), rc).toBeDefined();
    for (const rc of ['exec 3< ~/dots/x; cat <&3 >/dev/null', 'cat < ~/dots/x', 'exec 3< ~/dots/x; sh <&4', 'sh -c true < ~/dots/x'])
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n` }, `${H}/dots/x`), rc).toBeUndefined();
  });

  it('puts an alias in place of its name in the lines after the one that defines it', () => {
    expect(hit({ [`${H}/.bashrc`]: 'text: alias s=source\ns ~/dots/x\n' }, `${H}/dots/x`)).toContain('sources /home/user/dots/x');
    expect(hit({ [`${H}/.zshrc`]: "text: alias run='bash -c'\nrun ~/bin/x.sh\n" }, `${H}/bin/x.sh`)).toContain('bash -c ~/bin/x.sh');
    expect(hit({ [`${H}/.bashrc`]: 'text: alias s=source; s ~/dots/x\n' }, `${H}/dots/x`)).toBeUndefined();
  });

  it('reads the text a runner hands a shell and the object `enable -f` loads (check30 rows 81, 85, 87, 88)', () => {
    for (const rc of ['script -qc ~/bin/x.sh /dev/null', 'watch -n1 ~/bin/x.sh', 'mapfile -C ~/bin/x.sh -c 1 a < /etc/hostname'])
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n` }, `${H}/bin/x.sh`), rc).toContain('runs /home/user/bin/x.sh');
    expect(hit({ [`${H}/.bashrc`]: 'text: enable -f ~/bin/x.so x\n' }, `${H}/bin/x.so`)).toContain('the builtin `enable -f ~/bin/x.so x` loads');
    expect(hit({ [`${H}/.bashrc`]: 'text: eval "$(cat ${X:-~/dots/x})"\n' }, `${H}/dots/x`)).toBeDefined();
  });
});

describe('sourcedFiles: the values a start-up text gives a word it runs (decision 0163)', () => {
  // check32 and fix33-given rows: each ran the file at bash 5.2 -i.
  const x = `${H}/bin/x.sh`;
  it('runs each name a list file holds, read by readarray, read or while read', () => {
    const list = { [`${H}/.runlist`]: `text: ${x}\n` };
    for (const rc of ['readarray -t A < ~/.runlist; "${A[@]}"', 'while read -r p; do "$p"; done < ~/.runlist', 'read -r p < ~/.runlist; "$p"', 'mapfile -t A < ~/.runlist; for p in "${A[@]}"; do "$p"; done']) {
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n`, ...list }, x), rc).toBeDefined();
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n`, ...list }, `${H}/.runlist`), rc).toBeDefined();
      expect(hit({ [`${H}/.bashrc`]: `text: ${rc}\n`, ...list }, `${H}/bin/y.sh`), rc).toBeUndefined();
    }
    expect(hit({ [`${H}/.bashrc`]: 'text: read -r a b < ~/.runlist; "$b"\n', [`${H}/.runlist`]: `text: x ${x}\n` }, x)).toBeDefined();
  });
  it('knows a value one file gives in the files it sources and after it, and BASH_SOURCE as the file', () => {
    expect(hit({ [`${H}/.bashrc`]: 'text: T=~/bin\n. ~/.a\n', [`${H}/.a`]: 'text: $T/x.sh\n' }, x)).toBeDefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: . ~/.vars\n"$T"\n', [`${H}/.vars`]: 'text: T=~/bin/x.sh\n' }, x)).toBeDefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: . ~/.vars\ncat "$T"\n', [`${H}/.vars`]: 'text: T=~/notes.txt\n' }, `${H}/notes.txt`)).toBeUndefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: source "${BASH_SOURCE%/*}/bin/x.sh"\n' }, x)).toContain('sources /home/user/bin/x.sh');
    expect(hit({ [`${H}/.bashrc`]: 'text: . "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/bin/x.sh"\n' }, x)).toBeDefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: . ~/dots/init.sh\n', [`${H}/dots`]: 'directory', [`${H}/dots/init.sh`]: 'text: source "${BASH_SOURCE%/*}/x.sh"\n' }, `${H}/dots/x.sh`)).toBeDefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: source "${BASH_SOURCE%/*}/bin/x.sh"\n' }, `${H}/bin/y.sh`)).toBeUndefined();
  });
  it("expands a for-list's braces", () => {
    expect(hit({ [`${H}/.bashrc`]: 'text: for f in ~/bin/{x,y}.sh; do [ -f $f ] && . $f; done\n' }, x)).toBeDefined();
    expect(hit({ [`${H}/.bashrc`]: 'text: for f in ~/bin/{x,y}.sh; do [ -x "$f" ] && "$f"; done\n' }, x)).toBeDefined();
  });
});

describe('startupFiles: the git configuration the shell start-up files give git (decision 0156)', () => {
  const git = (text: string, file = '.bashrc') => startupFiles(view({ [`${H}/${file}`]: `text: ${text}\n` }), { home: H }).git;
  it('reads the pairs a line exports, and the -c of a git an alias, a function or a line runs', () => {
    expect(git('export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0="sh $HOME/bin/x.sh"')).toEqual([
      { key: 'core.fsmonitor', value: `sh ${H}/bin/x.sh`, file: '~/.bashrc (GIT_CONFIG_KEY_0)' },
    ]);
    expect(git("alias git='git -c core.fsmonitor=$HOME/bin/x.sh'")).toEqual([{ key: 'core.fsmonitor', value: `${H}/bin/x.sh`, file: '`git -c` of ~/.bashrc' }]);
    expect(git('git() { command git -c core.hooksPath=~/bin "$@"; }', '.zshrc')).toEqual([{ key: 'core.hookspath', value: `${H}/bin`, file: '`git -c` of ~/.zshrc' }]);
    expect(git(`export GIT_CONFIG_PARAMETERS="'core.editor'='~/bin/ed'"`).map((e) => e.key)).toEqual(['core.editor']);
    expect(git('typeset -x GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=~/bin/p').map((e) => e.value)).toEqual([`${H}/bin/p`]);
  });
  it('reads nothing git never sees: export -n, a count with a pair missing, a value still holding a variable', () => {
    expect(git('export -n GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=~/bin/x.sh')).toEqual([]);
    expect(git('export GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=~/bin/x.sh')).toEqual([]);
    expect(git("alias g='git -c core.editor=$EDITOR'")).toEqual([]);
    expect(git("alias gs='git status' gl='git log'")).toEqual([]);
  });
});

