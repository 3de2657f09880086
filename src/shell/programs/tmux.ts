/**
 * `tmux [opts] [COMMAND [flags] [ARGS] [; COMMAND …]]`: a terminal multiplexer whose running
 * server executes the commands it is handed. Each command is read by its kind in tmux 3.3a's
 * grammar (tmux-grammar.ts): `new-session`, `new-window`, `split-window`, `respawn-*`,
 * `display-popup` run their words as a command (one word is shell text the default shell runs with
 * `-c`, more are a program's words, exec'd as they are), `run-shell`, `pipe-pane`, `if-shell`'s
 * condition and `detach-client -E` run a shell command (`tmux -c CMD` too); arguments that are tmux
 * commands — `if-shell`'s branches, `run -C`, `confirm-before`, templates (`choose-tree`,
 * `command-prompt`, `display-panes`), `display-menu` items, `bind-key`, hooks (`set-hook`, or
 * `set` of a hook) and `command-alias` — are read as the line's own commands, recursively
 * ({@link listRuns}); options whose value runs later (`default-command`, `default-shell`,
 * `lock-command`, `copy-command`, `editor`) are judged as the code they hold, `history-file` and
 * `save-buffer` as writes, `load-buffer` as a read, a format's `#(…)` as shell code. What toolgate
 * cannot read is opaque code: keys typed into a pane (`send-keys`, `paste-buffer`), a configuration
 * file (`-f`, `source-file`), an environment given to commands (`-e`, `set-environment`), and a
 * word that names no command (an alias the server may have been given); tmux-command text it
 * cannot read is a firm ask. Only the commands the grammar lists as inert run nothing.
 *
 * Grammar: tmux 3.3a (Debian 12): the getopt string of `tmux.c` and each command's `args` template.
 */
import { parseGnuOptions, type GnuOption, type GnuOptionSpec } from '../options/gnu-options.js';
import { quoteWord } from '../syntax/environment.js';
import { defineProgram, type ProgramText } from './model.js';
import { TMUX_COMMANDS, tmuxCommandList, tmuxCommandName, tmuxFormatJobs, tmuxOptionKind } from './tmux-grammar.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { optionScript, wrapInfo } from './wrapper-info.js';

/** tmux's own options (`tmux.c`); options end at the command's name. */
const grammar: GnuOptionSpec = { short: '+2c:CDdf:lL:NqS:T:uUvV' };

const opaque = (reason: string): Unwrapped & { kind: 'opaque' } => ({ kind: 'opaque', reason });

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

/** How many tmux command lists deep commands are read; deeper ones are unknown. */
const MAX_NESTING = 8;

/** Text that may run anything toolgate cannot read: it may name any path (`$HOME/.claude/…`), a firm ask in every mode. */
const unread = (reason: string): Unwrapped => ({ kind: 'unknown', reason, unseen: true });

/**
 * What the tmux command list `text` (an `if-shell` argument, a hook, a key binding …) runs: each
 * command read as the line's are, its shell code as text; what is not read, a command's opaque part
 * included, is unknown, text not read a firm ask (replay 23 V4: `tmux if true 'run "cp x.json
 * .claude/settings.json"'` overwrote the settings in bypassPermissions while the argument was only opaque).
 */
function listRuns(text: string, literal: boolean, name: string, depth: number): Unwrapped[] {
  const list = literal && depth < MAX_NESTING ? tmuxCommandList(text) : undefined;
  if (list === undefined) return [unread(`tmux ${name} runs tmux commands toolgate cannot read`)];
  return list.flatMap((words) => nestedRuns(words, name, depth));
}

/** What a tmux command given inside another runs (its words literal text): shell code as text, an opaque part unknown. */
function nestedRuns(words: readonly string[], name: string, depth: number): Unwrapped[] {
  const literal = words.map(() => true);
  return commandRuns(words, 0, words.length, literal, depth + 1).flatMap((u): Unwrapped[] => {
    if (u.kind === 'opaque')
      return u.embedded === undefined ? [{ kind: 'unknown', reason: u.reason }] : [{ kind: 'unknown', reason: u.reason }, u];
    if (u.kind === 'argv')
      return [{ kind: 'text', script: words.slice(u.start, u.end).map(quoteWord).join(' '), what: `tmux ${name}: ${words[0]}` }];
    if (u.kind !== 'script') return [u];
    const run = u.joinFrom === undefined ? [words[u.index]!.slice(u.offset ?? 0)] : words.slice(u.joinFrom);
    return [{ kind: 'text', script: run.length === 1 ? run[0]! : run.map(quoteWord).join(' '), what: `tmux ${name}: ${words[0]}` }];
  });
}

/**
 * The shell commands a command's formats run: each `#(…)` job as text (`tmux display -p '#(touch
 * m)'` made m), and a format modifier that expands text again (`#{E:@x}`, `#{T:…}`: `set -g @x '#'
 * \; set -ag @x '(touch m)' \; display -p '#{E:@x}'` made m) or a job not read as unread text.
 */
function formatRuns(words: readonly string[], literal: (i: number) => boolean, name: string): Unwrapped[] {
  const out: Unwrapped[] = [];
  words.forEach((word, i) => {
    if (!word.includes('#')) return;
    const jobs = literal(i) ? tmuxFormatJobs(word) : undefined;
    if (jobs === undefined) out.push(unread(`tmux ${name}: a format's #(…) runs a shell command toolgate cannot read`));
    else for (const script of jobs) out.push({ kind: 'text', script, what: `tmux ${name}: #(…)` });
    if (word.includes('#{') && /[ET]:/.test(word)) out.push(unread(`tmux ${name}: a format that expands text again may run a command`));
  });
  return out;
}

/** What one tmux command (its words `argv[start..end)`) runs: by its kind in tmux 3.3a's grammar (tmux-grammar.ts). */
function commandRuns(
  argv: readonly string[],
  start: number,
  end: number,
  literal: readonly boolean[],
  depth = 0,
  buffers: Buffers = { texts: [], unknown: true },
): Unwrapped[] {
  const lit = (i: number) => literal[start + i] !== false;
  // The `;` that ends the command's last word (`run 'x';`, lineRuns) is no part of it.
  const words = argv.slice(start, end).map((w, i, all) => (i === all.length - 1 && lit(i) && /[^\\];$/.test(w) ? w.slice(0, -1) : w));
  const full = tmuxCommandName(words[0]!);
  const name = full ?? words[0]!;
  const out = formatRuns(words, lit, name);
  if (full === undefined) return [...out, opaque(`tmux ${name} is no tmux command: an alias the server was given may run anything`)];
  const command = TMUX_COMMANDS[full]!;
  switch (command.kind) {
    case 'inert':
      return out;
    case 'keys':
      return [...out, ...keysRuns(words, lit, command.getopt, name)];
    case 'buffer':
      setBuffer(words, lit, command.getopt!, buffers);
      return out;
    case 'paste':
      return [...out, ...pasteRuns(words, lit, command.getopt!, name, buffers)];
    case 'source':
      return [...out, opaque(`tmux ${name} runs the tmux commands of a file, which may run programs`)];
    case 'access':
      return [...out, opaque(`tmux ${name} lets other users use the server, which runs commands as you`)];
    default:
  }
  const parsed = parseGnuOptions(words, { short: `+${command.getopt ?? ''}` });
  if (!parsed.ok) return [...out, opaque(`tmux ${name}: words toolgate cannot read`)];
  const ops = parsed.operands;
  const option = (letter: string) => parsed.options.filter((o) => o.name === letter).pop();
  const list = (i: number, text = words[i]!) => listRuns(text, lit(i), name, depth);
  const shellText = (i: number, script: string): Unwrapped =>
    lit(i) ? { kind: 'text', script, what: `tmux ${name}` } : unread(`tmux ${name} runs a shell command that is not literal`);
  // run-shell, pipe-pane and if-shell expand formats in their shell command first (`run 'touch #{@x}'` made the file @x named).
  const expanded = (i: number) => /#[^\s]/.test(words[i]!);
  const formatted = () => unread(`tmux ${name} expands a format in its shell command: what runs is not the text`);
  const at = (i: number) => start + i;
  switch (command.kind) {
    case 'shell':
      return [...out, ...shellRuns(name, parsed, argv, literal, start, end)];
    case 'run': {
      const first = ops[0];
      if (first === undefined) return out;
      if (option('C') !== undefined) return [...out, ...list(first.index)];
      return [...out, expanded(first.index) ? formatted() : { kind: 'script', index: at(first.index) }];
    }
    case 'if': {
      const [condition, ...lists] = ops;
      if (condition === undefined) return out;
      // -F: the condition is a format, not shell code (a job or E:/T: in it is read above).
      if (option('F') === undefined) out.push(expanded(condition.index) ? formatted() : { kind: 'script', index: at(condition.index) });
      return [...out, ...lists.flatMap((op) => list(op.index))];
    }
    case 'list':
      return [...out, ...ops.slice(-1).flatMap((op) => list(op.index))];
    case 'template': {
      // command-prompt with no template runs what the person types (`%1`), with -I what it is given.
      if (ops[0] === undefined && option('I') !== undefined)
        return [...out, unread(`tmux ${name} -I: the text it is given may run as a tmux command`)];
      // `%%`, `%1` … become what the person types or chooses before the list is parsed.
      return [
        ...out,
        ...ops
          .slice(0, 1)
          .flatMap((op) =>
            op.text.includes('%') ? [unread(`tmux ${name}: a template runs what is typed or chosen as tmux commands`)] : list(op.index),
          ),
      ];
    }
    case 'menu':
      // name key command …; an empty name is a separator (cmd-display-menu.c).
      for (let k = 0; k < ops.length; k++) if (ops[k]!.text !== '' && k + 2 < ops.length) out.push(...list(ops[(k += 2)]!.index));
      return out;
    case 'bind': {
      const [, first, ...more] = ops;
      if (first === undefined) return out;
      if (more.length === 0) return [...out, ...list(first.index)];
      if (depth >= MAX_NESTING) return [...out, unread(`tmux ${name} binds tmux commands toolgate cannot read`)];
      return [...out, ...commandRuns(argv, at(first.index), end, literal, depth + 1)];
    }
    case 'hook': {
      if (option('u') !== undefined) return out;
      if (option('R') !== undefined) return [...out, opaque(`tmux ${name} -R runs the commands a hook was given before`)];
      return [...out, ...ops.slice(1, 2).flatMap((op) => list(op.index))];
    }
    case 'option':
      return option('u') !== undefined ? out : [...out, ...optionRuns(ops, option('F') !== undefined, lit, list, shellText, name)];
    case 'environment':
      if (option('u') !== undefined || option('r') !== undefined) return out;
      return [...out, opaque(`tmux ${name} sets the environment of every command the server runs later`)];
    case 'load':
    case 'save': {
      if (command.kind === 'load') buffers.unknown = true;
      // The client reads or writes the file, in the caller's directory; `-` is its input or output.
      const file = ops[0];
      if (file === undefined || file.text === '-') return out;
      const io = command.kind === 'load' ? 'cat --' : option('a') !== undefined ? ': >>' : ': >';
      return [...out, shellText(file.index, `${io} ${quoteWord(file.text)}${command.kind === 'load' ? ' >/dev/null' : ''}`)];
    }
    case 'detach': {
      const e = option('E');
      if (e === undefined || e.value === undefined) return out;
      return [...out, shellText(e.valueIndex ?? e.index, e.value)];
    }
    default:
      return [...out, opaque(`tmux ${name} may run commands or read a file toolgate cannot see`)];
  }
}

/** Key names that type text into a shell's line (tmux key-string.c; matched without case): Enter runs the line. */
const TYPED: Readonly<Record<string, string>> = {
  enter: '\n',
  kpenter: '\n',
  'c-m': '\n',
  'c-j': '\n',
  '^m': '\n',
  '^j': '\n',
  space: ' ',
};

/** Every other key name (key-string.c): a word that is one is a key that edits, completes or recalls a line, not its text. */
const KEY_NAME =
  /^(([CMS]-|\^).+|F\d+|IC|Insert|DC|Delete|Home|End|NPage|PageDown|PgDn|PPage|PageUp|PgUp|Tab|BTab|BSpace|Escape|Up|Down|Left|Right|KP.|Any|User\d+|(Mouse|WheelUp|WheelDown|Double|Triple|SecondClick|Drag|DragEnd)\w*)$/i;

/**
 * What typing into a pane runs (send-keys, paste-buffer, send-prefix): its program (a shell) may
 * run what it is typed, which toolgate cannot see — opaque code. The text `send-keys` types is the
 * shell code it may run (`tmux send-keys 'touch m' Enter` made m, tmux 3.3a): what it would write or
 * remove raises the protected-path and critical-removal asks, as an interpreter's embedded commands
 * do (not a deny: the pane may run another program). Read where its keys are text, Enter or Space
 * (`-l`: all text); a key that edits or recalls a line, a word that is not literal, or `-H`/`-X`/`-M`
 * leave only the opaque part.
 */
function keysRuns(words: readonly string[], lit: (i: number) => boolean, getopt: string | undefined, name: string): Unwrapped[] {
  const out: [Unwrapped & { kind: 'opaque' }] = [opaque(`tmux ${name} types into a pane, whose program (a shell) may run it as commands`)];
  if (getopt === undefined) return out;
  const parsed = parseGnuOptions(words, { short: `+${getopt}` });
  if (!parsed.ok || parsed.options.some((o) => 'XM'.includes(o.name))) return out;
  if (parsed.options.some((o) => o.name === 'H')) return typed(out[0], hexText(parsed.operands, lit), `tmux ${name} -H`);
  const literally = parsed.options.some((o) => o.name === 'l');
  let text = '';
  for (const op of parsed.operands) {
    const key = literally ? op.text : (TYPED[op.text.toLowerCase()] ?? (KEY_NAME.test(op.text) ? undefined : op.text));
    if (!lit(op.index) || key === undefined) return out;
    text += key;
  }
  return typed(out[0], text, `tmux ${name}`);
}

/**
 * What typing `text` into a pane runs: the opaque part with the text as the code it holds — shell
 * text, and the code of whatever else the pane may run (decision 0131: `tmux send 'open(".claude/
 * settings.json","w")…' Enter` into a python3 pane wrote the file, tmux 3.3a), so the paths it
 * names and the commands its strings hold are read as an interpreter's are (`anyLanguage`). A
 * carriage return is Enter (`send 'touch m' $'\r'`, `send -l $'touch m\r'` ran touch, tmux 3.3a;
 * replay 25 T1). Text toolgate cannot read (undefined) or that edits the line (a control character
 * but a newline or a tab: `^U`, `^W`, escape, backspace) is a firm ask — the pane's program runs it unseen.
 */
function typed(part: Unwrapped & { kind: 'opaque' }, given: string | undefined, what: string): Unwrapped[] {
  const text = given?.replace(/\r/g, '\n');
  if (text === undefined || /[\x00-\x08\x0b-\x1f\x7f]/.test(text))
    return [unread(`${what} types text toolgate cannot read into a pane, whose shell may run it`)];
  if (text.trim() === '') return [part];
  return [{ ...part, embedded: { script: text.replace(/\n+$/, ''), holder: `the text ${what} types`, anyLanguage: true } }];
}

/**
 * The text `send-keys -H` types: each word a byte in hexadecimal (cmd-send-keys.c: `strtol(s, …,
 * 16)`, 0 to 0xff; a word that is not one is skipped), read as UTF-8, a carriage return as Enter —
 * `tmux send -H 74 6f 75 63 68 20 68 32 0d` and `0x74 … zz 0a` ran `touch h2` (tmux 3.3a; replay 24
 * T3: the hex of `cp x.json .claude/settings.json` overwrote the settings while -H was only opaque).
 * Undefined for a word that is not literal.
 */
function hexText(operands: readonly { index: number; text: string }[], lit: (i: number) => boolean): string | undefined {
  const bytes: number[] = [];
  for (const op of operands) {
    if (!lit(op.index)) return undefined;
    const m = /^\s*([+-]?)(?:0x)?([0-9a-f]+)$/i.exec(op.text);
    const n = m === null || m[1] === '-' ? -1 : parseInt(m[2]!, 16);
    if (n >= 0 && n <= 0xff) bytes.push(n);
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The buffers a tmux command line sets as it goes: their texts, and whether one holds text it did not give (`load-buffer`, `-a`). */
interface Buffers {
  texts: string[];
  unknown: boolean;
}

/** `set-buffer [-a] [-b NAME] DATA`: DATA is a buffer's text now (its name not followed: any paste may type it). */
function setBuffer(words: readonly string[], lit: (i: number) => boolean, getopt: string, buffers: Buffers): void {
  const parsed = parseGnuOptions(words, { short: `+${getopt}` });
  const data = parsed.ok ? parsed.operands[0] : undefined;
  if (!parsed.ok || parsed.options.some((o) => o.name === 'a') || (data !== undefined && !lit(data.index))) buffers.unknown = true;
  else if (data !== undefined) buffers.texts.push(data.text);
}

/**
 * What `paste-buffer` types: a buffer's text, each newline as Enter (cmd-paste-buffer.c; `-s SEP`
 * puts SEP there instead). When the line set the buffers it may paste (`setb 'cp …' \; pasteb`
 * ran cp, tmux 3.3a; replay 24 T3), each text is the shell code it holds; any other buffer (one set
 * before the line, loaded from a file, appended to) is text toolgate cannot see: a firm ask.
 */
function pasteRuns(words: readonly string[], lit: (i: number) => boolean, getopt: string, name: string, buffers: Buffers): Unwrapped[] {
  const part = opaque(`tmux ${name} types a buffer into a pane, whose program (a shell) may run it as commands`);
  const parsed = parseGnuOptions(words, { short: `+${getopt}` });
  if (!parsed.ok || buffers.unknown || buffers.texts.length === 0 || parsed.options.some((o) => o.name === 's'))
    return [unread(`tmux ${name} types a buffer toolgate cannot read into a pane, whose shell may run it`)];
  return buffers.texts.flatMap((text) => typed(part, text, `tmux ${name}`));
}

/**
 * What `set-option NAME VALUE` makes tmux run later (tmux-grammar.ts `tmuxOptionKind`), read now:
 * a hook's commands, a shell command (`set -g default-command 'cp x.json .claude/settings.json' \;
 * neww -d` overwrote the settings, replay 23 V4), the program a new window runs, an alias's
 * command, the file tmux writes its history to. `-F` expands a format into the value first.
 */
function optionRuns(
  ops: readonly { index: number; text: string }[],
  format: boolean,
  lit: (i: number) => boolean,
  list: (i: number, text?: string) => Unwrapped[],
  shellText: (i: number, script: string) => Unwrapped,
  name: string,
): Unwrapped[] {
  const [option, value] = ops;
  if (option === undefined || value === undefined) return [];
  if (!lit(option.index)) return [unread(`tmux ${name} sets an option whose name is not literal`)];
  const kind = tmuxOptionKind(option.text);
  if (format && value.text.includes('#') && kind !== 'plain')
    return [unread(`tmux ${name} -F expands a format into ${option.text}, which runs`)];
  const v = value.text;
  switch (kind) {
    case 'hook':
      return list(value.index);
    case 'shell':
      return v === '' ? [] : [shellText(value.index, v)];
    case 'program':
      return SYSTEM_SHELL.test(v) || v === '' ? [] : [shellText(value.index, quoteWord(v))];
    case 'alias': {
      const eq = v.indexOf('=');
      return eq < 0 ? [] : list(value.index, v.slice(eq + 1));
    }
    case 'file':
      return v === '' ? [] : [shellText(value.index, `: >> ${v.startsWith('~/') ? `~/${quoteWord(v.slice(2))}` : quoteWord(v)}`)];
    default:
      return [];
  }
}

/** What a command that runs its words as a shell command (new-session, new-window, split-window, respawn-*, display-popup) runs. */
function shellRuns(
  name: string,
  parsed: Extract<ReturnType<typeof parseGnuOptions>, { ok: true }>,
  argv: readonly string[],
  literal: readonly boolean[],
  start: number,
  end: number,
): Unwrapped[] {
  const out: Unwrapped[] = [];
  if (parsed.options.some((o) => o.name === 'e')) out.push(opaque(`tmux ${name} -e sets the environment of the command it runs`));
  const first = parsed.operands[0];
  if (first === undefined) return out;
  const at = start + first.index;
  // display-popup's start directory is -d (its -c names a client); the others' is -c.
  const letter = name === 'display-popup' ? 'd' : 'c';
  const dir = parsed.options.filter((o) => o.name === letter).pop();
  if (dir !== undefined) {
    // The option's indexes are of the command's words; make them argv's.
    const shifted = { ...dir, index: start + dir.index, ...(dir.valueIndex !== undefined ? { valueIndex: start + dir.valueIndex } : {}) };
    return [...out, inDirectory(name, shifted, argv, literal, at, end)];
  }
  if (parsed.operands.length === 1) return [...out, { kind: 'script', index: at }];
  // Several words are exec'd as a program's words (spawn.c: execvp), not joined into shell text:
  // `tmux new -d sh -c 'cp x.json .claude/settings.json'` ran sh with its -c text whole (replay 24 T1).
  // A last word `x;` ends the command without its `;` (lineRuns): its words are then quoted as text.
  const words = argv.slice(at, end);
  const last = words.length - 1;
  if (literal[at + last] === false || !/[^\\];$/.test(words[last]!)) return [...out, { kind: 'argv', start: at, end }];
  if (literal.slice(at, end).some((l) => l === false)) return [...out, unread(`tmux ${name} runs words that are not literal`)];
  return [
    ...out,
    { kind: 'text', script: [...words.slice(0, last), words[last]!.slice(0, -1)].map(quoteWord).join(' '), what: `tmux ${name}` },
  ];
}

/**
 * What the commands of a tmux command line from `from` run. A word ending in `;` ends a command (a
 * word `;` — written `\\;` or `';'` — or `x;`, whose `x` is the command's last argument: `tmux
 * display -p 'x;' run 'touch m'` ran run-shell, tmux 3.3a); one ending in `\\;` is an argument
 * holding `;` (`'\\;'` and `'x\\;'` were arguments). A word that is not literal may end in `;`
 * when it runs: the words after it are read as a command too when the first names one.
 */
function lineRuns(
  argv: readonly string[],
  literal: readonly boolean[],
  from: number,
  buffers: Buffers = { texts: [], unknown: false },
): Unwrapped[] {
  const out: Unwrapped[] = [];
  let start = from;
  for (let k = start; k < argv.length; k++) {
    const w = argv[k]!;
    const ends = literal[k] !== false && w.endsWith(';') && !w.endsWith('\\;');
    if (literal[k] === false && k + 1 < argv.length && tmuxCommandName(argv[k + 1]!) !== undefined)
      out.push(...lineRuns(argv, literal, k + 1, { texts: [...buffers.texts], unknown: buffers.unknown }));
    if (!ends) continue;
    if (w !== ';' || k > start) out.push(...commandRuns(argv, start, w === ';' ? k : k + 1, literal, 0, buffers));
    start = k + 1;
  }
  if (start < argv.length) out.push(...commandRuns(argv, start, argv.length, literal, 0, buffers));
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
  if (first !== undefined) inner.push(...lineRuns(argv, literal, first.index));
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

/**
 * The files of tmux commands a command line has tmux run: `-f FILE` (the configuration a server it
 * starts reads) and each `source-file FILE…` of its command list but with `-n` (parse only). Verified
 * (tmux 3.3a, a server running): a `run-shell` line of x.conf ran for `tmux source-file x.conf`,
 * `source x.conf`, `source-file -q`, `-F`, `-v` and `start-server \; source-file x.conf`, not for
 * `source-file -n`; `tmux -f x.conf new-session -d` ran it as the server started.
 */
function tmuxProgramText(argv: readonly string[]): ProgramText | undefined {
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return undefined;
  const files: { index: number; value?: string }[] = [];
  for (const o of parsed.options)
    if (o.name === 'f' && o.value !== undefined)
      files.push(o.valueIndex !== undefined ? { index: o.valueIndex } : { index: o.index, value: o.value });
  const first = parsed.operands[0];
  let start = first?.index ?? argv.length;
  for (let k = start; k <= argv.length; k++) {
    const w = argv[k];
    const ends = w === undefined || (w.endsWith(';') && !w.endsWith('\\;'));
    if (!ends) continue;
    const end = w === ';' || w === undefined ? k : k + 1;
    const words = argv.slice(start, end).map((x, i, all) => (i === all.length - 1 && /[^\\];$/.test(x) ? x.slice(0, -1) : x));
    if (words.length > 0 && tmuxCommandName(words[0]!) === 'source-file') {
      const own = parseGnuOptions(words, { short: `+${TMUX_COMMANDS['source-file']!.getopt ?? ''}` });
      if (own.ok && !own.options.some((o) => o.name === 'n'))
        for (const op of own.operands)
          // The last word's `;` is no part of its name.
          files.push(op.text === argv[start + op.index] ? { index: start + op.index } : { index: start + op.index, value: op.text });
    }
    start = k + 1;
  }
  return files.length === 0 ? undefined : { files };
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
  programText: tmuxProgramText,
  examples: [
    { command: "tmux new -d 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'new-session runs its word with the shell' },
    { command: 'tmux split-window -h rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: 'the words run as a command' },
    {
      command: "tmux new -d sh -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "several words are exec'd as they are: sh gets its -c text whole (tmux 3.3a spawn.c; replay 24 T1)",
    },
    {
      command: "tmux neww -d -- cat 'a b.txt'",
      effects: ['read ./a b.txt'],
      why: 'each word stays one word: one file',
    },
    {
      command: `tmux if true 'run "rm a.txt"'`,
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "if-shell's argument is a tmux command list, read as the line's own: its run-shell removes a.txt",
    },
    {
      command: `tmux run -C 'run "rm a.txt"'`,
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "run -C's argument is a tmux command: its run-shell removes a.txt (replay 23 V4)",
    },
    {
      command: "tmux set -g default-command 'rm a.txt' \\; neww -d",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'default-command is what every new window runs: judged as the code it holds when it is set (replay 23 V4)',
    },
    {
      command: 'tmux set-hook -g after-new-window \'run "rm a.txt"\'',
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "a hook's value is a tmux command list, run when the hook fires",
    },
    { command: "tmux display -p '#(rm a.txt)'", effects: ['remove ./a.txt'], readOnly: false, why: "a format's #(…) runs as a job" },
    { command: 'tmux saveb a.txt', effects: ['write ./a.txt'], readOnly: false, why: 'save-buffer writes the file it names' },
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
