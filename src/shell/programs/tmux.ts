/**
 * `tmux [opts] [COMMAND [flags] [ARGS] [; COMMAND …]]`: a terminal multiplexer whose commands
 * start shell code — `new-session`, `new-window`, `split-window`, `respawn-pane`/`-window`,
 * `display-popup` run their words as a shell command (one word is run by the default shell, more
 * are run as they are: both read here as `sh -c` of the words joined), `run-shell`, `pipe-pane`
 * and `if-shell` run a shell command (`tmux -c CMD` too). What toolgate cannot read is opaque
 * code: keys typed into a pane (`send-keys`), a configuration file (`-f`, `source-file`), `if-shell`'s
 * tmux commands, `run-shell -C`, an environment given to the command (`-e NAME=VALUE`), a format
 * that runs a command (`#(…)`), and any command not in the tables below (tmux also takes a unique
 * prefix of a command's name; toolgate reads only full names and aliases).
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

/** What one tmux command (its words `argv[start..end)`) runs. */
function commandRuns(argv: readonly string[], start: number, end: number, literal: readonly boolean[]): Unwrapped[] {
  const name = argv[start]!;
  const words = argv.slice(start, end);
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
  if ((name === 'if-shell' || name === 'if') && has('F')) return [opaque(`tmux ${name} -F runs tmux commands by a format`)];
  const first = parsed.operands[0];
  if (first === undefined) return out;
  const at = start + first.index;
  if (name === 'if-shell' || name === 'if') {
    out.push({ kind: 'script', index: at });
    if (parsed.operands.length > 1) out.push(opaque(`tmux ${name} runs the tmux commands it is given`));
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
      command: "tmux new -d -c src 'rm a.txt'",
      effects: ['read ./src', 'remove ./a.txt', 'remove ./src/a.txt'],
      readOnly: false,
      why: '-c starts it in src: read again as `cd -P -- ./src && rm a.txt`, a nested script whose directory is kept both ways',
    },
  ],
});
