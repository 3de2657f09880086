/**
 * The state a script leaves behind: the changes (a variable, an option, a function, an alias, a
 * directory toolgate cannot follow, a trap) made after its last command, which no command of the
 * script itself is judged with and `ShellAnalysis.stateChanges` therefore leaves out. A script run
 * in the shell that runs the command (`eval`, `source`, a signal's trap action) hands them to the
 * commands after it (red team 19 replay NEW-2: `eval cd proj proj/.claude; echo x > settings.json`).
 * Kept beside the analysis, not in it: the public `ShellAnalysis` shape does not change.
 */
import { SideTable } from '../../core/side-table.js';
import type { ShellAnalysis } from '../types.js';

/** One change a script leaves; `firm` when it changes which code later commands are (an alias). @internal */
export interface LeftChange {
  readonly why: string;
  readonly firm?: true;
}

const LEFT = new SideTable<ShellAnalysis, readonly LeftChange[]>();

/** Keeps what `analysis` leaves behind. @internal */
export function keepLeftState(analysis: ShellAnalysis, left: readonly LeftChange[]): void {
  if (left.length > 0) LEFT.set(analysis, left);
}

/** The changes `analysis` leaves behind for what runs after it in the same shell. @internal */
export function leftState(analysis: ShellAnalysis): readonly LeftChange[] {
  return LEFT.get(analysis) ?? [];
}
