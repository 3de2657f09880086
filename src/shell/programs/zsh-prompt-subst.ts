/**
 * Whether zsh's `PROMPT_SUBST` may be on once its start-up files have run: only then does zsh
 * expand `$(…)` and backquotes in a prompt each time it shows it (zshoptions(1): off by default in
 * zsh, on in sh and ksh emulation). Checked with zsh 5.9 -i on a pty and a fake HOME
 * (`/tmp/fix31-precise/zsh`): `PROMPT='$(~/bin/x.sh)'` alone in ~/.zshrc printed the text and ran
 * nothing; with `setopt prompt_subst`, `setopt PROMPT_SUBST`, `set -o promptsubst`, `unsetopt
 * nopromptsubst`, `setopt -m 'prompt*'`, `options[promptsubst]=on`, `emulate -R sh`, `emulate -R
 * ksh`, `emulate sh -o promptsubst`, before or after the assignment, or in ~/.zshenv, it ran.
 *
 * An allowlist for "off": every text is known, and none holds a word that may turn the option
 * on or bring in code toolgate does not read here — the option's name in any spelling (case,
 * `_`, quotes and backslashes taken off, `no` forms too), `promptinit` or a prompt theme, an
 * `emulate` of another shell, the `options` parameter, `setopt`/`unsetopt`/`set ±…` given a word
 * that is not plain, an alias of those, `source`, `.`, `eval`, a command named by an expansion,
 * `fpath`, `ZDOTDIR`, or `autoload` of a function outside zsh's own that do not touch it.
 */

/** zsh's own functions a start-up file commonly autoloads; none sets `PROMPT_SUBST` (zsh 5.9's function tree: only Prompts/ and TCP's tcp_talk name it). */
const PLAIN_AUTOLOADS: ReadonlySet<string> = new Set([
  'compinit',
  'bashcompinit',
  'compaudit',
  'run-help',
  'colors',
  'add-zsh-hook',
  'vcs_info',
  'zmv',
  'zcalc',
  'zargs',
  'is-at-least',
  'edit-command-line',
  'up-line-or-beginning-search',
  'down-line-or-beginning-search',
  'history-search-end',
  'select-word-style',
  'url-quote-magic',
  'bracketed-paste-magic',
  'zrecompile',
]);

/** A word that is not plain: an expansion, a pattern, a quote, a brace or a subscript. */
const NOT_PLAIN = /[$`*?[\]{}()~^#'"\\=<>]/;

/**
 * Whether `PROMPT_SUBST` may be on after zsh has read these start-up texts (each file zsh reads:
 * `undefined` for one that exists and cannot be read). @internal
 */
export function zshPromptSubstMayBeOn(texts: readonly (string | undefined)[]): boolean {
  return texts.some((t) => t === undefined || textMayTurnOn(t));
}

function textMayTurnOn(text: string): boolean {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    // Only a whole-line comment is left out: a `#` may stand inside quotes.
    .filter((l) => !/^\s*#/.test(l));
  for (const line of lines) {
    const folded = line.toLowerCase().replace(/[_'"\\]/g, '');
    // The option's name, the prompt themes (promptinit, prompt_*_setup) and tcp_talk, which set it.
    if (/promptsubst|promptinit|prompt\w*setup|tcptalk/.test(folded)) return true;
    if (/(?:^|[^\w-])(?:source|eval|options|fpath|zdotdir)(?:[^\w-]|$)/.test(folded)) return true;
    // Wherever they stand (a trap's or a function's text too): setopt given a word not plain, an emulate not of zsh, autoload.
    if (/\b(?:un)?setopt\b/.test(line) && /[$`*?[\]{}~^\\]/.test(line)) return true;
    if (/\bemulate\b/.test(line) && !/^\s*emulate(?:\s+(?:-[LR]+|zsh))*\s*(?:$|[;&|}])/.test(line)) return true;
    for (const m of line.matchAll(/\bautoload((?:\s+[^\s;&|'"]+)*)/g))
      if (m[1]!.trim().split(/\s+/).some((a) => a !== '' && !a.startsWith('-') && !PLAIN_AUTOLOADS.has(a))) return true;
    // Each command of the line: its first word decides (a test's or arithmetic's `||` splits none).
    const plain = line.replace(/\[\[.*?\]\]/g, '[[ ]]').replace(/\(\(.*?\)\)/g, '(( ))');
    for (const command of plain.split(/&&|\|\||[;&|]|\b(?:then|do|else|elif)\b|(?:^|\s)[({](?=\s|$)/)) {
      const words = command.trim().split(/\s+/).filter((w) => w !== '');
      while (words.length > 0 && /^(?:builtin|command|noglob|nocorrect|exec|-)$/.test(words[0]!)) words.shift();
      const name = words[0];
      if (name === undefined) continue;
      if (/^["']*[$`]/.test(name) || name === '.') return true;
      const args = words.slice(1);
      if (name === 'emulate' && !args.every((a) => /^-[LR]+$/.test(a) || a === 'zsh')) return true;
      if ((name === 'setopt' || name === 'unsetopt') && args.some((a) => NOT_PLAIN.test(a) || a.startsWith('-m'))) return true;
      if (name === 'set' && args.some((a) => /^[-+]/.test(a)) && args.some((a) => NOT_PLAIN.test(a))) return true;
      if (name === 'prompt') return true;
      if (name === 'autoload' && args.some((a) => !a.startsWith('-') && !PLAIN_AUTOLOADS.has(a))) return true;
      if (name === 'alias' && /\b(?:setopt|unsetopt|set|emulate|autoload|prompt)\b/.test(args.join(' '))) return true;
    }
  }
  return false;
}
