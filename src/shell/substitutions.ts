/**
 * Finds command substitutions in text where quotes are not special (unquoted here-document
 * bodies), returning the script of each so it can be analysed like any other command.
 */
import { scanUntil } from './words.js';

/** Scripts of every `$(…)` and backtick substitution, at any depth inside `${…}` / `$((…))`. */
export function extractSubstitutions(text: string, _mode: 'heredoc'): { scripts: string[]; error?: string } {
  const scripts: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '$' && text[i + 1] === '(') {
      const s = scanUntil(text, i + 2, ')');
      if (s.error || s.end > text.length) return { scripts, error: s.error ?? 'unterminated $(' };
      if (text[i + 2] === '(') {
        const inner = extractSubstitutions(text.slice(i + 3, s.end - 2), _mode);
        scripts.push(...inner.scripts);
        if (inner.error) return { scripts, error: inner.error };
      } else scripts.push(text.slice(i + 2, s.end - 1));
      i = s.end;
      continue;
    }
    if (c === '$' && text[i + 1] === '{') {
      const s = scanUntil(text, i + 2, '}');
      if (s.error || s.end > text.length) return { scripts, error: s.error ?? 'unterminated ${' };
      const inner = extractSubstitutions(text.slice(i + 2, s.end - 1), _mode);
      scripts.push(...inner.scripts);
      if (inner.error) return { scripts, error: inner.error };
      i = s.end;
      continue;
    }
    if (c === '`') {
      const s = scanUntil(text, i + 1, '`');
      if (s.error || s.end > text.length) return { scripts, error: 'unterminated backtick' };
      scripts.push(text.slice(i + 1, s.end - 1).replace(/\\([$`\\])/g, '$1'));
      i = s.end;
      continue;
    }
    i++;
  }
  return { scripts };
}
