/**
 * Programs that start a command in a session or window of their own — `dtach -n SOCKET CMD…`,
 * `abduco -n NAME CMD…`, `xterm -e CMD…`, `byobu` (tmux or screen with byobu's configuration).
 * What they run is judged as a command of its own: with no model, `dtach -n s sh -c 'x=r; ${x}m -f
 * notes.txt'` and the like passed the word screen (replay of red team 13, N10). tmux and screen
 * have their own models (`tmux.ts`, `screen.ts`).
 *
 * Sources: dtach 0.9 dtach(1) and `dtach --help` (Debian 12; its own loop over option letters);
 * abduco 0.6 abduco(1) and abduco.c (its own loop: the second letter of a word is the option; the
 * command defaults to `$ABDUCO_CMD` or dvtm); xterm 379 xterm(1) (`-e` is the last option, one word
 * after it may be run by the shell); byobu 5 byobu(1) (it passes its words to the backend its
 * configuration picks).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** dtach's modes: those that create a socket and run a command. */
const DTACH_CREATES = new Set(['-A', '-c', '-n', '-N']);

/** The index of dtach's command, or why its words cannot be read (`-a`/`-p` run none: `undefined`). */
function dtachCommand(argv: readonly string[]): number | string | undefined {
  const mode = argv[1];
  if (mode === '--help' || mode === '-?' || mode === '--version') return undefined;
  if (mode === '-a' || mode === '-p') return undefined;
  if (mode === undefined || !DTACH_CREATES.has(mode)) return `dtach: a mode it does not take: ${mode ?? '(none)'}`;
  let i = 3;
  for (; i < argv.length && argv[i]!.startsWith('-'); i++) {
    const word = argv[i]!;
    if (word === '--') return i + 1;
    for (const letter of word.slice(1)) {
      if (letter === 'e' || letter === 'r') i++;
      else if (letter !== 'E' && letter !== 'z') return `dtach: an option it does not take: -${letter}`;
    }
  }
  return i;
}

function dtachUnwrap(argv: readonly string[]): WrapperInfo {
  const at = dtachCommand(argv);
  if (typeof at === 'string') return refusedWrap(at);
  return wrapInfo(at !== undefined && at < argv.length ? [{ kind: 'argv', start: at, end: argv.length }] : [], false, true);
}

/** The socket a creating mode makes. */
function dtachFiles(_name: string, argv: readonly string[]): FileOperands {
  const files: FileOperand[] = DTACH_CREATES.has(argv[1] ?? '') && argv[2] !== undefined ? [{ op: 'write', index: 2 }] : [];
  return { files, unresolved: [] };
}

/** The dtach model. @internal */
export const dtach = defineProgram({
  names: ['dtach'],
  summary: 'dtach: run a command in a session that can be detached and attached again',
  sources: ['dtach 0.9 dtach(1)'],
  runs: 'seen',
  role: 'wrapper',
  files: dtachFiles,
  touchesFilesAsWrapper: true,
  unwrap: dtachUnwrap,
  examples: [
    { command: 'dtach -n s.sock cat a.txt', effects: ['write ./s.sock', 'read ./a.txt'], readOnly: false },
    { command: "dtach -n s.sock -Ez sh -c 'rm a.txt'", effects: ['write ./s.sock', 'remove ./a.txt'], readOnly: false },
  ],
});

function abducoUnwrap(argv: readonly string[]): WrapperInfo {
  let name: string | undefined;
  let attach = false;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) {
      if (name === undefined) {
        name = word;
        continue;
      }
      return wrapInfo([{ kind: 'argv', start: i, end: argv.length }], false, true);
    }
    const letter = word[1];
    if (letter === 'e') i++;
    else if (letter === 'a') attach = true;
    else if (letter === 'v') return wrapInfo([]);
    else if (letter === undefined || !'AcnfpqlrA'.includes(letter)) return refusedWrap(`abduco: an option it does not take: ${word}`);
  }
  if (attach || name === undefined) return wrapInfo([]);
  return wrapInfo([{ kind: 'opaque', reason: 'abduco with no command runs $ABDUCO_CMD (or dvtm), which toolgate cannot see' }]);
}

/** The abduco model. @internal */
export const abduco = defineProgram({
  names: ['abduco'],
  summary: 'abduco: run a command in a session that can be detached and attached again',
  sources: ['abduco 0.6 abduco(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: abducoUnwrap,
  examples: [{ command: "abduco -n s sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false }],
});

/** xterm options before `-e` that take a value and name no file, program or resource. */
const XTERM_VALUED = new Set([
  '-T',
  '-title',
  '-n',
  '-name',
  '-class',
  '-geometry',
  '-g',
  '-fa',
  '-fs',
  '-fn',
  '-bg',
  '-fg',
  '-bw',
  '-cr',
  '-ms',
  '-display',
]);

/** xterm options before `-e` that take no value and change no file or program. */
const XTERM_FLAGS = new Set([
  '-hold',
  '+hold',
  '-iconic',
  '-sb',
  '+sb',
  '-rv',
  '+rv',
  '-ls',
  '+ls',
  '-u8',
  '+u8',
  '-j',
  '+j',
  '-s',
  '+s',
  '-maximized',
]);

function xtermUnwrap(argv: readonly string[]): WrapperInfo {
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-e') {
      const rest = argv.length - (i + 1);
      if (rest === 0) return refusedWrap('xterm -e: no command');
      // One word may be run by the shell as text (xterm tries it as a program first).
      const inner: Unwrapped = rest === 1 ? { kind: 'script', index: i + 1 } : { kind: 'argv', start: i + 1, end: argv.length };
      return wrapInfo([inner], false, true);
    }
    if (XTERM_VALUED.has(word)) i++;
    else if (!XTERM_FLAGS.has(word)) return refusedWrap(`xterm: an option toolgate does not model: ${word}`);
  }
  return wrapInfo([{ kind: 'opaque', reason: 'xterm with no -e starts a shell in a new window' }]);
}

/** The xterm model. @internal */
export const xterm = defineProgram({
  names: ['xterm'],
  summary: 'xterm: terminal emulator; runs a command (-e) or a shell in a new window',
  sources: ['xterm 379 xterm(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: xtermUnwrap,
  examples: [
    { command: 'xterm -hold -e cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    { command: "xterm -e 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'one word after -e may be run by the shell' },
  ],
});

/** The byobu model: what it runs depends on its configuration. @internal */
export const byobu = defineProgram({
  names: ['byobu'],
  summary: 'byobu: tmux or screen (as its configuration picks) with its own configuration',
  sources: ['byobu 5 byobu(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: () =>
    wrapInfo([
      {
        kind: 'opaque',
        reason: 'byobu passes its words to tmux or screen, as its configuration picks, and loads its own configuration (~/.byobu)',
      },
    ]),
  examples: [{ command: 'byobu new -d ls', why: 'what it runs depends on its configuration' }],
});
