/**
 * Options whose value is a command the program runs (`split --filter=CMD`, `sort
 * --compress-program=PROG`, `rsync -e CMD`, `zip -TT CMD`): such a program is a runner, and the
 * command its option names is judged like any command — `--filter=sh docs/t` is a shell running a
 * file, opaque code. tar's options of this kind are in `tar/runs.ts`, find's `-exec` in `find.ts`.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** One option as found in the words: its name, its value and the index of the word holding the value. */
export interface RunningOption {
  /** The option's name, for the reason (`--filter`). */
  readonly name: string;
  /** The command it names. */
  readonly value: string;
  /** argv index of the word that holds the value. */
  readonly valueIndex: number;
}

/**
 * What the options run: each value judged as a shell command (the program passes it to `sh -c`, or
 * splits it into words, which the shell's reading covers), or opaque when the word is not literal.
 * @internal
 */
export function optionRuns(program: string, found: readonly RunningOption[], literal: readonly boolean[]): WrapperInfo | undefined {
  const inner: Unwrapped[] = [];
  for (const o of found) {
    if (literal[o.valueIndex] === false)
      inner.push({ kind: 'opaque', reason: `${program} ${o.name} runs a program that is not literal: ${o.value}` });
    else if (o.value.trim() !== '') inner.push({ kind: 'text', script: o.value, what: `${program} ${o.name}` });
  }
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/**
 * `out` with a write of names toolgate cannot work out for each program an option runs that is
 * opaque (its words are not literal: `split --filter="$(cat f.sh)"`): such a program may write or
 * remove any path, a protected one included (decision 0092), while one whose words are read is
 * judged as a command of its own. The ask does not wait for a deny rule (red team 16, R16-8).
 * @internal
 */
export function withOpaqueRunners(out: FileOperands, runs: WrapperInfo | undefined): FileOperands {
  const opaque = (runs?.inner ?? []).flatMap((u) => (u.kind === 'opaque' ? [{ op: 'write' as const, why: u.reason }] : []));
  return opaque.length > 0 ? { ...out, unseen: [...(out.unseen ?? []), ...opaque] } : out;
}

/**
 * What a program with a getopt grammar runs through the options named in `runners` (long names
 * without `--`, short letters): words it cannot read are an unknown, never nothing.
 * @internal
 */
export function gnuOptionRuns(
  program: string,
  argv: readonly string[],
  literal: readonly boolean[],
  spec: GnuOptionSpec,
  runners: readonly string[],
): WrapperInfo | undefined {
  const parsed = parseGnuOptions(argv, spec);
  if (!parsed.ok) {
    // Only a problem when a runner option may be among the words.
    if (!argv.some((w) => runners.some((r) => (r.length === 1 ? /^-[^-]/.test(w) && w.includes(r) : w.startsWith(`--${r.slice(0, 3)}`)))))
      return undefined;
    return { inner: [{ kind: 'unknown', reason: `${program}: ${describeGnuProblem(parsed)}` }], transparent: false, exactOnly: false };
  }
  const found = parsed.options
    .filter((o) => runners.includes(o.name) && o.value !== undefined)
    .map((o) => ({ name: o.kind === 'long' ? `--${o.name}` : `-${o.name}`, value: o.value!, valueIndex: o.valueIndex ?? o.index }));
  return optionRuns(program, found, literal);
}
