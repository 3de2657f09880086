/**
 * The variables a command of the line inherits from the line itself: a program started by a
 * wrapper gets the wrapper's environment, so `TAR_OPTIONS=--remove-files nice tar …`, `… xargs
 * tar …`, `… find -exec tar …` and `env TAR_OPTIONS=… tar …` all give tar its TAR_OPTIONS (red
 * team 14, NEW-6). One place reads it for every wrapper: the prefix assignments of each command on
 * the way down (`parent`), outermost first, and the variables a wrapper sets itself (env's and
 * sudo's `NAME=value` words, which `emit.ts` gives the command it runs as its assignments). A
 * wrapper whose model says it sets variables toolgate cannot see (`hiddenVariables`: dotenv's
 * `.env`) makes every variable not set closer to the command one that may hold anything.
 */
import { PROGRAMS } from '../programs/index.js';
import { readAssignment } from '../syntax/environment.js';
import type { ShellAnalysis } from '../types.js';

/** How far up the chain of commands that run a command is followed (as the emitters' depth limits). */
const MAX_CHAIN = 64;

/** What the line gives a command's environment. @internal */
export interface GivenEnvironment {
  /** `NAME=value` words as written, outermost first (so the last one naming a variable is in force). */
  readonly assignments: readonly string[];
  /**
   * Set when a wrapper on the way sets variables toolgate cannot see: why, and how many of
   * `assignments` stand before it (those the hidden ones may replace).
   */
  readonly hidden?: { readonly why: string; readonly before: number };
  /**
   * Variables the command may inherit or not, by name: exported in a subshell or a nested
   * script before it (`(export TAR_OPTIONS=…); tar …`), whose reach is not followed. Read when
   * nothing on the line sets the name: a value toolgate cannot tell.
   */
  readonly unsure?: ReadonlyMap<string, string>;
}

/**
 * What the line gives command `i`'s environment: `carried` first (what the line exported before
 * it), then the assignments of the commands that run it, outermost first, then its own.
 * @internal
 */
export function givenEnvironment(
  analysis: ShellAnalysis,
  i: number,
  carried: readonly string[] = [],
  unsure?: ReadonlyMap<string, string>,
): GivenEnvironment {
  // Innermost first; walked backwards below (outermost first). Built without `unshift` or
  // spreads: every command of every Bash call asks (#36).
  const chain: number[] = [];
  for (let p: number | undefined = i, n = 0; p !== undefined && n < MAX_CHAIN; p = analysis.commands[p]?.parent, n++) chain.push(p);
  const assignments = carried.slice();
  let hidden: GivenEnvironment['hidden'];
  for (let c = chain.length - 1; c >= 0; c--) {
    const k = chain[c]!;
    const cmd = analysis.commands[k];
    if (cmd === undefined) continue;
    for (const a of cmd.assignments) assignments.push(a);
    // The wrapper's own hidden variables reach only the commands it runs, not itself.
    if (k === i || cmd.argv.length === 0 || cmd.literal[0] !== true) continue;
    const why = PROGRAMS.get(cmd.program)?.hiddenVariables;
    if (why !== undefined) hidden = { why, before: assignments.length };
  }
  const out: { -readonly [K in keyof GivenEnvironment]: GivenEnvironment[K] } = { assignments };
  if (hidden !== undefined) out.hidden = hidden;
  if (unsure !== undefined && unsure.size > 0) out.unsure = unsure;
  return out;
}

/** One variable the line gives: as written (`raw`), its value when literal, and whether it adds to the inherited one (`NAME+=…`). @internal */
export interface GivenVariable {
  readonly raw: string;
  /** The value after quote removal, when literal (`TAR_OPTIONS='-v --'` → `-v --`). */
  readonly value?: string;
  /** The value as written after `=` (`"$o"`). */
  readonly written: string;
  readonly append: boolean;
}

/**
 * What the line gives a variable: the last assignment word that sets it (a prefix assignment, or
 * a word env passes on, which may be quoted as a whole: `env 'TAR_OPTIONS=--remove-files'`);
 * `{ hidden }` when a wrapper closer to the command may set it unseen, or a word closer to it
 * sets a variable whose name toolgate cannot read (`env "$n=1"`: it may be this one); an export
 * it may inherit or not (`unsure`) as a value that is not literal; `undefined` when the line does
 * not set it.
 * @internal
 */
export function givenAssignment(env: GivenEnvironment, name: string): GivenVariable | { hidden: string } | undefined {
  for (let k = env.assignments.length - 1; k >= 0; k--) {
    if (env.hidden !== undefined && k < env.hidden.before) return { hidden: env.hidden.why };
    const raw = env.assignments[k]!;
    const a = readAssignment(raw);
    if (a === undefined) return { hidden: `${raw} sets a variable whose name toolgate cannot read` };
    if (a.name !== name) continue;
    const written = raw.slice(raw.indexOf('=') + 1);
    const append = /^[A-Za-z_][A-Za-z0-9_]*\+=/.test(raw);
    return a.value !== undefined ? { raw, value: a.value, written, append } : { raw, written, append };
  }
  if (env.hidden !== undefined) return { hidden: env.hidden.why };
  const maybe = env.unsure?.get(name);
  return maybe === undefined ? undefined : { raw: maybe, written: maybe.slice(maybe.indexOf('=') + 1), append: false };
}
