/**
 * Splits command text into words on unquoted blanks, keeping quotes, escapes and
 * substitutions inside the word they belong to. Used for `[ … ]`, whose words the grammar
 * gives as an expression tree.
 */
import { scanUntil } from './words.js';

/** The raw words of `text`, or undefined when a quote or substitution is not closed. */
export function splitWords(text: string): string[] | undefined {
  const words: string[] = [];
  let start = -1;
  let i = 0;
  const close = () => {
    if (start >= 0) words.push(text.slice(start, i));
    start = -1;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      close();
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (c === '\\') i += 2;
    else if (c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j < 0) return undefined;
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else if (text[j] === '$' && text[j + 1] === '(') {
          const s = scanUntil(text, j + 2, ')');
          if (s.error) return undefined;
          j = s.end - 1;
        } else if (text[j] === '`') {
          const s = scanUntil(text, j + 1, '`');
          if (s.error) return undefined;
          j = s.end - 1;
        }
        j++;
      }
      if (j >= text.length) return undefined;
      i = j + 1;
    } else if ((c === '$' || c === '<' || c === '>') && text[i + 1] === '(') {
      const s = scanUntil(text, i + 2, ')');
      if (s.error) return undefined;
      i = s.end;
    } else if (c === '$' && text[i + 1] === '{') {
      const s = scanUntil(text, i + 2, '}');
      if (s.error) return undefined;
      i = s.end;
    } else if (c === '`') {
      const s = scanUntil(text, i + 1, '`');
      if (s.error) return undefined;
      i = s.end;
    } else i++;
  }
  i = Math.min(i, text.length);
  close();
  return words;
}
