/**
 * Key agents that start a command with the agent's variables set: `ssh-agent CMD…` (OpenSSH) and
 * `gpg-agent --daemon CMD…` (GnuPG). What they run is judged as a command of its own; with no
 * model, `ssh-agent sh -c 'x=r; ${x}m -f notes.txt'` and `gpg-agent --daemon sh -c …` ran rm under
 * `Bash(rm *)` and `ssh-agent sh -c 'a=.e; cat ${a}nv'` printed .env (red team 14, NEW-3).
 *
 * Grammar, tried on Debian 12: ssh-agent (OpenSSH 9.2) getopt `cDdksE:a:O:P:t:`, stopping at the
 * first operand (`ssh-agent echo -t 5 hi` prints `-t 5 hi`); a command with `-c`, `-s`, `-d`, `-D`
 * or `-k` is refused with its usage; `-a PATH` binds the agent's socket there (a new file).
 * gpg-agent (GnuPG 2.2.40) `gpg-agent --help` and gpg-agent(1): its options stop at the first
 * operand ("'--verbose' is not considered an option"); an unknown option is refused. `--daemon`
 * (and `--server`, `--supervised`) create its sockets and `private-keys-v1.d` in the GnuPG home,
 * `~/.gnupg` (a protected path, whose gpg-agent.conf names the programs it runs);
 * `--pinentry-program` and `--scdaemon-program` name programs it runs, `--options` and `--homedir`
 * another configuration that may: code toolgate cannot read.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand } from '../options/file-operands.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { GNUPG_TOOLS, gnupgCode } from './gnupg.js';
import { gnupgConfigFiles } from './gnupg-config.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;

/** OpenSSH 9.2 ssh-agent: every option. */
const SSH_AGENT: GnuOptionSpec = { short: '+cDdksE:a:O:P:t:', long: {}, abbreviations: false };

/** What ssh-agent runs: its command, unless an option that refuses one is given. */
function sshAgentUnwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, SSH_AGENT);
  if (!parsed.ok) return refusedWrap(`ssh-agent: ${describeGnuProblem(parsed)}`);
  const start = parsed.operands[0]?.index;
  // `-c`/`-s` print the variables, `-d`/`-D` keep the agent in front, `-k` kills it: with a command, usage.
  if (start === undefined || parsed.options.some((o) => 'csdDk'.includes(o.name))) return wrapInfo([]);
  return wrapInfo([{ kind: 'argv', start, end: argv.length }]);
}

/** The ssh-agent model. @internal */
export const sshAgent = defineProgram({
  names: ['ssh-agent'],
  summary: 'ssh-agent: hold SSH keys for a command it starts (or in the background)',
  sources: ['OpenSSH 9.2 ssh-agent(1), ssh-agent.c'],
  grammar: SSH_AGENT,
  files: (_name, argv) =>
    readBy(argv, SSH_AGENT, (words) => {
      const out: FileOperand[] = [];
      for (const opt of words.options) if (opt.name === '-a') pushOpt(out, optionFile(opt, 'write', argv));
      return { files: out, unresolved: [] };
    }),
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap: sshAgentUnwrap,
  examples: [
    { command: "ssh-agent sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'the command is judged on its own' },
    { command: 'ssh-agent -a agent.sock cat a.txt', effects: ['write ./agent.sock', 'read ./a.txt'], readOnly: false },
    { command: 'ssh-agent -s rm a.txt', effects: [], why: 'a command with -s is refused with the usage' },
  ],
});

/** GnuPG 2.2.40 gpg-agent: the options `gpg-agent --help` lists, and `--homedir`. */
const GPG_AGENT: GnuOptionSpec = {
  short: '+vqsch',
  long: {
    daemon: n,
    server: n,
    supervised: n,
    'no-detach': n,
    sh: n,
    csh: n,
    options: r,
    homedir: r,
    verbose: n,
    quiet: n,
    'log-file': r,
    'disable-scdaemon': n,
    'scdaemon-program': r,
    'extra-socket': r,
    'keep-tty': n,
    'keep-display': n,
    'enable-ssh-support': n,
    'ssh-fingerprint-digest': r,
    'default-cache-ttl': r,
    'default-cache-ttl-ssh': r,
    'max-cache-ttl': r,
    'max-cache-ttl-ssh': r,
    'ignore-cache-for-signing': n,
    'no-allow-external-cache': n,
    'no-allow-mark-trusted': n,
    'allow-preset-passphrase': n,
    'enforce-passphrase-constraints': n,
    'min-passphrase-len': r,
    'min-passphrase-nonalpha': r,
    'check-passphrase-pattern': r,
    'max-passphrase-days': r,
    'enable-passphrase-history': n,
    batch: n,
    'no-allow-loopback-pinentry': n,
    grab: n,
    'pinentry-program': r,
    'pinentry-timeout': r,
    'allow-emacs-pinentry': n,
    help: n,
    version: n,
  },
};

/** What gpg-agent runs: its command, the code its options name, and the sockets it creates in ~/.gnupg. */
function gpgAgentUnwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, GPG_AGENT);
  if (!parsed.ok) return refusedWrap(`gpg-agent: ${describeGnuProblem(parsed)}`);
  const names = new Set(parsed.options.map((o) => o.name));
  if (names.has('help') || names.has('h') || names.has('version')) return wrapInfo([]);
  // The programs it starts and the configuration that may name them, from the GnuPG table.
  const start = parsed.operands[0]?.index;
  const inner: Unwrapped[] = gnupgCode(GNUPG_TOOLS['gpg-agent']!, 'gpg-agent', argv, start ?? argv.length);
  // The sockets (S.gpg-agent, …) and private-keys-v1.d go into the GnuPG home (another one is opaque, above).
  if (names.has('daemon') || names.has('server') || names.has('supervised'))
    inner.push({ kind: 'text', script: ': > ~/.gnupg/S.gpg-agent', what: 'gpg-agent creates its sockets in ~/.gnupg' });
  if (start !== undefined) inner.push({ kind: 'argv', start, end: argv.length });
  return wrapInfo(inner);
}

/** The gpg-agent model. @internal */
export const gpgAgent = defineProgram({
  names: ['gpg-agent'],
  summary: 'gpg-agent: hold GnuPG secret keys, as a daemon that may start a command',
  sources: ['GnuPG 2.2.40 gpg-agent(1), gpg-agent --help'],
  grammar: GPG_AGENT,
  files: (_name, argv) =>
    readBy(argv, GPG_AGENT, (words) => {
      const out: FileOperand[] = [];
      for (const opt of words.options) {
        if (opt.name === '--log-file' || opt.name === '--extra-socket') pushOpt(out, optionFile(opt, 'write', argv));
        if (opt.name === '--check-passphrase-pattern') pushOpt(out, optionFile(opt, 'read', argv));
      }
      return { files: out, unresolved: [] };
    }),
  // The configuration files of the home the environment's GNUPGHOME names (gnupg-config.ts).
  configFiles: gnupgConfigFiles,
  configFilesWithoutView: 'absent',
  runs: 'seen',
  role: 'wrapper',
  touchesFilesAsWrapper: true,
  unwrap: gpgAgentUnwrap,
  examples: [
    { command: "gpg-agent --daemon sh -c 'rm a.txt'", effects: ['write /home/user/.gnupg/S.gpg-agent', 'remove ./a.txt'], readOnly: false },
    { command: 'gpg-agent --version', effects: [], readOnly: false },
  ],
});
