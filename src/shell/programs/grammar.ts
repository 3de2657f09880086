/**
 * Compact notation for a grammar's long options, as the read-only tables have always written
 * them: `'bytes= lines= color[=] quiet'` (`=` takes a value, `[=]` takes one only after `=`).
 */
import type { GnuArgument } from '../options/gnu-options.js';

/** `'bytes= color[=] quiet'` → `{ bytes: 'required', color: 'optional', quiet: 'none' }`. @internal */
export function longOptions(text: string): Record<string, GnuArgument> {
  const out: Record<string, GnuArgument> = {};
  for (const item of text.split(/\s+/)) {
    if (!item) continue;
    const m = /^([^=[]+)(\[=\]|=)?$/.exec(item);
    if (!m) throw new Error(`long option "${item}" is not written as name, name= or name[=]`);
    out[m[1]!] = m[2] === '=' ? 'required' : m[2] === '[=]' ? 'optional' : 'none';
  }
  return out;
}

/** The help and version options most GNU programs have. @internal */
export const HELP_VERSION = 'help version';
