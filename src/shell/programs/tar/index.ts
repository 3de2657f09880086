/**
 * tar: one model, its knowledge in this folder by facet — `options.ts` (the one grammar and the
 * old style first word), `files.ts` (the archive, the inputs it reads and the directory it
 * extracts into), `runs.ts` (the programs its options run, its `unwrap` facet).
 */
import { defineProgram } from '../model.js';
import { withOpaqueRunners } from '../option-runs.js';
import { withHiddenOptions } from '../parse.js';
import { tarOperands } from './files.js';
import { TAR_OPTIONS, tarOptionVariablesAt } from './options.js';
import { tarWrapper } from './runs.js';

/** The tar model (GNU tar, and bsdtar under the same options). @internal */
export const tar = defineProgram({
  names: ['tar', 'gtar', 'bsdtar'],
  summary: 'tar: create, list and extract archives',
  sources: ['GNU tar 1.34 manual ("All tar Options"; `tar --usage`)'],
  grammar: TAR_OPTIONS,
  // GNU tar reads TAR_OPTIONS before its command line (tar(1) ENVIRONMENT, manual 3.8).
  readsVariables: { TAR_OPTIONS: { may: ['options'], what: 'TAR_OPTIONS holds options tar reads before its command line' } },
  optionVariablesAt: tarOptionVariablesAt,
  // A word that is not literal may be --remove-files (`x=--remove-files; tar -cf x.tar $x .claude`).
  // A program an option runs that is not literal may write anything (decision 0092).
  files: (_name, argv, literal) =>
    withOpaqueRunners(
      withHiddenOptions(argv, literal, ['--remove-files'], (argv) => tarOperands(argv)),
      tarWrapper(argv, literal ?? argv.map(() => true)),
    ),
  runs: 'seen',
  unwrap: tarWrapper,
  touchesFilesAsWrapper: true,
  // `--remove-files` removes what it archives: judged as rm's removals are.
  removes: true,
  examples: [
    {
      command: 'tar -cf x.tar --remove-files .claude',
      effects: ['write ./x.tar', 'read ./.claude [all]', 'remove ./.claude'],
      why: '--remove-files removes each file once it is archived (red team 12)',
    },
    {
      command: 'tar --rem -rf x.tar -C sub a',
      effects: ['write ./x.tar', 'read ./a [all]', 'read ./sub/a [all]', 'remove ./a', 'remove ./sub/a'],
      why: '--rem is --remove-files shortened; -r adds (and so removes) too',
    },
    {
      command: 'tar -Af x.tar --remove-files y.tar',
      effects: ['write ./x.tar', 'read ./y.tar [all]'],
      why: 'what -A adds is archives, which it keeps',
    },
    { command: 'tar -cf out.tar src', effects: ['write ./out.tar', 'read ./src [all]'], readOnly: false },
    { command: 'tar -tf a.tar', effects: ['read ./a.tar'], readOnly: false },
    {
      command: 'tar xf a.tar -C build',
      effects: ['read ./a.tar', 'write ./build [some]'],
      readOnly: false,
      why: 'extraction writes the names the archive holds under -C',
    },
    {
      command: 'tar xIf prog a.tar',
      effects: ['read ./a.tar', 'write . [some]'],
      why: 'old style: I takes prog, f takes a.tar',
    },
  ],
});
