/**
 * tmux 3.3a's command grammar (Debian 12; `tmux list-commands`, each command's `args` template in
 * cmd-*.c, `tmux show -g/-gw/-s/-gp` and `show-hooks`): every command by full name, its alias, its
 * getopt string and what its arguments are — shell code, a tmux command list the server parses and
 * runs, a file, keys typed into a pane, or nothing that runs. The tmux model (tmux.ts) reads a
 * command line with it; a command not in the table is opaque there.
 */

/** What a command's arguments are, for the tmux model. @internal */
export type TmuxCommandKind =
  /** Runs nothing and reads or writes no file it is given (listing, selecting, killing, resizing …). */
  | 'inert'
  /** Runs its words as a shell command, in a new session, window, pane or popup (`-c`/`-d` DIR, `-e` environment). */
  | 'shell'
  /** Runs its one shell-command argument after expanding formats in it (run-shell, pipe-pane); `run -C`: a tmux command. */
  | 'run'
  /** `if-shell`: a shell command (or `-F` format), then one or two tmux command lists. */
  | 'if'
  /** Its last operand is a tmux command list (confirm-before). */
  | 'list'
  /** An optional template operand is a tmux command list (choose-tree, display-panes, command-prompt). */
  | 'template'
  /** `display-menu`: name, key, command triples (an empty name is a separator). */
  | 'menu'
  /** `bind-key`: a key, then a tmux command (one word: a list; more: the command's words). */
  | 'bind'
  /** `set-hook`: a hook, then a tmux command list. */
  | 'hook'
  /** `set-option`/`set-window-option`: an option, then its value (see {@link tmuxOptionKind}). */
  | 'option'
  /** `set-environment`: the environment of every command the server runs later. */
  | 'environment'
  /** `load-buffer PATH`: reads PATH (`-`: input). */
  | 'load'
  /** `save-buffer PATH`: writes PATH (`-a` appends; `-`: output). */
  | 'save'
  /** `detach-client -E CMD`: runs CMD in place of the client. */
  | 'detach'
  /** Types into a pane, whose program (a shell) may run it: send-keys, send-prefix. */
  | 'keys'
  /** `paste-buffer`: types a buffer's text into a pane (`-b NAME`, else the newest buffer). */
  | 'paste'
  /** `set-buffer DATA`: sets a buffer's text, which a later `paste-buffer` types (`-a` appends). */
  | 'buffer'
  /** `source-file`: the tmux commands of a file. */
  | 'source'
  /** `server-access`: lets other users use the server. */
  | 'access';

/** One command: its alias, getopt string (needed where operands are read) and kind. @internal */
export interface TmuxCommand {
  readonly alias?: string;
  readonly getopt?: string;
  readonly kind: TmuxCommandKind;
}

const inert = (alias?: string): TmuxCommand => ({ kind: 'inert', ...(alias !== undefined ? { alias } : {}) });

/** Every command of tmux 3.3a (`tmux list-commands`), by its full name. @internal */
export const TMUX_COMMANDS: Readonly<Record<string, TmuxCommand>> = {
  'attach-session': inert('attach'),
  'bind-key': { alias: 'bind', getopt: 'nrT:N:', kind: 'bind' },
  'break-pane': inert('breakp'),
  'capture-pane': inert('capturep'),
  'choose-buffer': { getopt: 'NrZF:f:K:O:t:', kind: 'template' },
  'choose-client': { getopt: 'NrZF:f:K:O:t:', kind: 'template' },
  'choose-tree': { getopt: 'GNrswZF:f:K:O:t:', kind: 'template' },
  'clear-history': inert('clearhist'),
  'clear-prompt-history': inert('clearphist'),
  'clock-mode': inert(),
  'command-prompt': { getopt: '1bFkiNI:p:t:T:', kind: 'template' },
  'confirm-before': { alias: 'confirm', getopt: 'bp:t:', kind: 'list' },
  'copy-mode': inert(),
  'customize-mode': inert(),
  'delete-buffer': inert('deleteb'),
  'detach-client': { alias: 'detach', getopt: 'aPE:s:t:', kind: 'detach' },
  'display-menu': { alias: 'menu', getopt: 'Oc:t:T:x:y:', kind: 'menu' },
  'display-message': inert('display'),
  'display-popup': { alias: 'popup', getopt: 'BCEb:c:d:e:h:s:S:t:T:w:x:y:', kind: 'shell' },
  'display-panes': { alias: 'displayp', getopt: 'bNd:t:', kind: 'template' },
  'find-window': inert('findw'),
  'has-session': inert('has'),
  'if-shell': { alias: 'if', getopt: 'bFt:', kind: 'if' },
  'join-pane': inert('joinp'),
  'kill-pane': inert('killp'),
  'kill-server': inert(),
  'kill-session': inert(),
  'kill-window': inert('killw'),
  'last-pane': inert('lastp'),
  'last-window': inert('last'),
  'link-window': inert('linkw'),
  'list-buffers': inert('lsb'),
  'list-clients': inert('lsc'),
  'list-commands': inert('lscm'),
  'list-keys': inert('lsk'),
  'list-panes': inert('lsp'),
  'list-sessions': inert('ls'),
  'list-windows': inert('lsw'),
  'load-buffer': { alias: 'loadb', getopt: 'b:t:', kind: 'load' },
  // The lock commands run lock-command (the user's, or one a `set` judged here gave) in an attached client.
  'lock-client': inert('lockc'),
  'lock-server': inert('lock'),
  'lock-session': inert('locks'),
  'move-pane': inert('movep'),
  'move-window': inert('movew'),
  'new-session': { alias: 'new', getopt: 'AdDEPXc:e:F:f:n:s:t:x:y:', kind: 'shell' },
  'new-window': { alias: 'neww', getopt: 'abdkPSc:e:F:n:t:', kind: 'shell' },
  'next-layout': inert('nextl'),
  'next-window': inert('next'),
  'paste-buffer': { alias: 'pasteb', getopt: 'db:prs:t:', kind: 'paste' },
  'pipe-pane': { alias: 'pipep', getopt: 'IOot:', kind: 'run' },
  'previous-layout': inert('prevl'),
  'previous-window': inert('prev'),
  'refresh-client': inert('refresh'),
  'rename-session': inert('rename'),
  'rename-window': inert('renamew'),
  'resize-pane': inert('resizep'),
  'resize-window': inert('resizew'),
  'respawn-pane': { alias: 'respawnp', getopt: 'kc:e:t:', kind: 'shell' },
  'respawn-window': { alias: 'respawnw', getopt: 'kc:e:t:', kind: 'shell' },
  'rotate-window': inert('rotatew'),
  'run-shell': { alias: 'run', getopt: 'bCd:t:', kind: 'run' },
  'save-buffer': { alias: 'saveb', getopt: 'ab:', kind: 'save' },
  'select-layout': inert('selectl'),
  'select-pane': inert('selectp'),
  'select-window': inert('selectw'),
  'send-keys': { alias: 'send', getopt: 'FHlMRXN:t:', kind: 'keys' },
  'send-prefix': { kind: 'keys' },
  'server-access': { kind: 'access' },
  'set-buffer': { alias: 'setb', getopt: 'ab:t:n:w', kind: 'buffer' },
  'set-environment': { alias: 'setenv', getopt: 'Fhgrut:', kind: 'environment' },
  'set-hook': { getopt: 'agpRuwt:', kind: 'hook' },
  'set-option': { alias: 'set', getopt: 'aFgopqsuUwt:', kind: 'option' },
  'set-window-option': { alias: 'setw', getopt: 'aFgoqut:', kind: 'option' },
  'show-buffer': inert('showb'),
  'show-environment': inert('showenv'),
  'show-hooks': inert(),
  'show-messages': inert('showmsgs'),
  'show-options': inert('show'),
  'show-prompt-history': inert('showphist'),
  'show-window-options': inert('showw'),
  'source-file': { alias: 'source', getopt: 'Fnqt:v', kind: 'source' },
  'split-window': { alias: 'splitw', getopt: 'bdefhIPvZc:e:F:l:t:', kind: 'shell' },
  'start-server': inert('start'),
  'suspend-client': inert('suspendc'),
  'swap-pane': inert('swapp'),
  'swap-window': inert('swapw'),
  'switch-client': inert('switchc'),
  'unbind-key': inert('unbind'),
  'unlink-window': inert('unlinkw'),
  'wait-for': inert('wait'),
};

const FULL_NAMES = Object.keys(TMUX_COMMANDS);
const BY_ALIAS: ReadonlyMap<string, string> = new Map(
  FULL_NAMES.flatMap((full) => (TMUX_COMMANDS[full]!.alias !== undefined ? [[TMUX_COMMANDS[full]!.alias!, full] as const] : [])),
);

/**
 * The `command-alias` entries a server has by default (`tmux show -s command-alias`), which the
 * parser expands before it finds the command: `tmux splitp -d 'touch m'` ran split-window.
 */
const DEFAULT_ALIASES: ReadonlyMap<string, string> = new Map([
  ['split-pane', 'split-window'],
  ['splitp', 'split-window'],
  ['server-info', 'show-messages'],
  ['info', 'show-messages'],
  ['choose-window', 'choose-tree'],
  ['choose-session', 'choose-tree'],
]);

/**
 * The full name of the command a word names as tmux finds it (cmd.c `cmd_find`, after the default
 * command aliases): an alias or a full name as it is, else the one full name it begins (`tmux ru
 * 'touch m'` ran run-shell, tmux 3.3a; replay 23 V4); undefined for an ambiguous or unknown word
 * (tmux refuses it, unless an alias the server was given names it). @internal
 */
export function tmuxCommandName(word: string): string | undefined {
  const named = DEFAULT_ALIASES.get(word) ?? BY_ALIAS.get(word) ?? (word in TMUX_COMMANDS ? word : undefined);
  if (named !== undefined) return named;
  const begun = FULL_NAMES.filter((n) => n.startsWith(word));
  return begun.length === 1 && word !== '' ? begun[0]! : undefined;
}

/**
 * What setting an option makes tmux do later: its value is a tmux command list (a hook; hooks are
 * options in tmux 3), shell code (`default-command`, `lock-command`, `copy-command`, `editor`), the
 * program every new window runs (`default-shell`), a command alias (`command-alias`: `NAME=COMMAND`),
 * a file tmux writes (`history-file`); else nothing runs from it (a format's `#(…)` is read apart). @internal
 */
export type TmuxOptionKind = 'hook' | 'shell' | 'program' | 'alias' | 'file' | 'plain';

const HOOKS: readonly string[] = (
  'after-bind-key after-capture-pane after-copy-mode after-display-message after-display-panes after-kill-pane ' +
  'after-list-buffers after-list-clients after-list-keys after-list-panes after-list-sessions after-list-windows ' +
  'after-load-buffer after-lock-server after-new-session after-new-window after-paste-buffer after-pipe-pane ' +
  'after-queue after-refresh-client after-rename-session after-rename-window after-resize-pane after-resize-window ' +
  'after-save-buffer after-select-layout after-select-pane after-select-window after-send-keys after-set-buffer ' +
  'after-set-environment after-set-hook after-set-option after-show-environment after-show-messages ' +
  'after-show-options after-split-window after-unbind-key alert-activity alert-bell alert-silence client-active ' +
  'client-attached client-detached client-focus-in client-focus-out client-resized client-session-changed ' +
  'pane-died pane-exited pane-focus-in pane-focus-out pane-mode-changed pane-set-clipboard ' +
  'pane-title-changed session-closed session-created session-renamed session-window-changed ' +
  'window-layout-changed window-linked window-pane-changed window-renamed window-resized window-unlinked'
).split(' ');

const ACTING: ReadonlyMap<string, TmuxOptionKind> = new Map<string, TmuxOptionKind>([
  ...HOOKS.map((h) => [h, 'hook'] as const),
  ['default-command', 'shell'],
  ['lock-command', 'shell'],
  ['copy-command', 'shell'],
  ['editor', 'shell'],
  ['default-shell', 'program'],
  ['command-alias', 'alias'],
  ['history-file', 'file'],
]);

/** Every other option of tmux 3.3a (`show -g`, `-gw`, `-s`, `-gp`): their values run nothing. */
const PLAIN_OPTIONS: ReadonlySet<string> = new Set(
  (
    'activity-action aggressive-resize allow-passthrough allow-rename alternate-screen assume-paste-time ' +
    'automatic-rename automatic-rename-format backspace base-index bell-action buffer-limit clock-mode-colour ' +
    'clock-mode-style copy-mode-current-match-style copy-mode-mark-style copy-mode-match-style cursor-colour ' +
    'cursor-style default-size default-terminal destroy-unattached detach-on-destroy display-panes-active-colour ' +
    'display-panes-colour display-panes-time display-time escape-time exit-empty exit-unattached extended-keys ' +
    'fill-character focus-events history-limit key-table lock-after-time main-pane-height main-pane-width ' +
    'message-command-style message-limit message-style mode-keys mode-style monitor-activity monitor-bell ' +
    'monitor-silence mouse other-pane-height other-pane-width pane-active-border-style pane-base-index ' +
    'pane-border-format pane-border-indicators pane-border-lines pane-border-status pane-border-style pane-colours ' +
    'popup-border-lines popup-border-style popup-style prefix prefix2 prompt-history-limit remain-on-exit ' +
    'remain-on-exit-format renumber-windows repeat-time scroll-on-clear set-clipboard set-titles set-titles-string ' +
    'silence-action status status-bg status-fg status-format status-interval status-justify status-keys ' +
    'status-left status-left-length status-left-style status-position status-right status-right-length ' +
    'status-right-style status-style synchronize-panes terminal-features terminal-overrides update-environment ' +
    'user-keys visual-activity visual-bell visual-silence window-active-style window-size ' +
    'window-status-activity-style window-status-bell-style window-status-current-format ' +
    'window-status-current-style window-status-format window-status-last-style window-status-separator ' +
    'window-status-style window-style word-separators wrap-search xterm-keys'
  ).split(' '),
);

/**
 * What an option name (an array index `[N]` aside) sets, as tmux finds it (options.c
 * `options_match`: a user option `@…` as it is, a full name, else a unique prefix — `set -g
 * default-com 'touch m' \; neww -d` and `set-hook -g after-new-w …` ran, tmux 3.3a). A word that
 * begins any acting option's name is taken as that option (an ambiguous one tmux refuses). @internal
 */
export function tmuxOptionKind(word: string): TmuxOptionKind {
  const name = word.replace(/\[[^\]]*\]$/, '');
  if (name.startsWith('@') || PLAIN_OPTIONS.has(name)) return 'plain';
  const exact = ACTING.get(name);
  if (exact !== undefined) return exact;
  if (name === '') return 'plain';
  for (const [full, kind] of ACTING) if (full.startsWith(name)) return kind;
  return 'plain';
}

/** Whether `name` names a hook (set-hook's first operand), as {@link tmuxOptionKind} finds it. @internal */
export const isTmuxHook = (name: string): boolean => tmuxOptionKind(name) === 'hook';

/**
 * The commands of a tmux command list given as one string (an `if-shell` argument, a hook, a key
 * binding; parsed by the server with tmux's configuration grammar, cmd-parse.y, when it runs it),
 * each as its words, or undefined where it holds what this reading leaves out. Words split at
 * blanks; `;` (even inside a word: `run "a";run "b"` ran both) and a newline end a command; single
 * quotes are literal; double quotes are read when they hold no `$` (tmux expands variables there)
 * and no escape but `\"` and `\\`. An unquoted `\`, `$`, `~`, `#` (a comment), `%` (`%if`),
 * `{`/`}` (a block), a `#` anywhere (a format run-shell expands) or an assignment (`NAME=VALUE` as
 * a command) is not read. Verified with tmux 3.3a (replay 23 V4). @internal
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
 * The shell commands of the `#(…)` jobs a format holds (format.c runs each as a job when it expands
 * the format: `tmux display -p '#(touch m)'` made m, tmux 3.3a), or undefined when one cannot be
 * read (no closing parenthesis, or a `#` inside: a nested format). @internal
 */
export function tmuxFormatJobs(word: string): string[] | undefined {
  const jobs: string[] = [];
  for (let at = word.indexOf('#('); at >= 0; at = word.indexOf('#(', at + 2)) {
    let depth = 1;
    let k = at + 2;
    for (; k < word.length && depth > 0; k++) {
      if (word[k] === '(') depth++;
      else if (word[k] === ')') depth--;
    }
    if (depth > 0) return undefined;
    const inner = word.slice(at + 2, k - 1);
    if (inner.includes('#')) return undefined;
    jobs.push(inner);
  }
  return jobs;
}

/**
 * The shell command one tmux command runs, from its words (quotes taken off), by its kind in
 * {@link TMUX_COMMANDS}: a `shell` command's operands after its options (new-session, new-window,
 * split-window, respawn-pane/-window, display-popup), `run-shell`'s and `pipe-pane`'s operand (not
 * `run -C`, a tmux command), `if-shell`'s first operand (not with `-F`, a format), `detach -E CMD`;
 * else undefined. tmux 3.3a with a private socket ran each from a ~/.tmux.conf (fix30-start). @internal
 */
export function tmuxShellCommand(words: readonly string[]): string | undefined {
  const name = tmuxCommandName(words[0] ?? '');
  const command = name === undefined ? undefined : TMUX_COMMANDS[name];
  if (command === undefined || !['shell', 'run', 'if', 'detach'].includes(command.kind)) return undefined;
  const flags = new Set<string>();
  const values = new Map<string, string>();
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      i++;
      break;
    }
    if (!/^-./.test(w)) break;
    for (let k = 1; k < w.length; k++) {
      const at = command.getopt?.indexOf(w[k]!) ?? -1;
      if (at < 0) return undefined;
      if (command.getopt![at + 1] === ':') {
        values.set(w[k]!, w.slice(k + 1) || (words[++i] ?? ''));
        break;
      }
      flags.add(w[k]!);
    }
  }
  const operands = words.slice(i);
  if (command.kind === 'detach') return values.get('E');
  if (command.kind === 'shell') return operands.length > 0 ? operands.join(' ') : undefined;
  if (command.kind === 'run' && flags.has('C')) return undefined;
  if (command.kind === 'if' && flags.has('F')) return undefined;
  return operands[0];
}

/**
 * The commands of one line of tmux text, each as its words with quotes taken off (`'…'` literal,
 * `"…"` with `\"` and `\\`): split at blanks and at an unquoted `;` (`\;` too); a `{ … }` block is
 * one word. For finding the shell commands a configuration runs, not for running it. @internal
 */
export function tmuxLineCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = (): void => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t') endWord();
    else if (ch === ';' || (ch === '\\' && line[i + 1] === ';')) {
      if (ch === '\\') i++;
      endWord();
      if (words.length > 0) commands.push(words);
      words = [];
    } else if (ch === "'") {
      const close = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, close < 0 ? line.length : close);
      i = close < 0 ? line.length : close;
    } else if (ch === '"') {
      let k = i + 1;
      let inner = '';
      for (; k < line.length && line[k] !== '"'; k++) {
        if (line[k] === '\\' && k + 1 < line.length) k++;
        inner += line[k];
      }
      word = (word ?? '') + inner;
      i = k;
    } else if (ch === '{' && word === undefined) {
      let depth = 1;
      let k = i + 1;
      for (; k < line.length && depth > 0; k++) depth += line[k] === '{' ? 1 : line[k] === '}' ? -1 : 0;
      word = line.slice(i + 1, k - 1);
      i = k - 1;
    } else word = (word ?? '') + ch;
  }
  endWord();
  if (words.length > 0) commands.push(words);
  return commands;
}

/** Examples of {@link tmuxShellCommand} over {@link tmuxLineCommands}, each a test (tmux 3.3a, fix30-start). @internal */
export const TMUX_SHELL_COMMAND_EXAMPLES: readonly { readonly line: string; readonly commands: readonly (string | undefined)[] }[] = [
  { line: "new-session -d '~/bin/x.sh'", commands: ['~/bin/x.sh'] },
  { line: "new-session -d; new-window -d '~/bin/x.sh'", commands: [undefined, '~/bin/x.sh'] },
  { line: "new -d -c /tmp -n w '~/bin/x.sh'", commands: ['~/bin/x.sh'] },
  { line: "splitw -h -l 30% 'sh ~/bin/x.sh'", commands: ['sh ~/bin/x.sh'] },
  { line: "respawn-pane -k -t 0 '~/bin/x.sh'", commands: ['~/bin/x.sh'] },
  { line: 'pipe-pane -o "~/bin/x.sh"', commands: ['~/bin/x.sh'] },
  { line: "display-popup -E '~/bin/x.sh'", commands: ['~/bin/x.sh'] },
  { line: 'run-shell -b ~/bin/x.sh', commands: ['~/bin/x.sh'] },
  { line: "run -C 'display hi'", commands: [undefined] },
  { line: "if-shell -F '#{x}' 'display hi'", commands: [undefined] },
  { line: 'new-session -d', commands: [undefined] },
  { line: 'set -g mouse on', commands: [undefined] },
  { line: 'bind-key r source-file ~/.tmux.conf \\; display reloaded', commands: [undefined, undefined] },
];
