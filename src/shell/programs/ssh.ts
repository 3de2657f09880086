/**
 * `ssh [opts] DESTINATION [COMMAND…]`: logs in to another machine and runs COMMAND there. Some
 * of its configuration runs local commands: `ProxyCommand` (run with the user's shell to reach the
 * host), `LocalCommand` (run after connecting, with `PermitLocalCommand=yes`) and
 * `KnownHostsCommand` (run to list host keys), given with `-o` or in a configuration file (`-F
 * FILE`, or `-o Include=FILE`) — red team 11: `ssh -o 'ProxyCommand=sh docs/t' x` ran a file an
 * earlier call wrote. `-I LIB`, `-o PKCS11Provider=LIB` and `-o SecurityKeyProvider=LIB` load a
 * shared library into ssh: opaque code, as `gcc -fplugin=` (red team 19, R19-10). The remote command runs on the other machine; toolgate does not read it
 * (its words are kept as the arguments of a program whose runs it does not see, as before).
 *
 * Grammar: OpenSSH 9.2 ssh(1) and ssh_config(5); ssh.c's getopt string. ssh reads options up to
 * the destination, then again after it up to the first word of the command.
 */
import type { FileOperand, FileOperands, UnseenNames } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { optionRuns, type RunningOption } from './option-runs.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { keywordOf, LOADING_KEYWORDS, RUNNING_KEYWORDS, SSH_OPTIONS, sshOptions, type SshOption } from './ssh-options.js';

export type { SshOption };

/** The opaque code of a library an ssh option makes ssh load. */
const loads = (program: string, option: string, library: string): Unwrapped => ({
  kind: 'opaque',
  reason: `${program} ${option} loads the shared library ${library} into ssh, code toolgate cannot see`,
});

/**
 * What ssh runs on this machine: the commands its `-o` options name, and, for a configuration
 * file (`-F FILE`, `-o Include=FILE`), code toolgate cannot see.
 * @internal
 */
function sshRuns(program: string, argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const parsed = sshOptions(argv);
  if ('problem' in parsed)
    return { inner: [{ kind: 'unknown', reason: `${program}: ${parsed.problem}` }], transparent: false, exactOnly: false };
  const inner = sshConfigRuns(program, parsed.options, literal);
  // `-I LIB` is `-o PKCS11Provider=LIB` (ssh.c); ssh loads it once connected, before it authenticates.
  for (const o of parsed.options)
    if (o.letter === 'I' && o.value !== undefined && o.value !== 'none') inner.push(loads(program, '-I', o.value));
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/**
 * What the ssh options a program passes on to ssh run on this machine (ssh itself, scp, sftp):
 * the commands `-o ProxyCommand=…`, `-o LocalCommand=…` and `-o KnownHostsCommand=…` name, judged
 * as commands, and a configuration file (`-F FILE`, `-o Include=FILE`) as code toolgate cannot
 * see. `options` are the program's options by letter (`o`, `F`).
 * @internal
 */
export function sshConfigRuns(program: string, options: readonly SshOption[], literal: readonly boolean[]): Unwrapped[] {
  const found: RunningOption[] = [];
  const opaque: Unwrapped[] = [];
  for (const o of options) {
    if (o.value === undefined) continue;
    const valueIndex = o.valueIndex ?? o.index;
    if (o.letter === 'F' && o.value !== 'none') {
      opaque.push({
        kind: 'opaque',
        reason: `${program} -F reads the configuration file ${o.value}, whose ProxyCommand or LocalCommand may run any command`,
      });
      continue;
    }
    if (o.letter !== 'o') continue;
    // A word that is not literal may still spell its keyword out (`-o "User=$U"`): only an
    // unknown keyword or one that runs or reads more configuration is code toolgate cannot see.
    const spelled = /^["']?([A-Za-z0-9]+)\s*=/.exec(o.value)?.[1]?.toLowerCase();
    if (
      literal[valueIndex] === false &&
      (spelled === undefined || RUNNING_KEYWORDS.has(spelled) || LOADING_KEYWORDS.has(spelled) || spelled === 'include')
    ) {
      opaque.push({ kind: 'opaque', reason: `${program} -o is given an option that is not literal: ${o.value}` });
      continue;
    }
    if (literal[valueIndex] === false) continue;
    const { keyword, value } = keywordOf(o.value);
    const name = RUNNING_KEYWORDS.get(keyword);
    if (name !== undefined && value.toLowerCase() !== 'none') found.push({ name: `-o ${name}`, value, valueIndex });
    const library = LOADING_KEYWORDS.get(keyword);
    if (library !== undefined && value !== '' && value.toLowerCase() !== 'none') opaque.push(loads(program, `-o ${library}`, value));
    if (keyword === 'include')
      opaque.push({
        kind: 'opaque',
        reason: `${program} -o Include reads the configuration file ${value}, whose ProxyCommand or LocalCommand may run any command`,
      });
  }
  return [...(optionRuns(program, found, literal)?.inner ?? []), ...opaque];
}

/**
 * A file ssh makes at a path it is given (a control socket, a forwarded local socket, the host
 * keys it learns): the path as ssh reads it — `~/` is ssh's own (tilde_expand_filename), and a
 * `%` token (`%h`, `%C`, …) in its last part names files that begin with the text before it.
 */
function made(path: string, op: 'write' | 'read', index: number, valueIndex: number | undefined, whole: boolean): FileOperand | string {
  const token = path.indexOf('%');
  const home = path.startsWith('~/');
  if (token >= 0 && path.indexOf('/', token) >= 0) return path;
  const text = token >= 0 ? path.slice(0, token) : path;
  const value = home ? text.slice(2) : text;
  const prefix = token >= 0 ? { prefix: true } : {};
  if (whole && !home && token < 0 && valueIndex !== undefined) return { op, index: valueIndex };
  return { op, index: home ? 0 : (valueIndex ?? index), value, ...(home ? { inHome: true } : {}), ...prefix };
}

/** ssh_config keywords naming a file ssh makes. */
const MAKING_KEYWORDS = new Set(['controlpath', 'localforward', 'userknownhostsfile']);

/** The local socket path of a `-L`/`LocalForward` specification, when it listens on one (a listen part with a `/`: ssh's parse_forward). */
function localSocket(spec: string): string | undefined {
  const listen = spec.trim().split(/[\s:]/)[0] ?? '';
  return listen.includes('/') ? listen : undefined;
}

/**
 * The files ssh's options name: `-F FILE` read, `-E FILE` written (its log is appended there);
 * the control socket ssh makes as master (`-S PATH`, `-o ControlPath=PATH`: a master may come from
 * the configuration, so the path is written whether or not `-M` is given), a local socket `-L
 * PATH:…`/`-o LocalForward=PATH …` listens on (`StreamLocalBindUnlink=yes` first removes what is
 * there), and `-o UserKnownHostsFile=FILE`, where it appends the keys of hosts it learns (replay
 * 25, RP25-H1: `ssh -S .claude/ctl -M host`, `ssh -o StreamLocalBindUnlink=yes -L
 * .claude/settings.json:localhost:22 host`).
 */
function sshFiles(argv: readonly string[], literal: readonly boolean[] = []): FileOperands {
  const parsed = sshOptions(argv);
  if ('problem' in parsed) return { files: [], unresolved: [`ssh: ${parsed.problem}`] };
  const files: FileOperand[] = [];
  const unseen: UnseenNames[] = [];
  const add = (path: string, o: SshOption, whole: boolean, what: string): void => {
    if (path === '' || path.toLowerCase() === 'none') return;
    const file = made(path, 'write', o.index, o.valueIndex, whole);
    if (typeof file === 'string') unseen.push({ op: 'write', why: `ssh makes ${what} at ${file}, whose %-tokens toolgate does not expand` });
    else files.push(file);
  };
  for (const o of parsed.options) {
    if (o.value === undefined) continue;
    if ((o.letter === 'F' && o.value !== 'none') || o.letter === 'E') {
      const op = o.letter === 'F' ? 'read' : 'write';
      files.push(o.valueIndex !== undefined ? { op, index: o.valueIndex } : { op, index: o.index, value: o.value });
    } else if (o.letter === 'S') add(o.value, o, true, 'its control socket');
    else if (o.letter === 'L') {
      const socket = localSocket(o.value);
      if (socket !== undefined) add(socket, o, false, 'a local socket');
    } else if (o.letter === 'o') {
      const { keyword, value } = keywordOf(o.value);
      // bash expands a `~` after `=` in any word (`-o ControlPath=~/cm`): such a value is still
      // read; one with other expansions names a path toolgate cannot tell.
      if (literal[o.valueIndex ?? o.index] === false && !/^~\/[^$`"'\\]*$/.test(value)) {
        if (MAKING_KEYWORDS.has(keyword)) unseen.push({ op: 'write', why: `ssh makes a file at ${value}, a path toolgate cannot tell` });
        continue;
      }
      if (keyword === 'controlpath') add(value, o, false, 'its control socket');
      else if (keyword === 'localforward') {
        const socket = localSocket(value);
        if (socket !== undefined) add(socket, o, false, 'a local socket');
      } else if (keyword === 'userknownhostsfile') add(value.split(/\s+/)[0] ?? '', o, false, 'the known-hosts file it appends to');
    }
  }
  // `-G` prints the configuration as ssh parsed it, from `~/.ssh/config` when `-F` names no other
  // (verified: `ssh -G github.com` printed its User and IdentityFile, red team 20 R20-6). Connecting
  // reads it too, and the keys, but shows none of them: a Read rule is about what the agent sees.
  if (parsed.options.some((o) => o.letter === 'G') && !parsed.options.some((o) => o.letter === 'F'))
    files.push({ op: 'read', index: 0, value: '.ssh/config', inHome: true });
  const notFiles = argv.map((_, k) => k).filter((k) => k > 0 && !parsed.options.some((o) => o.index === k || o.valueIndex === k));
  return { files, unresolved: [], notFiles, ...(unseen.length > 0 ? { unseen } : {}) };
}

/** The ssh model. @internal */
export const ssh = defineProgram({
  names: ['ssh'],
  summary: 'ssh: run a command on another machine',
  sources: ['OpenSSH 9.2 ssh(1), ssh_config(5)'],
  // What the remote command runs is not read (`ssh host rm -rf x` names rm to a deny rule).
  runs: 'unseen',
  // Its getopt string, read up to the destination (`+`): the remote command's words are never
  // taken for ssh's options. Its own loop (`sshOptions`) also reads options after the destination;
  // a grammar reader (an exported GIT_SSH_COMMAND's words) sees those as operands, the safe side.
  grammar: { short: `+${SSH_OPTIONS}` },
  unwrap: (argv, literal) => sshRuns('ssh', argv, literal),
  files: (_name, argv, literal) => sshFiles(argv, literal),
  examples: [
    { command: 'ssh host ls', effects: [], why: 'the command runs on the other machine' },
    { command: 'ssh -F cfg host', effects: ['read ./cfg'], why: 'the configuration file is read' },
    { command: 'ssh -E log host', effects: ['write ./log'], why: 'the log is appended to the file' },
    { command: 'ssh -G host', effects: ['read /home/user/.ssh/config'], why: 'prints the configuration it read' },
    { command: 'ssh -S .claude/ctl -M host true', effects: ['write ./.claude/ctl'], why: 'the master makes its control socket there (replay 25, RP25-H1)' },
    {
      command: 'ssh -o StreamLocalBindUnlink=yes -L .claude/settings.json:localhost:22 host true',
      effects: ['write ./.claude/settings.json'],
      why: 'ssh removes the file and listens on a socket in its place (replay 25, RP25-H1)',
    },
    { command: 'ssh -L 8080:localhost:80 host', effects: [], why: 'a port, not a path' },
    { command: 'ssh -o ControlPath=~/.ssh/cm-%r@%h:%p host', effects: ['write /home/user/.ssh/cm-*'], why: 'the tokens name files that begin with cm-' },
    { command: 'ssh -o UserKnownHostsFile=kh host', effects: ['write ./kh'], why: 'ssh appends the keys of hosts it learns' },
    { command: 'ssh -o UserKnownHostsFile=~/kh host', effects: ['write /home/user/kh'], why: 'bash expands the ~ after =, and so would ssh' },
    { command: 'ssh -I ./p11.so host', effects: [], why: 'ssh loads the PKCS#11 library: opaque code (unwrap), not a file effect' },
  ],
});
