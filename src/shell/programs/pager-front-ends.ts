/**
 * Programs that run the pager, editor or browser a variable names: Debian's sensible-utils
 * (`sensible-pager`, `sensible-editor`, `sensible-browser`, `select-editor`), moreutils' `vipe`
 * and Python's `pydoc`. Each variable is code the program runs (`readsVariables`): one the line
 * gives with a value not known inert (`environment-values.ts` inertCodeValue: `cat`, a pager or an
 * editor by name) is a write whose names toolgate cannot see, a protected ask in every mode
 * (decision 0092). Verified with bash, dash and zsh (replay after red team 17, NEW-1, NEW-2):
 * `PAGER='rm -rf .claude' sensible-pager README.md`, `EDITOR='rm -rf .claude' sensible-editor x`,
 * `echo a | VISUAL='rm -rf .claude' vipe` and `PAGER='sh -c "rm -rf .claude"' pydoc3 os` each
 * removed `.claude`. Their other words go to the program they run: every word keeps the treatment
 * of a program toolgate does not model.
 */
import type { FileOperands } from '../options/file-operands.js';
import { defineProgram, type ReadVariable } from './model.js';
import { LESS_VARIABLES } from './pagers.js';

/** Every word assumed, as for a program toolgate does not model: the pager or editor it runs reads them. */
function assumedWords(): FileOperands {
  return { files: [], unresolved: [], modelled: 'partly' };
}

/** The less variables, for a program whose default pager is less (Debian's `pager` alternative). */
const DEFAULT_LESS: Readonly<Record<string, ReadVariable>> = Object.fromEntries(
  Object.entries(LESS_VARIABLES).map(([k, v]) => [k, { may: ['code'], what: `${v.what} (the default pager is less)` } as const]),
);

/** sensible-pager. @internal */
export const sensiblePager = defineProgram({
  names: ['sensible-pager'],
  summary: 'sensible-pager: run the pager PAGER names (else pager, then more) on its words',
  sources: ['sensible-utils 0.0.17 /usr/bin/sensible-pager (`Run ${PAGER:-pager} "$@"`: PAGER split at blanks and globbed)'],
  files: () => assumedWords(),
  readsVariables: {
    PAGER: { may: ['code'], what: 'PAGER names the pager sensible-pager runs (split at blanks, so it may be any command line)' },
    ...DEFAULT_LESS,
  },
  runs: 'unseen',
  examples: [
    { command: 'sensible-pager README.md', effects: ['write ./README.md (word)'], readOnly: false },
    { command: 'PAGER=less sensible-pager README.md', effects: ['write ./README.md (word)'], why: 'less by name is an inert pager' },
    {
      command: "PAGER='rm -rf .claude' sensible-pager README.md",
      effects: ['write . [some]', 'write ./README.md (word)'],
      why: 'sensible-pager runs PAGER split at blanks: rm -rf .claude README.md',
    },
  ],
});

/** The variables that name the editor sensible-editor runs, in its order. */
const SENSIBLE_EDITOR_VARIABLES: Readonly<Record<string, ReadVariable>> = {
  VISUAL: { may: ['code'], what: 'VISUAL names the editor sensible-editor runs first' },
  EDITOR: { may: ['code'], what: 'EDITOR names the editor sensible-editor runs (split at blanks, so it may be any command line)' },
  SELECTED_EDITOR: {
    may: ['code'],
    what: 'SELECTED_EDITOR names the editor sensible-editor runs when EDITOR is not set (split at blanks)',
  },
};

/** sensible-editor. @internal */
export const sensibleEditor = defineProgram({
  names: ['sensible-editor'],
  summary: 'sensible-editor: run the editor VISUAL, EDITOR or SELECTED_EDITOR names (else editor, nano, vi) on its words',
  sources: [
    'sensible-utils 0.0.17 sensible-editor(1) and /usr/bin/sensible-editor (`Run "$VISUAL" "$@"`, then `Run ${EDITOR:-${SELECTED_EDITOR:-editor}} "$@"` after sourcing ~/.selected_editor)',
  ],
  files: () => assumedWords(),
  readsVariables: SENSIBLE_EDITOR_VARIABLES,
  runs: 'unseen',
  examples: [
    { command: 'EDITOR=vim sensible-editor notes.txt', effects: ['write ./notes.txt (word)'], why: 'vim by name is an inert editor' },
    {
      command: "EDITOR='rm -rf .claude' sensible-editor x",
      effects: ['write . [some]', 'write ./x (word)'],
      why: 'sensible-editor runs EDITOR split at blanks: rm -rf .claude x',
    },
  ],
});

/** sensible-browser. @internal */
export const sensibleBrowser = defineProgram({
  names: ['sensible-browser'],
  summary: 'sensible-browser: run the browser BROWSER names (else the system’s) on its words',
  sources: ['sensible-utils 0.0.17 /usr/bin/sensible-browser (`Run "${BROWSER}" "$@"`)'],
  files: () => assumedWords(),
  readsVariables: { BROWSER: { may: ['code'], what: 'BROWSER names the program sensible-browser runs' } },
  runs: 'unseen',
  examples: [
    {
      command: 'BROWSER=./x sensible-browser https://example.com/',
      effects: ['write ./x', 'write . [some]', 'write ./https:/example.com (path)'],
    },
  ],
});

/** vipe. @internal */
export const vipe = defineProgram({
  names: ['vipe'],
  summary: 'vipe: let the editor VISUAL or EDITOR names edit a pipe’s text in a temporary file',
  sources: ['moreutils 0.67 vipe(1) and /usr/bin/vipe (`split(" ", $ENV{VISUAL} // $ENV{EDITOR})`, run with the file)'],
  files: () => assumedWords(),
  readsVariables: {
    VISUAL: { may: ['code'], what: 'VISUAL names the editor vipe runs (split at blanks, so it may be any command line)' },
    EDITOR: { may: ['code'], what: 'EDITOR names the editor vipe runs when VISUAL is not set (split at blanks)' },
  },
  runs: 'unseen',
  examples: [
    {
      command: 'echo a | vipe --suffix md',
      effects: ['write ./md (word)', 'read ./a (word)'],
      why: 'the text piped in is read as an unmodelled program’s input',
    },
    {
      command: "echo a | EDITOR='rm -rf .claude' vipe",
      effects: ['write . [some]', 'read ./a (word)'],
      why: 'vipe runs rm -rf .claude FILE',
    },
  ],
});

/** pydoc. @internal */
export const pydoc = defineProgram({
  names: ['pydoc', 'pydoc3'],
  summary: 'pydoc: show the documentation of Python modules (it imports them: their code runs)',
  sources: [
    'CPython 3.11 Lib/pydoc.py getpager(): `MANPAGER or PAGER`, run by pipepager through a shell (subprocess, shell=True) on a terminal; else less',
  ],
  files: () => assumedWords(),
  readsVariables: {
    MANPAGER: { may: ['code'], what: 'MANPAGER names the pager pydoc runs through a shell' },
    PAGER: { may: ['code'], what: 'PAGER names the pager pydoc runs through a shell when MANPAGER is not set' },
    ...DEFAULT_LESS,
  },
  runtime: 'python',
  runs: 'unseen',
  examples: [
    { command: 'PAGER=cat pydoc3 os', effects: ['write ./os (word)'], why: 'cat pages nothing' },
    { command: "MANPAGER='sh -c x' pydoc3 os", effects: ['write . [some]', 'write ./os (word)'], why: 'pydoc hands MANPAGER to a shell' },
  ],
});
