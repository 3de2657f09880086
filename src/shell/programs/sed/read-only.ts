/**
 * sed's read-only check: `sed -n` with a script that only prints lines by number.
 */
import { parseWithEntry } from '../read-only-parse.js';
import type { ReadOnlyEntry } from '../read-only-types.js';
import type { ReadOnlyVerdict } from '../../types.js';

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/**
 * Claude Code's read-only check of sed: only known-safe options (read with its read-only entry),
 * `-n`, and a script of `p` commands on line numbers. @internal
 */
export function sedReadOnly(name: string, argv: readonly string[], entry: ReadOnlyEntry): ReadOnlyVerdict {
  const p = parseWithEntry(name, argv, entry);
  if (!p.ok) return no(p.reason);
  if (!p.parse.options.some((o) => o.name === 'n' || o.name === 'quiet' || o.name === 'silent'))
    return no('sed without -n is read-only only with -n and p commands');
  const script = p.parse.operands[0];
  if (!script) return no('sed without a script');
  return checkSedScript(script.text);
}

/**
 * sed: only `p` commands on line-number addresses (`2p`, `1,20p`, `1,$p`, `1p;5p`). `$p`, regex
 * addresses, `s`, `w`, `e`, `r`, `R` and every other command are not read-only (the CLI asks
 * about `/re/p` too). Source: GNU sed 4.9 manual; Claude Code CLI 2.1.332 observed.
 */
function checkSedScript(script: string): ReadOnlyVerdict {
  const parts = script
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return no('sed with an empty script');
  for (const part of parts) {
    if (!/^(?:\d+(?:\s*,\s*(?:\d+|\$))?)?\s*p$/.test(part))
      return no(`sed command ${part} is not a p on line numbers (the CLI asks about $ and regex addresses)`);
  }
  return YES;
}
