/**
 * The built-in read-only command sets, as data.
 *
 * - `claudeCode` (default dialect): an allowlist per command — the options known safe, what
 *   their values are, which values and operands are paths the command reads — and nothing
 *   else. Any option not listed, an abbreviation that resolves (against the tool's full long
 *   option list) to an option not listed, or an ambiguous one makes the command not read-only.
 *   Sources, per entry: Claude Code docs, Configure permissions › Bash ("built-in read-only
 *   commands"); the installed manuals and `--help` of GNU coreutils 9.1, grep 3.8, diffutils 3.8,
 *   findutils 4.9, sed 4.9, file 5.44, ripgrep 13, tree 2.1, jq 1.6, procps-ng 4.0, util-linux
 *   2.38, binutils 2.40, xxd 2022-01-14; and the Claude Code CLI 2.1.332 observed on everyday
 *   commands (`test/cases/own/cc-benign-holdout.jsonl`). Where the CLI asks about a form its
 *   docs would allow, the stricter answer is kept.
 * - `robota`: robota docs, Read-only commands (a smaller set; unknown short letters, globs,
 *   variables, escapes, paths outside the working directory and more disqualify).
 */
import type { GnuArgument } from '../options/gnu-options.js';
import { PROGRAMS } from '../programs/index.js';
import { CC_DOCS, coreutils } from '../programs/sources.js';
import { CLAUDE_CODE_UNMOVED } from './unmodelled.js';

export { ROBOTA_UNSAFE_LONG } from './unmodelled.js';

export type { OperandRole, ReadOnlyCheck, ReadOnlyEntry, ReadOnlySpec } from '../programs/read-only-types.js';
import type { ReadOnlyEntry, ReadOnlySpec } from '../programs/read-only-types.js';

/** Claude Code's built-in read-only commands, each an allowlist of options. @public */
export const CLAUDE_CODE_READ_ONLY: Readonly<Record<string, ReadOnlyEntry>> = Object.defineProperties(
  { ...CLAUDE_CODE_UNMOVED },
  // The models' entries as getters (copied as descriptors, not read): a model loads when its entry is read.
  Object.getOwnPropertyDescriptors(PROGRAMS.readOnlyTable('claudeCode')),
);

/** Safe short letters of the robota set (each model's `readOnly.robota`). */
export const ROBOTA_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = PROGRAMS.readOnlyTable('robota');

/**
 * Wrappers Claude Code looks through, with the options known safe (the wrapped command is judged
 * on its own): each model's `readOnly.wrapper` entry (`timeout`, `nice`, `command`, `noglob`, …).
 */
export const WRAPPERS_READ_ONLY: Readonly<Record<string, ReadOnlyEntry>> = PROGRAMS.readOnlyTable('wrapper');
