/**
 * A read by a relative path after a `cd` in the same command, while a Read deny rule is
 * configured: Claude Code (CLI 2.1.332) asks for it — "reads a file by a relative path after a cd
 * in a compound command; which file that is cannot be resolved statically while a Read() deny
 * rule is configured" — and offers nothing to remember. toolgate follows the `cd` itself, but a
 * read-only allow there would be looser than the CLI it stands in for, so it asks too.
 */
import { PROGRAMS } from '../shell/programs/index.js';
import type { CallFacts } from './facts.js';
import { rulesForTool } from './policy-index.js';
import type { EvalState } from './types.js';
import type { SimpleCommand } from '../shell/types.js';

/** Whether a program changes the shell's working directory for the commands after it (its model says). */
const moves = (name: string): boolean => PROGRAMS.get(name)?.state?.directory !== undefined;

/**
 * The program that reads a relative path after a `cd`, when a Read deny rule is configured and
 * the command has one; else `undefined`.
 */
export function readAfterCd(state: EvalState): string | undefined {
  return partsReadAfterCd(state)[0]?.argv[0];
}

/**
 * Every part that reads a relative path after a `cd`, when a Read deny rule is configured (what
 * {@link readAfterCd} asks about); an allow rule naming such a part exactly answers it.
 */
export function partsReadAfterCd(state: EvalState): SimpleCommand[] {
  const f = state.facts as CallFacts;
  if (f.kind !== 'shell') return [];
  if (rulesForTool(state.index, 'deny', 'Read').length === 0) return [];
  const commands = f.analysis.commands;
  const first = commands.findIndex((c) => moves(c.argv[0] ?? ''));
  if (first < 0) return [];
  const out: SimpleCommand[] = [];
  for (let j = first + 1; j < commands.length; j++) {
    const argv = commands[j]?.argv ?? [];
    const name = argv[0] ?? '';
    if (moves(name)) continue;
    // A relative operand, or none at all (`ls`, `ls -la` read the directory the cd left).
    const reads = f.effects.filter((e) => e.command === j && e.op === 'read');
    if (reads.some((e) => !/^[/~]/.test(e.raw)) || (reads.length === 0 && argv.slice(1).every((w) => w.startsWith('-'))))
      out.push(commands[j]!);
  }
  return out;
}

/**
 * Whether the command changes directory and writes or removes a file: Claude Code (CLI 2.1.332)
 * asks for it even in acceptEdits — "Commands that change directories and perform write
 * operations require explicit approval" — so acceptEdits does not allow it here either.
 */
export function writesWithCd(state: EvalState): boolean {
  const f = state.facts as CallFacts;
  if (f.kind !== 'shell') return false;
  return f.analysis.commands.some((c) => moves(c.argv[0] ?? '')) && f.effects.some((e) => e.op !== 'read');
}
