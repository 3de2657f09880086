/**
 * Commands that run another command: which words are the inner command, and how an allow rule
 * treats the wrapper. Claude Code docs, Configure permissions › Bash (wrappers, exec wrappers).
 */
import { scanOptions, type OptionShape } from './options.js';

/** What a wrapper runs. @internal */
export type Unwrapped =
  /** Runs `argv.slice(start, end)` as a command. */
  | { kind: 'argv'; start: number; end: number; assignments?: string[] }
  /**
   * Runs a shell script (`bash -c`, `watch`, `flock -c`, `su -c`): word `index` (to the end with
   * `joinFrom`), minus its first `offset` characters when the script is attached to an option
   * (`su -c'…'`, `tar --to-command=…`).
   */
  | { kind: 'script'; index: number; joinFrom?: number; offset?: number }
  /** Cannot tell what runs. */
  | { kind: 'unknown'; reason: string };

/**
 * Words the wrapped command gets from input at run time: `xargs` appends input words unless
 * it replaces a placeholder (`-I R`, `-i`, `--replace`); `find -exec` replaces `{}`. @internal
 */
export interface RunTimeInput {
  /** Input words are appended to the wrapped command's words. */
  appended: boolean;
  /** The text replaced by input inside the wrapped command's words. */
  placeholder?: string;
  /** The wrapper that supplies the input (`xargs`, `find -exec`). */
  via: string;
}

/** How a wrapper is treated by rules. @internal */
export interface WrapperInfo {
  inner: Unwrapped[];
  /** Set when the wrapped command's words are completed from input at run time. */
  input?: RunTimeInput;
  /** Claude Code looks through it for allow rules. */
  transparent: boolean;
  /** Never covered by a prefix allow rule. */
  exactOnly: boolean;
}

/** POSIX-style shells whose `-c` script toolgate reads as a nested bash script. */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash']);

/** Builtins and programs whose words are code that toolgate cannot follow. */
export const CODE_AS_DATA = new Set(['eval', 'trap', 'source', '.', 'alias', 'fc', 'bind', 'complete', 'compgen', 'enable', 'hash']);

/**
 * Builtins that evaluate array subscripts arithmetically (`let 'a[$(cmd)]'` runs cmd), so a
 * `$(` or backtick inside an otherwise quoted argument is still code.
 */
export const ARITHMETIC_BUILTINS = new Set([
  'let', 'declare', 'typeset', 'local', 'export', 'readonly', 'printf', 'read', 'unset', 'test', '[', 'mapfile', 'readarray', 'wait', 'shift', 'return', 'exit',
]);

function plain(argv: readonly string[], start: number, shape: OptionShape, transparent: boolean, exactOnly = false): WrapperInfo {
  const { operand } = scanOptions(argv, start, { ...shape, posix: true });
  return { inner: operand < argv.length ? [{ kind: 'argv', start: operand, end: argv.length }] : [], transparent, exactOnly };
}

/** `bash [opts] -c SCRIPT [name args…]`, combined flags like `-lc` included. */
function shellWrapper(argv: readonly string[]): WrapperInfo {
  let i = 1;
  let dashC = false;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (/^[-+][oO]$/.test(a) || a === '--rcfile' || a === '--init-file') {
      i += 2;
      continue;
    }
    if (a.startsWith('--')) {
      i++;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(a)) {
      if (a.startsWith('-') && a.includes('c')) dashC = true;
      // `-o name` folded in a group (`-eo pipefail`) takes the next word.
      if (/[oO]/.test(a.slice(1))) i++;
      i++;
      continue;
    }
    break;
  }
  if (!dashC) return { inner: [], transparent: false, exactOnly: false };
  if (i >= argv.length) return { inner: [{ kind: 'unknown', reason: `${argv[0]} -c without a script` }], transparent: false, exactOnly: false };
  return { inner: [{ kind: 'script', index: i }], transparent: false, exactOnly: false };
}

function findExec(argv: readonly string[]): WrapperInfo {
  const inner: Unwrapped[] = [];
  let exactOnly = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-delete' || a.startsWith('-fprint') || a === '-fls') exactOnly = true;
    if (a === '-exec' || a === '-execdir' || a === '-ok' || a === '-okdir') {
      exactOnly = true;
      let j = i + 1;
      while (j < argv.length && argv[j] !== ';' && !(argv[j] === '+' && argv[j - 1] === '{}')) j++;
      if (j >= argv.length) {
        inner.push({ kind: 'unknown', reason: `find ${a} without a terminating ';' or '+'` });
        break;
      }
      if (j > i + 1) inner.push({ kind: 'argv', start: i + 1, end: j });
      else inner.push({ kind: 'unknown', reason: `find ${a} without a command` });
      i = j;
    }
  }
  return { inner, transparent: false, exactOnly, input: { appended: false, placeholder: '{}', via: 'find -exec' } };
}

function envWrapper(argv: readonly string[]): WrapperInfo {
  let i = 1;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-S' || a.startsWith('--split-string') || /^-[^-]*S/.test(a)) {
      return { inner: [{ kind: 'unknown', reason: 'env -S splits a string into a command' }], transparent: false, exactOnly: false };
    }
    if (a === '--unset' || a === '--chdir' || a === '--argv0') {
      i += 2;
      continue;
    }
    if (a === '-' || a.startsWith('--')) {
      i++;
      continue;
    }
    if (a.startsWith('-')) {
      // A flag group (`-iu X`, `-0iuX`): `-u`, `-C` and `-a` take the rest of the word or the next word.
      const k = a.slice(1).search(/[uCa]/);
      i += k >= 0 && k === a.length - 2 ? 2 : 1;
      continue;
    }
    break;
  }
  const assignments: string[] = [];
  while (i < argv.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[i]!)) assignments.push(argv[i++]!);
  if (i >= argv.length) return { inner: [], transparent: false, exactOnly: false };
  return { inner: [{ kind: 'argv', start: i, end: argv.length, assignments }], transparent: false, exactOnly: false };
}

function xargsWrapper(argv: readonly string[]): WrapperInfo {
  const { operand, options } = scanOptions(argv, 1, {
    shortArg: 'ILnPsdEa',
    shortOptionalArg: 'ile',
    longArg: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'max-lines', 'process-slot-var', 'eof'],
    posix: true,
  });
  if (operand >= argv.length) return { inner: [], transparent: false, exactOnly: false };
  let placeholder: string | undefined;
  for (const o of options) {
    if (o.name === '-I') placeholder = o.value ?? '';
    else if (o.name === '-i' || o.name === '--replace') placeholder = o.value || '{}';
  }
  const input: RunTimeInput = placeholder === undefined ? { appended: true, via: 'xargs' } : { appended: false, placeholder, via: 'xargs' };
  return { inner: [{ kind: 'argv', start: operand, end: argv.length }], transparent: options.length === 0, exactOnly: false, input };
}

function sudoWrapper(argv: readonly string[]): WrapperInfo {
  const { operand, options } = scanOptions(argv, 1, {
    shortArg: 'ughpCDrtUTR',
    longArg: ['user', 'group', 'host', 'prompt', 'close-from', 'chdir', 'role', 'type', 'other-user', 'command-timeout', 'chroot'],
    posix: true,
  });
  if (options.some((o) => o.name === '-e' || o.name === '--edit')) return { inner: [], transparent: false, exactOnly: false };
  if (operand >= argv.length) return { inner: [], transparent: false, exactOnly: false };
  if (options.some((o) => ['-s', '-i', '--shell', '--login'].includes(o.name))) {
    return { inner: [{ kind: 'script', index: operand, joinFrom: operand }], transparent: false, exactOnly: false };
  }
  // `sudo VAR=value cmd` sets variables for the command.
  let start = operand;
  const assignments: string[] = [];
  while (start < argv.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[start]!)) assignments.push(argv[start++]!);
  if (start >= argv.length) return { inner: [], transparent: false, exactOnly: false };
  return { inner: [{ kind: 'argv', start, end: argv.length, assignments }], transparent: false, exactOnly: false };
}

function watchWrapper(argv: readonly string[]): WrapperInfo {
  const { operand, options } = scanOptions(argv, 1, { shortArg: 'nq', longArg: ['interval', 'equexit'], posix: true });
  if (operand >= argv.length) return { inner: [], transparent: false, exactOnly: true };
  const exec = options.some((o) => o.name === '-x' || o.name === '--exec');
  return {
    inner: [exec ? { kind: 'argv', start: operand, end: argv.length } : { kind: 'script', index: operand, joinFrom: operand }],
    transparent: false,
    exactOnly: true,
  };
}

function flockWrapper(argv: readonly string[]): WrapperInfo {
  const { operand } = scanOptions(argv, 1, { shortArg: 'wEc', longArg: ['timeout', 'conflict-exit-code', 'command'], posix: true });
  // `-c` before the lock file is folded by scanOptions; look for it explicitly.
  const dashC = argv.findIndex((a, k) => k > 0 && (a === '-c' || a === '--command'));
  if (dashC > 0 && dashC + 1 < argv.length) return { inner: [{ kind: 'script', index: dashC + 1 }], transparent: false, exactOnly: true };
  if (operand + 1 < argv.length) return { inner: [{ kind: 'argv', start: operand + 1, end: argv.length }], transparent: false, exactOnly: true };
  return { inner: [], transparent: false, exactOnly: true };
}

/** `su [opts] [user] -c SCRIPT`, also `-lc SCRIPT`, `-c'SCRIPT'`, `--command=SCRIPT`, `--session-command`. */
function suWrapper(argv: readonly string[]): WrapperInfo {
  const none = (inner: Unwrapped[]): WrapperInfo => ({ inner, transparent: false, exactOnly: false });
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    const long = /^--(command|session-command)(=)?/.exec(a);
    if (long) {
      if (long[2]) return none([{ kind: 'script', index: i, offset: long[0].length }]);
      return none(i + 1 < argv.length ? [{ kind: 'script', index: i + 1 }] : [{ kind: 'unknown', reason: `su ${a} without a script` }]);
    }
    if (/^--(shell|group|supp-group|whitelist-environment)$/.test(a)) {
      i++;
      continue;
    }
    if (!a.startsWith('-') || a.startsWith('--')) continue;
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (letter === 'c') {
        if (k < a.length - 1) return none([{ kind: 'script', index: i, offset: k + 1 }]);
        return none(i + 1 < argv.length ? [{ kind: 'script', index: i + 1 }] : [{ kind: 'unknown', reason: 'su -c without a script' }]);
      }
      if ('sgGw'.includes(letter)) {
        if (k === a.length - 1) i++;
        break;
      }
    }
  }
  return none([]);
}

/** `chroot [opts] NEWROOT [CMD…]`; without a command it starts an interactive shell. */
function chrootWrapper(argv: readonly string[]): WrapperInfo {
  const { operand } = scanOptions(argv, 1, { longArg: ['userspec', 'groups'], posix: true });
  const start = operand + 1;
  return { inner: start < argv.length ? [{ kind: 'argv', start, end: argv.length }] : [], transparent: false, exactOnly: false };
}

/** `busybox APPLET args…` runs the applet; `busybox --list` and the like run nothing. */
function busyboxWrapper(argv: readonly string[]): WrapperInfo {
  const first = argv[1];
  if (first === undefined || first.startsWith('-')) return { inner: [], transparent: false, exactOnly: false };
  return { inner: [{ kind: 'argv', start: 1, end: argv.length }], transparent: false, exactOnly: false };
}

/**
 * `tar` options that run a command: `--to-command`, `--use-compress-program` / `-I` (run by
 * `sh -c`), `--checkpoint-action=exec=`; `--info-script`/`-F`, `--new-volume-script` and
 * `--rsh-command`/`--rmt-command` run a program or file toolgate cannot see.
 */
function tarWrapper(argv: readonly string[]): WrapperInfo | undefined {
  const inner: Unwrapped[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    const long = /^--(to-command|use-compress-program|info-script|new-volume-script|rsh-command|rmt-command|checkpoint-action)(=)?/.exec(a);
    if (long) {
      const name = long[1]!;
      const valueIndex = long[2] ? i : i + 1;
      const offset = long[2] ? long[0].length : 0;
      const value = (argv[valueIndex] ?? '').slice(offset);
      if (!long[2]) i++;
      if (name === 'to-command' || name === 'use-compress-program') inner.push({ kind: 'script', index: valueIndex, offset });
      else if (name === 'checkpoint-action') {
        if (/^exec=/.test(value)) inner.push({ kind: 'script', index: valueIndex, offset: offset + 'exec='.length });
      } else inner.push({ kind: 'unknown', reason: `tar --${name} runs a program toolgate cannot see` });
      continue;
    }
    // Short options and the old style first word (`tar xIf prog a.tar`): `I` and `F` take a program.
    const cluster = a.startsWith('-') && !a.startsWith('--') ? a.slice(1) : i === 1 && /^[A-Za-z]+$/.test(a) ? a : undefined;
    if (cluster === undefined) continue;
    const k = cluster.search(/[IF]/);
    if (k < 0) continue;
    if (i === 1 && !a.startsWith('-')) {
      inner.push({ kind: 'unknown', reason: `tar ${a} takes a program (-I/-F) from a later word` });
      continue;
    }
    const attached = k < cluster.length - 1;
    const valueIndex = attached ? i : i + 1;
    if (!attached) i++;
    if (cluster[k] === 'F') inner.push({ kind: 'unknown', reason: 'tar -F runs a script file toolgate cannot see' });
    else inner.push({ kind: 'script', index: valueIndex, offset: attached ? k + 2 : 0 });
  }
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/** Configuration keys that make git run a program, or replace a subcommand (`alias.*`). */
const GIT_PROGRAM_KEYS =
  /^(alias\..*|core\.(pager|editor|sshcommand|fsmonitor|hookspath|gitproxy|askpass|alternaterefscommand)|sequence\.editor|diff\.external|diff\..*\.(command|textconv)|merge\..*\.driver|filter\..*|credential\..*|gpg\..*|pager\..*|interactive\.difffilter|uploadpack\.packobjectshook|remote\..*\.(uploadpack|receivepack|proxy)|protocol\..*|include\..*|includeif\..*|ssh\..*|http\..*|url\..*|receive\..*|transfer\..*|mergetool\..*|difftool\..*|web\..*|browser\..*|man\..*|instaweb\..*|sendemail\..*|safe\..*)$/;

/**
 * Why a `git` command's global `-c KEY=VALUE` / `--config-env KEY=VAR` may run something
 * toolgate does not see (an alias replaces the subcommand; many keys name programs), or undefined.
 */
export function gitConfigProblem(argv: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) return undefined;
    let pair: string | undefined;
    if (a === '-c' || a === '--config-env') pair = argv[++i];
    else if (a.startsWith('--config-env=')) pair = a.slice('--config-env='.length);
    else if (a.startsWith('-c') && a.length > 2) pair = a.slice(2);
    else if (['-C', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--super-prefix'].includes(a)) i++;
    if (pair === undefined) continue;
    const key = pair.split('=')[0]!.toLowerCase();
    if (GIT_PROGRAM_KEYS.test(key)) return `git -c ${key}=… can run a program or replace the subcommand`;
  }
  return undefined;
}

/**
 * What a command runs besides itself. `argv[0]` is the program name (basename).
 * Returns undefined for an ordinary command.
 */
export function unwrap(name: string, argv: readonly string[]): WrapperInfo | undefined {
  if (SHELLS.has(name)) return shellWrapper(argv);
  switch (name) {
    case 'timeout': {
      const { operand } = scanOptions(argv, 1, { shortArg: 'sk', longArg: ['signal', 'kill-after'], posix: true });
      const start = operand + 1;
      return { inner: start < argv.length ? [{ kind: 'argv', start, end: argv.length }] : [], transparent: true, exactOnly: false };
    }
    case 'time':
      return plain(argv, 1, { shortArg: 'fo', longArg: ['format', 'output'] }, true);
    case 'nice':
      return plain(argv, 1, { shortArg: 'n', longArg: ['adjustment'], numeric: true }, true);
    case 'nohup':
      return plain(argv, 1, {}, true);
    case 'stdbuf':
      return plain(argv, 1, { shortArg: 'ioe', longArg: ['input', 'output', 'error'] }, true);
    case 'noglob':
      return { inner: argv.length > 1 ? [{ kind: 'argv', start: 1, end: argv.length }] : [], transparent: true, exactOnly: false };
    case 'nocorrect':
      return { inner: argv.length > 1 ? [{ kind: 'argv', start: 1, end: argv.length }] : [], transparent: false, exactOnly: false };
    case 'command': {
      const { operand, options } = scanOptions(argv, 1, { posix: true });
      if (options.some((o) => o.name === '-v' || o.name === '-V')) return { inner: [], transparent: false, exactOnly: false };
      return { inner: operand < argv.length ? [{ kind: 'argv', start: operand, end: argv.length }] : [], transparent: true, exactOnly: false };
    }
    case 'builtin':
      return { inner: argv.length > 1 ? [{ kind: 'argv', start: 1, end: argv.length }] : [], transparent: true, exactOnly: false };
    case 'exec':
      return plain(argv, 1, { shortArg: 'a' }, false);
    case 'coproc':
      return { inner: argv.length > 1 ? [{ kind: 'argv', start: 1, end: argv.length }] : [], transparent: false, exactOnly: false };
    case 'env':
      return envWrapper(argv);
    case 'xargs':
      return xargsWrapper(argv);
    case 'sudo':
    case 'doas':
    case 'run0':
      return sudoWrapper(argv);
    case 'find':
      return findExec(argv);
    case 'watch':
      return watchWrapper(argv);
    case 'setsid':
      return plain(argv, 1, {}, false, true);
    case 'ionice':
      return plain(argv, 1, { shortArg: 'cnpPu', longArg: ['class', 'classdata', 'pid', 'pgid', 'uid'] }, false, true);
    case 'flock':
      return flockWrapper(argv);
    case 'su':
      return suWrapper(argv);
    case 'chroot':
      return chrootWrapper(argv);
    case 'busybox':
      return busyboxWrapper(argv);
    case 'tar':
    case 'gtar':
    case 'bsdtar':
      return tarWrapper(argv);
    default:
      return undefined;
  }
}
