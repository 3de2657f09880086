/**
 * Escaping of rule content, as Claude Code does it: `\` → `\\`, `(` → `\(`, `)` → `\)`.
 * @public
 */
export function escapeRuleContent(content: string): string {
  return content.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

/**
 * Undo {@link escapeRuleContent}, as Claude Code does: `\(` → `(`, then `\)` → `)`, then
 * `\\` → `\`. Any other backslash stays.
 * @public
 */
export function unescapeRuleContent(content: string): string {
  return content.replace(/\\\(/g, '(').replace(/\\\)/g, ')').replace(/\\\\/g, '\\');
}

/** Is the character at `i` escaped (preceded by an odd number of backslashes)? */
export function isEscaped(s: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) n++;
  return n % 2 === 1;
}

export function firstUnescaped(s: string, ch: string): number {
  for (let i = 0; i < s.length; i++) if (s[i] === ch && !isEscaped(s, i)) return i;
  return -1;
}

export function lastUnescaped(s: string, ch: string): number {
  for (let i = s.length - 1; i >= 0; i--) if (s[i] === ch && !isEscaped(s, i)) return i;
  return -1;
}
