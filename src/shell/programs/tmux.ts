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
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
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

/** What one tmux command (its words `argv[start..end)`) runs. */
function commandRuns(argv: readonly string[], start: number, end: number): Unwrapped[] {
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
  // run-shell and pipe-pane take one shell command; the others run all their words.
  out.push(
    name === 'run-shell' || name === 'run' || name === 'pipe-pane' || name === 'pipep'
      ? { kind: 'script', index: at }
      : { kind: 'script', index: at, joinFrom: at },
  );
  return out;
}

/** What a tmux command line runs (see the module comment). */
function tmuxRuns(argv: readonly string[]): WrapperInfo | undefined {
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
      if (k > start) inner.push(...commandRuns(argv, start, k));
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
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => tmuxRuns(argv),
  examples: [
    { command: "tmux new -d 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'new-session runs its word with the shell' },
    { command: 'tmux split-window -h rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: 'the words run as a command' },
  ],
});
