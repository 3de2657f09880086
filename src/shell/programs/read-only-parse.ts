/**
 * Reading a command's words with its read-only entry: the entry's safe options compiled to a
 * GNU option spec (the tool's other long names known, so an abbreviation of one is not read as a
 * safe one), and every option found known safe, or why not.
 */
import { describeGnuProblem, parseGnuOptions, type GnuArgument, type GnuOptionSpec, type GnuParseResult } from '../options/gnu-options.js';
import type { ReadOnlyEntry } from './read-only-types.js';

interface CompiledEntry {
  readonly entry: ReadOnlyEntry;
  readonly spec: GnuOptionSpec;
  /** Long names (full) that are not read-only. */
  readonly other: ReadonlySet<string>;
}

/** `'bytes= lines= color[=] quiet'` → name → argument. */
function longList(text: string | undefined, into: Record<string, GnuArgument>): string[] {
  const names: string[] = [];
  for (const item of (text ?? '').split(/\s+/)) {
    if (!item) continue;
    const m = /^([^=[]+)(\[=\]|=)?$/.exec(item);
    if (!m) continue;
    const argument: GnuArgument = m[2] === '=' ? 'required' : m[2] === '[=]' ? 'optional' : 'none';
    into[m[1]!] = argument;
    names.push(m[1]!);
  }
  return names;
}

const compiled = new WeakMap<ReadOnlyEntry, CompiledEntry>();

function compile(entry: ReadOnlyEntry): CompiledEntry {
  const hit = compiled.get(entry);
  if (hit) return hit;
  const long: Record<string, GnuArgument> = {};
  longList(entry.long, long);
  // Other options take an optional value here, so `--out=x` and `--out x` both reach the "not read-only" answer.
  const otherNames = longList(entry.otherLong, long);
  for (const n of otherNames) long[n] = 'optional';
  const spec: GnuOptionSpec = {
    short: entry.short ?? '',
    long,
    ...(entry.numeric ? { numeric: true } : {}),
    ...(entry.exactLong ? { abbreviations: false } : {}),
    ...(entry.separateValues ? { separateValues: true } : {}),
  };
  const c: CompiledEntry = { entry, spec, other: new Set(otherNames) };
  compiled.set(entry, c);
  return c;
}

/** Parses a command's words with its entry: options (all known safe) and operands, or why not. @internal */
export function parseWithEntry(
  name: string,
  argv: readonly string[],
  entry: ReadOnlyEntry,
): { ok: true; parse: Extract<GnuParseResult, { ok: true }> } | { ok: false; reason: string } {
  const c = compile(entry);
  const parse = parseGnuOptions(argv, c.spec);
  if (!parse.ok) {
    const why = parse.problem === 'unknown' ? `${parse.word} is not an option known to be read-only` : describeGnuProblem(parse);
    return { ok: false, reason: `${name} ${why}` };
  }
  for (const o of parse.options) {
    if (o.kind === 'long' && c.other.has(o.name)) {
      return { ok: false, reason: `${name} ${o.word} (--${o.name}) is not an option known to be read-only` };
    }
  }
  return { ok: true, parse };
}

/** Real long options that are also prefixes of unsafe ones (`--include` vs `--include-from`): an exact name is never an abbreviation. */
const EXACT_LONG = new Set(['include', 'exclude', 'exclude-dir', 'file-type', 'files-with-matches', 'files-without-match']);

/** Is `given` (a long option name, maybe abbreviated) one of `names` (robota's unsafe long names)? @internal */
export function matchesLong(given: string, names: readonly string[]): string | undefined {
  if (EXACT_LONG.has(given)) return names.find((n) => n === given);
  return names.find((n) => n === given || (given.length > 0 && n.startsWith(given)));
}
