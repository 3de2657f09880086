/**
 * Archivers: zip (`-r` reads directories whole) and unzip; tar has its model in `programs/tar/`,
 * the gzip family in `compressors.ts`. Info-ZIP zip 3.0 (its own option grammar: `zip-options.ts`)
 * and unzip(1).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { OptionShape } from '../options/options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { optionRuns } from './option-runs.js';
import { zipWords } from './zip-options.js';

/** `zip [opts] ARCHIVE [FILE…]`: `-r` reads each directory whole; `-@` reads names from input. Its words are read by zip's own grammar. */
function zipOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops, listWords } = zipWords(argv);
  const recursive = has(options, '--recurse-paths', '--recurse-patterns');
  for (const o of options) {
    if (is(o, '--output-file')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--logfile-path') && o.value !== undefined) {
      pushOpt(files, optionFile(o, 'write', argv));
      // A log file name without an extension gets `.log` (`-lf log` writes log.log).
      if (!/\.[^/]*$/.test(o.value)) files.push({ op: 'write', index: o.valueIndex ?? o.index, value: `${o.value}.log` });
    }
    if (is(o, '--temp-path')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
    if (is(o, '--unzip-command')) unresolved.push('zip --unzip-command runs a program');
  }
  if (has(options, '--names-stdin')) unresolved.push('zip -@ adds the files named on its input');
  if (ops[0] !== undefined) {
    files.push({ op: 'write', index: ops[0] });
    files.push({ op: 'write', index: ops[0], value: `${argv[ops[0]]}.zip` });
  }
  const remove = has(options, '--move');
  for (const k of ops.slice(1)) {
    files.push({ op: 'read', index: k, ...(recursive ? { tree: 'all' as const } : {}) });
    if (remove) files.push({ op: 'remove', index: k });
  }
  // The words of -i and -x are patterns of names, not files.
  return { files, unresolved, notFiles: listWords };
}

/** `unzip [opts] ARCHIVE [MEMBER…] [-x …] [-d DIR]`: extracts under DIR (the cwd by default). */
function unzipOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'dxP' });
  const toStdout = has(options, '-p', '-c', '-l', '-t', '-v', '-z', '-Z');
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  if (toStdout) return { files, unresolved: [] };
  const dir = options.find((o) => is(o, '-d'));
  // It writes the names the archive holds, which toolgate does not read.
  const names = { kind: 'unseen', what: 'archive' } as const;
  if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some', names }));
  else files.push({ op: 'write', index: 0, value: '.', tree: 'some', names });
  return { files, unresolved: [], notFiles: ops.slice(1) };
}

/** The zip model (`zip --unzip-command` runs a program toolgate does not read). @internal */
export const zip = defineProgram({
  names: ['zip'],
  summary: 'zip: package and compress files',
  sources: ['Info-ZIP zip 3.0 zip(1)'],
  files: (_name, argv) => zipOperands(argv),
  // `-TT CMD`/`--unzip-command=CMD` tests the archive by running CMD through the shell: judged as a command.
  runs: 'seen',
  unwrap: (argv, literal) => {
    const found = zipWords(argv)
      .options.filter((o) => o.name === '--unzip-command' && o.value !== undefined)
      .map((o) => ({ name: '-TT', value: o.value!, valueIndex: o.valueIndex ?? o.index }));
    return optionRuns('zip', found, literal);
  },
  examples: [
    {
      command: 'zip -r out.zip src',
      effects: ['write ./out.zip', 'write ./out.zip.zip', 'read ./src [all]'],
      readOnly: false,
      why: 'zip adds .zip to an archive name without one; -r reads directories whole',
    },
    {
      command: 'zip -tt 01012030 out.zip a',
      effects: ['write ./out.zip', 'write ./out.zip.zip', 'read ./a'],
      why: '-tt is an option of its own (before-date), taking the date: out.zip is the archive',
    },
    {
      command: 'zip -qlf log out.zip a',
      effects: ['write ./log', 'write ./log.log', 'write ./out.zip', 'write ./out.zip.zip', 'read ./a'],
      why: '-q then -lf, whose log file gets .log when its name has no extension',
    },
    {
      command: 'zip -r out.zip src -x a b',
      effects: ['write ./out.zip', 'write ./out.zip.zip', 'read ./src [all]'],
      why: '-x takes every following word up to the next option: patterns, not files',
    },
  ],
});

/** The unzip model. @internal */
export const unzip = defineProgram({
  names: ['unzip'],
  summary: 'unzip: list, test and extract zip archives',
  sources: ['Info-ZIP unzip 6.0 unzip(1)'],
  files: (_name, argv) => unzipOperands(argv),
  runs: 'unseen',
  examples: [
    {
      command: 'unzip a.zip -d out',
      effects: ['read ./a.zip', 'write ./out [some]'],
      readOnly: false,
      why: 'it writes the names the archive holds under -d',
    },
    { command: 'unzip -l a.zip', effects: ['read ./a.zip'], why: '-l only lists' },
  ],
});
