/**
 * `split` and `csplit`: cut a file into pieces, written under a prefix (`x`, `xx` by default).
 * `split --filter` runs a command for each piece.
 */
import { posix } from 'node:path';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has, is, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { gnuOptionRuns, withOpaqueRunners } from './option-runs.js';
import { readBy, type ReadWords } from './parse.js';
import { coreutils } from './sources.js';

/**
 * GNU coreutils 9.1 split(1) (`split --help`, split.c's optstring): every documented option. The
 * digits are the obsolete `-NUM` lines per piece (`split -2 in`), read letter by letter as getopt does.
 */
const splitGrammar: GnuOptionSpec = {
  short: '0123456789C:a:b:del:n:t:ux',
  long: longOptions(
    `suffix-length= additional-suffix= bytes= line-bytes= numeric-suffixes[=] hex-suffixes[=] elide-empty-files filter= lines= number= separator= unbuffered verbose ${HELP_VERSION}`,
  ),
};

/** GNU coreutils 9.1 csplit(1) (`csplit --help`, csplit.c's optstring `f:b:kn:sqz`): every option. */
const csplitGrammar: GnuOptionSpec = {
  short: 'f:b:kn:sqz',
  long: longOptions(`prefix= suffix-format= digits= keep-files suppress-matched quiet silent elide-empty-files ${HELP_VERSION}`),
};

/** `split [opts] [FILE [PREFIX]]` and `csplit [opts] FILE PATTERN…` write files named by a prefix. */
function splitOperands(name: 'split' | 'csplit', argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  if (name === 'split') {
    if (has(options, '--filter')) unresolved.push('split --filter runs a command for each piece');
    if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
    if (ops[1] !== undefined) files.push({ op: 'write', index: ops[1], prefix: true });
    else files.push({ op: 'write', index: 0, value: 'x', prefix: true });
    return { files, unresolved };
  }
  const prefix = options.filter((o) => is(o, '-f', '--prefix'));
  // A piece's name is the prefix and then csplit's printf format (`-b FORMAT`, `%02d` by
  // default): the format's text before its first directive is part of every name, and may hold
  // a `/` (`-f xx -b '/../.envrc%.0d'` writes `.envrc`).
  const format = options.filter((o) => is(o, '-b', '--suffix-format')).at(-1)?.value;
  const head = format === undefined ? '' : format.slice(0, format.search(/%[^%]|$/)).replaceAll('%%', '%');
  // Text after the conversion is part of every name too: a `/` there makes the piece's name go
  // through a directory named by the number (`-b '%.0d/../.npmrc'` writes `x/../.npmrc`, that is
  // `.npmrc`), so which files are written depends on the numbers: unknown.
  const tail = format === undefined ? '' : format.slice(head.length);
  if (tail.includes('/')) {
    const last = prefix.at(-1);
    const fixed = `${last?.value ?? 'xx'}${head}`;
    // The lowest directory the names reach: the first part holds the number, `..` climbs back.
    let depth = 1;
    let lowest = 0;
    for (const part of tail.split('/').slice(1)) {
      if (part === '..') lowest = Math.min(lowest, --depth);
      else if (part !== '' && part !== '.') depth++;
    }
    const dir = posix.join(posix.dirname(fixed), ...Array<string>(-lowest).fill('..'));
    files.push({ op: 'write', index: last?.index ?? 0, value: dir, tree: 'some', names: { kind: 'unseen', what: 'numbered' } });
  }
  for (const o of prefix) {
    const f = optionFile(o, 'write', argv, { prefix: true });
    if (f !== undefined && head !== '') files.push({ ...f, index: o.index, value: `${o.value}${head}` });
    else pushOpt(files, f);
  }
  if (prefix.length === 0) files.push({ op: 'write', index: 0, value: `xx${head}`, prefix: true });
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  return { files, unresolved, notFiles: ops.slice(1) };
}

/** The split model (`split --filter=CMD` runs CMD with `sh -c` for each piece: judged as a command). @internal */
export const split = defineProgram({
  names: ['split'],
  summary: 'split: split a file into pieces',
  sources: [coreutils('split')],
  grammar: splitGrammar,
  files: (_name, argv, literal = argv.map(() => true)) =>
    withOpaqueRunners(
      readBy(argv, splitGrammar, (words) => splitOperands('split', argv, words)),
      gnuOptionRuns('split', argv, literal, splitGrammar, ['filter']),
    ),
  runs: 'seen',
  unwrap: (argv, literal) => gnuOptionRuns('split', argv, literal, splitGrammar, ['filter']),
  // Its second operand is the prefix it writes under: a glob or variable may put any file there.
  positional: true,
  examples: [
    {
      command: 'split -b 4 in secrets/p',
      effects: ['read ./in', 'write ./secrets/p*'],
      readOnly: false,
      why: 'the pieces are written under the prefix',
    },
    { command: 'split in', effects: ['read ./in', 'write ./x*'], why: 'the default prefix is x' },
    { command: 'split -2 in p', effects: ['read ./in', 'write ./p*'], why: '-2 is the obsolete spelling of -l 2, not an operand' },
    {
      command: 'split --numeric-suffixes 3 in',
      effects: ['read ./3', 'write ./in*'],
      why: '--numeric-suffixes takes a value only after `=`: 3 is the file and in the prefix',
    },
  ],
});

/** The csplit model. @internal */
export const csplit = defineProgram({
  names: ['csplit'],
  summary: 'csplit: split a file into pieces at context lines',
  sources: [coreutils('csplit')],
  grammar: csplitGrammar,
  files: (_name, argv) => readBy(argv, csplitGrammar, (words) => splitOperands('csplit', argv, words)),
  runs: 'unseen',
  positional: true,
  examples: [
    {
      command: 'csplit -f pre in 2',
      effects: ['write ./pre*', 'read ./in'],
      readOnly: false,
      why: 'the operands after the file are patterns',
    },
    { command: 'csplit --pre out in /x/', effects: ['write ./out*', 'read ./in'], why: '--pre is short for --prefix' },
    {
      command: "csplit -f .npm -b 'rc%.0d' in 2",
      effects: ['write ./.npmrc*', 'read ./in'],
      why: "the format's text before its first directive is part of every piece's name (red team 10)",
    },
    {
      command: "csplit -f xx -b '/../.envrc%.0d' in 2",
      effects: ['write ./.envrc*', 'read ./in'],
      why: 'a / in the format puts the pieces in another folder',
    },
  ],
});
