/**
 * How the builtins a start-up file uses name a file the shell later runs, read from their words as
 * the builtin reads them (bash 5.2 "SHELL BUILTIN COMMANDS", zsh 5.9 zshbuiltins(1)): `.`/`source`
 * after `--`, bash's `hash -p PATH NAME` and zsh's `hash NAME=PATH`, an alias's value (the text
 * the shell reads in place of its name), and `cd`/`pushd`, which moves where a later relative
 * `.`/`source` looks. Each was run with `bash -i`/`zsh -i` in a fake home (red team 26 RT26-E1,
 * E3, E4, E6, E7; startup27). The start-up reader (evaluate/sourced-files.ts) reads a Write or
 * Edit call's start-up files too: a table of the hook's main bundle (tsup.config.ts, `outside`).
 * A word is as the builtin receives it, after the shell's quote removal (`quoteRemoved`,
 * shell/syntax/words.ts: `bind -x "\"\C-t\": ~/x"` hands bind `"\C-t": ~/x`), its expansions
 * kept as written.
 */

/** The words of a builtin's call, its name first (`['source', '--', '~/.x']`). */
type Words = readonly string[];

/**
 * The file `.`/`source` runs: the first word after the name, or after `--` (`source -- ~/.x` ran
 * ~/.x in bash 5.2 and zsh 5.9). Another word starting with `-` is an option bash 5.2 refuses
 * (`. -p DIR F` ran nothing): none. @internal
 */
export function sourcedOperand(words: Words): string | undefined {
  if (words[0] !== '.' && words[0] !== 'source') return undefined;
  const first = words[1] === '--' ? words[2] : words[1];
  return first === undefined || (first.startsWith('-') && first !== '-' && words[1] !== '--') ? undefined : first;
}

/**
 * The programs a `hash` call binds a name to: bash's `-p PATH` (`hash -p ~/.x ll`, `-rp PATH`,
 * `-pPATH`), zsh's `NAME=PATH` words (`hash ll=~/.x`) but not a named directory's (`hash -d`).
 * After it, the name runs that file (bash 5.2, zsh 5.9: `ll` ran ~/.x). @internal
 */
export function hashedPrograms(words: Words): string[] {
  const out: string[] = [];
  if (words[0] !== 'hash') return out;
  let options = true;
  let directories = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (options && w === '--') options = false;
    else if (options && /^-[A-Za-z]*p$/.test(w)) {
      if (words[i + 1] !== undefined) out.push(words[++i]!);
    } else if (options && /^-[A-Za-z]*p./.test(w)) out.push(w.slice(w.indexOf('p') + 1));
    else if (options && /^-[A-Za-z]+$/.test(w)) directories ||= w.includes('d');
    else {
      options = false;
      const eq = /^[^=/'"]+=(.+)$/.exec(w);
      if (eq !== null && !directories) out.push(eq[1]!);
    }
  }
  return out;
}

/**
 * The texts an `alias` call makes its names stand for (`alias ll='~/.x'`, zsh's `alias -g`,
 * `alias -s txt=~/.x`): read as commands, since the shell reads them in place of the name at
 * the next prompt (bash 5.2, zsh 5.9: `ll` ran ~/.x). @internal
 */
export function aliasTexts(words: Words): string[] {
  return aliasAssignments(words).map(([, text]) => text);
}

/**
 * The names an `alias` call defines, each with its text (`alias s=source` → `['s', 'source']`).
 * @internal
 */
export function aliasDefinitions(words: Words): [string, string][] {
  // A name the shell would still expand or quote is no alias a later line can use by that name.
  return aliasAssignments(words).filter(([name]) => !/[$`'"]/.test(name));
}

/** The `NAME=TEXT` operands of an `alias` call with a text, after its options (`-p`, zsh's `-g`, `-s`) and `--`. */
function aliasAssignments(words: Words): [string, string][] {
  const out: [string, string][] = [];
  if (words[0] !== 'alias') return out;
  let options = true;
  for (const w of words.slice(1)) {
    if (options && w === '--') options = false;
    else if (options && /^[-+][A-Za-z]+$/.test(w)) continue;
    else {
      options = false;
      const eq = /^([^=\s]+)=(.*)$/s.exec(w);
      if (eq !== null && eq[2] !== '') out.push([eq[1]!, eq[2]!]);
    }
  }
  return out;
}

/** Where a command starts in a line: its start, after an operator or an opening keyword. */
const COMMAND_START = String.raw`(^|[;&|({]\s*|\b(?:then|do|else|elif|if|while|until|time|!)\s+)(\s*)`;

/**
 * A start-up file's lines with each alias its earlier lines define put in place of its name where
 * a command starts: an interactive shell expands an alias in every line it reads after the line
 * that defines it (bash with `expand_aliases`, on in `bash -i`; zsh always), so `alias s=source`
 * then `s ~/dots/x` sources ~/dots/x and `alias run='bash -c'` then `run ~/bin/x.sh` runs it
 * (bash 5.2 -i, zsh 5.9 -i; on the defining line itself neither shell expands it). `defined`:
 * the aliases each line defines, as the caller reads its words. Bounded: a use is expanded once.
 * @internal
 */
export function aliasesExpanded(text: string, defined: (line: string) => readonly [string, string][]): string {
  const aliases = new Map<string, string>();
  const out: string[] = [];
  for (const line of text.split('\n')) {
    let expanded = line;
    for (const [name, value] of aliases) {
      const use = new RegExp(`${COMMAND_START}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s|;|&|\\||\\)|$)`, 'g');
      expanded = expanded.replace(use, (_all, head: string, blank: string) => `${head}${blank}${value}`);
    }
    out.push(expanded);
    for (const [name, value] of defined(line)) aliases.set(name, value);
  }
  return out.join('\n');
}

/**
 * The folder a `cd`/`pushd` call moves to, as written (`cd ~/dots`, `cd -P -- ~/dots`): a later
 * relative `.`/`source` (`. ./x`, bash's `. x` after its PATH) reads from there (RT26-E6: bash
 * 5.2 ran ~/dots/x). `cd -`, `popd` and a bare `cd` (the home) name none. @internal
 */
export function changedDirectory(words: Words): string | undefined {
  const name = words[0];
  if (name !== 'cd' && name !== 'pushd' && name !== 'chdir') return undefined;
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      i++;
      break;
    }
    if (!/^-[LPe@qsn]+$/.test(w)) break;
  }
  const dir = words[i];
  return dir === undefined || dir === '-' || /^[-+]\d*$/.test(dir) ? undefined : dir;
}

/**
 * The files `bind -f FILE` reads as readline's start-up lines, an inputrc's (bash 5.2 "bind":
 * `-f filename`; fix30-start: a macro in the file ran at its key). @internal
 */
export function boundFiles(words: Words): string[] {
  const out: string[] = [];
  if (words[0] !== 'bind') return out;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-f' && words[i + 1] !== undefined) out.push(words[++i]!);
    else if (/^-f./.test(w)) out.push(w.slice(2));
    else if (/^-[mqurx]$/.test(w)) i++;
  }
  return out;
}

/**
 * The shared objects bash's `enable -f FILE NAME…` loads as builtins (bash 5.2 "enable":
 * `enable [-a] [-dnps] [-f filename] [name …]`; the letters group, `-f`'s value may be attached):
 * loading runs the object's code (its constructors) in the shell (check30 row 88: `enable -f
 * ~/bin/x.so x` in ~/.bashrc ran x.so's constructor at `bash -i`). A name with no `/` is looked
 * up along BASH_LOADABLES_PATH, which toolgate does not follow: none. @internal
 */
export function loadedBuiltins(words: Words): string[] {
  const out: string[] = [];
  if (words[0] !== 'enable') return out;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--' || !/^-[adnpsf]/.test(w)) break;
    const f = w.indexOf('f');
    if (f < 0) continue;
    const file = f < w.length - 1 ? w.slice(f + 1) : words[++i];
    if (file !== undefined && file.includes('/')) out.push(file);
  }
  return out;
}

/** A text a builtin keeps and the shell runs later as commands, and when it runs it, as a reason says it. */
export interface LaterText {
  text: string;
  when: string;
}

const KEY = 'the shell runs it when the key is typed';
const TYPED = 'zsh types it, and runs it, when the key is typed';
const COMPLETION = 'the shell runs it when the command is completed with Tab';
const SCHEDULED = 'zsh runs it at the time sched names';

/**
 * The texts a builtin keeps to run later as commands (red team 27 RT27-S3, S4, S7, S8; fix29-start,
 * each run in `bash -i`/`zsh -i` on a pty with a fake home): bash's `bind -x '"KEY": CMD'` (with
 * `-m KEYMAP`; the command may be double-quoted) and a readline macro `bind '"KEY": "TEXT\n"'`
 * (typed, so run), `complete`/`compgen` `-C CMD` (run to list completions), `-F FUNC` (the
 * function called) and `-W WORDS` (expanded at each completion: a `$(…)` there runs), zsh's
 * `sched [-o] [+]TIME CMD…` and `bindkey [-M MAP] -s IN OUT…` (OUT typed: `^M`, `\r`, `\n` end a
 * line). `zle -N`'s widget is a function, called as functions are. @internal
 */
export function laterTexts(words: Words): LaterText[] {
  const out: LaterText[] = [];
  const name = words[0];
  if (name === 'bind') {
    for (let i = 1; i < words.length; i++) {
      const w = words[i]!;
      if (/^-[mqurf]$/.test(w)) i++;
      else if (w === '-x') {
        const cmd = keyBinding(words[++i] ?? '');
        if (cmd !== undefined) out.push({ text: unquoted(cmd), when: KEY });
      } else if (!w.startsWith('-')) out.push(...readlineMacros(w));
    }
  } else if (name === 'complete' || name === 'compgen') {
    for (let i = 1; i < words.length; i++) {
      const m = /^-([oAGWFCXPS])(.*)$/s.exec(words[i]!);
      if (m === null) continue;
      const value = m[2] !== '' ? m[2]! : (words[++i] ?? '');
      if ('CFW'.includes(m[1]!) && value !== '') out.push({ text: value, when: COMPLETION });
    }
  } else if (name === 'sched') {
    let i = 1;
    if (words[i] === '-o') i++;
    if (/^\+?\d[\d:]*$/.test(words[i] ?? '') && words.length > i + 1) out.push({ text: words.slice(i + 1).join(' '), when: SCHEDULED });
  } else if (name === 'bindkey') {
    let i = 1;
    let strings = false;
    for (; i < words.length && /^-[A-Za-z]+$/.test(words[i]!); i++) {
      strings ||= words[i]!.includes('s');
      if (words[i]!.endsWith('M')) i++;
    }
    if (strings)
      for (i++; i < words.length; i += 2) {
        const text = entered(typed(words[i]!, true));
        if (text !== '') out.push({ text, when: TYPED });
      }
  }
  return out;
}

/** The right side of a readline binding `"KEYSEQ": RHS` or `KEYNAME: RHS`, or undefined. */
function keyBinding(line: string): string | undefined {
  return /^\s*(?:"(?:[^"\\]|\\.)*"|[^\s:"]+)\s*:\s*(.*)$/s.exec(line)?.[1]?.trim();
}

/**
 * The macros of one readline line (`"\C-t": ". ~/x\n"`, `Control-t: "…"`: an inputrc line, or
 * bind's argument), as the text they type: a key binding to a function (`"\C-t": kill-line`) or a
 * `set` line types none.
 */
export function readlineMacros(line: string): LaterText[] {
  const macro = /^(["'])(.*)\1$/s.exec(keyBinding(line) ?? '');
  const text = macro === null ? '' : entered(typed(macro[2]!));
  return text === '' ? [] : [{ text, when: KEY }];
}

/**
 * What typed text runs: the lines a line end closes. Text after the last one is left on the line,
 * run by nothing (bash 5.2 `bind '"\C-xn": "sh ~/bin/x.sh"'` and zsh 5.9 `bindkey -s '^T' 'sh
 * ~/bin/x.sh'` on a pty put the text on the line and ran nothing; with `\n` they ran it; fix31-precise).
 */
function entered(text: string): string {
  return text.slice(0, text.lastIndexOf('\n') + 1);
}

/**
 * Text typed into the line editor, as readline's key sequences (`rl_translate_keyseq`) or zsh's
 * `bindkey -s` strings (with `caret`, `^X` too) spell it: `\C-x`, `\M-x`, `\e`, `\a`…`\v`, `\d`,
 * `\NNN`, `\xHH`, `\\`, `\"`, `\'`. Every key that is no printing character — the line's end (CR or
 * LF: `\n`, `\r`, `\C-m`, `\C-j`, `\015`, `\x0d`, `^M`) and any other control or meta key — ends a
 * word: a newline, so the text on either side is read as a command (bash 5.2 and zsh 5.9 on a pty:
 * each of these line ends ran the macro's `. ~/dots/x`; fix30-start).
 */
function typed(text: string, caret = false): string {
  let out = '';
  const key = (code: number): void => {
    out += code < 0x20 || code === 0x7f ? '\n' : String.fromCharCode(code);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (caret && c === '^' && i + 1 < text.length) {
      const n = text[++i]!;
      key(n === '?' ? 0x7f : n.toUpperCase().charCodeAt(0) & 0x1f);
      continue;
    }
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[++i]!;
    // `\M-x` is a meta key (ESC, then x); `\C-x` is x's control character: neither types text.
    if (text.startsWith('M-', i)) {
      key(0x1b);
      i += 1;
      continue;
    }
    if (text.startsWith('C-', i) && i + 2 < text.length) {
      i += 2;
      key(text[i] === '?' ? 0x7f : text.charCodeAt(i) & 0x1f);
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(text.slice(i));
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(text.slice(i));
    if (octal !== null) {
      key(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else if (hex !== null) {
      key(parseInt(hex[1]!, 16));
      i += hex[0].length - 1;
    } else if (n in KEY_ESCAPES) key(KEY_ESCAPES[n]!);
    else out += n;
  }
  return out;
}

/** readline's and zsh's one-letter escapes of a key sequence. */
const KEY_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, d: 0x7f, e: 0x1b, E: 0x1b, f: 12, n: 10, r: 13, t: 9, v: 11 };

/**
 * The variables each shell expands again every time it shows them as a prompt, so that a command
 * substitution in the value runs then: bash 5.2's PS0 (after a command is read), PS1, PS2 and
 * PS4 (each traced command) — not PS3, `select`'s prompt (fix30-start: bash -i on a pty ran a
 * backquoted ~/bin/x.sh from each of PS0, PS1, PS2, PS4, and none from PS3); zsh 5.9's prompts
 * with `prompt_subst` (zshparam(1)): PS1…PS4, PROMPT…PROMPT4, RPS1, RPS2, RPROMPT, RPROMPT2, SPROMPT.
 * @internal
 */
export const PROMPT_VARIABLES: Readonly<Record<'bash' | 'zsh', ReadonlySet<string>>> = {
  bash: new Set(['PS0', 'PS1', 'PS2', 'PS4']),
  zsh: new Set(['PS1', 'PS2', 'PS3', 'PS4', 'PROMPT', 'PROMPT2', 'PROMPT3', 'PROMPT4', 'RPS1', 'RPS2', 'RPROMPT', 'RPROMPT2', 'SPROMPT']),
};

/**
 * The words a text may stand for through `${V:-WORD}`, `${V-WORD}`, `${V:=WORD}`, `${V=WORD}`
 * (V's value, or WORD when V is unset or empty) and `${V:+WORD}`, `${V+WORD}` (nothing, or WORD):
 * a start-up file cannot say whether V is set, so WORD is a value the shell may use (RT27-S2, S5,
 * S6: `. "${DOTS:-$HOME/dots}/x"` and `. ${DOTS:-~/dots}/x` ran ~/dots/x in bash 5.2 and zsh 5.9).
 * A `~` that begins WORD is the home outside double quotes and itself inside them (bash, zsh and
 * dash alike: `"${X:-~/d}"` is `~/d`), written `./~` so it stays a relative name. The innermost
 * expansion is taken first; past {@link MAX_ALTERNATIVES} texts the rest is left as written
 * (a variable: its literal folder, or nothing). @internal
 */
export function parameterAlternatives(text: string): string[] {
  let out = [text];
  for (let round = 0; round < MAX_ALTERNATIVES; round++) {
    let changed = false;
    const next: string[] = [];
    for (const t of out) {
      const m = /\$\{([A-Za-z_]\w*)(:?)([-=+])((?:[^{}$]|\$(?!\{)|\$\{\w+\})*)\}/.exec(t);
      if (m === null || next.length >= MAX_ALTERNATIVES) {
        next.push(t);
        continue;
      }
      changed = true;
      const word = m[4]!.replace(/^~(?=\/|$)/, insideDoubleQuotes(t, m.index) ? './~' : '$HOME');
      const before = t.slice(0, m.index);
      const after = t.slice(m.index + m[0].length);
      for (const v of m[3] === '+' ? ['', word] : [`\${${m[1]}}`, word]) if (!next.includes(before + v + after)) next.push(before + v + after);
    }
    out = next;
    if (!changed) break;
  }
  return out;
}

const MAX_ALTERNATIVES = 16;

/**
 * Whether `at` in a shell text is inside double quotes (single quotes and backslashes followed).
 * A command substitution starts quoting afresh: in `eval "$(cat ${X:-~/f})"` the `~` is outside
 * any quotes of its own, and expands (check30 rows 5, 6: bash 5.2 -i ran ~/f's text).
 */
function insideDoubleQuotes(text: string, at: number): boolean {
  /** Per open substitution, outermost first: whether its text is inside double quotes; and its parentheses' depth. */
  const levels: { double: boolean; parens: number }[] = [{ double: false, parens: 0 }];
  for (let i = 0; i < at; i++) {
    const level = levels.at(-1)!;
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      levels.push({ double: false, parens: 0 });
      i++;
    } else if (c === '"') level.double = !level.double;
    else if (c === "'" && !level.double) {
      const close = text.indexOf("'", i + 1);
      if (close < 0 || close >= at) return false;
      i = close;
    } else if (!level.double && c === '(') level.parens++;
    else if (!level.double && c === ')') {
      if (level.parens > 0) level.parens--;
      else if (levels.length > 1) levels.pop();
    }
  }
  return levels.at(-1)!.double;
}

/** A readline command with the double quotes of `"\C-t": "CMD"` taken off. */
function unquoted(word: string): string {
  return word.replace(/^(['"])(.*)\1$/s, '$2');
}

/** Examples of the readers above, each a test (`test/shell/programs/startup-builtins.test.ts`). @internal */
export const STARTUP_BUILTIN_EXAMPLES: readonly {
  readonly words: readonly string[];
  readonly sourced?: string;
  readonly hashed?: readonly string[];
  readonly aliased?: readonly string[];
  readonly cd?: string;
}[] = [
  { words: ['source', '~/.x'], sourced: '~/.x' },
  { words: ['source', '--', '~/.x'], sourced: '~/.x' },
  { words: ['.', '--', '$HOME/.x'], sourced: '$HOME/.x' },
  { words: ['.', '-p', '~/dots', 'x'] },
  { words: ['hash', '-p', '~/.x', 'll'], hashed: ['~/.x'] },
  { words: ['hash', '-rp', '~/.x', 'll'], hashed: ['~/.x'] },
  { words: ['hash', '-p$HOME/.x', 'll'], hashed: ['$HOME/.x'] },
  { words: ['hash', 'll=~/.x'], hashed: ['~/.x'] },
  { words: ['hash', '-d', 'dots=~/dots'], hashed: [] },
  { words: ['hash', '-r'], hashed: [] },
  { words: ['hash', 'ls'], hashed: [] },
  { words: ['alias', 'll=~/.x'], aliased: ['~/.x'] },
  { words: ['alias', '-s', 'txt=~/.x', 'gg=. ~/dots/x'], aliased: ['~/.x', '. ~/dots/x'] },
  { words: ['alias', '--', 'll=ls -l'], aliased: ['ls -l'] },
  { words: ['alias', '-p'], aliased: [] },
  { words: ['cd', '~/dots'], cd: '~/dots' },
  { words: ['cd', '-P', '--', '~/dots'], cd: '~/dots' },
  { words: ['pushd', '$HOME/dots'], cd: '$HOME/dots' },
  { words: ['cd', '-'] },
  { words: ['cd'] },
  { words: ['export', 'A=b', 'x=~/.x'] },
  { words: ['ls', '--', '~/.x'] },
];

/** Examples of {@link laterTexts}, each a test, each run on a pty in `bash -i`/`zsh -i` (fix29-start). @internal */
export const LATER_TEXT_EXAMPLES: readonly { readonly words: readonly string[]; readonly texts: readonly string[] }[] = [
  { words: ['bind', '-x', '"\\C-t": ~/bin/x.sh'], texts: ['~/bin/x.sh'] },
  { words: ['bind', '-m', 'emacs', '-x', '"\\C-t": ~/bin/x.sh'], texts: ['~/bin/x.sh'] },
  { words: ['bind', '-x', '"\\C-t":"~/bin/x.sh"'], texts: ['~/bin/x.sh'] },
  { words: ['bind', '"\\C-t": ". ~/.x\\n"'], texts: ['. ~/.x\n'] },
  // fix30-start: each of these line ends ran the macro (bash 5.2 -i on a pty).
  { words: ['bind', '"\\C-t": ". ~/.x\\C-m"'], texts: ['. ~/.x\n'] },
  { words: ['bind', '"\\C-t": ". ~/.x\\C-J"'], texts: ['. ~/.x\n'] },
  { words: ['bind', '"\\C-t": ". ~/.x\\r"'], texts: ['. ~/.x\n'] },
  { words: ['bind', '"\\C-t": ". ~/.x\\015"'], texts: ['. ~/.x\n'] },
  { words: ['bind', '"\\C-t": ". ~/.x\\x0d"'], texts: ['. ~/.x\n'] },
  { words: ['bind', '"\\C-t": ". ~/.x\\e\\M-a"'], texts: ['. ~/.x\n\n'] },
  // fix31-precise: no line end, nothing entered — the text waits on the line (bash 5.2, zsh 5.9 on a pty).
  { words: ['bind', '"\\C-xn": "vim ~/notes.txt"'], texts: [] },
  { words: ['bindkey', '-s', '^T', 'sh ~/bin/x.sh'], texts: [] },
  { words: ['bind', '"\\C-t": ". \\"~/a b\\"\\n"'], texts: ['. "~/a b"\n'] },
  { words: ['bind', 'Control-t: ". ~/.x\\n"'], texts: ['. ~/.x\n'] },
  { words: ['bind', '"\\C-t": kill-line'], texts: [] },
  { words: ['bind', 'set completion-ignore-case on'], texts: [] },
  { words: ['complete', '-C', '~/bin/x.sh', 'git'], texts: ['~/bin/x.sh'] },
  { words: ['complete', '-o', 'default', '-C', '~/bin/x.sh --x', 'git'], texts: ['~/bin/x.sh --x'] },
  { words: ['complete', '-F', '_c', 'git'], texts: ['_c'] },
  { words: ['complete', '-W', 'start stop', 'svc'], texts: ['start stop'] },
  { words: ['complete', '-d', 'cd'], texts: [] },
  { words: ['sched', '+1', '.', '~/.x'], texts: ['. ~/.x'] },
  { words: ['sched', '+1', '. ~/.x'], texts: ['. ~/.x'] },
  { words: ['sched', '-o', '10:00', 'echo', 'hi'], texts: ['echo hi'] },
  { words: ['sched', '-2'], texts: [] },
  { words: ['bindkey', '-s', '^T', '. ~/.x\\n'], texts: ['. ~/.x\n'] },
  { words: ['bindkey', '-M', 'emacs', '-s', '^T', '. ~/.x^M'], texts: ['. ~/.x\n'] },
  { words: ['bindkey', '-s', '^T', '. ~/.x\\C-m'], texts: ['. ~/.x\n'] },
  { words: ['bindkey', '^R', 'history-incremental-search-backward'], texts: [] },
  { words: ['bindkey', '-e'], texts: [] },
];

/** Examples of {@link parameterAlternatives}, each a test (bash 5.2, zsh 5.9, dash: fix29-start). @internal */
export const PARAMETER_ALTERNATIVE_EXAMPLES: readonly { readonly text: string; readonly alternatives: readonly string[] }[] = [
  { text: '. "${DOTS:-$HOME/dots}/x"', alternatives: ['. "${DOTS}/x"', '. "$HOME/dots/x"'] },
  { text: '. ${DOTS:-~/dots}/x', alternatives: ['. ${DOTS}/x', '. $HOME/dots/x'] },
  { text: '. "${DOTS:-~/dots}/x"', alternatives: ['. "${DOTS}/x"', '. "./~/dots/x"'] },
  { text: '. ${X:+~/dots/x}', alternatives: ['. ', '. $HOME/dots/x'] },
  { text: ': ${X:=~/dots}', alternatives: [': ${X}', ': $HOME/dots'] },
  { text: '${TOOL-~/bin/t} arg', alternatives: ['${TOOL} arg', '$HOME/bin/t arg'] },
  { text: '. ${A:-${B:-~/b}}/x', alternatives: ['. ${A}/x', '. ${B}/x', '. $HOME/b/x'] },
  { text: 'eval "$(cat ${X:-~/dots/x})"', alternatives: ['eval "$(cat ${X})"', 'eval "$(cat $HOME/dots/x)"'] },
  { text: 'eval "$(cat "${X:-~/dots/x}")"', alternatives: ['eval "$(cat "${X}")"', 'eval "$(cat "./~/dots/x")"'] },
  { text: '. ~/.x', alternatives: ['. ~/.x'] },
  { text: 'echo ${#X} ${X%/*} ${X:?unset}', alternatives: ['echo ${#X} ${X%/*} ${X:?unset}'] },
];

/**
 * Whether a start-up line takes a variable's export away as it sets it (`export -n NAME=V`,
 * `declare +x NAME=V`, `typeset +x`): bash 5.2 sets NAME and the programs it starts do not see it.
 * @internal
 */
export function takesExportAway(line: string): boolean {
  return /(?:^|[;&|]\s*)(?:export\s+(?:-\w*\s+)*-\w*n|(?:declare|typeset)\s+(?:[-+]\w*\s+)*\+\w*x)\b/.test(line);
}
