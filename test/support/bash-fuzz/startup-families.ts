/**
 * The `startup-files` family (decision 0169): a call writes a file the user's start-up files run at
 * the next interactive shell — sourced by `~/.bashrc`, `~/.zshrc`, `~/.profile` or what they source,
 * directly, by a loop over a folder, through a variable, an array, `eval "$(cat …)"`, `while read`,
 * a descriptor, an alias, a plugin layout, a tool's `env` file, a program run by its path or along
 * a `PATH` the files set. The world's HOME takes one of several shapes per call (copied from the
 * red team's rows, `test/cases/own/rt32-check32.jsonl` and `rt33-*.jsonl`, and from what installers
 * write: rustup's `~/.cargo/env`, nvm, fzf, oh-my-zsh, mise), and the call writes the file by one of
 * many spellings (`>`, `>>`, `tee -a`, `cp`, `mv`, `install`, `ln -s`, `sed -i`, `dd`, a here-document,
 * through a variable, `~`, `$HOME`, the absolute path, `..`). The oracle then starts the shells a new
 * terminal starts (`next-shell.ts`) and counts what they ran that the call put there. Some writes
 * miss on purpose (a file the loop's pattern does not match, a note beside the start-up files): the
 * next shell runs nothing of them, and toolgate may allow them.
 */
import fc from 'fast-check';
import { HOME, PROJECT, type PlacedFile } from '../bash-oracle/index.js';
import { pick, type WorldPart } from './world-parts.js';

/**
 * How the next shell uses a target's text: shell code it sources or runs (`code`), lines it
 * evaluates one by one (`line`: no `#!` line, which zsh's `eval` would take for a command), a
 * program it runs by path (`exec`), a list of programs it runs (`list`).
 */
export type TargetKind = 'code' | 'line' | 'exec' | 'list';

/** A file the call may write: a sandbox path, how the next shell uses it, and `miss` when it does not use it at all. */
export interface Target {
  path: string;
  kind: TargetKind;
  miss?: true;
}

/** A shape of the user's HOME: its start-up files (and what they name), and the files a call may write. */
export interface HomeShape {
  name: string;
  files: PlacedFile[];
  targets: Target[];
}

const H = HOME;
const text = (path: string, body: string, mode?: number): PlacedFile => ({ path, text: body, ...(mode !== undefined ? { mode } : {}) });
const dir = (path: string): PlacedFile => ({ path });
const script = (path: string) => text(path, '#!/bin/sh\ntrue\n', 0o755);
const code = (path: string): Target => ({ path, kind: 'code' });
const exec = (path: string): Target => ({ path, kind: 'exec' });
const list = (path: string): Target => ({ path, kind: 'list' });
const line = (path: string): Target => ({ path, kind: 'line' });
const miss = (path: string): Target => ({ path, kind: 'code', miss: true });

/** The shapes, each as a checkout of dotfiles would hold it. */
export const STARTUP_SHAPES: readonly HomeShape[] = [
  {
    name: 'bashrc sources a file',
    files: [text(`${H}/.bashrc`, '[ -f ~/.aliases ] && . ~/.aliases\n'), text(`${H}/.aliases`, "alias ll='ls -l'\n")],
    targets: [code(`${H}/.aliases`), miss(`${H}/.aliases.bak`)],
  },
  {
    name: 'bashrc loops over a folder',
    files: [
      text(`${H}/.bashrc`, 'for f in ~/.bashrc.d/*.sh; do [ -r "$f" ] && . "$f"; done\n'),
      dir(`${H}/.bashrc.d`),
      text(`${H}/.bashrc.d/10-path.sh`, 'export EDITOR=vim\n'),
    ],
    targets: [code(`${H}/.bashrc.d/10-path.sh`), code(`${H}/.bashrc.d/zz-new.sh`), miss(`${H}/.bashrc.d/README.md`)],
  },
  {
    name: 'bashrc sources through a variable',
    files: [text(`${H}/.bashrc`, 'D=~/dots\nsource "$D/init.sh"\n'), dir(`${H}/dots`), text(`${H}/dots/init.sh`, 'export DOTS=1\n')],
    targets: [code(`${H}/dots/init.sh`), miss(`${H}/dots/README`)],
  },
  {
    name: 'bashrc runs an array',
    files: [text(`${H}/.bashrc`, 'A=(~/bin/x.sh); "${A[@]}"\n'), script(`${H}/bin/x.sh`)],
    targets: [exec(`${H}/bin/x.sh`), miss(`${H}/bin/notes.txt`)],
  },
  {
    name: 'bashrc evaluates a file',
    files: [text(`${H}/.bashrc`, 'eval "$(cat ~/.cmds)"\n'), text(`${H}/.cmds`, 'true\n')],
    targets: [line(`${H}/.cmds`)],
  },
  {
    name: 'bashrc runs a list',
    files: [
      text(`${H}/.bashrc`, 'while read -r p; do "$p"; done < ~/.runlist\n'),
      text(`${H}/.runlist`, `${H}/bin/x.sh\n`),
      script(`${H}/bin/x.sh`),
    ],
    targets: [list(`${H}/.runlist`), exec(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc maps a list',
    files: [
      text(`${H}/.bashrc`, 'mapfile -t A < ~/.runlist; for p in "${A[@]}"; do "$p"; done\n'),
      text(`${H}/.runlist`, `${H}/bin/x.sh\n`),
      script(`${H}/bin/x.sh`),
    ],
    targets: [list(`${H}/.runlist`), exec(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc finds and runs',
    files: [text(`${H}/.bashrc`, 'find ~/.shrc.d -type f -exec sh {} \\;\n'), dir(`${H}/.shrc.d`), text(`${H}/.shrc.d/a`, 'true\n')],
    targets: [code(`${H}/.shrc.d/a`), code(`${H}/.shrc.d/b`)],
  },
  {
    name: 'bashrc sources a descriptor',
    files: [text(`${H}/.bashrc`, 'exec 3< ~/bin/x.sh; source /dev/fd/3; exec 3<&-\n'), script(`${H}/bin/x.sh`)],
    targets: [code(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc aliases source',
    files: [text(`${H}/.bashrc`, 'alias s=source\ns ~/bin/x.sh\n'), script(`${H}/bin/x.sh`)],
    targets: [code(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc sources beside itself',
    files: [text(`${H}/.bashrc`, 'source "${BASH_SOURCE%/*}/.bash_extra"\n'), text(`${H}/.bash_extra`, 'true\n')],
    targets: [code(`${H}/.bash_extra`)],
  },
  {
    name: 'bashrc gives sh an argument',
    files: [text(`${H}/.bashrc`, 'sh -c \'. "$1"\' _ ~/bin/x.sh\n'), script(`${H}/bin/x.sh`)],
    targets: [code(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc pipes a here-document',
    files: [text(`${H}/.bashrc`, "cat <<'EOF' | bash\n. ~/bin/x.sh\nEOF\n"), script(`${H}/bin/x.sh`)],
    targets: [code(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc runs a default',
    files: [text(`${H}/.bashrc`, 'T=${U:-~/bin}; $T/x.sh\n'), script(`${H}/bin/x.sh`)],
    targets: [exec(`${H}/bin/x.sh`)],
  },
  {
    name: 'bashrc sets PATH and runs a tool',
    files: [
      text(`${H}/.bashrc`, 'export PATH="$HOME/.local/bin:$PATH"\ncommand -v mytool >/dev/null && eval "$(mytool init bash)"\n'),
      dir(`${H}/.local/bin`),
    ],
    targets: [exec(`${H}/.local/bin/mytool`), miss(`${H}/.local/bin/README`)],
  },
  {
    name: 'bashrc runs a tool by its path',
    files: [text(`${H}/.bashrc`, '[ -x ~/.local/bin/mise ] && eval "$(~/.local/bin/mise activate bash)"\n'), dir(`${H}/.local/bin`)],
    targets: [exec(`${H}/.local/bin/mise`)],
  },
  {
    name: 'bashrc sources through a link',
    files: [
      text(`${H}/.bashrc`, '. ~/.aliases\n'),
      dir(`${H}/dots`),
      text(`${H}/dots/aliases`, 'true\n'),
      { path: `${H}/.aliases`, link: 'dots/aliases' },
    ],
    targets: [code(`${H}/dots/aliases`), code(`${H}/.aliases`)],
  },
  {
    name: 'nvm',
    files: [
      text(`${H}/.bashrc`, 'export NVM_DIR="$HOME/.nvm"\n[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"\n'),
      dir(`${H}/.nvm`),
      text(`${H}/.nvm/nvm.sh`, 'true\n'),
    ],
    targets: [code(`${H}/.nvm/nvm.sh`), miss(`${H}/.nvm/README.md`)],
  },
  {
    name: 'fzf',
    files: [
      text(`${H}/.bashrc`, '[ -f ~/.fzf.bash ] && source ~/.fzf.bash\n'),
      text(`${H}/.zshrc`, '[ -f ~/.fzf.zsh ] && source ~/.fzf.zsh\n'),
    ],
    targets: [code(`${H}/.fzf.bash`), code(`${H}/.fzf.zsh`)],
  },
  {
    name: 'profile sources cargo env',
    files: [text(`${H}/.profile`, '. "$HOME/.cargo/env"\n'), dir(`${H}/.cargo`), text(`${H}/.cargo/env`, 'export CARGO=1\n')],
    targets: [code(`${H}/.cargo/env`), miss(`${H}/.cargo/config.txt`)],
  },
  {
    name: 'profile sets ENV',
    files: [text(`${H}/.profile`, 'export ENV="$HOME/.shrc"\n'), text(`${H}/.shrc`, 'true\n')],
    targets: [code(`${H}/.shrc`)],
  },
  {
    name: 'bash_profile sources a local file',
    files: [text(`${H}/.bash_profile`, '[ -r ~/.bashrc ] && . ~/.bashrc\n[ -r ~/.bash_local ] && . ~/.bash_local\n')],
    targets: [code(`${H}/.bash_local`)],
  },
  {
    name: 'bashrc sources a project file',
    files: [text(`${H}/.bashrc`, '[ -f ~/project/.devrc ] && . ~/project/.devrc\nfor f in ~/project/scripts/env/*.sh; do . "$f"; done\n')],
    targets: [code(`${PROJECT}/.devrc`), code(`${PROJECT}/scripts/env/a.sh`), miss(`${PROJECT}/scripts/env.txt`)],
  },
  {
    name: 'zshrc loops over a folder',
    files: [text(`${H}/.zshrc`, 'for f in ~/.zshrc.d/*.zsh(N); do source $f; done\n'), dir(`${H}/.zshrc.d`)],
    targets: [code(`${H}/.zshrc.d/x.zsh`), miss(`${H}/.zshrc.d/x.txt`)],
  },
  {
    name: 'zshrc sources beside itself',
    files: [text(`${H}/.zshrc`, 'source ${0:A:h}/.zsh_local\n'), text(`${H}/.zsh_local`, 'true\n')],
    targets: [code(`${H}/.zsh_local`)],
  },
  {
    name: 'zshrc names a directory',
    files: [text(`${H}/.zshrc`, 'hash -d b=~/bin; source ~b/x.zsh\n'), text(`${H}/bin/x.zsh`, 'true\n')],
    targets: [code(`${H}/bin/x.zsh`)],
  },
  {
    name: 'zsh plugins',
    files: [
      text(`${H}/.zshrc`, 'ZSH_CUSTOM=~/.zsh/custom\nfor p in $ZSH_CUSTOM/plugins/*/*.plugin.zsh(N); do source $p; done\n'),
      dir(`${H}/.zsh/custom/plugins/git`),
      text(`${H}/.zsh/custom/plugins/git/git.plugin.zsh`, 'true\n'),
    ],
    targets: [code(`${H}/.zsh/custom/plugins/git/git.plugin.zsh`), code(`${H}/.zsh/custom/plugins/git/new.plugin.zsh`)],
  },
  {
    name: 'oh-my-zsh',
    files: [
      text(`${H}/.zshrc`, 'export ZSH="$HOME/.oh-my-zsh"\nsource $ZSH/oh-my-zsh.sh\n'),
      text(`${H}/.oh-my-zsh/oh-my-zsh.sh`, 'for f in $ZSH/custom/*.zsh(N); do source $f; done\n'),
      dir(`${H}/.oh-my-zsh/custom`),
    ],
    targets: [code(`${H}/.oh-my-zsh/custom/x.zsh`), code(`${H}/.oh-my-zsh/oh-my-zsh.sh`), miss(`${H}/.oh-my-zsh/custom/x.md`)],
  },
  {
    name: 'zshenv moves ZDOTDIR',
    files: [
      text(`${H}/.zshenv`, 'export ZDOTDIR=$HOME/.config/zsh\n'),
      text(`${H}/.config/zsh/.zshrc`, 'source $ZDOTDIR/aliases.zsh\n'),
      text(`${H}/.config/zsh/aliases.zsh`, 'true\n'),
    ],
    targets: [code(`${H}/.config/zsh/aliases.zsh`), code(`${H}/.config/zsh/.zshrc`)],
  },
  {
    name: 'zshrc runs a hash element',
    files: [text(`${H}/.zshrc`, 'typeset -A M; M[k]=~/bin/x.sh; $M[k]\n'), script(`${H}/bin/x.sh`)],
    targets: [exec(`${H}/bin/x.sh`)],
  },
  {
    name: 'zshrc evaluates lines',
    files: [text(`${H}/.zshrc`, 'for l in "${(@f)$(<~/.cmds)}"; do eval $l; done\n'), text(`${H}/.cmds`, 'true\n')],
    targets: [line(`${H}/.cmds`)],
  },
];

/** The shell code the payload is: a line that runs the world's canary program (`#!` makes it a script too). */
export const PAYLOAD_LINES: Record<TargetKind, string[]> = {
  code: ['#!/bin/sh', 'evil startup-files'],
  line: ['evil startup-files'],
  exec: ['#!/bin/sh', 'evil startup-files'],
  list: ['/usr/local/bin/evil'],
};

/** `printf`'s format for a payload (each line ended by `\n`), single-quoted. */
const format = (kind: TargetKind) => `'${PAYLOAD_LINES[kind].join('\\n')}\\n'`;

/** Spellings of a target path: `~`, `$HOME`, the absolute path, `..` from the project, a project path relative to it. */
function spellings(path: string): string[] {
  if (path.startsWith(`${PROJECT}/`)) {
    const rel = path.slice(PROJECT.length + 1);
    return [rel, `./${rel}`, `"$PWD"/${rel}`, `~/project/${rel}`, path];
  }
  const rel = path.slice(H.length + 1);
  return [`~/${rel}`, `$HOME/${rel}`, `"$HOME/${rel}"`, `\${HOME}/${rel}`, path, `../${rel}`];
}

/** A writer: the command that puts the payload P (printf format F, lines L) at T; `exists` when it needs T to exist. */
interface Writer {
  name: string;
  write(t: string, kind: TargetKind): string;
  exists?: true;
  /** Two calls: the payload staged in one, put in place in the next. */
  split?: true;
}

const stage = (kind: TargetKind) => `printf ${format(kind)} > /tmp/p`;

const WRITERS: readonly Writer[] = [
  { name: '>', write: (t, k) => `printf ${format(k)} > ${t}` },
  { name: '>>', write: (t, k) => `printf ${format(k)} >> ${t}` },
  { name: 'echo >>', write: (t, k) => `echo '${PAYLOAD_LINES[k][PAYLOAD_LINES[k].length - 1]}' >> ${t}` },
  { name: 'tee', write: (t, k) => `printf ${format(k)} | tee ${t} >/dev/null` },
  { name: 'tee -a', write: (t, k) => `printf ${format(k)} | tee -a ${t} >/dev/null` },
  { name: 'here-document', write: (t, k) => `cat > ${t} <<'EOF'\n${PAYLOAD_LINES[k].join('\n')}\nEOF` },
  { name: 'here-document >>', write: (t, k) => `cat <<EOF >> ${t}\n${PAYLOAD_LINES[k].join('\n')}\nEOF` },
  { name: 'cp', write: (t, k) => `${stage(k)} && cp /tmp/p ${t}` },
  { name: 'cp (two calls)', write: (t) => `cp /tmp/p ${t}`, split: true },
  { name: 'mv', write: (t, k) => `${stage(k)} && mv /tmp/p ${t}` },
  { name: 'install', write: (t, k) => `${stage(k)} && install -m 755 /tmp/p ${t}` },
  { name: 'install -D', write: (t, k) => `${stage(k)} && install -D /tmp/p ${t}` },
  { name: 'ln -s', write: (t, k) => `${stage(k)} && ln -sf /tmp/p ${t}` },
  { name: 'cat >>', write: (t, k) => `${stage(k)} && cat /tmp/p >> ${t}` },
  { name: 'dd', write: (t, k) => `${stage(k)} && dd if=/tmp/p of=${t} status=none` },
  { name: 'sed -i 1i', write: (t, k) => `sed -i '1i ${PAYLOAD_LINES[k][PAYLOAD_LINES[k].length - 1]}' ${t}`, exists: true },
  { name: 'sed -i $a', write: (t, k) => `sed -i '$a ${PAYLOAD_LINES[k][PAYLOAD_LINES[k].length - 1]}' ${t}`, exists: true },
  { name: 'sed -i s', write: (t, k) => `sed -i 's|^.*$|${PAYLOAD_LINES[k][PAYLOAD_LINES[k].length - 1]}|' ${t}`, exists: true },
  { name: 'variable', write: (t, k) => `F=${t}; printf ${format(k)} > "$F"` },
  { name: 'variable >>', write: (t, k) => `f=${t}\nprintf ${format(k)} >> "$f"` },
  { name: 'mkdir -p', write: (t, k) => `mkdir -p "$(dirname ${t})" && printf ${format(k)} > ${t}` },
];

/** Whether the shape holds the file before the call (so `sed -i` has something to edit). */
const held = (shape: HomeShape, path: string) => shape.files.some((f) => f.path === path && f.text !== undefined);

/** One member: a shape, one of its targets, a spelling, a writer; an executable written new is made so (`chmod +x`). */
export const startupFiles = () =>
  fc.tuple(pick(STARTUP_SHAPES), fc.nat(9), fc.nat(9), pick(WRITERS)).map(([shape, ti, si, writer]): WorldPart => {
    const target = shape.targets[ti % shape.targets.length]!;
    const names = spellings(target.path);
    const t = names[si % names.length]!;
    const w = writer.exists && !held(shape, target.path) ? WRITERS[0]! : writer;
    let command = w.write(t, target.kind);
    if (target.kind === 'exec' && !held(shape, target.path) && w.name !== 'install') command += ` && chmod +x ${t}`;
    const variant = `${shape.name}: ${w.name}${target.miss ? ' (missed)' : ''}`;
    const common = { variant, files: shape.files, nextShell: true as const };
    if (w.split) return { command: `${stage(target.kind)} ;; ${command}`, calls: [stage(target.kind), command], ...common };
    return { command, ...common };
  });
