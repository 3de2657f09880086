/**
 * Which paths are protected: data, with one matcher.
 * @packageDocumentation
 */

/**
 * A protected-path list.
 * - `dirs`: directory names protected wherever they occur in a path; an entry may hold several
 *   segments (`.config/git`), matched as a contiguous run of segments.
 * - `files`: file names protected wherever they occur, matched against the last segment.
 * - `exceptions`: `dir/sub` paths inside a protected directory that are not protected (the
 *   directory entry followed by the rest of the exception, at the same position).
 * - `paths` (optional): absolute paths protected with everything under them (robota's
 *   `pathProtection.protectedPaths`, such as a product's state folder in the home directory).
 * - `exceptionsHoldOnlyTheirContents` (optional): an exception exempts what lies under it, not
 *   the exception itself (robota: `.robota/worktrees` stays protected, its worktrees do not).
 * @public
 */
export interface ProtectedPathSpec {
  dirs: readonly string[];
  files: readonly string[];
  exceptions: readonly string[];
  paths?: readonly string[];
  exceptionsHoldOnlyTheirContents?: boolean;
}

/**
 * Files that tell a git hook what to run, which Claude Code's list lacks beside pre-commit's and
 * lefthook's (decision 0065 addendum): lint-staged's configuration (the usual husky `pre-commit` is the one
 * line `lint-staged`, which runs every command it maps to the staged files; lint-staged also reads
 * `package.json`'s `"lint-staged"` key, see `src/evaluate/hook-runner-keys.ts`) and husky 4's and
 * older husky's `.huskyrc` (sourced or read before each hook).
 */
const HOOK_RUNNER_FILES: readonly string[] = [
  '.lintstagedrc',
  '.lintstagedrc.json',
  '.lintstagedrc.yaml',
  '.lintstagedrc.yml',
  '.lintstagedrc.js',
  '.lintstagedrc.mjs',
  '.lintstagedrc.cjs',
  '.lintstagedrc.ts',
  '.lintstagedrc.mts',
  '.lintstagedrc.cts',
  'lint-staged.config.js',
  'lint-staged.config.mjs',
  'lint-staged.config.cjs',
  'lint-staged.config.ts',
  'lint-staged.config.mts',
  'lint-staged.config.cts',
  'package.yaml',
  '.huskyrc',
  '.huskyrc.json',
  '.huskyrc.js',
  '.huskyrc.cjs',
  'husky.config.js',
  'husky.config.cjs',
  // commitlint's configuration, which the usual husky `commit-msg` hook (`npx --no -- commitlint
  // --edit "$1"`) loads as code at every commit (commitlint docs, "Configuration"); overcommit's,
  // whose hooks run the `command:` it names (red team 25 RT25-E).
  'commitlint.config.js',
  'commitlint.config.cjs',
  'commitlint.config.mjs',
  'commitlint.config.ts',
  'commitlint.config.cts',
  'commitlint.config.mts',
  '.commitlintrc',
  '.commitlintrc.json',
  '.commitlintrc.yaml',
  '.commitlintrc.yml',
  '.commitlintrc.js',
  '.commitlintrc.cjs',
  '.commitlintrc.mjs',
  '.commitlintrc.ts',
  '.commitlintrc.cts',
  '.overcommit.yml',
];

/**
 * Files that configure a shell, git, a package manager or a hook runner (Claude Code docs,
 * "Permission modes › Protected paths").
 */
const CONFIG_FILES: readonly string[] = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_aliases',
  '.bash_logout',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.zlogout',
  // zsh's compiled start-up files: zsh reads FILE.zwc in place of FILE when it is newer or FILE is
  // absent (zshmisc(1), "Autoloading Functions"; zshbuiltins(1), zcompile): a .zwc written as
  // ~/.zshenv.zwc, with no ~/.zshenv at all, ran on the next `zsh -c` (zsh 5.9; red team 22, NEW-T3).
  '.zshrc.zwc',
  '.zprofile.zwc',
  '.zshenv.zwc',
  '.zlogin.zwc',
  '.zlogout.zwc',
  // Files the usual start-up files source (replay 22 NEW-U7, each verified with zsh 5.9 / bash 5.2:
  // a line written there ran on the next interactive shell): powerlevel10k's `source ~/.p10k.zsh`,
  // the fzf installer's `source ~/.fzf.bash` / `~/.fzf.zsh`, compinit's `~/.zcompdump` (sourced by
  // `autoload -Uz compinit && compinit` at every interactive zsh) and its compiled `.zcompdump.zwc`;
  // the frameworks' own rc files (zim, prezto, antigen) and X sessions' start files.
  '.p10k.zsh',
  '.fzf.bash',
  '.fzf.zsh',
  '.zcompdump',
  '.zcompdump.zwc',
  // Their compiled forms, and the digest of the function folder below (`zcompile ~/.zfunc.zwc
  // ~/.zfunc/*`): zsh's `source ~/.p10k.zsh` ran ~/.p10k.zsh.zwc when it was newer, and `autoload
  // mycmd` with ~/.zfunc on fpath ran ~/.zfunc.zwc's function (zsh 5.9; red team 24, RT24-O).
  '.p10k.zsh.zwc',
  '.fzf.zsh.zwc',
  '.zfunc.zwc',
  '.zimrc',
  '.zpreztorc',
  '.antigenrc',
  // The start-up file of an interactive POSIX shell: dash, ksh and bash --posix source the file
  // $ENV names, commonly ~/.shrc (FreeBSD's skeleton .profile exports ENV=$HOME/.shrc) or
  // ~/.kshrc, which ksh93 and mksh (~/.mkshrc) also read by default: with ENV=~/.shrc inherited,
  // a line written there ran at `sh -i -c ls` (dash 0.5.12, leads24).
  '.shrc',
  '.kshrc',
  '.mkshrc',
  '.xprofile',
  '.xsessionrc',
  '.pam_environment',
  '.profile',
  '.envrc',
  // mise's project configuration is .envrc by another name: with `eval "$(mise activate bash)"` the
  // shell runs its `[hooks]` and `_.source` scripts at `cd` once the path is trusted, and trust is
  // by path, not content (mise docs, "Hooks", "Environments"; red team 25 RT25-H).
  'mise.toml',
  '.mise.toml',
  'mise.local.toml',
  '.mise.local.toml',
  '.rtx.toml',
  '.rtx.local.toml',
  // GNOME's session sources ~/.gnomerc at login; WezTerm runs ~/.wezterm.lua (Lua) at every start (RT25-D).
  '.gnomerc',
  '.wezterm.lua',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnp.cjs',
  '.pnp.loader.mjs',
  '.pnpmfile.cjs',
  'bunfig.toml',
  '.bunfig.toml',
  '.bazelrc',
  '.bazelversion',
  '.bazeliskrc',
  '.pre-commit-config.yaml',
  'lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yml',
  '.lefthook.yaml',
  ...HOOK_RUNNER_FILES,
  'gradle-wrapper.properties',
  'maven-wrapper.properties',
  '.devcontainer.json',
  '.ripgreprc',
  // Files curl and wget read options from by themselves (`upload-file = …`, `post_file = …`).
  '.curlrc',
  '_curlrc',
  'curlrc',
  '.wgetrc',
  'wgetrc',
  // pip's options file (`log = …`, `target = …`): user, global and virtual environment (pip-config.ts).
  'pip.conf',
  // rustup's toolchain files: a `path` there is the toolchain whose programs rustc and cargo run (rust-toolchain.ts).
  'rust-toolchain',
  'rust-toolchain.toml',
  'pyrightconfig.json',
  '.mcp.json',
  '.claude.json',
  // Python imports these at every start from any folder on its path (the user's site-packages,
  // a virtual environment's), so every Python program runs them (Python docs, "site").
  'sitecustomize.py',
  'usercustomize.py',
  // less reads ~/.lesskey (its #env section may set LESSOPEN, a command less runs on each file it
  // opens); Debian's lesspipe runs ~/.lessfilter first for every file (red team 13 V8).
  '.lesskey',
  '.lessfilter',
  // The compiled lesskey file less 590 still reads (LESSKEY's default, `$HOME/.less`), whose env
  // section sets LESSOPEN as ~/.lesskey's does: a `cp lk.bin ~/.less` ran rm on `less notes.txt`.
  '.less',
  // GNU parallel (and sem) still reads ~/.parallelrc, the old name of ~/.parallel/config, as
  // options before its own: `--rpl '{} system(…)'` there ran perl code on `parallel echo {} ::: a`
  // (parallel 20221122, verified; ~/.parallel itself is among the folders below).
  '.parallelrc',
  // readline reads ~/.inputrc in every interactive bash (`--norc` too), and a macro there is typed
  // at the prompt when its key is pressed: `"\C-t": "touch proof\n"` then Ctrl-T in `bash --norc -i`
  // ran the touch (bash 5.2 on a pty; fix29-start's lead). /etc/inputrc is among the system files.
  '.inputrc',
  // screen runs the commands of ~/.screenrc at every start (`screen -t w CMD` opens a window running CMD).
  '.screenrc',
  // tmux runs ~/.tmux.conf when its server starts (tmux(1), "~/.tmux.conf, $XDG_CONFIG_HOME/tmux/tmux.conf,
  // ~/.config/tmux/tmux.conf"; `run-shell` and `if-shell` run shell commands): `printf 'run-shell "rm -f
  // notes.txt"' > ~/.tmux.conf` then `tmux -L z1 new -d 'sleep 2'` ran the rm (replay of red team 13, N18).
  '.tmux.conf',
  // The file the common ~/.tmux.conf sources (oh-my-tmux's layout: `source-file ~/.tmux.conf.local`):
  // its `run-shell` ran on the next `tmux start-server` (tmux 3.3a; red team 22, NEW-T4).
  '.tmux.conf.local',
  // valgrind reads options from ~/.valgrindrc and ./.valgrindrc at every start (valgrind(1), "Setting
  // Default Options"): `--log-file=victim.txt` there made `valgrind true` overwrite victim.txt (Debian 12,
  // valgrind 3.19), so a `valgrind CMD` the model allows may write any file such a file names.
  '.valgrindrc',
  // run-mailcap and its names see, view, edit, compose and print, and xdg-open without a desktop, run
  // the command of the first ~/.mailcap entry for a file's type (run-mailcap(1): "the user's files
  // (~/.mailcap; ~/.mime.types) and the system files … are searched"; mailcap(5): each entry's second
  // field is a shell command): `text/plain; rm -f notes.txt` then `see notes.txt` ran the rm (N7).
  // ~/.mime.types is not here: it only maps names to types, the command still comes from a mailcap.
  '.mailcap',
  // xdg-open on a desktop (gio open, kde-open) runs the Exec line of the desktop entry mimeapps.list
  // picks for a file's type (XDG "Association between MIME types and applications"; Desktop Entry
  // Specification, "The Exec key").
  'mimeapps.list',
  // Start-up files of programs run by name whose commands they run (the systematic pass after the
  // replay of red team 13): the sqlite3 shell processes ~/.sqliterc before anything else, where
  // `.shell`/`.system` run programs (sqlite.org/cli.html, "Command-line Options": "-init FILE …
  // ~/.sqliterc"); psql runs ~/.psqlrc unless -X, where `\!` runs a shell command (psql(1), "Files";
  // its version-suffixed forms ~/.psqlrc-16 are not listed); Mercurial runs the `[hooks]` and loads
  // the `[extensions]` of ~/.hgrc at every command, `hg status` too (hgrc(5)); csh and tcsh run
  // ~/.cshrc or ~/.tcshrc at every start, as bash runs ~/.bashrc (tcsh(1), "Startup and shutdown");
  // direnv sources ~/.direnvrc before every `.envrc` (direnv-stdlib(1)).
  '.sqliterc',
  '.psqlrc',
  '.hgrc',
  '.cshrc',
  '.tcshrc',
  '.direnvrc',
  // Debian's sensible-editor (run by many programs for "an editor") sources ~/.selected_editor and
  // then runs $SELECTED_EDITOR on its files (sensible-editor(1): "source the contents of file
  // ~/.selected_editor and, if SELECTED_EDITOR environment variable exists execute SELECTED_EDITOR"):
  // `SELECTED_EDITOR=rm` there ran rm on `sensible-editor notes.txt` (replay of red team 14, NEW-5).
  '.selected_editor',
  // Maven's launcher sources ~/.mavenrc as shell code on every start unless MAVEN_SKIP_RC is set
  // (/usr/share/maven/bin/mvn, Maven 3.8: `. "$HOME/.mavenrc"`): a `rm` there ran on `mvn
  // --version` (red team 17, R17-14).
  '.mavenrc',
  // xdg-user-dir (and the xdg-utils scripts that call it, xdg-desktop-icon) sources
  // `${XDG_CONFIG_HOME:-~/.config}/user-dirs.dirs` as shell code (/usr/bin/xdg-user-dir, xdg-user-dirs
  // 0.18): `rm -f README.md` there ran on `xdg-user-dir DESKTOP` (red team 21, R21-5). The name is
  // matched wherever it is, so the file under any XDG_CONFIG_HOME is protected too.
  'user-dirs.dirs',
  // vim runs the ex commands of its start-up files at every start, `system()` and `!` among them
  // (`vim --version`, vim 9.0: "user vimrc file: $HOME/.vimrc", "2nd user vimrc file: ~/.vim/vimrc",
  // "user exrc file: $HOME/.exrc"; gvim also ~/.gvimrc): `call system("./x.sh")` in ~/.vimrc ran on
  // `vidir src`, whose editor is vi (red team 21, R21-11). ~/.vim and neovim's folders are below.
  '.vimrc',
  '_vimrc',
  '.exrc',
  '.gvimrc',
  // Start-up files of debuggers, REPLs and interpreters, each run as code when the program starts
  // (#37; each verified on Debian 12 with a file that made a marker, unless said otherwise):
  // - gdb runs ~/.gdbearlyinit before anything else, `gdb --version` too, and ~/.gdbinit (or their
  //   `$XDG_CONFIG_HOME/gdb` forms, among the folders below) at every start; a project's ./.gdbinit
  //   once `set auto-load safe-path` allows it (GDB 13.1, "Initialization Files").
  '.gdbinit',
  '.gdbearlyinit',
  // - pdb (`python3 -m pdb`, pdb3) runs the Python statements of ./.pdbrc and ~/.pdbrc (CPython 3.11).
  '.pdbrc',
  // - R and Rscript run ./.Rprofile, else ~/.Rprofile, at every start, and ./.Renviron or
  //   ~/.Renviron may name another (`R_PROFILE_USER=x.R`: Rscript -e 1 ran x.R; R 4.2, ?Startup).
  '.Rprofile',
  '.Renviron',
  // - irb runs the first of ~/.irbrc, ./.irbrc, ./irb.rc, ./_irbrc it finds (irb 1.4.1; irb 1.6+
  //   also `$XDG_CONFIG_HOME/irb/irbrc`, among the folders below, by its documentation).
  '.irbrc',
  'irb.rc',
  '_irbrc',
  // - Ruby's debugger (rdbg, the debug gem 1.4) runs the debugger commands of ~/.rdbgrc and the
  //   Ruby of ~/.rdbgrc.rb when it starts (red team 23, RT23-B addendum: its `config set` lines were read).
  '.rdbgrc',
  '.rdbgrc.rb',
  // - `perl -d` runs ./.perldb, else ~/.perldb (perl5db.pl; perl 5.36: ./.perldb's system() ran).
  '.perldb',
  // - tclsh runs ~/.tclshrc whenever it reads commands from its input (`tclsh --version` too), wish
  //   ~/.wishrc (tclsh(1), wish(1); wish unverified, no display); expect runs ~/.expect.rc before
  //   its script (expect 5.45: `expect x.exp` ran it).
  '.tclshrc',
  '.wishrc',
  '.expect.rc',
  // - bash-completion, which Debian's ~/.bashrc sources in every interactive bash, sources
  //   ~/.bash_completion (bash-completion 2.11: `bash -i -c true` ran it); its per-user
  //   completions folder is among the folders below.
  '.bash_completion',
  // - Terraform reads ~/.terraformrc (terraform.rc on Windows) at every start: a `dev_overrides`
  //   provider there ran on `terraform validate` and `terraform plan`, no `init` needed, and a
  //   `credentials_helper` from ~/.terraform.d/plugins on `terraform login` (Terraform 1.11).
  '.terraformrc',
  'terraform.rc',
  // X sessions' and other shells' start files (red team 24, RT24-D): /etc/X11/Xsession runs
  // ~/.xsession, else ~/.Xsession, as the session program (Debian's Xsession.d/50x11-common_determine-startup);
  // startx runs ~/.xinitrc; csh and tcsh run ~/.login at a login (tcsh(1), "Startup and shutdown");
  // mksh runs ~/.mkshrc in every interactive shell; Emacs runs ~/.emacs and gnuplot ~/.gnuplot at start.
  '.xsession',
  '.Xsession',
  '.xinitrc',
  '.login',
  '.mkshrc',
  '.emacs',
  '.gnuplot',
];

const CONFIG_DIRS: readonly string[] = [
  '.git',
  // Folders the usual start-up files source every file of (replay 22 NEW-U7): Fedora's ~/.bashrc
  // `for rc in ~/.bashrc.d/*; do . "$rc"; done` (a file written there ran on the next `bash -i`),
  // the same for ~/.profile.d and ~/.bash_completion.d, zsh's function folder ~/.zfunc (compinit
  // loads its *.zwc), oh-my-zsh (its custom/*.zsh at every start), systemd's environment.d.
  '.bashrc.d',
  '.profile.d',
  '.bash_completion.d',
  '.zfunc',
  '.oh-my-zsh',
  '.config/environment.d',
  '.config/git',
  '.vscode',
  '.idea',
  '.husky',
  // husky 9 sources `${XDG_CONFIG_HOME:-~/.config}/husky/init.sh` before every hook (decision 0065 addendum).
  '.config/husky',
  '.cargo',
  // GNU parallel (and sem) reads ~/.parallel/config, and profiles named by -J from ~/.parallel, as
  // words put before its own (parallel(1), "--profile": "Default: ~/.parallel/config"; "PROFILE
  // FILES": "Profiles are searched for in ~/.parallel"): `rm -f notes.txt;` there made `parallel
  // echo ::: 1` run the rm (replay of red team 14, NEW-5). $PARALLEL_HOME moves it; not followed here.
  '.parallel',
  '.devcontainer',
  '.yarn',
  '.mvn',
  // The user's site-packages (`~/.local/lib/pythonX.Y/site-packages`, macOS
  // `~/Library/Python/X.Y/lib/python/site-packages`): Python runs the `import` lines of every
  // `*.pth` file there and `usercustomize.py` at each start, so a file planted there runs on the
  // next `pip --version` (Python docs, "site"; red team rt12 G).
  '.local/lib',
  'Library/Python',
  // Version managers' and language tools' folders in the home directory: their `bin` and `shims`
  // folders come first on a user's PATH, so a file planted there (`~/.pyenv/shims/git`) runs in
  // place of the program the next allowed command names; their Python installs hold site-packages
  // whose `*.pth` files run at each start (red team 13, V17). A project's own `.venv` is not here.
  '.pyenv',
  '.rbenv',
  '.nvm',
  '.volta',
  '.asdf',
  '.sdkman',
  '.rustup',
  '.gem',
  // RubyGems' per-user folder on Debian and Ubuntu (Gem.user_dir, on the default GEM_PATH, the target
  // of `gem install --user-install`): every gem command, `gem --version` too, loads the
  // plugins/*_plugin.rb files of each folder of the gem path, and `gem list` evaluates its
  // specifications/*.gemspec (Ruby 3.1, RubyGems 3.3; red team 23, RT23-F: both ran rm).
  '.local/share/gem',
  '.npm-global',
  '.bun/bin',
  '.deno/bin',
  'go/bin',
  '.local/share/mise',
  '.local/share/pnpm',
  '.local/share/fnm',
  '.local/share/pipx',
  '.local/pipx',
  '.local/share/uv',
  '.virtualenvs',
  'pypoetry/virtualenvs',
  'miniconda3',
  'anaconda3',
  'miniforge3',
  // More of them (replay of red team 13, N17: a ~/.nodenv/shims/git written under bypassPermissions
  // ran rm on the next `git status` of a nodenv user). Whole folders where the tool keeps its
  // installs too; only the `bin` folder where the same name may be a project's (`.pixi/envs` is a
  // project's environment, as `.venv` is). When the context carries `PATH`, every folder on it is
  // protected as well (`src/evaluate/path-lookup.ts`), these are for when it does not.
  '.nodenv',
  '.goenv',
  '.jenv',
  '.plenv',
  '.rye',
  '.fnm',
  '.n',
  '.nix-profile',
  '.linuxbrew',
  '.pixi/bin',
  '.conda/envs',
  '.juliaup',
  '.ghcup',
  '.cabal/bin',
  '.nimble/bin',
  '.dotnet/tools',
  '.proto',
  '.pdm/bin',
  '.poetry',
  '.luarocks',
  // composer's and yarn's global packages: their bin folder links into the packages' code.
  '.composer/vendor',
  '.config/composer/vendor',
  '.config/yarn/global',
  '.krew',
  '.tfenv',
  '.rd/bin',
  '.orbstack/bin',
  '.docker/bin',
  // Code that runs later without a name on PATH: pre-commit's hook environments (a commit runs
  // them) and npx's cache (`npx pkg` runs the cached copy without fetching it again).
  '.cache/pre-commit',
  '.npm/_npx',
  // Configuration that makes a program toolgate reads as read-only run a command (red team 13 V8):
  // less runs the LESSOPEN a lesskey file's #env section sets on `less FILE`; kubectl runs a
  // kubeconfig's exec credential plugin on `kubectl get pods`; docker runs every CLI plugin for its
  // description on `docker --help`, and the credential helper config.json names.
  '.config/lesskey',
  '.kube/config',
  '.docker/cli-plugins',
  '.docker/config.json',
  // tmux's configuration under XDG_CONFIG_HOME (tmux 3.2+; see `.tmux.conf` among the files).
  '.config/tmux',
  // tmux's plugins: the usual ~/.tmux.conf line `run '~/.tmux/plugins/tpm/tpm'` runs tpm, which runs
  // every plugin's `*.tmux` (tmux-plugins/tpm README): a script written as ~/.tmux/plugins/tpm/tpm
  // ran on the next `tmux start-server` (tmux 3.3a; red team 22, NEW-T4).
  '.tmux',
  // The user's desktop entries, whose Exec line xdg-open runs (see `mimeapps.list` among the files).
  '.local/share/applications',
  // Per-user configuration that names a command a program runs by itself (the systematic pass after
  // the replay of red team 13; each from the program's own documentation):
  // - sqlite3 3.44+ reads `$XDG_CONFIG_HOME/sqlite3/sqliterc` as ~/.sqliterc (see the files).
  '.config/sqlite3',
  // - a repository's `.hg/hgrc`: its `[hooks]` run on `hg status` as ~/.hgrc's do (hgrc(5)); and
  //   `$XDG_CONFIG_HOME/hg/hgrc`.
  '.hg/hgrc',
  '.config/hg',
  // - the AWS CLI runs a profile's `credential_process` to get credentials on `aws s3 ls` (AWS CLI
  //   guide, "Sourcing credentials with an external process"), and an alias in `~/.aws/cli/alias`
  //   that starts with `!` is a shell command (AWS CLI guide, "Creating and using AWS CLI aliases").
  '.aws',
  // - gh runs the `pager`, `editor` and `browser` its config.yml names, and `gh alias set --shell`
  //   aliases are shell commands kept there (gh manual, `gh config`, `gh alias set`); extensions in
  //   `$XDG_DATA_HOME/gh/extensions` run as `gh NAME` (gh manual, `gh extension`).
  '.config/gh',
  '.local/share/gh',
  // - podman runs the programs containers.conf names (`conmon_path`, `runtimes`, `helper_binaries_dir`,
  //   OCI `hooks_dir`; containers.conf(5)) and storage.conf's `mount_program` (containers-storage.conf(5)).
  '.config/containers',
  // - helm runs the credential helper its registry config.json names for an OCI registry, and its
  //   plugins under `$XDG_DATA_HOME/helm/plugins` (helm docs, "The Helm Plugins Guide").
  '.config/helm',
  '.local/share/helm',
  // - gpg runs the `agent-program` and `photo-viewer` gpg.conf names, gpg-agent the `pinentry-program`
  //   and `scdaemon-program` of gpg-agent.conf (gpg(1), gpg-agent(1)); `git commit -S` runs gpg.
  '.gnupg',
  // - bat's config file holds options as its command line does, `--pager` and `--paging=always`
  //   among them (bat README, "Configuration file").
  '.config/bat',
  // - fish runs config.fish and conf.d at every start, `fish -c` too (fish docs, "Configuration
  //   files"); PowerShell runs its profile at every start unless -NoProfile (about_Profiles).
  '.config/fish',
  '.config/powershell',
  // - direnv sources `$XDG_CONFIG_HOME/direnv/direnvrc` and `lib/*.sh` before every `.envrc`
  //   (direnv-stdlib(1)); pnpm reads its global rc there, whose `script-shell` runs scripts (pnpm
  //   docs, "pnpm config"; npm docs, `script-shell`), as `.npmrc` above.
  '.config/direnv',
  '.config/pnpm',
  // Programs the user's session starts by itself, as a login shell runs ~/.profile: the desktop runs
  // the Exec line of each entry in `$XDG_CONFIG_HOME/autostart` at login (XDG Desktop Application
  // Autostart Specification), and systemd's user manager the units it finds in ~/.config/systemd/user
  // (systemd.unit(5), "User Unit Search Path"), a `default.target.wants` link at every login.
  '.config/autostart',
  '.config/systemd/user',
  // The user manager's other unit folders and its own configuration (`systemd-analyze --user
  // unit-paths`, systemd 252: ~/.config/systemd/user.control, ~/.config/systemd/user and
  // ~/.local/share/systemd/user are searched alike; systemd-user.conf(5): `DefaultEnvironment=`
  // in user.conf or user.conf.d/*.conf reaches every unit, LD_PRELOAD too) — red team 24, RT24-D.
  '.config/systemd/user.control',
  '.local/share/systemd/user',
  '.config/systemd/user.conf',
  '.config/systemd/user.conf.d',
  // The session bus starts the service a `*.service` file of ~/.local/share/dbus-1/services names
  // when a program asks for its bus name (D-Bus specification, "Message Bus Starting Services"), and
  // KDE sources every script of ~/.config/plasma-workspace/env at login (startplasma) — RT24-D.
  '.local/share/dbus-1',
  '.config/plasma-workspace/env',
  // Emacs loads ~/.emacs.d/init.el (and early-init.el) at every start, nushell its
  // ~/.config/nushell/config.nu and env.nu (RT24-D; not installed here, by their documentation).
  '.emacs.d',
  '.config/emacs',
  '.config/nushell',
  // Window managers, session autostarts and terminals that run what their configuration names at
  // every start (red team 25 RT25-D; by their documentation, none installed here): i3 and sway
  // `exec`/`exec_always`, Hyprland `exec-once`, openbox's, LXDE's and labwc's autostart scripts,
  // Xfce's xinitrc; WezTerm's Lua, kitty's `shell`/`startup_session`, alacritty's `shell.program`,
  // ghostty's `command`, zellij's layouts; VS Code's and Cursor's user settings and tasks (a
  // terminal profile's shell) and Cursor's extensions (code at editor start, as ~/.vscode's);
  // starship's custom modules (a command at each prompt); mise's global configuration ([hooks]);
  // macOS launchd's per-user agents (launchd.plist(5), at login).
  '.config/i3',
  '.i3',
  '.config/sway',
  '.config/hypr',
  '.config/openbox',
  '.config/lxsession',
  '.config/labwc',
  '.config/xfce4/xinitrc',
  '.config/wezterm',
  '.config/kitty',
  '.config/alacritty',
  '.config/ghostty',
  '.config/zellij',
  '.config/Code/User',
  '.config/Cursor/User',
  '.cursor/extensions',
  '.config/starship.toml',
  '.config/mise',
  '.mise',
  'Library/LaunchAgents',
  // Claude Code's own installs: the native installer's versions and launcher (~/.local/share/claude,
  // ~/.local/bin/claude) and the npm package wherever it is installed — the next `claude` start runs
  // what is there, with no permission system of its own (red team 24, RT24-H).
  '.local/share/claude',
  '.local/bin/claude',
  'node_modules/@anthropic-ai/claude-code',
  // vim's and neovim's start-up folders: vim sources ~/.vim/vimrc and every plugin under ~/.vim
  // (its 'runtimepath'; ~/.config/vim from vim 9.1), neovim ~/.config/nvim/init.lua or init.vim and
  // the plugins of ~/.config/nvim and ~/.local/share/nvim/site (nvim `:help startup`, `:help
  // xdg`), each at every start (see `.vimrc` among the files; red team 21, R21-11).
  '.vim',
  '.config/vim',
  '.config/nvim',
  '.local/share/nvim',
  // Start-up code of debuggers, REPLs and build tools (see `.gdbinit` among the files):
  // - gdb's `$XDG_CONFIG_HOME/gdb/gdbinit` and `gdbearlyinit`, which it prefers to the home ones
  //   (GDB 13.1: `gdb --version` ran ~/.config/gdb/gdbearlyinit).
  '.config/gdb',
  // - irb 1.6+ reads `$XDG_CONFIG_HOME/irb/irbrc` (irb documentation, "Configuration"; unverified, irb 1.4.1 here).
  '.config/irb',
  // - bash-completion loads `${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/NAME`
  //   when NAME's arguments are first completed (2.11: `_completion_loader git` ran it).
  '.local/share/bash-completion',
  // - Gradle runs the init scripts of ~/.gradle (init.gradle, init.gradle.kts, init.d/*) before
  //   every build, and ~/.gradle/gradle.properties may name the JDK it runs (`org.gradle.java.home`)
  //   and the daemon's JVM options (`org.gradle.jvmargs`, an agent among them) (Gradle 8 manual,
  //   "Initialization Scripts", "Configuring the Build Environment"; not installed here).
  '.gradle/init.gradle',
  '.gradle/init.gradle.kts',
  '.gradle/init.d',
  '.gradle/gradle.properties',
  // - Maven's ~/.m2/settings.xml sets the mirrors every plugin (code Maven runs) is fetched from and
  //   profiles whose properties plugins read (Maven settings reference; unverified offline).
  '.m2/settings.xml',
  // - Terraform's plugin folder: providers found there are installed from it, and credentials
  //   helpers run from it (see `.terraformrc` among the files).
  '.terraform.d',
  // - IPython runs every file of a profile's startup folder and its ipython_config.py at each start
  //   (`ipython -c 'print(1)'` ran ~/.ipython/profile_default/startup/00.py; IPython 8.12, replay 22
  //   NEW-U2), from `$IPYTHONDIR` when set (see IPYTHON_AND_JUPYTER_FOLDERS); Jupyter's applications
  //   load the jupyter_*_config.py files of ~/.jupyter and ~/.local/etc/jupyter (jupyter_core 4.12:
  //   `jupyter nbconvert --to html` ran a ~/.jupyter/jupyter_nbconvert_config.py).
  '.ipython',
  '.jupyter',
  '.local/etc/jupyter',
  // - cpan loads CPAN/MyConfig.pm (Perl) from ~/.cpan, or from ~/.local/share/.cpan where CPAN
  //   2.28+ keeps it, on every run, `cpan -v` too (red team 23, RT23-K: its system() ran).
  '.cpan/CPAN',
  '.local/share/.cpan/CPAN',
  // The user's tmpfiles.d folders: `systemd-tmpfiles --user --create`, and the user manager at every
  // login (systemd-tmpfiles-setup.service), create, write and link the paths their lines name
  // (tmpfiles.d(5); red team 21, R21-3, tmpfiles.ts).
  '.config/user-tmpfiles.d',
  '.local/share/user-tmpfiles.d',
  // git-shell runs `~/git-shell-commands/NAME` on `git-shell -c NAME`, and `help` there when started
  // without one (git-shell(1)): a script written there ran on `git-shell -c x` (git 2.39; red team 22, NEW-T6).
  'git-shell-commands',
];

/**
 * System files that run code later, for every user or as root, outside the call that writes them
 * (decision 0123): an agent that runs as root in a container, in bypassPermissions, could plant
 * code there that a later shell, login, timer, package install, crash or device runs, with no
 * hook and no audit. Each is protected with everything under it (a folder's files are all read):
 * - the dynamic loader loads every library /etc/ld.so.preload names into every program it starts
 *   (ld.so(8), "FILES"), and finds libraries in the folders ld.so.conf names (after ldconfig);
 * - login shells source /etc/profile and /etc/profile.d/*.sh, interactive bash /etc/bash.bashrc
 *   (Debian) or /etc/bashrc (Fedora) and /etc/bash_completion.d, every zsh `/etc/zsh/zshenv` (or
 *   /etc/zshenv), fish /etc/fish/config.fish and conf.d; pam_env sets /etc/environment's variables
 *   at every login (`LD_PRELOAD=…` there runs a library), systemd /etc/environment.d's;
 * - cron runs /etc/crontab, /etc/cron.d/* and the scripts of /etc/cron.{hourly,daily,weekly,
 *   monthly}, and the users' crontabs and at jobs in /var/spool/cron (RHEL's atd /var/spool/at),
 *   anacron /etc/anacrontab (crontab(5), run-parts(8), at(1));
 * - systemd starts the units of /etc/systemd and /lib/systemd or /usr/lib/systemd (system and user
 *   units, generators, `ExecStart=`), /etc/rc.local, /etc/init.d and its rc?.d links at boot
 *   (systemd.unit(5) "Unit File Load Path", systemd-rc-local-generator(8), systemd-sysv-generator(8));
 * - sudo reads /etc/sudoers and /etc/sudoers.d (who may run what as root, `env_keep`, `secure_path`)
 *   and loads the plugins /etc/sudo.conf names; PAM's /etc/pam.d stacks run `pam_exec` programs at
 *   every login, su and sudo (sudoers(5), sudo.conf(5), pam_exec(8));
 * - the kernel runs the program a `|` in /proc/sys/kernel/core_pattern names, as root, at every
 *   crash, and /proc/sys/kernel/modprobe (or the `hotplug` helper, /sys/kernel/uevent_helper) to
 *   load a module or report an event; /proc/sys/fs/binfmt_misc registers the interpreter a file
 *   of a given format runs under (core(5), proc(5), binfmt_misc); /etc/sysctl.conf and
 *   /etc/sysctl.d set such parameters at boot, /etc/modprobe.d's `install` lines run a command
 *   when a module loads (sysctl.d(5), modprobe.d(5));
 * - udev runs the `RUN+=` programs of /etc/udev/rules.d and /lib/udev/rules.d on device events
 *   (udev(7));
 * - apt runs the `DPkg::Pre-Invoke`, `DPkg::Post-Invoke`, `APT::Update::Pre-Invoke` commands of
 *   /etc/apt/apt.conf(.d) at every install or update, dpkg the `pre-invoke`/`post-invoke` of
 *   /etc/dpkg/dpkg.cfg(.d) (apt.conf(5), dpkg(1));
 * - git reads /etc/gitconfig in every repository (`core.fsmonitor`, `core.pager`, `alias.*`,
 *   `core.hooksPath` run programs; git-config(1), "FILES"), tmux /etc/tmux.conf at every server
 *   start; pam_motd runs /etc/update-motd.d/* as root at every login (update-motd(5)); a desktop
 *   session starts /etc/xdg/autostart's entries (as ~/.config/autostart's, among the folders);
 * - systemd also loads units from /run/systemd (`systemctl --runtime enable`, transient and generated
 *   units) until the next boot (systemd.unit(5), "Unit File Load Path");
 * - ssh runs the ProxyCommand, LocalCommand and `Match exec` commands of /etc/ssh/ssh_config(.d) at
 *   every connection (git's too), sshd the `ForceCommand`/`AuthorizedKeysCommand` of sshd_config(.d)
 *   and /etc/ssh/sshrc at every login (ssh_config(5), sshd(8) "SSHRC"); ~/.ssh is the user's
 *   (`path-lookup.ts` sshWrite);
 * - apt installs from the sources /etc/apt/sources.list(.d) name, trusting the keys of
 *   /etc/apt/trusted.gpg(.d) and /etc/apt/keyrings, and runs their packages' maintainer scripts as
 *   root at the next install or upgrade (unattended-upgrades' daily timer among them); /etc/hosts
 *   decides which server answers for those sources' names, a git remote's or a registry's
 *   (sources.list(5), hosts(5));
 * - GnuPG's tools read /etc/gnupg's option files (`gpg.conf`, `gpg-agent.conf`: `agent-program`,
 *   `pinentry-program`, `photo-viewer` start programs) before the user's ~/.gnupg, and git starts
 *   gpg for every signed commit (strace of git 2.39.5 `commit.gpgSign`: gpg opened /etc/gnupg/gpg.conf).
 * The `/lib` forms are merged-/usr's `/usr/lib` on Debian 12; both are listed, as a write may name either.
 */
const SYSTEM_CODE_PATHS: readonly string[] = [
  '/etc/ld.so.preload',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  // The cache ldconfig builds: ld.so finds every library by it (`ldconfig /tmp/lib`, ldconfig.ts).
  '/etc/ld.so.cache',
  '/etc/profile',
  '/etc/profile.d',
  '/etc/bash.bashrc',
  '/etc/bashrc',
  '/etc/bash_completion',
  '/etc/bash_completion.d',
  '/etc/zsh',
  '/etc/zshenv',
  '/etc/zshrc',
  '/etc/zprofile',
  '/etc/zlogin',
  '/etc/zlogout',
  '/etc/fish',
  '/etc/environment',
  '/etc/environment.d',
  '/etc/crontab',
  '/etc/cron.d',
  '/etc/cron.hourly',
  '/etc/cron.daily',
  '/etc/cron.weekly',
  '/etc/cron.monthly',
  '/etc/cron.yearly',
  '/etc/anacrontab',
  '/var/spool/cron',
  '/var/spool/at',
  '/etc/systemd',
  '/lib/systemd',
  '/usr/lib/systemd',
  '/etc/rc.local',
  '/etc/init.d',
  '/etc/rc0.d',
  '/etc/rc1.d',
  '/etc/rc2.d',
  '/etc/rc3.d',
  '/etc/rc4.d',
  '/etc/rc5.d',
  '/etc/rc6.d',
  '/etc/rcS.d',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/sudo.conf',
  '/etc/pam.d',
  '/proc/sys/kernel/core_pattern',
  '/proc/sys/kernel/modprobe',
  '/proc/sys/kernel/hotplug',
  '/sys/kernel/uevent_helper',
  '/proc/sys/fs/binfmt_misc',
  '/etc/sysctl.conf',
  '/etc/sysctl.d',
  '/etc/modprobe.d',
  '/lib/modprobe.d',
  '/usr/lib/modprobe.d',
  '/etc/udev',
  '/lib/udev',
  '/usr/lib/udev',
  '/etc/apt/apt.conf',
  '/etc/apt/apt.conf.d',
  '/etc/dpkg/dpkg.cfg',
  '/etc/dpkg/dpkg.cfg.d',
  '/etc/gitconfig',
  '/etc/gnupg',
  '/etc/tmux.conf',
  '/etc/update-motd.d',
  '/etc/xdg/autostart',
  '/run/systemd', // systemctl --runtime enable x.service
  '/etc/ssh', // printf 'Host *\n ProxyCommand sh -c x\n' > /etc/ssh/ssh_config.d/x.conf
  '/etc/apt/sources.list', // echo 'deb [trusted=yes] http://x/ ./' >> /etc/apt/sources.list
  '/etc/apt/sources.list.d',
  '/etc/apt/trusted.gpg',
  '/etc/apt/trusted.gpg.d',
  '/etc/apt/keyrings',
  '/etc/hosts', // echo '10.0.0.9 deb.debian.org' >> /etc/hosts
  // Claude Code's managed settings, whether or not they exist yet: a file created there is the
  // policy layer that outranks every other (`allowManagedPermissionRulesOnly` drops the user's and
  // the project's rules), and its `managed-settings.d` drop-ins and managed-mcp.json beside it
  // (red team 24, RT24-H: creating /etc/claude-code/managed-settings.json was allowed).
  '/etc/claude-code',
  '/Library/Application Support/ClaudeCode',
  // Installed code programs load, and the system files of programs whose per-user forms are
  // protected above (red team 24, RT24-C; each written by a root agent in bypassPermissions, decided
  // allow): interpreters' module folders (a dist-packages `*.pth` runs at every Python start), git's own helpers and the template every `git init`/`clone` copies, login
  // and account files, root-run hooks (logrotate's postrotate, kernel and initramfs hooks, DHCP
  // exit hooks, polkit's JavaScript rules, rsyslog's omprog, needrestart's Perl), X sessions, and
  // the system rc files of npm, gem, R, vim, gdb, screen, readline, mailcap and the completions.
  // `/root` itself is not here: it is the home (and often the project's parent) of a root agent;
  // root's ssh folder is (a key appended to its authorized_keys is a root login).
  '/root/.ssh',
  // The library roots themselves are not listed: a path inside them is a common word of build
  // commands (`opt -load /usr/lib/llvm-14/lib/LLVMPolly.so`), which a program with no model is
  // assumed to write; Python's module folders are (a `*.pth` there runs at every start), and so are
  // the folders the dynamic loader searches by default (ld.so(8); Debian's multiarch folders and
  // `/lib64`: `cp x.so /usr/lib/x86_64-linux-gnu/libc.so.6` replaces the C library every program
  // loads — red team 24 RT24-C, row rt24-c2).
  '/lib/x86_64-linux-gnu',
  '/usr/lib/x86_64-linux-gnu',
  '/lib/aarch64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/lib/i386-linux-gnu',
  '/usr/lib/i386-linux-gnu',
  '/lib64',
  '/usr/lib64',
  // Debian's /etc/ld.so.conf.d/libc.conf lists /usr/local/lib first: its libraries come before the
  // multiarch folders' in the loader's cache (`ldconfig -r ROOT` with a libz.so.1 in both:
  // `ldconfig -p` lists /usr/local/lib/libz.so.1 first; replay 25 Y1, row rp25-y1-usr-local-lib).
  '/usr/local/lib',
  // The NSS modules nsswitch.conf names (`passwd: files x` → libnss_x.so.2) are loaded by every
  // program that looks up a user, a group or a host (strace of `getent passwd nosuch`: it opened
  // /etc/nsswitch.conf, then /lib/x86_64-linux-gnu/libnss_systemd.so.2; row rp25-y1-nss-config).
  '/etc/nsswitch.conf',
  '/usr/lib/python3',
  '/usr/lib/python3.9',
  '/usr/lib/python3.10',
  '/usr/lib/python3.11',
  '/usr/lib/python3.12',
  '/usr/lib/python3.13',
  '/usr/local/lib/python3.9',
  '/usr/local/lib/python3.10',
  '/usr/local/lib/python3.11',
  '/usr/local/lib/python3.12',
  '/usr/local/lib/python3.13',
  '/usr/lib/git-core',
  '/usr/libexec/git-core',
  '/usr/share/perl5',
  '/usr/share/perl',
  '/usr/local/share/perl',
  '/etc/perl',
  '/usr/share/git-core',
  '/etc/gitattributes',
  '/etc/tmpfiles.d',
  '/etc/binfmt.d',
  '/etc/modules-load.d',
  '/etc/modules',
  '/etc/logrotate.conf',
  '/etc/logrotate.d',
  '/etc/kernel',
  '/etc/initramfs-tools',
  '/etc/dhcp',
  '/etc/polkit-1',
  '/etc/rsyslog.conf',
  '/etc/rsyslog.d',
  '/etc/needrestart',
  '/etc/X11',
  '/etc/passwd',
  '/etc/shadow',
  '/etc/group',
  '/etc/gshadow',
  '/etc/subuid',
  '/etc/subgid',
  '/etc/security',
  '/etc/login.defs',
  '/etc/npmrc',
  '/usr/etc/npmrc',
  // npm's global config is `$PREFIX/etc/npmrc`: /usr/local's where node is installed there (the
  // nodejs.org builds, the node images; `npm config get globalconfig`); its `node-options` runs
  // code in every npm run and npx (row rp25-y1-npm-global-config).
  '/usr/local/etc/npmrc',
  '/etc/gemrc',
  '/etc/R',
  '/etc/vim',
  '/usr/share/vim',
  '/etc/gdb',
  '/etc/screenrc',
  '/etc/mailcap',
  '/etc/inputrc',
  '/usr/share/bash-completion',
  '/usr/share/zsh',
  '/usr/local/share/zsh',
];

/**
 * The folders of ~/.vim that hold vim's data, not code: the undo, swap and backup files the usual
 * `set undodir=~/.vim/undo` (`directory`, `backupdir`) puts there, which vim reads back as data and
 * never sources — no such folder is on vim's runtime list (vim 9.0 `:help 'runtimepath'`; a .vim
 * file in each ran nothing at `vim -c qa`, check30 c30-90). The rest of ~/.vim stays protected.
 */
const VIM_DATA_FOLDERS: readonly string[] = ['.vim/undo', '.vim/swap', '.vim/backup'];

/**
 * Claude Code's protected paths (Claude Code docs, "Permission modes › Protected paths"):
 * `.claude` is protected except `.claude/worktrees`; with toolgate's additions of what tells git
 * hooks what to run (lint-staged's and husky's configuration, `~/.config/husky`), the per-user
 * files above and the system files that run code later (decision 0123).
 * @public
 */
export const CLAUDE_CODE_PROTECTED_PATHS: ProtectedPathSpec = {
  dirs: [...CONFIG_DIRS, '.claude'],
  files: CONFIG_FILES,
  exceptions: ['.claude/worktrees', ...VIM_DATA_FOLDERS],
  paths: SYSTEM_CODE_PATHS,
};

/**
 * The noeta dialect's protected paths (toolgate spec, "Protected paths"): as Claude Code's, plus
 * `.noeta` except its `skills`, `commands` and `worktrees`; all of `.claude` is protected.
 * @public
 */
export const NOETA_PROTECTED_PATHS: ProtectedPathSpec = {
  dirs: [...CONFIG_DIRS, '.claude', '.noeta'],
  files: CONFIG_FILES,
  exceptions: ['.noeta/skills', '.noeta/commands', '.noeta/worktrees', ...VIM_DATA_FOLDERS],
  paths: SYSTEM_CODE_PATHS,
};

function segmentsOf(path: string): string[] {
  return path.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
}

/**
 * A name as Windows reads it, lower-cased: a stream suffix (`.git::$INDEX_ALLOCATION`,
 * `.bashrc:$DATA`) and trailing dots and spaces (`.git.`, `.bashrc `) name the same file.
 */
function looseName(segment: string): string {
  const colon = segment.indexOf(':');
  const s = colon === -1 ? segment : segment.slice(0, colon);
  return s.replace(/[. ]+$/, '').toLowerCase();
}

/**
 * A spec's entries as {@link protectedPathMatch} compares them, worked out once per spec instead
 * of once per path asked about: a spec holds about 460 entries, and a decision asks about every
 * path it reads or writes (a glob write, once per entry a pattern may name).
 */
interface PreparedSpec {
  /** What it was made from, compared by identity: a spec whose lists were replaced is prepared again. */
  from: readonly [readonly string[], readonly string[], readonly string[], readonly string[] | undefined];
  /** Each `paths` entry's loose names. */
  paths: readonly (readonly string[])[];
  /** Each `dirs` entry's loose names. */
  dirs: readonly (readonly string[])[];
  /** The indexes of the `dirs` entries with names, by their first loose name, in the list's order. */
  dirsByFirst: ReadonlyMap<string, readonly number[]>;
  /** Each exception's names, as written and loose. */
  exceptions: readonly (readonly string[])[];
  looseExceptions: readonly (readonly string[])[];
  /** The first `files` entry of each lower-cased name. */
  files: ReadonlyMap<string, string>;
}

const NO_ENTRIES: readonly number[] = [];
const preparedSpecs = new WeakMap<ProtectedPathSpec, PreparedSpec>();

function preparedSpec(spec: ProtectedPathSpec): PreparedSpec {
  const known = preparedSpecs.get(spec);
  if (
    known !== undefined &&
    known.from[0] === spec.dirs &&
    known.from[1] === spec.files &&
    known.from[2] === spec.exceptions &&
    known.from[3] === spec.paths &&
    known.dirs.length === spec.dirs.length &&
    known.exceptions.length === spec.exceptions.length &&
    known.paths.length === (spec.paths?.length ?? 0)
  )
    return known;
  const dirs = spec.dirs.map((entry) => segmentsOf(entry).map(looseName));
  const dirsByFirst = new Map<string, number[]>();
  dirs.forEach((dir, d) => {
    if (dir.length === 0) return;
    const at = dirsByFirst.get(dir[0]!);
    if (at === undefined) dirsByFirst.set(dir[0]!, [d]);
    else at.push(d);
  });
  const exceptions = spec.exceptions.map(segmentsOf);
  const files = new Map<string, string>();
  for (const f of spec.files) if (!files.has(f.toLowerCase())) files.set(f.toLowerCase(), f);
  const prepared: PreparedSpec = {
    from: [spec.dirs, spec.files, spec.exceptions, spec.paths],
    paths: (spec.paths ?? []).map((entry) => segmentsOf(entry).map(looseName)),
    dirs,
    dirsByFirst,
    exceptions,
    looseExceptions: exceptions.map((ex) => ex.map(looseName)),
    files,
  };
  preparedSpecs.set(spec, prepared);
  return prepared;
}

function runAt(haystack: readonly string[], at: number, needle: readonly string[], fold: boolean): boolean {
  if (at + needle.length > haystack.length) return false;
  for (let i = 0; i < needle.length; i++) {
    const a = haystack[at + i]!;
    const b = needle[i]!;
    if (fold ? a.toLowerCase() !== b.toLowerCase() : a !== b) return false;
  }
  return true;
}

/**
 * Which entry of `spec` makes `absPath` protected, or `undefined` when none does.
 *
 * An absolute `paths` entry matches itself and everything under it. A directory entry matches
 * wherever its segments occur as a run in the path (the directory itself or anything inside
 * it); a file entry matches the last segment. Names compare
 * case-insensitively (a differently cased `.GIT` is the same directory on macOS and Windows,
 * and an extra ask on Linux is harmless), and as Windows reads them: trailing dots and spaces
 * and a stream suffix are ignored (`.git.`, `.git::$INDEX_ALLOCATION` and `.bashrc:$DATA` are
 * protected on every platform). Exceptions compare exactly, so neither case nor these forms can
 * ever widen an exemption.
 *
 * @param absPath - A normalised absolute path (see `normalizePath`); `\` also separates.
 * @returns The entry (`.git`, `.config/git`, `.bashrc`, ...) that protects the path.
 * @public
 */
export function protectedPathMatch(absPath: string, spec: ProtectedPathSpec): string | undefined {
  const prepared = preparedSpec(spec);
  const segments = segmentsOf(absPath);
  const loose = segments.map(looseName);
  for (let k = 0; k < prepared.paths.length; k++) {
    const root = prepared.paths[k]!;
    if (root.length > 0 && runAt(loose, 0, root, false)) return spec.paths![k];
  }
  // With exceptionsHoldOnlyTheirContents the path must go on past the exception to be exempt.
  const beyond = spec.exceptionsHoldOnlyTheirContents === true ? 1 : 0;
  for (let i = 0; i < segments.length; i++) {
    // Only the entries whose first name is this segment's, in the list's order.
    for (const d of prepared.dirsByFirst.get(loose[i]!) ?? NO_ENTRIES) {
      const entry = spec.dirs[d]!;
      const dir = prepared.dirs[d]!;
      if (!runAt(loose, i, dir, false)) continue;
      const exempt = prepared.exceptions.some(
        (ex, e) =>
          ex.length > dir.length &&
          runAt(prepared.looseExceptions[e]!, 0, dir, false) &&
          runAt(segments, i, ex, false) &&
          segments.length >= i + ex.length + beyond,
      );
      if (!exempt) return entry;
    }
  }
  const last = loose[loose.length - 1];
  return last !== undefined ? prepared.files.get(last) : undefined;
}

/**
 * The first absolute `paths` entry of `spec` that lies below `absDir`: a write of names toolgate
 * cannot see into `absDir` (`sysctl --system` into /proc/sys, an archive unpacked into /etc) may
 * write it.
 *
 * @param absDir - A normalised absolute path (see `normalizePath`).
 * @internal
 */
export function protectedPathBelow(absDir: string, spec: ProtectedPathSpec): string | undefined {
  const dir = segmentsOf(absDir).map(looseName);
  const roots = preparedSpec(spec).paths;
  return spec.paths?.find((_, k) => roots[k]!.length > dir.length && runAt(roots[k]!, 0, dir, false));
}

/**
 * Which entry of `spec` a path that *begins with* `absStem` may be: the stem itself, a folder it
 * is in, or a protected name the rest of the path may complete (`split -a2 in .npm` writes
 * `.npmaa`…`.npmrc`; `csplit -f .npm -b 'rc%.0d'` writes `.npmrc`). `undefined` when no path
 * beginning with the stem is protected.
 *
 * @param absStem - A normalised absolute path (see `normalizePath`) that names begin with.
 * @internal
 */
export function protectedPathStartingWith(absStem: string, spec: ProtectedPathSpec): string | undefined {
  const whole = protectedPathMatch(absStem, spec);
  if (whole !== undefined) return whole;
  const cut = Math.max(absStem.lastIndexOf('/'), absStem.lastIndexOf('\\'));
  const start = absStem.slice(cut + 1).toLowerCase();
  // Every name that begins with the stem's last segment, in the stem's folder.
  const file = spec.files.find((f) => f.toLowerCase().startsWith(start));
  if (file !== undefined) return file;
  const dir = spec.dirs.find((d) => (segmentsOf(d)[0] ?? '').toLowerCase().startsWith(start));
  if (dir !== undefined) return dir;
  // An absolute entry the stem begins (`split -a1 in ~/xdg/gi` may write ~/xdg/git).
  const stem = absStem.replace(/\\/g, '/').toLowerCase();
  return spec.paths?.find((p) => p.toLowerCase().startsWith(stem));
}

/**
 * `spec` with each of its `.config/…` folder entries protected under `configHome` as well: the
 * folder `$XDG_CONFIG_HOME` names when the environment sets it, where git (its global
 * `git/config`), tmux, gh, lesskey, sqlite3, Mercurial, … read what they read from `~/.config`
 * otherwise (XDG Base Directory Specification; each program's manual). With
 * `XDG_CONFIG_HOME=~/xdg`, a `~/xdg/git/config` setting `core.fsmonitor` ran its command on the
 * next `git status` (red team 14, NEW-14).
 *
 * @param configHome - The folder, normalised and absolute (see `normalizePath`).
 * @internal
 */
export function protectedUnderConfigHome(spec: ProtectedPathSpec, configHome: string): ProtectedPathSpec {
  const root = configHome.replace(/[\\/]+$/, '');
  const extra = spec.dirs.filter((d) => /^\.config[\\/]/i.test(d)).map((d) => `${root}/${d.slice('.config/'.length)}`);
  return extra.length === 0 ? spec : { ...spec, paths: [...(spec.paths ?? []), ...extra] };
}

/**
 * Variables that name the folder IPython, Jupyter and RubyGems read start-up code from in place of
 * ~/.ipython, ~/.jupyter and ~/.gem: `IPYTHONDIR=$PWD/ipd` made `ipython -c 'print(1)'` run
 * ipd/profile_default/startup/0.py (IPython 8.12); JUPYTER_CONFIG_DIR (jupyter_core, "Jupyter
 * paths") holds the jupyter_*_config.py files.
 * @internal
 */
export const STARTUP_FOLDER_VARIABLES: readonly string[] = ['IPYTHONDIR', 'JUPYTER_CONFIG_DIR', 'GEM_HOME'];

/**
 * Variables that hold a list of such folders, separated as PATH is: every gem command loads the
 * plugins/*_plugin.rb files of each folder of GEM_PATH, and of GEM_HOME, beside ~/.gem and
 * ~/.local/share/gem (`GEM_PATH=/x:$PWD/gh gem list` ran gh/plugins/x_plugin.rb; RubyGems 3.3,
 * red team 23, RT23-F).
 * @internal
 */
export const STARTUP_FOLDER_LIST_VARIABLES: readonly string[] = ['GEM_PATH'];

/**
 * `spec` with each of `folders` (normalised and absolute, see `normalizePath`) protected with
 * everything under it.
 * @internal
 */
export function protectedWithFolders(spec: ProtectedPathSpec, folders: readonly string[]): ProtectedPathSpec {
  const extra = folders.map((f) => f.replace(/[\\/]+$/, '')).filter((f) => f !== '');
  return extra.length === 0 ? spec : { ...spec, paths: [...(spec.paths ?? []), ...extra] };
}
