/**
 * Archivers: zip (`-r` reads directories whole) and unzip; tar has its model in `programs/tar/`,
 * the gzip family in `compressors.ts`. Info-ZIP zip 3.0 (its own option grammar: `zip-options.ts`)
 * and unzip(1).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has, is, optionFile, pushOpt, treeRemoval, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { optionRuns, withOpaqueRunners } from './option-runs.js';
import { readBy, withHiddenOptions, type ReadWords } from './parse.js';
import { zipWords } from './zip-options.js';
import type { WrapperInfo } from './wrapper-types.js';

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
  // `-m` deletes what it archived: with -r a directory and all it holds, and — as zip follows
  // links unless -y — what the links inside lead to (`ln -s . me; zip -rm x.zip me` emptied the
  // project, red team 13).
  const remove = has(options, '--move');
  const tree = recursive ? treeRemoval(has(options, '--symlinks') ? 'itself' : 'follows') : {};
  for (const k of ops.slice(1)) {
    files.push({ op: 'read', index: k, ...(recursive ? { tree: 'all' as const } : {}) });
    if (remove) files.push({ op: 'remove', index: k, ...tree });
  }
  // `zip -m x.zip -@` removes the files its input names once archived (`echo .claude/settings.json
  // | zip -m x.zip -@` did, red team 13 N3): the input's lines are read as a list (list-names.ts:
  // a here-string or echo through the view; input toolgate cannot see is names it cannot work out).
  const stdin = options.find((o) => is(o, '--names-stdin'));
  if (remove && stdin !== undefined) files.push({ op: 'read', index: stdin.index, value: '-', listsNames: 'remove' });
  // The words of -i and -x are patterns of names, not files.
  return { files, unresolved, notFiles: listWords };
}

/**
 * Info-ZIP unzip 6.0 as Debian 12 builds it (unzip.c's `uz_opts`, checked letter by letter with
 * `unzip -X nonexist.zip`): its own loop reads the letters of the words before the archive and
 * stops at the archive; `-d` and `-P` take the rest of their word or the next word. A `-` inside
 * a word negates the next letter (`-q-o`); `--q` (a negation, not a long name) is refused here and
 * read leniently. With `-Z` first it is zipinfo, whose letters `1`, `2`, `m`, `s` are here too.
 */
const unzipGrammar: GnuOptionSpec = { short: '+-12abBcCd:DefFhjKlLmMnopP:qstTuUvVWxXzZ^' };

/**
 * `unzip [opts] ARCHIVE [MEMBER…] [-x XMEMBER…] [-d DIR]`: extracts under DIR (the cwd by
 * default). After the archive unzip reads no letters: its words are members, `-x` starts the
 * excluded ones, and a word that starts with `-d` (`-d DIR`, `-dDIR`) names DIR when no `-d`
 * came before the archive (unzip.c's `unzip()`); `unzip a.zip -l` extracts a member named `-l`.
 */
function unzipOperands(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const toStdout = has(options, '-p', '-c', '-l', '-t', '-v', '-z', '-Z');
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  if (toStdout) return { files, unresolved: [] };
  // It writes the names the archive holds, which toolgate does not read.
  const names = { kind: 'unseen', what: 'archive' } as const;
  let dir: FileOperand | undefined;
  const before = options.find((o) => is(o, '-d'));
  if (before) dir = optionFile(before, 'write', argv, { tree: 'some', names });
  const notFiles: number[] = [];
  const after = ops.slice(1);
  for (let j = 0; j < after.length; j++) {
    const k = after[j]!;
    const word = argv[k]!;
    if (before === undefined && dir === undefined && word.startsWith('-d')) {
      if (word.length > 2) dir = { op: 'write', index: k, value: word.slice(2), tree: 'some', names };
      else {
        notFiles.push(k);
        const next = after[j + 1];
        // `-d` as the last word: unzip refuses to extract anywhere.
        if (next === undefined) return { files, unresolved: [], notFiles };
        dir = { op: 'write', index: next, tree: 'some', names };
        j++;
      }
      continue;
    }
    notFiles.push(k);
  }
  files.push(dir ?? { op: 'write', index: 0, value: '.', tree: 'some', names });
  return { files, unresolved: [], notFiles };
}

/** What zip's `-TT CMD`/`--unzip-command=CMD` runs to test the archive (through the shell). */
function zipRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const found = zipWords(argv)
    .options.filter((o) => o.name === '--unzip-command' && o.value !== undefined)
    .map((o) => ({ name: '-TT', value: o.value!, valueIndex: o.valueIndex ?? o.index }));
  return optionRuns('zip', found, literal);
}

/** The zip model (`zip --unzip-command` runs a program toolgate does not read). @internal */
export const zip = defineProgram({
  names: ['zip'],
  summary: 'zip: package and compress files',
  sources: ['Info-ZIP zip 3.0 zip(1)'],
  // zip(1) ENVIRONMENT: default options from ZIPOPT, or ZIP when ZIPOPT is unset (both read here).
  readsVariables: {
    ZIP: { may: ['options'], what: 'ZIP holds options zip reads before its command line' },
    ZIPOPT: { may: ['options'], what: 'ZIPOPT holds options zip reads before its command line' },
  },
  // A word that is not literal may be -m, which removes what is archived (`y=-m; zip -r x.zip .claude $y`).
  // A test command that is not literal may write anything (decision 0092).
  files: (_name, argv, literal) =>
    withOpaqueRunners(
      withHiddenOptions(argv, literal, ['-m'], (argv) => zipOperands(argv)),
      zipRuns(argv, literal ?? argv.map(() => true)),
    ),
  // `-m` removes what it archives: judged as rm's removals are (`zip -rm x.zip ../proj?` is the project).
  removes: true,
  // `-TT CMD`/`--unzip-command=CMD` tests the archive by running CMD through the shell: judged as a command.
  runs: 'seen',
  unwrap: zipRuns,
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
  grammar: unzipGrammar,
  // unzip(1) ENVIRONMENT OPTIONS: default options from UNZIP (or UNZIPOPT).
  readsVariables: {
    UNZIP: { may: ['options'], what: 'UNZIP holds options unzip reads before its command line' },
    UNZIPOPT: { may: ['options'], what: 'UNZIPOPT holds options unzip reads before its command line' },
  },
  // A word this grammar refuses (an unknown letter, `--q`): another unzip may take it.
  files: (_name, argv) => readBy(argv, unzipGrammar, (words) => unzipOperands(argv, words)),
  runs: 'unseen',
  examples: [
    {
      command: 'unzip a.zip -d out',
      effects: ['read ./a.zip', 'write ./out [some]'],
      readOnly: false,
      why: 'it writes the names the archive holds under -d',
    },
    { command: 'unzip -l a.zip', effects: ['read ./a.zip'], why: '-l only lists' },
    {
      command: 'unzip a.zip -l',
      effects: ['read ./a.zip', 'write . [some]'],
      why: 'after the archive unzip reads no options: -l is a member to extract',
    },
    {
      command: 'unzip -x a.zip',
      effects: ['read ./a.zip', 'write . [some]'],
      why: '-x before the archive is extraction, which takes no value',
    },
  ],
});
