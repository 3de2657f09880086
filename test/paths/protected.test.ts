import { describe, expect, it } from 'vitest';
import { robotaProtectedPaths } from '../../src/dialects/robota/words.js';
import { CLAUDE_CODE_PROTECTED_PATHS as CC, NOETA_PROTECTED_PATHS as NOETA, protectedPathMatch } from '../../src/paths/index.js';
import {
  protectedPathBelow,
  protectedPathStartingWith,
  protectedUnderConfigHome,
  protectedWithFolders,
} from '../../src/paths/protected.js';

describe('protectedPathMatch (Claude Code list)', () => {
  it.each([
    ['/p/.git/config', '.git'],
    ['/p/.git', '.git'],
    ['/p/sub/.git/hooks/pre-commit', '.git'],
    ['/home/u/.config/git/config', '.config/git'],
    ['/p/.vscode/settings.json', '.vscode'],
    ['/p/.claude/settings.json', '.claude'],
    ['/p/.claude/skills/lint/SKILL.md', '.claude'],
    ['/p/.husky/pre-commit', '.husky'],
    ['/home/u/.bashrc', '.bashrc'],
    ['/p/sub/.npmrc', '.npmrc'],
    ['/p/.mcp.json', '.mcp.json'],
    ['/p/.pre-commit-config.yaml', '.pre-commit-config.yaml'],
    ['/p/.GIT/config', '.git'],
    ['/p/.BASHRC', '.bashrc'],
    // Python runs these at every start (red team rt12 G).
    ['/home/u/.local/lib/python3.11/site-packages/zz.pth', '.local/lib'],
    ['/home/u/.local/lib/python3.11/site-packages/usercustomize.py', '.local/lib'],
    ['/Users/u/Library/Python/3.11/lib/python/site-packages/zz.pth', 'Library/Python'],
    ['/p/.venv/lib/python3.11/site-packages/sitecustomize.py', 'sitecustomize.py'],
    // Version managers' PATH folders and Python installs in the home directory (red team rt13 V17).
    ['/home/u/.pyenv/shims/git', '.pyenv'],
    ['/home/u/.pyenv/versions/3.11.7/lib/python3.11/site-packages/zz.pth', '.pyenv'],
    ['/home/u/.nvm/versions/node/v20.11.0/bin/ls', '.nvm'],
    ['/home/u/go/bin/git', 'go/bin'],
    ['/home/u/.local/share/mise/installs/node/20/bin/npm', '.local/share/mise'],
    ['/home/u/.local/share/uv/tools/ruff/lib/python3.12/site-packages/zz.pth', '.local/share/uv'],
    ['/home/u/.cache/pypoetry/virtualenvs/a-py3.11/lib/python3.11/site-packages/zz.pth', 'pypoetry/virtualenvs'],
    // Configuration whose commands a program runs by itself (replay of red team 13, N7, N18).
    ['/home/u/.mailcap', '.mailcap'],
    ['/home/u/.config/mimeapps.list', 'mimeapps.list'],
    ['/home/u/.local/share/applications/zz.desktop', '.local/share/applications'],
    ['/home/u/.tmux.conf', '.tmux.conf'],
    ['/home/u/.valgrindrc', '.valgrindrc'],
    ['/p/.valgrindrc', '.valgrindrc'],
    ['/home/u/.config/tmux/tmux.conf', '.config/tmux'],
    // sensible-editor's and GNU parallel's own files (replay of red team 14, NEW-5).
    ['/home/u/.selected_editor', '.selected_editor'],
    ['/home/u/.parallel/config', '.parallel'],
    ['/home/u/.parallel/myprofile', '.parallel'],
    // More version managers' and tools' folders (replay of red team 13, N17).
    ['/home/u/.nodenv/shims/git', '.nodenv'],
    ['/home/u/.conda/envs/ml/bin/python', '.conda/envs'],
    ['/home/u/.config/yarn/global/node_modules/.bin/eslint', '.config/yarn/global'],
    ['/home/u/.npm/_npx/1a2b/node_modules/.bin/cowsay', '.npm/_npx'],
    // Start-up files and configuration that name commands (the systematic pass after N7/N18).
    ['/home/u/.sqliterc', '.sqliterc'],
    ['/home/u/.psqlrc', '.psqlrc'],
    ['/home/u/.less', '.less'],
    ['/home/u/.config/autostart/zz.desktop', '.config/autostart'],
    ['/home/u/.config/systemd/user/zz.service', '.config/systemd/user'],
    ['/p/.hg/hgrc', '.hg/hgrc'],
    ['/home/u/.aws/config', '.aws'],
    ['/home/u/.config/gh/config.yml', '.config/gh'],
    ['/home/u/.config/containers/storage.conf', '.config/containers'],
    ['/home/u/.gnupg/gpg-agent.conf', '.gnupg'],
    ['/home/u/.config/fish/conf.d/zz.fish', '.config/fish'],
    // Code the user's programs run by themselves (red team 21, R21-5, R21-11).
    ['/home/u/.config/user-dirs.dirs', 'user-dirs.dirs'],
    ['/home/u/xdg/user-dirs.dirs', 'user-dirs.dirs'],
    ['/home/u/.vimrc', '.vimrc'],
    ['/home/u/.exrc', '.exrc'],
    ['/home/u/.vim/plugin/a.vim', '.vim'],
    ['/home/u/.config/nvim/init.lua', '.config/nvim'],
    ['/p/.config/nvim/init.lua', '.config/nvim'],
    ['/home/u/.local/share/nvim/site/plugin/a.lua', '.local/share/nvim'],
    // Start-up code of debuggers, REPLs and build tools (#37, start-up code).
    ['/home/u/.gdbinit', '.gdbinit'],
    ['/p/.gdbinit', '.gdbinit'],
    ['/home/u/.gdbearlyinit', '.gdbearlyinit'],
    ['/home/u/.config/gdb/gdbearlyinit', '.config/gdb'],
    ['/p/.pdbrc', '.pdbrc'],
    ['/p/.Rprofile', '.Rprofile'],
    ['/home/u/.Renviron', '.Renviron'],
    ['/p/.irbrc', '.irbrc'],
    ['/p/irb.rc', 'irb.rc'],
    ['/home/u/.perldb', '.perldb'],
    ['/home/u/.tclshrc', '.tclshrc'],
    ['/home/u/.expect.rc', '.expect.rc'],
    ['/home/u/.bash_completion', '.bash_completion'],
    ['/home/u/.local/share/bash-completion/completions/git', '.local/share/bash-completion'],
    ['/home/u/.gradle/init.d/a.gradle', '.gradle/init.d'],
    ['/home/u/.gradle/init.gradle.kts', '.gradle/init.gradle.kts'],
    ['/home/u/.gradle/gradle.properties', '.gradle/gradle.properties'],
    ['/home/u/.m2/settings.xml', '.m2/settings.xml'],
    ['/home/u/.terraformrc', '.terraformrc'],
    ['/home/u/.terraform.d/plugins/terraform-credentials-x', '.terraform.d'],
  ])('%s is protected by %s', (path, entry) => {
    expect(protectedPathMatch(path, CC)).toBe(entry);
  });
  it.each([
    '/p/src/a.ts',
    '/p/.gitignore',
    '/p/git/config',
    '/p/.github/workflows/ci.yml',
    '/p/.env',
    '/p/config/.git-blame',
    '/p/.venv/lib/python3.11/site-packages/requests/api.py',
    '/home/u/.local/share/x',
    '/p/.venv/lib/python3.11/site-packages/zz.pth',
    '/home/u/go/src/hello/main.go',
    '/p/bin/tool',
    '/home/u/.mime.types',
    '/p/tmux.conf',
    '/p/.pixi/envs/default/lib/python3.12/site-packages/zz.pth',
    '/home/u/.npm/_cacache/index-v5/x',
    '/p/.hgignore',
    '/home/u/.viminfo',
    '/p/gradle.properties',
    '/p/.gradle/8.5/checksums/checksums.lock',
    '/home/u/.m2/repository/a/b/1.0/b-1.0.jar',
    '/p/.terraform/providers/x',
    '/p/R/profile.R',
    '/p/src/vim.ts',
    '/p/.hg/store/data/x.i',
  ])('%s is not protected', (path) => {
    expect(protectedPathMatch(path, CC)).toBeUndefined();
  });
  it('.claude/worktrees is exempt, but what is inside a worktree is judged again', () => {
    expect(protectedPathMatch('/p/.claude/worktrees/feature/src/a.ts', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.claude/worktrees', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.claude/worktrees/feature/.git', CC)).toBe('.git');
    expect(protectedPathMatch('/p/.claude/worktrees/f/.claude/settings.json', CC)).toBe('.claude');
    expect(protectedPathMatch('/p/.claude/Worktrees/x', CC)).toBe('.claude');
  });
  it('a file entry is matched by the last segment only', () => {
    expect(protectedPathMatch('/p/.bashrc.old/x', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.npmrc/x', CC)).toBeUndefined();
  });
});

describe('protectedPathMatch (noeta list)', () => {
  it('.noeta is protected except skills, commands, worktrees', () => {
    expect(protectedPathMatch('/p/.noeta/settings.json', NOETA)).toBe('.noeta');
    expect(protectedPathMatch('/p/.noeta/skills/x/SKILL.md', NOETA)).toBeUndefined();
    expect(protectedPathMatch('/p/.noeta/commands/c.md', NOETA)).toBeUndefined();
    expect(protectedPathMatch('/p/.noeta/worktrees/w/a', NOETA)).toBeUndefined();
  });
  it('all of .claude is protected, worktrees included', () => {
    expect(protectedPathMatch('/p/.claude/worktrees/w/a', NOETA)).toBe('.claude');
    expect(protectedPathMatch('/p/.claude/skills/a', NOETA)).toBe('.claude');
    expect(protectedPathMatch('/p/.git/HEAD', NOETA)).toBe('.git');
  });
});

describe('protectedPathMatch (robota list with a configured pathProtection)', () => {
  const spec = robotaProtectedPaths({
    protectedDirectoryNames: ['.product-a'],
    protectedPaths: ['/home/user/product-a'],
    writableWorktreeContainers: ['.product-a/worktrees'],
  });
  it('an absolute protected path covers itself and what is under it, and no sibling that shares its prefix', () => {
    expect(protectedPathMatch('/home/user/product-a', spec)).toBe('/home/user/product-a');
    expect(protectedPathMatch('/home/user/product-a/keys.json', spec)).toBe('/home/user/product-a');
    expect(protectedPathMatch('/home/user/Product-A/keys.json', spec)).toBe('/home/user/product-a');
    expect(protectedPathMatch('/home/user/product-ab/file', spec)).toBeUndefined();
  });
  it('the worktree container stays protected; the worktrees in it do not, and what is inside one is judged again', () => {
    expect(protectedPathMatch('/w/.product-a/worktrees', spec)).toBe('.product-a');
    expect(protectedPathMatch('/w/.product-a/worktrees/one/src/app.ts', spec)).toBeUndefined();
    expect(protectedPathMatch('/w/.product-a/worktrees/one/.git/config', spec)).toBe('.git');
    // Claude Code's list keeps its exemption of the folder itself.
    expect(protectedPathMatch('/p/.claude/worktrees', CC)).toBeUndefined();
  });
});

describe('protectedPathStartingWith (names a program completes: split, csplit)', () => {
  it('finds the protected name a suffix may complete, in the stem’s folder', () => {
    expect(protectedPathStartingWith('/p/.npm', CC)).toBe('.npmrc');
    expect(protectedPathStartingWith('/home/u/.bashr', CC)).toBe('.bashrc');
    expect(protectedPathStartingWith('/p/.gi', CC)).toBe('.gitconfig');
    expect(protectedPathStartingWith('/p/.vsc', CC)).toBe('.vscode');
  });
  it('a stem inside a protected folder, or a protected name itself, is protected', () => {
    expect(protectedPathStartingWith('/p/.git/hooks/pre', CC)).toBe('.git');
    expect(protectedPathStartingWith('/p/.npmrc', CC)).toBe('.npmrc');
  });
  it('a stem no protected name begins with is not', () => {
    expect(protectedPathStartingWith('/p/chunk_', CC)).toBeUndefined();
    expect(protectedPathStartingWith('/p/xx', CC)).toBeUndefined();
  });
});

describe('protectedUnderConfigHome ($XDG_CONFIG_HOME)', () => {
  const xdg = protectedUnderConfigHome(CC, '/home/u/xdg');
  it('protects every ~/.config entry under the folder XDG_CONFIG_HOME names', () => {
    expect(protectedPathMatch('/home/u/xdg/git/config', xdg)).toBe('/home/u/xdg/git');
    expect(protectedPathMatch('/home/u/xdg/tmux/tmux.conf', xdg)).toBe('/home/u/xdg/tmux');
    expect(protectedPathMatch('/home/u/xdg/lesskey', xdg)).toBe('/home/u/xdg/lesskey');
    expect(protectedPathMatch('/home/u/xdg/gh/config.yml', xdg)).toBe('/home/u/xdg/gh');
    expect(protectedPathMatch('/home/u/xdg/systemd/user/x.service', xdg)).toBe('/home/u/xdg/systemd/user');
  });
  it('keeps what it protected, and nothing else there', () => {
    expect(protectedPathMatch('/home/u/.config/git/config', xdg)).toBe('.config/git');
    expect(protectedPathMatch('/home/u/xdg/notes.txt', xdg)).toBeUndefined();
    expect(protectedPathMatch('/home/u/xdg/systemd/other', xdg)).toBeUndefined();
    expect(protectedPathMatch('/home/u/xdg/git/config', CC)).toBeUndefined();
  });
  it('a stem an entry there begins with may be it', () => {
    expect(protectedPathStartingWith('/home/u/xdg/hel', xdg)).toBe('/home/u/xdg/helm');
  });
});

describe('IPython and Jupyter start-up folders (replay 22, NEW-U2)', () => {
  it("protects ~/.ipython (profile start-up files, ipython_config.py) and Jupyter's configuration folders", () => {
    expect(protectedPathMatch('/home/u/.ipython/profile_default/startup/00.py', CC)).toBe('.ipython');
    expect(protectedPathMatch('/home/u/.jupyter/jupyter_nbconvert_config.py', CC)).toBe('.jupyter');
    expect(protectedPathMatch('/home/u/.local/etc/jupyter/jupyter_config.py', CC)).toBe('.local/etc/jupyter');
    expect(protectedPathMatch('/home/u/p/ipython_notes.py', CC)).toBeUndefined();
  });
  it('protects the folders IPYTHONDIR and JUPYTER_CONFIG_DIR name, with everything under them', () => {
    const spec = protectedWithFolders(CC, ['/home/u/p/ipd/', '/home/u/p/jc']);
    expect(protectedPathMatch('/home/u/p/ipd/profile_default/startup/0.py', spec)).toBe('/home/u/p/ipd');
    expect(protectedPathMatch('/home/u/p/jc/jupyter_config.py', spec)).toBe('/home/u/p/jc');
    expect(protectedPathMatch('/home/u/p/ipd2/x.py', spec)).toBeUndefined();
    expect(protectedWithFolders(CC, [])).toBe(CC);
  });
});

describe('system files that run code later (decision 0123)', () => {
  it.each([
    ['/etc/ld.so.preload', '/etc/ld.so.preload'],
    ['/etc/profile.d/x.sh', '/etc/profile.d'],
    ['/etc/zsh/zshenv', '/etc/zsh'],
    ['/etc/cron.d/job', '/etc/cron.d'],
    ['/var/spool/cron/crontabs/root', '/var/spool/cron'],
    ['/etc/systemd/system/multi-user.target.wants/x.service', '/etc/systemd'],
    ['/usr/lib/systemd/system/x.service', '/usr/lib/systemd'],
    ['/etc/sudoers.d/x', '/etc/sudoers.d'],
    ['/proc/sys/kernel/core_pattern', '/proc/sys/kernel/core_pattern'],
    ['/etc/apt/apt.conf.d/99x', '/etc/apt/apt.conf.d'],
    ['/etc/gitconfig', '/etc/gitconfig'],
    ['/run/systemd/system/x.service', '/run/systemd'],
    ['/etc/ssh/ssh_config.d/x.conf', '/etc/ssh'],
    ['/etc/ssh/sshrc', '/etc/ssh'],
    ['/etc/apt/sources.list', '/etc/apt/sources.list'],
    ['/etc/apt/sources.list.d/x.list', '/etc/apt/sources.list.d'],
    ['/etc/apt/keyrings/x.gpg', '/etc/apt/keyrings'],
    ['/etc/hosts', '/etc/hosts'],
    ['/etc/gnupg/gpg.conf', '/etc/gnupg'],
  ])('%s is protected by %s (Claude Code and noeta lists)', (path, entry) => {
    expect(protectedPathMatch(path, CC)).toBe(entry);
    expect(protectedPathMatch(path, NOETA)).toBe(entry);
  });
  it.each([
    '/etc/hosts.allow',
    '/etc/resolv.conf',
    '/etc/profile.dx',
    '/etc/apt/preferences.d/x',
    '/proc/sys/kernel/ostype',
    '/home/u/etc/profile',
  ])('%s is not', (path) => {
    expect(protectedPathMatch(path, CC)).toBeUndefined();
  });
  it('a folder that holds one is found for names toolgate cannot see written into it', () => {
    expect(protectedPathBelow('/proc/sys', CC)).toBe('/proc/sys/kernel/core_pattern');
    expect(protectedPathBelow('/etc', CC)).toBe('/etc/ld.so.preload');
    expect(protectedPathBelow('/etc/apt', CC)).toBe('/etc/apt/apt.conf');
    expect(protectedPathBelow('/etc/apt/preferences.d', CC)).toBeUndefined();
    expect(protectedPathBelow('/home/u/project', CC)).toBeUndefined();
  });
});

describe("RubyGems', rdbg's and CPAN's start-up code (red team 23, RT23-B, F, K)", () => {
  it("protects Debian's per-user gem folder, ~/.rdbgrc(.rb) and CPAN's MyConfig.pm folders", () => {
    expect(protectedPathMatch('/home/u/.local/share/gem/ruby/3.1.0/plugins/x_plugin.rb', CC)).toBe('.local/share/gem');
    expect(protectedPathMatch('/home/u/.rdbgrc', CC)).toBe('.rdbgrc');
    expect(protectedPathMatch('/home/u/.rdbgrc.rb', CC)).toBe('.rdbgrc.rb');
    expect(protectedPathMatch('/home/u/.cpan/CPAN/MyConfig.pm', CC)).toBe('.cpan/CPAN');
    expect(protectedPathMatch('/home/u/.local/share/.cpan/CPAN/MyConfig.pm', CC)).toBe('.local/share/.cpan/CPAN');
    expect(protectedPathMatch('/home/u/.cpan/build/x/Makefile.PL', CC)).toBeUndefined();
    expect(protectedPathMatch('/home/u/p/gem/x.rb', CC)).toBeUndefined();
  });
});

describe('session start-up places and Claude Code’s own files (red team 24, RT24-D, RT24-H)', () => {
  const S = CC;
  it('protects the user manager’s other unit folders and configuration, X and csh start files, D-Bus and KDE session places', () => {
    for (const p of [
      '/home/u/.local/share/systemd/user/x.service',
      '/home/u/.config/systemd/user.control/x.service',
      '/home/u/.config/systemd/user.conf',
      '/home/u/.config/systemd/user.conf.d/x.conf',
      '/home/u/.xsession',
      '/home/u/.Xsession',
      '/home/u/.xinitrc',
      '/home/u/.login',
      '/home/u/.local/share/dbus-1/services/x.service',
      '/home/u/.config/plasma-workspace/env/x.sh',
      '/home/u/.emacs.d/init.el',
    ])
      expect([p, protectedPathMatch(p, S) !== undefined]).toEqual([p, true]);
  });
  it('protects the managed settings folders whether or not a file is there, and Claude Code’s installs', () => {
    for (const p of [
      '/etc/claude-code',
      '/etc/claude-code/managed-settings.json',
      '/etc/claude-code/managed-settings.d/00.json',
      '/Library/Application Support/ClaudeCode/managed-settings.json',
      '/home/u/.local/share/claude/versions/2.1.332',
      '/home/u/.local/bin/claude',
      '/usr/local/lib/node_modules/@anthropic-ai/claude-code/cli.js',
    ])
      expect([p, protectedPathMatch(p, S) !== undefined]).toEqual([p, true]);
  });
  it('leaves their neighbours alone', () => {
    for (const p of [
      '/home/u/.local/share/systemd-notes.txt',
      '/home/u/.local/bin/claudette',
      '/etc/claude-codex/x',
      '/home/u/project/login.txt',
      '/home/u/.config/systemd/users.md',
    ])
      expect([p, protectedPathMatch(p, S)]).toEqual([p, undefined]);
  });
});

describe('installed code and system files that run code later (red team 24, RT24-C)', () => {
  it('protects libraries, module folders, git’s helpers and templates, account and hook files', () => {
    for (const p of [
      '/usr/lib/python3/dist-packages/zz.pth',
      '/usr/local/lib/python3.11/dist-packages/x.pth',
      '/usr/lib/git-core/git-sh-setup',
      '/usr/share/git-core/templates/hooks/pre-commit',
      '/etc/logrotate.d/x',
      '/etc/tmpfiles.d/x.conf',
      '/etc/shadow',
      '/etc/security/pam_env.conf',
      '/root/.ssh/authorized_keys',
      '/usr/share/bash-completion/completions/git',
    ])
      expect([p, protectedPathMatch(p, CC) !== undefined]).toEqual([p, true]);
  });
  it('leaves a root agent’s home and project, and other system places, to the other checks', () => {
    for (const p of [
      '/root/project/src/a.ts',
      '/root/notes.txt',
      '/usr/lib/llvm-14/lib/LLVMPolly.so',
      '/usr/share/doc/x/README',
      '/var/log/app.log',
      '/etc/passwd-old/x',
      '/usr/library/x',
    ])
      expect([p, protectedPathMatch(p, CC)]).toEqual([p, undefined]);
  });
});

describe('a spec is read once (prepared per spec object)', () => {
  it('answers as the lists say, in their order, and again after a list is replaced', () => {
    const spec = { dirs: ['.a/x', '.a', '.b'], files: ['Cfg', 'cfg'], exceptions: ['.a/x/ok'], paths: ['/srv/code'] };
    expect(protectedPathMatch('/p/.a/x/y', spec)).toBe('.a/x');
    expect(protectedPathMatch('/p/.A./x/y', spec)).toBe('.a/x');
    // The exception exempts it from both entries its names begin with.
    expect(protectedPathMatch('/p/.a/x/ok/y', spec)).toBeUndefined();
    expect(protectedPathMatch('/p/.a/y', spec)).toBe('.a');
    expect(protectedPathMatch('/p/q/CFG', spec)).toBe('Cfg');
    expect(protectedPathMatch('/srv/code/z', spec)).toBe('/srv/code');
    expect(protectedPathMatch('/p/.c/y', spec)).toBeUndefined();
    spec.dirs = ['.c'];
    spec.paths = [];
    expect(protectedPathMatch('/p/.c/y', spec)).toBe('.c');
    expect(protectedPathMatch('/p/.a/x/y', spec)).toBeUndefined();
    expect(protectedPathMatch('/srv/code/z', spec)).toBeUndefined();
  });
});
