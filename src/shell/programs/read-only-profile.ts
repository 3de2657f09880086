/**
 * A program's read-only profile as safe option names over its grammar. The entry the
 * read-only check reads (`ReadOnlyEntry`: safe letters and long names with their values, the
 * tool's other long names) is derived from the grammar, so a safe option always exists in the
 * grammar and takes a value exactly as the grammar says.
 */
import type { GnuArgument, GnuOptionSpec } from '../options/gnu-options.js';
import type { ReadOnlyEntry } from './read-only-types.js';

/** The safe options, by name, and what the read-only check needs beyond options. @internal */
export interface ReadOnlyProfile extends Omit<ReadOnlyEntry, 'short' | 'long' | 'otherLong' | 'numeric' | 'exactLong' | 'separateValues'> {
  /** Safe options: `'all'`, or the safe short letters and long names. */
  readonly safe: 'all' | { readonly short?: string; readonly long?: string };
}

const suffix = (argument: GnuArgument, long: boolean): string =>
  argument === 'required' ? (long ? '=' : ':') : argument === 'optional' ? (long ? '[=]' : '::') : '';

/** The read-only entry a profile gives over `grammar`. @internal */
export function readOnlyEntry(grammar: GnuOptionSpec, profile: ReadOnlyProfile): ReadOnlyEntry {
  const { safe, ...rest } = profile;
  const safeShort = safe === 'all' ? undefined : new Set(safe.short ?? '');
  const safeLong = safe === 'all' ? undefined : new Set((safe.long ?? '').split(/\s+/).filter(Boolean));
  const optstring = grammar.short ?? '';
  let short = optstring[0] === '+' ? '+' : '';
  let i = optstring[0] === '+' || optstring[0] === '-' ? 1 : 0;
  for (; i < optstring.length; i++) {
    const letter = optstring[i]!;
    if (letter === ':') continue;
    const argument: GnuArgument = optstring[i + 1] !== ':' ? 'none' : optstring[i + 2] === ':' ? 'optional' : 'required';
    if (!safeShort || safeShort.has(letter)) short += letter + suffix(argument, false);
  }
  const long: string[] = [];
  const other: string[] = [];
  for (const [name, entry] of Object.entries(grammar.long ?? {})) {
    const argument = typeof entry === 'string' ? entry : entry.argument;
    if (!safeLong || safeLong.has(name)) long.push(name + suffix(argument, true));
    else other.push(name);
  }
  // A safe option the grammar does not have would be dropped without a word: refuse it, so the
  // model's author (and `npm run programs:index`, which loads every model) sees the slip.
  const unknown = [
    ...[...(safeShort ?? [])].filter((l) => !optstring.includes(l) || l === ':' || l === '+' || l === '-').map((l) => `-${l}`),
    ...[...(safeLong ?? [])].filter((n) => !(n in (grammar.long ?? {}))).map((n) => `--${n}`),
  ];
  if (unknown.length > 0) throw new Error(`a read-only profile names options its grammar does not have: ${unknown.join(' ')}`);
  const out: ReadOnlyEntry = { ...rest, short, long: long.join(' ') };
  if (other.length > 0) (out as { otherLong?: string }).otherLong = other.join(' ');
  if (grammar.numeric) (out as { numeric?: boolean }).numeric = true;
  if (grammar.abbreviations === false) (out as { exactLong?: boolean }).exactLong = true;
  if (grammar.separateValues) (out as { separateValues?: boolean }).separateValues = true;
  return out;
}
