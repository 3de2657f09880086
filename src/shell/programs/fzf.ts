/**
 * fzf: pick lines interactively. Only what it runs is modelled: `--preview CMD` runs CMD with the
 * shell for the line under the cursor (`{}` replaced by it), judged as a command of its own; a
 * `--bind` action with an argument (`execute(…)`, `reload(…)`, `become(…)`, `change-preview(…)`,
 * in any of its bracket spellings) runs or may run a command toolgate does not read, as
 * `--listen` lets any local program send such actions: a write whose names toolgate cannot see,
 * a protected ask in every mode (decision 0092). `--history FILE` writes FILE.
 *
 * With a terminal (the line may give one: `script -qc 'fzf …' /dev/null`) fzf runs these at once:
 * verified, fzf 0.38 on Debian 12 (#37), `fzf --bind 'start:execute(rm -rf .claude)'`, `--bind
 * 'load:execute(…)'`, `FZF_DEFAULT_OPTS="--preview 'rm -rf .claude'" fzf` and
 * `FZF_DEFAULT_COMMAND='rm -rf .claude' fzf` removed .claude; with no terminal (`fzf -f x`) none ran.
 */
import type { FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { withOpaqueRunners } from './option-runs.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** A `--bind` value whose every action is a bare name (`ctrl-j:down,enter:accept+abort`) runs nothing. */
const INERT_BIND = /^[^:,]+:[a-z-]+(?:\+[a-z-]+)*(?:,[^:,]+:[a-z-]+(?:\+[a-z-]+)*)*$/;

/** The value of option `name` at word k (`--name=V` or `--name V`), or undefined when word k is not it. */
function valueAt(argv: readonly string[], k: number, name: string): string | undefined {
  const w = argv[k]!;
  if (w === `--${name}`) return argv[k + 1] ?? '';
  return w.startsWith(`--${name}=`) ? w.slice(name.length + 3) : undefined;
}

/**
 * What fzf runs: each `--preview` as a command — and, when it holds a placeholder (`{}`, `{1}`,
 * `{+}`: the line under the cursor, a name from its input, which may be a Read-denied file), as
 * code toolgate cannot see too, which the opaque-code table judges; each `--bind` with an argument
 * and `--listen` as code that may write anything (`unseen`).
 */
function fzfRuns(argv: readonly string[], literal: readonly boolean[] | undefined): { runs?: WrapperInfo; unseen: Unwrapped[] } {
  const inner: Unwrapped[] = [];
  const unseen: Unwrapped[] = [];
  for (let k = 1; k < argv.length; k++) {
    const preview = valueAt(argv, k, 'preview');
    if (preview !== undefined) {
      const at = argv[k] === '--preview' ? k + 1 : k;
      if (literal?.[at] === false) unseen.push({ kind: 'opaque', reason: `fzf --preview runs a command that is not literal: ${preview}` });
      else if (preview.trim() !== '') {
        inner.push({ kind: 'text', script: preview, what: 'fzf --preview' });
        if (/\{[^}]*\}/.test(preview))
          inner.push({ kind: 'opaque', reason: `fzf --preview ${preview} is handed the line under the cursor, a name from its input` });
      }
    }
    const bind = valueAt(argv, k, 'bind');
    if (bind !== undefined && !INERT_BIND.test(bind))
      unseen.push({ kind: 'opaque', reason: `fzf --bind ${bind} binds an action that may run a command (execute, reload, become, …)` });
    if (valueAt(argv, k, 'listen') !== undefined)
      unseen.push({ kind: 'opaque', reason: 'fzf --listen takes actions from any local program, execute(…) among them' });
  }
  const all = [...inner, ...unseen];
  return { ...(all.length > 0 ? { runs: wrapInfo(all) } : {}), unseen };
}

/** `--history FILE` writes FILE; the other words are not modelled. */
function fzfFiles(argv: readonly string[]): FileOperands {
  const files: FileOperands['files'] = [];
  for (let k = 1; k < argv.length; k++) {
    if (argv[k] === '--history' && argv[k + 1] !== undefined) files.push({ op: 'write', index: k + 1 });
    else if (argv[k]!.startsWith('--history=')) files.push({ op: 'write', index: k, value: argv[k]!.slice('--history='.length) });
  }
  return { files, unresolved: [], modelled: 'partly' };
}

/** @internal */
export const fzf = defineProgram({
  names: ['fzf'],
  summary: 'fzf: pick lines interactively (only the commands it runs and its history file are modelled)',
  sources: [
    'fzf 0.38 fzf(1): --preview, --bind (execute, execute-silent, reload, become, change-preview, …), --listen, --history, ENVIRONMENT (FZF_DEFAULT_COMMAND, FZF_DEFAULT_OPTS, SHELL)',
    'verified with fzf 0.38 on Debian 12 under script(1) (#37)',
  ],
  files: (_name, argv, literal) => withOpaqueRunners(fzfFiles(argv), wrapInfo(fzfRuns(argv, literal).unseen)),
  unwrap: (argv, literal) => fzfRuns(argv, literal).runs,
  readsVariables: {
    // fzf 0.38 util.ExecCommand: `$SHELL -c CMD`, else sh (verified, #37 replay 18 NEW-4: `SHELL=./sh
    // fzf --preview 'echo'` ran ./sh under script(1)).
    SHELL: { may: ['code'], what: 'SHELL names the shell fzf runs its preview, bind and default commands with' },
    FZF_DEFAULT_COMMAND: {
      may: ['code'],
      what: 'FZF_DEFAULT_COMMAND names the command fzf runs for its lines when its input is a terminal',
    },
    FZF_DEFAULT_OPTS: {
      may: ['code'],
      what: 'FZF_DEFAULT_OPTS holds options fzf reads before its command line (--preview and --bind name commands it runs)',
    },
    FZF_DEFAULT_OPTS_FILE: {
      may: ['options-file'],
      what: 'FZF_DEFAULT_OPTS_FILE names a file of options fzf reads first (--preview and --bind name commands it runs)',
    },
  },
  otherwiseUnknown: true,
  runs: 'seen',
  examples: [
    { command: 'fzf', effects: [] },
    {
      command: "fzf --preview 'rm -rf .claude'",
      effects: ['write ./rm -rf .claude (word)', 'read ./rm (word)', 'read ./.claude (word)', 'remove ./.claude'],
      why: 'the preview command is judged as a command (its other words are not modelled)',
    },
    {
      command: "fzf --bind 'start:execute(rm -rf .claude)'",
      effects: [
        'write . [some]',
        'write ./start:execute(rm -rf .claude) (word)',
        'write ./start (word)',
        'write ./execute(rm -rf .claude) (word)',
      ],
      why: 'an action with a command toolgate does not read',
    },
    {
      command: "fzf --bind 'ctrl-j:down,enter:accept'",
      effects: [
        'write ./ctrl-j:down,enter:accept (word)',
        'write ./ctrl-j (word)',
        'write ./down,enter (word)',
        'write ./accept (word)',
        'read ./ctrl-j:down (word)',
        'read ./enter:accept (word)',
      ],
      why: 'bare actions run nothing: no unseen write (the words are not modelled)',
    },
  ],
});
