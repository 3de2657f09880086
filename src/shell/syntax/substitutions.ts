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

/**
 * Where bash would start a command or process substitution in `text` (offsets of `$(`, `` ` ``,
 * `<(`, `>(`), read independently of the grammar: quotes, `$'…'`, comments and escapes as bash
 * reads them, and inside `"…"` the single quotes of `${x:-'…'}` are ordinary characters. The
 * ranges in `skip` (here-document bodies, read on their own) are jumped over. Backtick bodies
 * are not searched (they are analysed as scripts of their own). Offsets inside a substitution
 * are listed too. A second reading: the walker checks every offset is one the grammar saw.
 */
export function substitutionStarts(text: string, skip: ReadonlyArray<readonly [number, number]> = []): number[] {
  const out: number[] = [];
  const skipAt = new Map(skip.map(([a, b]) => [a, b]));
  const scan = (from: number, to: number, double: boolean): void => {
    let i = from;
    let wordStart = true;
    while (i < to) {
      const jump = skipAt.get(i);
      if (jump !== undefined && jump > i) {
        i = jump;
        continue;
      }
      const c = text[i]!;
      const startOfWord = wordStart;
      wordStart = !double && /[\s;&|()<>]/.test(c);
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (!double && c === "'") {
        const j = text.indexOf("'", i + 1);
        i = j < 0 ? to : j + 1;
        continue;
      }
      if (!double && c === '$' && text[i + 1] === "'") {
        let j = i + 2;
        while (j < to && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
        i = j + 1;
        continue;
      }
      if (!double && c === '#' && startOfWord) {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? to : nl;
        continue;
      }
      if (c === '"') {
        if (double) return void (i = to);
        const end = closeDouble(text, i + 1, to);
        scan(i + 1, end, true);
        i = end + 1;
        continue;
      }
      if (c === '`') {
        out.push(i);
        const s = scanUntil(text, i + 1, '`');
        i = Math.min(s.end, to);
        continue;
      }
      const open = c === '$' || (!double && (c === '<' || c === '>'));
      if (open && text[i + 1] === '(') {
        const arith = c === '$' && text[i + 2] === '(';
        if (!arith) out.push(i);
        const s = scanUntil(text, i + 2, ')');
        const end = Math.min(s.end, to);
        scan(i + (arith ? 3 : 2), Math.max(i + 2, end - 1), false);
        i = end;
        continue;
      }
      if (c === '$' && text[i + 1] === '{') {
        const s = scanUntil(text, i + 2, '}', double);
        const end = Math.min(s.end, to);
        scanBrace(i + 2, Math.max(i + 2, end - 1), double);
        i = end;
        continue;
      }
      i++;
    }
  };
  /** Inside `${…}`: in double quotes single quotes are ordinary, so only `"` and escapes quote. */
  const scanBrace = (from: number, to: number, double: boolean): void => {
    if (!double) return scan(from, to, false);
    let i = from;
    while (i < to) {
      const c = text[i]!;
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '"') {
        const end = closeDouble(text, i + 1, to);
        scan(i + 1, end, true);
        i = end + 1;
        continue;
      }
      if (c === '`' || (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{'))) {
        const end = nextEnd(text, i, to);
        scan(i, end, true);
        i = Math.max(end, i + 1);
        continue;
      }
      i++;
    }
  };
  scan(0, text.length, false);
  return out;
}

/** The end (exclusive) of the `$(…)`, `${…}` or backtick opened at `i`. */
function nextEnd(text: string, i: number, to: number): number {
  if (text[i] === '`') return Math.min(scanUntil(text, i + 1, '`').end, to);
  return Math.min(scanUntil(text, i + 2, text[i + 1] === '{' ? '}' : ')', text[i + 1] === '{').end, to);
}

/** The offset of the `"` closing a double-quoted string whose body starts at `from`. */
function closeDouble(text: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === '"') return i;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`' || (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{'))) {
      i = nextEnd(text, i, to);
      continue;
    }
    i++;
  }
  return to;
}
