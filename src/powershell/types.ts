/**
 * What reading a PowerShell command line reports. Words are given after quote and escape
 * removal when they are literal, else as written.
 * @packageDocumentation
 */

/** One value of an argument: a bare word, a quoted string, or one item of a comma list. @public */
export interface PsWord {
  /** The value after quote and escape removal (literal words); the raw text otherwise. */
  text: string;
  /** As written, quotes and escapes kept. */
  raw: string;
  /** False when the value depends on run time: a variable (`$x`, `"a$x"`) or a splat. */
  literal: boolean;
  /** True when written with a backtick escape (wildcard parameters read escapes their own way). */
  escaped: boolean;
}

/**
 * One element after the command name:
 * - `parameter`: `-Name`, or `-Name:value` (then `value` is set);
 * - `argument`: a value, or a comma list (`a,b`) of values;
 * - `splat`: `@name` — parameters from a variable, not known from the text.
 * @public
 */
export type PsElement =
  | { kind: 'parameter'; name: string; raw: string; value?: PsWord[] }
  | { kind: 'argument'; values: PsWord[]; raw: string }
  | { kind: 'splat'; raw: string };

/** A redirection on a command (`> out.txt`, `2>&1`, `*> $null`). @public */
export interface PsRedirect {
  /** The operator as written: `>`, `>>`, `2>`, `*>>`, `2>&1`, ... */
  op: string;
  /** `file`: writes the target; `null`: `$null`; `merge`: a stream merged into another (`2>&1`). */
  kind: 'file' | 'null' | 'merge';
  target?: PsWord;
}

/** One command of a pipeline, as written. @public */
export interface PsCommand {
  /** The command name as written (a bare word). */
  name: string;
  /** Everything after the name, in order. */
  elements: PsElement[];
  redirects: PsRedirect[];
  /** Source text of the command (name and elements, not redirections). */
  source: string;
  /** Index of the statement (`;`, newline, `&&`, `||` separate statements) it belongs to. */
  statement: number;
  /** Position in its pipeline: 0 for the first command; later ones may take input from the pipe. */
  position: number;
}

/** Result of reading a PowerShell command line. Never thrown. @public */
export interface PowerShellReading {
  command: string;
  /** Every command, in source order. */
  commands: PsCommand[];
  /** Why the line, or part of it, is not understood; empty when fully understood. */
  unknown: string[];
}
