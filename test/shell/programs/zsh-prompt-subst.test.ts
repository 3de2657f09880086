import { describe, expect, it } from 'vitest';
import { zshPromptSubstMayBeOn } from '../../../src/shell/programs/zsh-prompt-subst.js';

const on = (...texts: (string | undefined)[]) => zshPromptSubstMayBeOn(texts);

describe('zshPromptSubstMayBeOn: whether zsh expands a prompt’s $(…) after its start-up files (zsh 5.9 -i on a pty)', () => {
  it('off: zsh’s default, with plain options, emulate zsh and zsh’s own autoloads', () => {
    expect(on("PROMPT='$(~/bin/x.sh)'\n")).toBe(false);
    expect(on('setopt autocd extendedglob\nemulate -L zsh\nautoload -Uz compinit\ncompinit\nexport PATH=$HOME/bin:$PATH\n')).toBe(false);
    expect(on('if [[ -z "$PATH" || "$PATH" == "/bin:/usr/bin" ]]\nthen\n  export PATH=/usr/bin\nfi\n')).toBe(false);
    expect(on()).toBe(false);
  });
  it('on: the option in any spelling, before or after, and its emulations', () => {
    for (const t of ['setopt prompt_subst', 'setopt PROMPT_SUBST', "setopt 'PROMPT''_SUBST'", 'set -o promptsubst', 'unsetopt nopromptsubst', "setopt -m 'prompt*'", 'options[promptsubst]=on', 'emulate -R sh', 'emulate ksh', 'setopt prom{pt_subst,}'])
      expect(on(t), t).toBe(true);
  });
  it('on: what toolgate cannot read here (unknown is on)', () => {
    for (const t of ['source ~/.oh-my-zsh/oh-my-zsh.sh', '. ~/.zsh/theme', 'eval "$(starship init zsh)"', 'setopt $OPTS', 'x=setopt; $x $y', "trap 'setopt $x' EXIT", 'autoload -U promptinit; promptinit', 'autoload -U mytheme; mytheme', 'fpath=(~/.zfunc $fpath)', 'alias so=setopt', 'ZDOTDIR=~/.config/zsh'])
      expect(on(t), t).toBe(true);
    expect(on(undefined)).toBe(true);
  });
});
