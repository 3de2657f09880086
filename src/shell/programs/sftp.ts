/**
 * `sftp [opts] DESTINATION [LOCAL]`: a file-transfer session with another machine over ssh. It
 * runs commands it reads from a batch file (`-b FILE`) or, without one, from standard input
 * (`-b -` too), and some of them act on this machine: `get` writes local files, `put` reads them,
 * `lcd`, `lmkdir`, `lls`, and `!command` runs a command with the local shell. toolgate does not
 * read those commands (a batch file or the input may say anything), so the session is code it
 * cannot see — opaque code, judged by the opaque-code table. `DESTINATION` as `host:path` fetches
 * the path into the working directory (or into `LOCAL`), or, when the path is a directory on the
 * other side, starts a session there: a session all the same.
 *
 * What it runs on this machine besides: `ssh` (or `-S PROGRAM`, run in its place) with the ssh
 * options it passes on (`-o ProxyCommand=…` and the rest, `-F FILE`, as ssh's model reads them), and
 * `-D COMMAND`, a local sftp server command with its arguments, run in place of the connection.
 *
 * Grammar: OpenSSH 9.2 sftp(1); the getopt string in the Debian 12 binary
 * (`1246AafhNpqrvCc:D:i:l:o:s:S:b:B:F:J:P:R:X:`). Options end at the first operand.
 */
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { optionRuns } from './option-runs.js';
import { readWords, type ReadWords } from './parse.js';
import { sshConfigRuns, type SshOption } from './ssh.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** sftp's getopt string, as the OpenSSH 9.2 binary holds it; `+`: options end at the first operand. */
const grammar: GnuOptionSpec = { short: '+1246AafhNpqrvCc:D:i:l:o:s:S:b:B:F:J:P:R:X:' };

/** The options by letter, for the ssh options sftp passes on. */
function letters(words: ReadWords): SshOption[] {
  return words.options.map((o) => ({
    letter: o.name.replace(/^-/, ''),
    index: o.index,
    ...(o.value !== undefined ? { value: o.value } : {}),
    ...(o.valueIndex !== undefined ? { valueIndex: o.valueIndex } : {}),
  }));
}

/** `host:path` (a colon before any slash, not first) or an `sftp://` URI naming a path: a fetch. */
function fetches(word: string): boolean {
  const m = /^sftp:\/\/[^/]*\/(.+)$/i.exec(word) ?? /^[^:/][^/]*:(.+)$/.exec(word);
  return m !== null && !m[1]!.endsWith('/');
}

/** What sftp runs on this machine (see the module comment). */
function sftpRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined)
    return { inner: [{ kind: 'unknown', reason: 'sftp: an option sftp does not have' }], transparent: false, exactOnly: false };
  const inner: Unwrapped[] = sshConfigRuns('sftp', letters(words), literal);
  let batch: string | undefined;
  for (const o of words.options) {
    if (o.value === undefined) continue;
    if (o.name === '-S' && !/(^|\/)ssh$/.test(o.value))
      inner.push({ kind: 'opaque', reason: `sftp -S runs the program ${o.value} in place of ssh` });
    // The server command is split into words and run: judged as a command.
    if (o.name === '-D')
      inner.push(...(optionRuns('sftp', [{ name: '-D', value: o.value, valueIndex: o.valueIndex ?? o.index }], literal)?.inner ?? []));
    if (o.name === '-b') batch = o.value;
  }
  // `host:path` fetches the path, but starts a session there when it is a directory on the other side.
  inner.push({
    kind: 'opaque',
    reason:
      batch !== undefined && batch !== '-'
        ? `sftp -b runs the commands in ${batch}, where !command runs a local shell command and get and put write and read local files`
        : 'sftp runs the commands it reads from its input, where !command runs a local shell command and get and put write and read local files',
  });
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/**
 * The program sftp runs to reach the other machine: ssh, given a destination (`-S PROGRAM` other
 * than ssh runs in its place and `-D` runs a local server instead, each judged as what it is).
 */
function sftpTransports(argv: readonly string[]): readonly string[] | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined || words.operands.length === 0) return undefined;
  const other = words.options.some((o) => o.name === '-D' || o.name === '-h' || (o.name === '-S' && !/(^|\/)ssh$/.test(o.value ?? '')));
  return other ? undefined : ['ssh'];
}

/** The files an sftp command names: its configuration, identity and batch files, and a fetch's target. */
function sftpFiles(argv: readonly string[]): FileOperands {
  const words = readWords(argv, grammar);
  // An option sftp does not have: it refuses the command, but another version may read it.
  if (words === undefined) return { files: [], unresolved: [], modelled: 'partly' };
  const files: FileOperand[] = [];
  for (const o of words.options)
    if ((o.name === '-F' && o.value !== 'none') || o.name === '-i' || (o.name === '-b' && o.value !== '-'))
      pushOpt(files, optionFile(o, 'read', argv));
  const [destination, local] = words.operands;
  const notFiles = destination !== undefined ? [destination] : [];
  // A fetch lands in LOCAL (a file, or a directory: under the path's name) or the working directory.
  if (destination !== undefined && fetches(argv[destination]!)) {
    const base = /[^/:]*$/.exec(argv[destination]!)![0];
    const plain = base !== '' && base !== '.' && base !== '..' && !/[*?[\]{}\\]/.test(base);
    if (local !== undefined) files.push({ op: 'write', index: local });
    const into = local !== undefined ? `${argv[local]!.replace(/\/+$/, '')}/` : '';
    files.push(
      plain
        ? { op: 'write', index: local ?? destination, value: `${into}${base}` }
        : {
            op: 'write',
            index: local ?? destination,
            value: into === '' ? '.' : into,
            tree: 'some',
            names: { kind: 'unseen', what: 'remote' },
          },
    );
  } else if (local !== undefined) notFiles.push(local);
  return { files, unresolved: [], notFiles };
}

/** The sftp model. @internal */
export const sftp = defineProgram({
  names: ['sftp'],
  summary: 'sftp: transfer files with another machine in a session',
  sources: ['OpenSSH 9.2 sftp(1), ssh_config(5); the Debian 12 binary (getopt string)'],
  grammar,
  // The session's commands are opaque code; -o commands, -S and -D are judged as what they are.
  runs: 'seen',
  unwrap: (argv, literal) => sftpRuns(argv, literal),
  transports: sftpTransports,
  positional: true,
  files: (_name, argv) => sftpFiles(argv),
  examples: [
    { command: 'sftp host', effects: [], why: 'a session: its commands are code toolgate does not read' },
    { command: 'sftp -b cmds.txt host', effects: ['read ./cmds.txt'], why: 'the batch file is read (and its commands run)' },
    { command: 'sftp host:logs/app.log', effects: ['write ./app.log'], why: 'a fetch: the file lands in the working directory' },
    { command: 'sftp host:logs/app.log out/', effects: ['write ./out', 'write ./out/app.log'], why: 'a fetch into a local directory' },
    { command: 'sftp -F cfg -i key host', effects: ['read ./cfg', 'read ./key'], why: 'the configuration and identity files are read' },
  ],
});
