/**
 * `tree`: lists directories. `-o FILE` writes its listing to FILE, `-R` writes `00Tree.html`
 * files, `--fromfile` reads a listing from its operands; `--gitfile`, `--infofile`, `--hintro`
 * and `--houtro` read the file they name. tree reads its own options: long names exactly (no
 * abbreviations), and a value letter takes the next word.
 */
import type { GnuOptionSpec } from '../gnu-options.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** tree 2.1 tree(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'aAcCdDfFgGhiJlnNpqQrsStuUvxXL:P:I:H:T:o:R',
  long: {
    inodes: 'none', device: 'none', noreport: 'none', nolinks: 'none', dirsfirst: 'none', filesfirst: 'none', du: 'none', si: 'none', prune: 'none',
    matchdirs: 'none', metafirst: 'none', 'ignore-case': 'none', fflinks: 'none', info: 'none', gitignore: 'none', charset: 'required',
    filelimit: 'required', timefmt: 'required', sort: 'required', gitfile: 'required', infofile: 'required', hintro: 'required', houtro: 'required',
    help: 'none', version: 'none', output: 'optional', fromfile: 'none', 'opt-toggle': 'none',
  },
  abbreviations: false,
  separateValues: true,
};

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
        reads: ['gitfile', 'infofile', 'hintro', 'houtro'],
        operands: 'read', globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'tree -L 2 src', effects: ['read ./src'], readOnly: true },
    { command: 'tree -o out.txt src', effects: ['write ./out.txt', 'read ./src'], readOnly: false },
  ],
});
