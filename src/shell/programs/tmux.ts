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
