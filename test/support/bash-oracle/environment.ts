/**
 * The user's environment: what real shells export, drawn per run. The oracle's fixed
 * environment (HOME, PATH, LANG, TERM) is a laboratory's; a developer's shell also exports
 * CDPATH, a pager and LESSOPEN, an editor, GIT_* settings and a PATH with directories of their
 * own — each of which changes what a command does. A run draws some of them; toolgate is not
 * told (what it is not given is unknown to it, and its decisions must hold for every value).
 */

/** Variables a run's environment may set, with the values real shells export. */
export const USER_ENVIRONMENT: Readonly<Record<string, readonly string[]>> = {
  CDPATH: ['.:/home/user:/opt:/home', '.:~', '/home/user', ':/opt'],
  PAGER: ['less', 'less -R', 'more', 'cat'],
  LESSOPEN: ['| /usr/bin/lesspipe %s', '|lesspipe.sh %s'],
  LESS: ['-R', '-FRX'],
  EDITOR: ['vim', 'nano', 'code --wait'],
  VISUAL: ['vim'],
  MANPAGER: ['less -X'],
  GIT_PAGER: ['less -FRX', 'cat'],
  GIT_EDITOR: ['vim'],
  GIT_CONFIG_GLOBAL: ['/home/user/.gitconfig'],
  GIT_SSH_COMMAND: ['ssh -o IdentitiesOnly=yes'],
  PATH: [
    '/home/user/.local/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
    '/home/user/bin:/home/user/.local/bin:/usr/local/bin:/usr/bin:/bin',
    '/usr/local/bin:/usr/bin:/bin:/home/user/.cargo/bin:/home/user/go/bin',
  ],
  SHELL: ['/bin/bash', '/usr/bin/zsh'],
  TERM: ['xterm-256color', 'screen-256color'],
  LANG: ['en_US.UTF-8', 'C.UTF-8'],
  LC_ALL: ['C.UTF-8'],
  GREP_COLORS: ['mt=01;31'],
  RIPGREP_CONFIG_PATH: ['/home/user/.ripgreprc'],
  NODE_OPTIONS: ['--max-old-space-size=4096'],
  PYTHONDONTWRITEBYTECODE: ['1'],
  HISTFILE: ['/home/user/.bash_history'],
  TMPDIR: ['/tmp'],
};

/** An environment drawn for a run. */
export type UserEnvironment = Record<string, string>;

/**
 * Draw an environment from `random` (values in [0, 1)): each variable is present with
 * probability `p` and then takes one of its real values. The same numbers give the same
 * environment.
 */
export function drawEnvironment(random: () => number, p = 0.35): UserEnvironment {
  const out: UserEnvironment = {};
  for (const [name, values] of Object.entries(USER_ENVIRONMENT)) {
    if (random() >= p) continue;
    out[name] = values[Math.floor(random() * values.length) % values.length]!;
  }
  return out;
}
