/**
 * `entr [-acdnprsz] UTILITY [ARGUMENT [/_] …] < NAMES` (eradman/entr): watches the files named
 * on its input and runs UTILITY with its arguments (no shell) at the start and when one changes;
 * the first argument that is exactly `/_` is replaced with the absolute path of the file that
 * changed (at the start, the first one listed). `-s` runs its one argument as `$SHELL -c TEXT
 * FILE`, the file then in `$0`. entr 5.3 (Debian 12) verified in a sandbox (#37, replay 21
 * NEW-S2): its options stop at the first operand (`entr -zn echo hi -z` prints `hi -z`), only
 * the first `/_` is replaced (`echo /_ /_` prints `/p/a.txt /_`, `x/_` stays), a `/_` utility
 * is exec'd (`entr -zn /_`: "exec /p/a.txt: Permission denied"), `-s` with more than one
 * argument refuses to run ("-s requires commands to be formatted as a single argument"), and
 * `-s 'cat $0'` printed the listed file.
 */
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** entr 5.3's getopt string: every option is a flag. */
const FLAGS = new Set(['a', 'c', 'd', 'n', 'p', 'r', 's', 'z']);
/** The word entr replaces with a name from its input (the first one only, matched whole). */
const PLACEHOLDER = '/_';

/** entr's options (getopt, no permutation): whether `-s` is given and where the utility starts, or why they cannot be read. */
function readEntr(argv: readonly string[]): { shell: boolean; start: number } | { problem: string } {
  let shell = false;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') return { shell, start: k + 1 };
    if (!w.startsWith('-') || w === '-') return { shell, start: k };
    for (const letter of w.slice(1)) {
      if (!FLAGS.has(letter)) return { problem: `entr -${letter} is not an option entr takes` };
      if (letter === 's') shell = true;
    }
  }
  return { shell, start: argv.length };
}

/** Whether entr puts a name from its input in its command's words (a `/_` word, not with `-s`). */
function placesInput(argv: readonly string[]): boolean {
  const read = readEntr(argv);
  return !('problem' in read) && !read.shell && argv.slice(read.start).includes(PLACEHOLDER);
}

/** What entr runs: its utility and arguments, a `/_` word a name from input; with `-s`, its argument as shell text. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const read = readEntr(argv);
  if ('problem' in read) return refusedWrap(read.problem);
  const { shell, start } = read;
  if (start >= argv.length) return refusedWrap('entr without a utility');
  if (shell) {
    if (argv.length - start !== 1) return refusedWrap('entr -s with more than one argument');
    // The script's $0 is the listed file's name: a word the script reads as unknown.
    return wrapInfo([{ kind: 'script', index: start }]);
  }
  if (!placesInput(argv)) return wrapInfo([{ kind: 'argv', start, end: argv.length }]);
  // Input names are absolute paths: never an option.
  return {
    inner: [{ kind: 'argv', start, end: argv.length }],
    transparent: false,
    exactOnly: true,
    input: { appended: false, placeholder: PLACEHOLDER, via: 'entr', optionFree: true },
  };
}

/** The entr model. @internal */
export const entr = defineProgram({
  names: ['entr'],
  summary: 'entr: run a command when the files named on its input change',
  sources: [
    'entr 5.3 entr(1) (SYNOPSIS, -s, "The first argument named /_ is replaced", ENVIRONMENT: SHELL)',
    'verified with entr 5.3 on Debian 12 in a sandbox (#37, replay 21 NEW-S2)',
  ],
  readsVariables: { SHELL: { may: ['code'], what: 'SHELL names the shell entr -s hands its command to' } },
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  // Its own words name no file: the names it watches come from its input.
  files: () => ({ files: [], unresolved: [] }),
  touchesFilesAsWrapper: true,
  handsOnInput: placesInput,
  examples: [
    { command: 'entr -c npm test', readOnly: false, why: 'npm test runs the project\'s scripts' },
    { command: 'entr -zn cat /_', readOnly: false, why: '/_ is a file named on entr\'s input, which toolgate cannot see' },
    { command: "entr -s 'make | head'", readOnly: false, why: '-s hands its argument to a shell' },
  ],
});
