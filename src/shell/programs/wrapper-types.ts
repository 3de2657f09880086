/**
 * The types of wrapper handling, below `wrappers.ts` and the per-program modules it imports
 * (`runners`, `sed`, `tar`, …), so that those import downwards only.
 * @packageDocumentation
 */
import type { RunTimeInput } from '../types.js';

/** What a wrapper runs. @internal */
export type Unwrapped =
  /** Runs `argv.slice(start, end)` as a command. */
  | { kind: 'argv'; start: number; end: number; assignments?: number[] }
  /**
   * Runs a shell script (`bash -c`, `watch`, `flock -c`, `su -c`): word `index` (to the end with
   * `joinFrom`), minus its first `offset` characters when the script is attached to an option
   * (`su -c'…'`, `tar --to-command=…`). `here`: the script runs in this shell (a trap's action for a
   * signal), so what it leaves changed holds for the commands after the wrapper.
   */
  | { kind: 'script'; index: number; joinFrom?: number; offset?: number; here?: true }
  /** Runs a shell script toolgate worked out from literal text (sed `e cmd`, a git alias, `GIT_EDITOR`, a here-string). */
  | { kind: 'text'; script: string; what: string }
  /**
   * Runs code toolgate cannot read (a script file, input, a value that is not literal): see
   * `SimpleCommand.opaque`. `embedded`: shell code it may run (text typed into a pane's shell) and
   * what holds it, read as `SimpleCommand.embeddedShell` is; `anyLanguage`: it is the code of a
   * program toolgate cannot name too (a pane may run python3), so the paths it names and the
   * commands its strings hold are read as an interpreter's code is (`SimpleCommand.codePaths`).
   */
  | { kind: 'opaque'; reason: string; embedded?: { script: string; holder: string; anyLanguage?: true } }
  /** Cannot tell what runs; `unseen`: nor which words it gets from input, a firm ask in every mode. */
  | { kind: 'unknown'; reason: string; unseen?: boolean };

/** How a wrapper is treated by rules. @internal */
export interface WrapperInfo {
  inner: Unwrapped[];
  /** Set when the wrapped command's words are completed from input at run time. */
  input?: RunTimeInput;
  /** Claude Code looks through it for allow rules. */
  transparent: boolean;
  /** Never covered by a prefix allow rule. */
  exactOnly: boolean;
  /**
   * It runs each line of its input as a shell command (`parallel` with no command): text the line
   * shows on its input (`echo 'cp a b' | parallel`) is read as a script, by this name.
   */
  runsInput?: string;
  /** The command it runs reads nothing of its input (xargs gives it `/dev/null`). */
  closesInput?: true;
  /** The words each command it starts gets appended, given the text on its input (xargs), where toolgate works them out. */
  batches?: (text: string) => string[][] | undefined;
}
