import { SHELL_MODELS, type ModelledShell, type ShellModel } from '../shells/index.js';

/**
 * Names every modelled shell runs itself, without looking along `PATH` (bash 5.2 "SHELL BUILTIN
 * COMMANDS", zsh 5.9 zshbuiltins(1), dash(1) "Builtins"; the reserved words a simple command may
 * start with are in too): no file of that name on `PATH` runs in their place.
 */
export const PATH_FREE_BUILTINS: ReadonlySet<string> = new Set([
  '.',
  ':',
  '[',
  '[[',
  'alias',
  'bg',
  'break',
  'builtin',
  'cd',
  'command',
  'continue',
  'declare',
  'dirs',
  'disown',
  'echo',
  'enable',
  'eval',
  'exec',
  'exit',
  'export',
  'false',
  'fc',
  'fg',
  'getopts',
  'hash',
  'history',
  'jobs',
  'kill',
  'let',
  'local',
  'logout',
  'popd',
  'printf',
  'pushd',
  'pwd',
  'read',
  'readonly',
  'return',
  'set',
  'shift',
  'source',
  'suspend',
  'test',
  'times',
  'trap',
  'true',
  'type',
  'typeset',
  'ulimit',
  'umask',
  'unalias',
  'unset',
  'wait',
]);

/** Names of {@link PATH_FREE_BUILTINS} that dash (`sh`) does not have (dash 0.5.12): there they are looked up along `PATH`. */
const NOT_IN_DASH: ReadonlySet<string> = new Set([
  '[[',
  'declare',
  'dirs',
  'disown',
  'enable',
  'fc',
  'history',
  'let',
  'logout',
  'popd',
  'pushd',
  'source',
  'suspend',
  'typeset',
]);

/** dash's own: the names it runs without looking along `PATH`. */
const DASH_BUILTINS: ReadonlySet<string> = new Set([...PATH_FREE_BUILTINS].filter((n) => !NOT_IN_DASH.has(n)));

/**
 * The names each shell runs itself beyond {@link PATH_FREE_BUILTINS}: its own builtins, and
 * reserved words that take words as a command does. bash 5.2's (`enable`); dash 0.5.12's `chdir`;
 * zsh 5.9's (`${(k)builtins}` of `zsh -f`, the autoloaded modules' included: zsh/zutil's `zstyle`,
 * `zformat`, zsh/param/private's `private`, the completion builtins) and the reserved word `repeat
 * COUNT COMMAND` (zshmisc(1), "Complex Commands"). A builtin may change the shell's own state
 * (set a variable it is given the name of, an option, a function), which a program found along
 * `PATH` cannot: one with no model is not read as harmless (`commands/state.ts`), and a model of
 * one reads it only in a shell that has it (red team 18 replay NEW-2).
 */
const OWN_BUILTINS: Readonly<Record<ModelledShell, ReadonlySet<string>>> = {
  bash: new Set(['bind', 'caller', 'compgen', 'complete', 'compopt', 'help', 'mapfile', 'readarray', 'shopt']),
  sh: new Set(['chdir']),
  zsh: new Set([
    '-',
    'autoload',
    'bindkey',
    'bye',
    'chdir',
    'compadd',
    'comparguments',
    'compcall',
    'compctl',
    'compdescribe',
    'compfiles',
    'compgroups',
    'compquote',
    'compset',
    'comptags',
    'comptry',
    'compvalues',
    'disable',
    'echotc',
    'echoti',
    'emulate',
    'float',
    'functions',
    'getln',
    'integer',
    'limit',
    'log',
    'noglob',
    'nocorrect',
    'print',
    'private',
    'pushln',
    'r',
    'rehash',
    'repeat',
    'sched',
    'setopt',
    'ttyctl',
    'unfunction',
    'unhash',
    'unlimit',
    'unsetopt',
    'vared',
    'whence',
    'where',
    'which',
    'zcompile',
    'zformat',
    'zle',
    'zmodload',
    'zparseopts',
    'zregexparse',
    'zstyle',
  ]),
};

/**
 * The first of `shells` (every modelled shell when none is named) that runs `name` itself as one
 * of its own builtins ({@link OWN_BUILTINS}: zsh's `print`, `zstyle`, `repeat`), or undefined when
 * each looks it up along `PATH`. @internal
 */
export function ownBuiltinOf(shells: readonly ShellModel[], name: string): ShellModel | undefined {
  return (shells.length === 0 ? Object.values(SHELL_MODELS) : shells).find((s) => OWN_BUILTINS[s.name].has(name));
}

/**
 * Which of `shells` (every modelled shell when none is named) run `name` themselves as one of their
 * own builtins ({@link OWN_BUILTINS}: dash's and zsh's `chdir`), and which look it up along `PATH`.
 * @internal
 */
export function splitByOwnBuiltin(
  shells: readonly ShellModel[],
  name: string,
): { readonly own: readonly ShellModel[]; readonly path: readonly ShellModel[] } {
  const all = shells.length === 0 ? Object.values(SHELL_MODELS) : shells;
  return { own: all.filter((s) => OWN_BUILTINS[s.name].has(name)), path: all.filter((s) => !OWN_BUILTINS[s.name].has(name)) };
}

/** The names {@link ownBuiltinOf} reads, per shell. @internal */
export const ownBuiltins = (shell: ModelledShell): ReadonlySet<string> => OWN_BUILTINS[shell];

/**
 * The names a shell runs itself, without looking along `PATH`: dash's for `sh` (`source`,
 * `declare`, `let`, `typeset`, `[[` are then files on `PATH`), else bash's and zsh's (an unknown
 * shell is bash or zsh, `sh` only when named).
 */
export function pathFreeBuiltins(shell: 'bash' | 'sh' | 'zsh' | 'unknown'): ReadonlySet<string> {
  return shell === 'sh' ? DASH_BUILTINS : PATH_FREE_BUILTINS;
}

/**
 * Builtins every modelled shell (bash, zsh, dash) runs itself that start no program and load no
 * code, whatever their environment: a variable given to one as a prefix (`CDPATH=/x cd y`,
 * `IFS=, read a b`) changes only what the builtin itself does, which its own model judges. Run
 * by another program (`env CDPATH=/x cd y`), the name is a file looked up along `PATH`.
 */
export const ENVIRONMENT_FREE_BUILTINS: ReadonlySet<string> = new Set([
  'cd',
  'echo',
  'printf',
  'pwd',
  ':',
  'true',
  'false',
  'test',
  '[',
  'read',
]);

/**
 * The builtins whose `NAME=value` words set a variable later commands of the line may inherit:
 * `export` and `declare -x` export it; `declare`, `typeset`, `local` and `readonly` without `-x`
 * update a variable the environment may already export.
 * @internal
 */
export const EXPORTING_BUILTINS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/**
 * Words after which every modelled shell still runs a builtin as a builtin: `builtin` (bash, zsh;
 * dash has none, so there the word itself is a program looked up along `PATH`). After any other
 * word that runs a command — `nice`, `env`, `timeout`, `xargs`, `find -exec`, the `exec` builtin,
 * and also `command` (zsh runs an external file unless POSIX_BUILTINS is set) and `time` (a
 * program in dash) — the name may be a file looked up along `PATH` (execvp(3)), even one that is
 * also a builtin: `nice test` runs the first `test` on `PATH`.
 */
export const SHELL_PRECOMMANDS: ReadonlySet<string> = new Set(['builtin']);
