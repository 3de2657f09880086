/**
 * `*`-only wildcard patterns, compiled to their literal parts and matched without regular
 * expressions: the first part must be a prefix, the last a suffix, the middle ones are found in
 * order with `indexOf` (leftmost is always right for `*`-only patterns). Linear in practice,
 * never exponential.
 */

/**
 * Split a pattern at its wildcards. With `escapes`, `\*` is a literal `*` and `\\` a literal `\`
 * (Claude Code's command patterns); any other backslash is literal.
 */
export function wildcardParts(pattern: string, escapes: boolean): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (escapes && c === '\\' && (pattern[i + 1] === '*' || pattern[i + 1] === '\\')) {
      current += pattern[++i]!;
    } else if (c === '*') {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

/** Does `text` match the wildcard pattern given by its parts (from {@link wildcardParts})? */
export function matchParts(parts: readonly string[], text: string): boolean {
  if (parts.length === 1) return text === parts[0];
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const found = text.indexOf(part, at);
    if (found === -1 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}
