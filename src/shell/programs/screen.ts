/**
 * `screen [opts] [CMD [ARGS]]`: GNU screen starts CMD (run as it is, no shell) in a new window, or
 * the user's shell when none is given. What toolgate cannot read is opaque code: `-X COMMAND` sends
 * a screen command to a running session (`stuff` types keys into it, `exec` runs a program), `-c
 * FILE` reads a configuration file whose commands may run programs, `-s SHELL` picks the shell, and
 * an option toolgate does not know. With `-r`, `-R`, `-x` (or `-d` without `-m`) the word after the
 * options names a session, not a command.
 *
 * Grammar: GNU screen 4.9 screen(1) (Debian 12): single-letter options may be grouped (`-dmS
 * NAME`); `-e`, `-h`, `-p`, `-S`, `-t`, `-T`, `-c`, `-s`, `-X` take the next word as their value,
 * whatever it is (`screen -dmS -x touch f` ran touch in a session named -x); screen 4.9 refuses a
 * value attached to the letter (`-dmSjob`: "Unknown option Sjob"), which is read as the value, so
 * the command after it is still judged; `-ls`, `-list`, `-wipe`, `-ln`, `-fn`, `-fa`, `-Logfile
 * FILE` are words of their own. Only the letters read as options say whether it attaches.
 */
import type { FileOperands } from '../options/file-operands.js';
import { withOpaqueRunners } from './option-runs.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** Letters that take a value. */
const VALUED = 'ehpSstTcX';
/** Letters that take none. */
const FLAGS = 'aAdDmrRxUqOlLiWfv';
/** Whole words screen reads as one option, with how many values follow. */
const WORDS: Record<string, number> = { '-ls': 0, '-list': 0, '-wipe': 0, '-ln': 0, '-fn': 0, '-fa': 0, '-Logfile': 1 };

const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/** `-X` commands that only end or detach a session (screen(1), "CUSTOMIZATION"): they run nothing and write nothing. */
const HARMLESS_X: ReadonlySet<string> = new Set(['quit', 'detach', 'kill', 'pow_detach']);

/** What a screen command line runs (see the module comment). */
function screenRuns(argv: readonly string[]): WrapperInfo | undefined {
  const inner: Unwrapped[] = [];
  // The option letters read, without their values: `-dmSrun` is -d -m -S run, which attaches to nothing.
  let letters = '';
  let k = 1;
  for (; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') {
      k++;
      break;
    }
    if (!w.startsWith('-') || w === '-') break;
    if (WORDS[w] !== undefined) {
      k += WORDS[w];
      continue;
    }
    for (let j = 1; j < w.length; j++) {
      const letter = w[j]!;
      letters += letter;
      if (FLAGS.includes(letter)) continue;
      if (!VALUED.includes(letter)) return wrapInfo([opaque(`screen ${w}: an option toolgate does not know`)]);
      const value = j + 1 < w.length ? w.slice(j + 1) : argv[++k];
      if (letter === 'X' && !HARMLESS_X.has(value ?? ''))
        inner.push(opaque(`screen -X ${value ?? ''} sends a command to a running session, which may type keys or run programs`));
      if (letter === 'c') inner.push(opaque(`screen -c ${value ?? ''} reads a configuration file, whose commands may run programs`));
      if (letter === 's') inner.push(opaque(`screen -s ${value ?? ''} chooses the shell its windows run`));
      break;
    }
  }
  // `-r`, `-R`, `-x` and `-d`/`-D` without `-m` name a session to attach or detach, and `-X`'s
  // words are its command's: no program to start.
  const attaches = /[rRxX]/.test(letters) || (/[dD]/.test(letters) && !letters.includes('m'));
  if (k < argv.length && !attaches) inner.push({ kind: 'argv', start: k, end: argv.length });
  return inner.length > 0 ? wrapInfo(inner) : undefined;
}

/**
 * The file `-Logfile FILE` names: the log `-L` (or a later `log on`) writes the window's output to.
 * Verified with screen 4.9: `screen -dmS s -L -Logfile .claude/settings.json sh -c 'echo hi'` wrote
 * the session's output there (red team 17, R17-10). Read over the option words as {@link screenRuns} reads them.
 */
function screenFiles(argv: readonly string[]): FileOperands {
  const files: FileOperands['files'] = [];
  const notFiles: number[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--' || !w.startsWith('-') || w === '-') break;
    if (w === '-Logfile') {
      if (k + 1 < argv.length) files.push({ op: 'write', index: k + 1 });
      k++;
      continue;
    }
    if (WORDS[w] !== undefined) continue;
    // A value letter's value is the rest of the word or the next word (see screenRuns).
    const at = [...w.slice(1)].findIndex((l) => VALUED.includes(l));
    if (at >= 0 && at + 2 === w.length) notFiles.push(++k);
  }
  return { files, unresolved: [], notFiles };
}

/** The screen model. @internal */
export const screen = defineProgram({
  names: ['screen'],
  summary: 'screen: terminal multiplexer; runs a command in a new window',
  sources: ['GNU screen 4.9 screen(1) (Debian 12); screen -dmS s touch f and screen -dm sh -c … ran the command'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => screenRuns(argv),
  // What screen runs that toolgate cannot read (`-X exec …`/`-X stuff …` to a running session,
  // `-c FILE`'s commands, `-s`'s shell, an option it does not know) may write anything: a protected
  // ask in every mode, not opaque code `Bash(*)` consents to (replay 17b NEW-7, NEW-9: `screen -S s
  // -X exec sh -c 'rm -rf .claude'` and `screen -c s.rc …` with `logfile .claude/settings.json`
  // ran under Bash(*) in bypassPermissions).
  files: (_name, argv) => withOpaqueRunners(screenFiles(argv), screenRuns(argv)),
  // screen reads SCREENRC (else ~/.screenrc, a protected path) for its startup commands.
  readsVariables: {
    SCREENRC: { may: ['options-file'], what: 'SCREENRC names the file of commands screen runs at its start (logfile, exec, screen …)' },
    SYSSCREENRC: { may: ['options-file'], what: 'SYSSCREENRC names the system file of commands screen runs at its start' },
  },
  touchesFilesAsWrapper: true,
  examples: [
    {
      command: 'screen -dmS job rm a.txt',
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'the words after the options run as a command',
    },
  ],
});
