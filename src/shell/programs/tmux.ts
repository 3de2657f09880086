/**
 * `tmux [opts] [COMMAND [flags] [ARGS] [; COMMAND …]]`: a terminal multiplexer whose commands
 * start shell code — `new-session`, `new-window`, `split-window`, `respawn-pane`/`-window`,
 * `display-popup` run their words as a shell command (one word is run by the default shell, more
 * are run as they are: both read here as `sh -c` of the words joined), `run-shell`, `pipe-pane`
 * and `if-shell` run a shell command (`tmux -c CMD` too); `if-shell`'s other arguments are tmux
 * command lists the server parses and runs, read here as the line's own commands are
 * ({@link tmuxCommandList}). What toolgate cannot read is opaque code: keys typed into a pane
 * (`send-keys`), a configuration file (`-f`, `source-file`), `run-shell -C`, an environment given
 * to the command (`-e NAME=VALUE`), a format that runs a command (`#(…)`), and any command not in
 * the tables below (a unique prefix of a command's name is that command, as tmux takes it).
 *
 * Grammar: tmux 3.3a (Debian 12): the getopt string of `tmux.c` and each command's `args` template.
 */
import { parseGnuOptions, type GnuOption, type GnuOptionSpec } from '../options/gnu-options.js';
import { quoteWord } from '../syntax/environment.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { optionScript, wrapInfo } from './wrapper-info.js';

/** tmux's own options (`tmux.c`); options end at the command's name. */
const grammar: GnuOptionSpec = { short: '+2c:CDdf:lL:NqS:T:uUvV' };

/** The commands that run their operands as shell code, by name and alias, with their getopt strings. */
const SHELL_COMMANDS: Record<string, string> = {
  'new-session': 'Ac:dDe:EF:f:n:Ps:t:x:Xy:',
  new: 'Ac:dDe:EF:f:n:Ps:t:x:Xy:',
  'new-window': 'abc:de:F:kn:PSt:',
  neww: 'abc:de:F:kn:PSt:',
  'split-window': 'bc:de:fF:hIl:p:Pt:vZ',
  splitw: 'bc:de:fF:hIl:p:Pt:vZ',
  'respawn-pane': 'c:e:kt:',
  respawnp: 'c:e:kt:',
  'respawn-window': 'c:e:kt:',
  respawnw: 'c:e:kt:',
  'display-popup': 'Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:',
  popup: 'Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:',
  'run-shell': 'bd:Ct:',
  run: 'bd:Ct:',
  'pipe-pane': 'IOot:',
  pipep: 'IOot:',
  'if-shell': 'bFt:',
  if: 'bFt:',
};

/** Commands that run no code of their own (listing, attaching, killing, selecting, renaming). */
const QUIET = new Set(
  (
    'list-sessions ls list-windows lsw list-panes lsp list-clients lsc has-session has kill-session kill-server ' +
    'kill-window killw kill-pane killp attach-session attach a detach-client detach select-window selectw ' +
    'select-pane selectp rename-session rename rename-window renamew resize-pane resizep switch-client switchc ' +
    'display-message display capture-pane capturep show-options show show-environment showenv start-server start'
  ).split(' '),
);

/** Every command of tmux 3.3a (`tmux list-commands`), by its full name. */
const COMMAND_NAMES: readonly string[] = (
  'attach-session bind-key break-pane capture-pane choose-buffer choose-client choose-tree ' +
  'clear-history clear-prompt-history clock-mode command-prompt confirm-before copy-mode ' +
  'customize-mode delete-buffer detach-client display-menu display-message display-popup ' +
  'display-panes find-window has-session if-shell join-pane kill-pane kill-server kill-session ' +
  'kill-window last-pane last-window link-window list-buffers list-clients list-commands list-keys ' +
  'list-panes list-sessions list-windows load-buffer lock-client lock-server lock-session move-pane ' +
  'move-window new-session new-window next-layout next-window paste-buffer pipe-pane ' +
  'previous-layout previous-window refresh-client rename-session rename-window resize-pane ' +
  'resize-window respawn-pane respawn-window rotate-window run-shell save-buffer select-layout ' +
  'select-pane select-window send-keys send-prefix server-access set-buffer set-environment ' +
  'set-hook set-option set-window-option show-buffer show-environment show-hooks show-messages ' +
  'show-options show-prompt-history show-window-options source-file split-window start-server ' +
  'suspend-client swap-pane swap-window switch-client unbind-key unlink-window wait-for ' +
  ''
)
  .trim()
  .split(' ');
/** Their aliases, which tmux matches whole before any name. */
const COMMAND_ALIASES: ReadonlySet<string> = new Set(
  (
    'attach bind breakp capturep clearhist clearphist confirm deleteb detach menu display popup ' +
    'displayp findw has if joinp killp killw lastp last linkw lsb lsc lscm lsk lsp ls lsw loadb lockc ' +
    'lock locks movep movew new neww nextl next pasteb pipep prevl prev refresh rename renamew ' +
    'resizep resizew respawnp respawnw rotatew run saveb selectl selectp selectw send setb setenv set ' +
    'setw showb showenv showmsgs show showphist showw source splitw start suspendc swapp swapw ' +
    'switchc unbind unlinkw wait ' +
    ''
  )
    .trim()
    .split(' '),
);

/**
 * The command a word names as tmux finds it (cmd.c `cmd_find`): an alias or a full name as it is,
 * else the one full name it begins (`tmux ru 'touch m'` ran run-shell, tmux 3.3a; replay 23 V4);
 * an ambiguous or unknown word stays itself (tmux refuses it).
 */
function commandName(word: string): string {
  if (COMMAND_ALIASES.has(word) || COMMAND_NAMES.includes(word)) return word;
  const begun = COMMAND_NAMES.filter((n) => n.startsWith(word));
  return begun.length === 1 && word !== '' ? begun[0]! : word;
}

const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/**
 * The command of `name -c DIR WORDS…` (`display-popup -d DIR`), which tmux starts in DIR (relative to the calling client's
 * directory; the child `chdir`s, so links resolve): read again as `cd -P -- DIR && TEXT`, as `env
 * -C` is (replay of red team 13, N6: `tmux new -d -c sshlink 'cat id_rsa …'` read ~/.ssh/id_rsa
 * through a link while the text was judged in the call's directory). One word is shell text; more
 * are a command's words. A directory or words that are not literal text, or a directory holding a
 * format (`#{…}`), are unknown.
 */
function inDirectory(
  name: string,
  dir: GnuOption,
  argv: readonly string[],
  literal: readonly boolean[],
  from: number,
  end: number,
): Unwrapped {
  const value = dir.value;
  if (value === undefined || literal[dir.valueIndex ?? dir.index] === false || value.includes('#'))
    return { kind: 'unknown', reason: `tmux ${name} -c: starts its command in a directory toolgate cannot tell` };
  const words = argv.slice(from, end);
  if (literal.slice(from, end).some((l) => l === false))
    return { kind: 'unknown', reason: `tmux ${name} -c: runs words that are not literal in another directory` };
  const target = /^(\/|\.\.?(\/|$))/.test(value) ? value : `./${value}`;
  const text = words.length === 1 ? words[0]! : words.map(quoteWord).join(' ');
  return { kind: 'text', script: `cd -P -- ${quoteWord(target)} && ${text}`, what: `tmux ${name} -c` };
}

/** How many `if-shell` arguments deep tmux commands are read; deeper ones are unknown. */
const MAX_NESTING = 8;

/**
 * The commands of a tmux command list given as one string (an `if-shell` argument, parsed by the
 * server with tmux's configuration grammar, cmd-parse.y, when it runs it), each as its words, or
 * undefined where it holds what this reading leaves out. Words split at blanks; `;` (even inside
 * a word: `run "a";run "b"` ran both) and a newline end a command; single quotes are literal;
 * double quotes are read when they hold no `$` (tmux expands variables there) and no escape but
 * `\"` and `\\`. An unquoted `\`, `$`, `~`, `#` (a comment), `%` (`%if`), `{`/`}` (a block), a
 * `#` anywhere (a format run-shell expands) or an assignment (`NAME=VALUE` as a command) is not
 * read. Verified with tmux 3.3a (replay 23 V4).
 */
export function tmuxCommandList(text: string): string[][] | undefined {
  if (text.includes('#') || text.includes('\r')) return undefined;
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t') endWord();
    else if (ch === ';' || ch === '\n') endCommand();
    else if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return undefined;
      word = (word ?? '') + text.slice(i + 1, close);
      i = close;
    } else if (ch === '"') {
      let inner = '';
      let k = i + 1;
      for (; k < text.length && text[k] !== '"'; k++) {
        if (text[k] === '$') return undefined;
        if (text[k] === '\\') {
          if (text[k + 1] !== '"' && text[k + 1] !== '\\') return undefined;
          k++;
        }
        inner += text[k];
      }
      if (k >= text.length) return undefined;
      word = (word ?? '') + inner;
      i = k;
    } else if (/[\\$~{}%]/.test(ch)) return undefined;
    else word = (word ?? '') + ch;
  }
  endCommand();
  return commands.some((c) => c[0]!.includes('=')) ? undefined : commands;
}

/**
 * What the tmux command list `text` (an `if-shell` argument) runs: each command read as the
 * line's are, its shell code as text; what is not read, a command's opaque part included, is
 * unknown, text not read a firm ask (replay 23 V4: `tmux if true 'run "cp x.json .claude/settings.json"'` overwrote the
 * settings in bypassPermissions while the argument was only opaque).
 */
function listRuns(text: string, literal: boolean, name: string, depth: number): Unwrapped[] {
  const list = literal && depth < MAX_NESTING ? tmuxCommandList(text) : undefined;
  // Text not read may name any path (`$HOME/.claude/…`): a firm ask in every mode.
  if (list === undefined) return [{ kind: 'unknown', reason: `tmux ${name} runs tmux commands toolgate cannot read`, unseen: true }];
  const out: Unwrapped[] = [];
  for (const words of list) {
    for (const u of commandRuns(
      words,
      0,
      words.length,
      words.map(() => true),
      depth + 1,
    )) {
      if (u.kind === 'script') {
        const script = u.joinFrom === undefined ? words[u.index]! : words.slice(u.joinFrom).join(' ');
        out.push({ kind: 'text', script, what: `tmux ${name}: ${words[0]}` });
      } else if (u.kind === 'opaque') out.push({ kind: 'unknown', reason: u.reason });
      else out.push(u);
    }
  }
  return out;
}

/** What one tmux command (its words `argv[start..end)`) runs. */
function commandRuns(argv: readonly string[], start: number, end: number, literal: readonly boolean[], depth = 0): Unwrapped[] {
  const name = commandName(argv[start]!);
  const words = [name, ...argv.slice(start + 1, end)];
  if (words.some((w) => w.includes('#('))) return [opaque(`tmux ${name}: a format's #(…) runs a shell command`)];
  if (QUIET.has(name)) return [];
  const spec = SHELL_COMMANDS[name];
  if (name === 'send-keys' || name === 'send')
    return [opaque(`tmux ${name} types keys into a pane, whose program (a shell) may run them as commands`)];
  if (name === 'source-file' || name === 'source') return [opaque(`tmux ${name} runs the tmux commands of a file, which may run programs`)];
  if (spec === undefined) return [opaque(`tmux ${name} may run commands or read a file toolgate cannot see`)];
  const parsed = parseGnuOptions(words, { short: `+${spec}` });
  if (!parsed.ok) return [opaque(`tmux ${name}: words toolgate cannot read`)];
  const has = (letter: string) => parsed.options.some((o) => o.name === letter);
  const out: Unwrapped[] = [];
  if (has('e')) out.push(opaque(`tmux ${name} -e sets the environment of the command it runs`));
  if ((name === 'run-shell' || name === 'run') && has('C')) return [opaque(`tmux ${name} -C runs tmux commands`)];
  const first = parsed.operands[0];
  if (first === undefined) return out;
  const at = start + first.index;
  if (name === 'if-shell' || name === 'if') {
    // -F: the first argument is a format, not shell code; one that expands text again may run a command.
    if (!has('F')) out.push({ kind: 'script', index: at });
    else if (/[ET]:/.test(first.text)) out.push(opaque(`tmux ${name} -F: a format that expands text again may run a command`));
    for (const op of parsed.operands.slice(1)) out.push(...listRuns(op.text, literal[start + op.index] !== false, name, depth));
    return out;
  }
  // display-popup's start directory is -d (its -c names a client); the others' is -c.
  const letter = name === 'display-popup' || name === 'popup' ? 'd' : 'c';
  const dir = parsed.options.filter((o) => o.name === letter).pop();
  if (dir !== undefined) {
    // The option's indexes are of `words`; make them argv's.
    const shifted = { ...dir, index: start + dir.index, ...(dir.valueIndex !== undefined ? { valueIndex: start + dir.valueIndex } : {}) };
    out.push(inDirectory(name, shifted, argv, literal, at, end));
    return out;
  }
  // run-shell and pipe-pane take one shell command; the others run all their words.
  out.push(
    name === 'run-shell' || name === 'run' || name === 'pipe-pane' || name === 'pipep'
      ? { kind: 'script', index: at }
      : { kind: 'script', index: at, joinFrom: at },
  );
  return out;
}

/** What a tmux command line runs (see the module comment). */
function tmuxRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return wrapInfo([opaque('tmux: words toolgate cannot read')]);
  const inner: Unwrapped[] = [];
  for (const o of parsed.options) {
    if (o.name === 'c') inner.push(optionScript(argv, o));
    if (o.name === 'f') inner.push(opaque(`tmux -f ${o.value ?? ''} reads a configuration file, whose commands may run programs`));
  }
  const first = parsed.operands[0];
  if (first !== undefined) {
    // Commands are separated by a word `;` (written `\;` or `';'`) or a word ending in `\;`.
    let start = first.index;
    for (let k = start; k <= argv.length; k++) {
      const w = argv[k];
      if (k < argv.length && w !== ';' && !/\\;$/.test(w!)) continue;
      if (k > start) inner.push(...commandRuns(argv, start, k, literal));
      start = k + 1;
    }
  }
  return inner.length > 0 ? wrapInfo(inner) : undefined;
}

/**
 * The commands whose flags make the client start a server when none answers (`CMD_STARTSERVER`):
 * each of the 90 commands of tmux 3.3a run alone with no server, only these read the configuration
 * files (verified with a `run-shell` line that made a marker), by name and alias. tmux takes a
 * unique prefix of a name (`tmux start-s`, `tmux new-s -d` started one too), so a word that begins
 * one of these names is taken as starting one.
 */
const SERVER_STARTERS: readonly string[] = ['attach-session', 'list-commands', 'list-keys', 'new-session', 'start-server'];
const SERVER_STARTER_ALIASES: ReadonlySet<string> = new Set(['attach', 'lscm', 'lsk', 'new', 'start']);

/**
 * The configuration files a tmux command line runs as it starts its server: `/etc/tmux.conf`,
 * `~/.tmux.conf`, `$XDG_CONFIG_HOME/tmux/tmux.conf`, `~/.config/tmux/tmux.conf`, each that
 * exists, in that order (tmux 3.3a: a `run-shell` line in each of ~/.tmux.conf and
 * ~/.config/tmux/tmux.conf both ran on `tmux new -d`). A server starts for no command (a new
 * session), `-c` (it asks the server for its shell) and a command listed above; `-V` prints only,
 * `-N` starts none, `-f FILE` reads FILE alone and is opaque code already (`tmuxRuns`). Whether a
 * server is already running is not known, so one is taken to start.
 */
export function tmuxConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): string[] | undefined {
  const parsed = parseGnuOptions(argv, grammar);
  const has = (letter: string) => parsed.ok && parsed.options.some((o) => o.name === letter);
  if (has('V') || has('N') || has('f')) return undefined;
  const starts =
    !parsed.ok ||
    has('c') ||
    parsed.operands.length === 0 ||
    commandNames(argv, parsed.operands[0]!.index).some(
      (name) => SERVER_STARTER_ALIASES.has(name) || SERVER_STARTERS.some((full) => full.startsWith(name)),
    );
  if (!starts) return undefined;
  const xdg = variable('XDG_CONFIG_HOME');
  const config = typeof xdg === 'string' && xdg.startsWith('/') ? xdg.replace(/\/+$/, '') : `${home}/.config`;
  return [...new Set(['/etc/tmux.conf', `${home}/.tmux.conf`, `${config}/tmux/tmux.conf`, `${home}/.config/tmux/tmux.conf`])];
}

/**
 * The name of each command of the command list that begins at `from`: the first word, and what
 * follows each `;` (a word `;`, a word ending in `\\;`, or one inside a word, taken as tmux may).
 */
function commandNames(argv: readonly string[], from: number): string[] {
  const names: string[] = [];
  let next = true;
  for (let k = from; k < argv.length; k++) {
    const pieces = argv[k]!.split(';').map((p) => p.replace(/\\$/, ''));
    pieces.forEach((piece, j) => {
      if ((next || j > 0) && piece !== '') names.push(piece);
    });
    next = pieces.length > 1 && pieces[pieces.length - 1] === '';
  }
  return names;
}

/**
 * Options a configuration may set that run nothing and name no program (tmux(1), "OPTIONS"):
 * `default-command`, `default-shell`'s other values, `copy-command`, `editor`, `lock-command`,
 * `command-alias` and every hook (`session-created`, `after-*`, …; hooks are options in tmux 3)
 * are not among them. A format's `#(…)` runs a command even in a session no client sees
 * (`automatic-rename-format '#(…)'` ran on `tmux new -d`): the text is checked for it whole.
 */
const TMUX_PLAIN_OPTION =
  /^(@[\w.-]+|status(-[\w-]+)?|mouse|prefix2?|base-index|pane-base-index|escape-time|history-limit|default-terminal|mode-keys|status-keys|renumber-windows|terminal-overrides|terminal-features|set-titles|set-titles-string|allow-rename|allow-passthrough|automatic-rename|focus-events|display-time|display-panes-[\w-]+|repeat-time|monitor-[\w-]+|visual-[\w-]+|aggressive-resize|[\w-]+-style|[\w-]+-format|clock-mode-[\w-]+|main-pane-[\w-]+|pane-border-[\w-]+|window-status-[\w-]+|copy-mode-[\w-]+|popup-[\w-]+|menu-[\w-]+|cursor-[\w-]+|message-[\w-]+|wrap-search|word-separators|xterm-keys|extended-keys|set-clipboard|bell-action|activity-action|silence-action|destroy-unattached|detach-on-destroy|exit-empty|exit-unattached|buffer-limit|message-limit|prompt-history-limit|remain-on-exit|synchronize-panes|alternate-screen|update-environment|default-size|window-size|fill-character|other-pane-[\w-]+)(\[\d+\])?$/;

/** A `default-shell` that is a system shell (a pane's usual shell, which is the user's own). */
const SYSTEM_SHELL = /^["']?\/(usr\/(local\/)?)?bin\/(ba|z|fi|da|k|tc|c|mk)?sh["']?$/;

/** Whether one line of a tmux configuration runs nothing as it is read (words split at spaces, quotes not read). */
function lineHarmless(line: string): boolean {
  const words = line.split(/\s+/).filter((w) => w !== '');
  const [command, ...rest] = words;
  if (command === undefined || command.startsWith('#')) return true;
  // An unescaped `;`, even inside a word (`set -g mouse on;run-shell …` ran it), ends the command:
  // another one follows, run now. A quoted `;` is taken so too.
  if (/(^|[^\\]);/.test(line)) return false;
  // A key binding runs its command only when a client presses the key; none is attached here.
  if (/^(bind|bind-key|unbind|unbind-key)$/.test(command)) return true;
  if (!/^(set|set-option|setw|set-window-option)$/.test(command)) return false;
  let i = 0;
  while (i < rest.length && /^-[agoqsuwFUp]+$/.test(rest[i]!)) i++;
  const name = rest[i];
  if (name === undefined) return false;
  if (name === 'default-shell') return rest.length === i + 2 && SYSTEM_SHELL.test(rest[i + 1]!);
  return TMUX_PLAIN_OPTION.test(name);
}

/**
 * A tmux configuration whose lines only set plain options (`set -g mouse on`) or bind keys, with
 * comments: the usual hand-written file. A `run-shell`, `if-shell`, `source-file`, hook, a
 * `#(…)` or a format modifier that expands text again (`E:`, `T:`) is not, nor is a line tmux
 * would join with the next (a trailing `\`), nor a `{ … }` block.
 */
export function tmuxConfigHarmless(text: string): boolean {
  if (text.includes('#(') || /[ET]:/.test(text) || text.includes('\0')) return false;
  return text.split('\n').every((raw) => {
    const line = raw.trim();
    if (line.startsWith('#') || line === '') return true;
    if (/\\$/.test(line) || /(^|\s)[{}](\s|$)/.test(line) || line.startsWith('%')) return false;
    return lineHarmless(line);
  });
}

/** The tmux model. @internal */
export const tmux = defineProgram({
  names: ['tmux'],
  summary: 'tmux: terminal multiplexer; its commands start shell code in new sessions, windows and panes',
  sources: ['tmux 3.3a tmux(1); getopt strings of tmux.c and its cmd-*.c (Debian 12)'],
  grammar,
  // tmux(1) default-shell: $SHELL when the server starts (verified on Debian 12, #37 replay of red team 18 NEW-4: with SHELL=./sh the project's ./sh ran).
  readsVariables: { SHELL: { may: ['code'], what: 'SHELL names the shell a tmux server it starts runs in its windows' } },
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv, literal) => tmuxRuns(argv, literal),
  examples: [
    { command: "tmux new -d 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'new-session runs its word with the shell' },
    { command: 'tmux split-window -h rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: 'the words run as a command' },
    {
      command: `tmux if true 'run "rm a.txt"'`,
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "if-shell's argument is a tmux command list, read as the line's own: its run-shell removes a.txt",
    },
    {
      command: "tmux ru 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'a unique prefix is the command it begins: run-shell',
    },
    {
      command: "tmux new -d -c src 'rm a.txt'",
      effects: ['read ./src', 'remove ./a.txt', 'remove ./src/a.txt'],
      readOnly: false,
      why: '-c starts it in src: read again as `cd -P -- ./src && rm a.txt`, a nested script whose directory is kept both ways',
    },
  ],
});
