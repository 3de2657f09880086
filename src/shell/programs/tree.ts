/**
 * `tree`: lists directories. `-o FILE` writes its listing to FILE, `-R` writes `00Tree.html`
 * files, `--fromfile` reads a listing from its operands; `--gitfile`, `--infofile`, `--hintro`
 * and `--houtro` read the file they name. tree reads its own options: long names exactly (no
 * abbreviations), and a value letter takes the next word.
 */
import { all, optionFile, pushOpt, type FileOperand, type NamesFrom } from '../options/file-operands.js';
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { walking } from './link-walk.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** tree 2.1 tree(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'aAcCdDfFgGhiJlnNpqQrsStuUvxXL:P:I:H:T:o:R',
  long: {
    inodes: 'none',
    device: 'none',
    noreport: 'none',
    nolinks: 'none',
    dirsfirst: 'none',
    filesfirst: 'none',
    du: 'none',
    si: 'none',
    prune: 'none',
    matchdirs: 'none',
    metafirst: 'none',
    'ignore-case': 'none',
    fflinks: 'none',
    info: 'none',
    gitignore: 'none',
    charset: 'required',
    filelimit: 'required',
    timefmt: 'required',
    sort: 'required',
    gitfile: 'required',
    infofile: 'required',
    hintro: 'required',
    houtro: 'required',
    help: 'none',
    version: 'none',
    output: 'optional',
    fromfile: 'none',
    'opt-toggle': 'none',
  },
  abbreviations: false,
  separateValues: true,
};

/** Options whose value is a file tree reads. */
const READS = ['gitfile', 'infofile', 'hintro', 'houtro'];

/** The names `tree -R` writes: `00Tree.html` in each folder below, hidden ones only with -a. */
function htmlNames(hidden: boolean): NamesFrom {
  return { kind: 'entries', eachFolder: '00Tree.html', skipsHidden: !hidden };
}

/** The tree model. @internal */
export const tree = defineProgram({
  names: ['tree'],
  summary: 'tree: list directories as a tree',
  sources: ['tree 2.1 tree(1)', CC_CLI],
  grammar,
  readOnly: {
    claudeCode: {
      tree: readOnlyEntry(grammar, {
        source: `${CC_CLI}; tree 2.1 tree(1) (-o writes, -R writes 00Tree.html files, --fromfile lists paths from a file; exact long names, values from the next word)`,
        safe: {
          short: 'aAcCdDfFgGhiJlnNpqQrsStuUvxXLPIHT',
          long: 'inodes device noreport nolinks dirsfirst filesfirst du si prune matchdirs metafirst ignore-case fflinks info gitignore charset filelimit timefmt sort gitfile infofile hintro houtro help version',
        },
        reads: READS,
        operands: 'read',
        globs: true,
      }),
    },
  },
  files(_name, argv) {
    const files: FileOperand[] = [];
    // `--fromfile=F`: the grammar gives --fromfile no value; should tree read F all the same, it is a read.
    for (let k = 1; k < argv.length; k++)
      if (argv[k]!.startsWith('--fromfile=')) files.push({ op: 'read', index: k, value: argv[k]!.slice('--fromfile='.length) });
    const parse = parseGnuOptions(argv, grammar);
    // An option tree 2.1 does not have (it refuses the command): the other words are assumed paths.
    // tree 2.2 and later read a level attached to -L (`-aRL1`): with R among the letters, the
    // folders below are written as above, below the project as the operands are not known.
    if (!parse.ok) {
      const letters = argv.slice(1).filter((w) => /^-[^-]/.test(w));
      if (letters.some((w) => w.includes('R')))
        files.push({ op: 'write', index: 0, value: '.', tree: 'some', names: htmlNames(letters.some((w) => w.includes('a'))) });
      return { files, unresolved: [], modelled: 'partly' };
    }
    for (const o of parse.options) {
      if (READS.includes(o.name)) pushOpt(files, optionFile(o, 'read', argv));
      if (o.name === 'o') pushOpt(files, optionFile(o, 'write', argv));
    }
    const ops = parse.operands.map((o) => o.index);
    // -R with -L writes 00Tree.html into the folders below each operand (those at every L-th level;
    // any level is assumed), hidden ones only with -a: those names are walked for protected paths
    // (`tree -a -R -L 1 -H .` writes `.git/hooks/00Tree.html`; tree 2.1's list.c, any output format).
    // Without -L tree turns -R off (tree.c).
    if (parse.options.some((o) => o.name === 'R')) {
      const levels = parse.options.some((o) => o.name === 'L');
      const names = htmlNames(parse.options.some((o) => o.name === 'a'));
      const write = { tree: 'some' as const, ...(levels ? { names } : {}) };
      if (ops.length > 0) files.push(...all(ops, 'write', write));
      else files.push({ op: 'write', index: 0, value: '.', ...write });
    }
    files.push(...all(ops, 'read'));
    // -l follows links to directories as it walks.
    return parse.options.some((o) => o.name === 'l') ? walking({ files, unresolved: [] }) : { files, unresolved: [] };
  },
  runs: 'unseen',
  examples: [
    { command: 'tree -L 2 src', effects: ['read ./src'], readOnly: true },
    {
      command: 'tree --hintro=/home/user/id_rsa -H . src',
      effects: ['read /home/user/id_rsa', 'read ./src'],
      readOnly: true,
      why: 'the intro file is copied into the output: a Read deny rule on it applies',
    },
    {
      command: 'tree -T title src',
      effects: ['read ./src'],
      why: '-T takes the next word (the files facet once read the title as a file)',
    },
    { command: 'tree -o out.txt src', effects: ['write ./out.txt', 'read ./src'], readOnly: false },
    {
      command: 'tree -oo out README.md',
      effects: ['write ./out (word)', 'write ./README.md (word)'],
      readOnly: false,
      why: 'each -o takes the next word: tree writes one of them; both are assumed written',
    },
    {
      command: 'tree -L2 src',
      effects: ['write ./src (word)'],
      readOnly: false,
      why: "tree takes -L's value from the next word and refuses 2 as an option: the words are assumed paths",
    },
  ],
});
