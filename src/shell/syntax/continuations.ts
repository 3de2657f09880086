/**
 * Backslash-newline removal. bash deletes `\`+newline before tokenising, except inside single
 * quotes, `$'…'` and comments; the grammar instead treats it as a blank, which would turn
 * `r\⏎m` into two words. So toolgate joins them first, the way bash does.
 */

/** The command with line continuations removed, or a reason it cannot be done safely. */
export function joinLineContinuations(src: string): { ok: true; text: string } | { ok: false; reason: string } {
  if (src.includes('<<')) return { ok: false, reason: 'line continuation together with a here-document' };
  let out = '';
  let i = 0;
  let wordStart = true;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      if (src[i + 1] === '\n') {
        i += 2;
        continue;
      }
      if (src[i + 1] === '\r' && src[i + 2] === '\n') {
        i += 3;
        continue;
      }
      out += src.slice(i, i + 2);
      i += 2;
      wordStart = false;
      continue;
    }
    if (c === "'" || (c === '$' && src[i + 1] === "'")) {
      const open = c === "'" ? i : i + 1;
      let j = open + 1;
      while (j < src.length && src[j] !== "'") j += c === '$' && src[j] === '\\' ? 2 : 1;
      if (j >= src.length) return { ok: false, reason: 'unterminated quote' };
      out += src.slice(i, j + 1);
      i = j + 1;
      wordStart = false;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      out += c;
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\' && src[j + 1] === '\n') j += 2;
        else if (src[j] === '\\') {
          out += src.slice(j, j + 2);
          j += 2;
        } else out += src[j++];
      }
      if (j >= src.length) return { ok: false, reason: 'unterminated quote' };
      out += '"';
      i = j + 1;
      wordStart = false;
      continue;
    }
    if (c === '#' && wordStart) {
      const nl = src.indexOf('\n', i);
      const end = nl < 0 ? src.length : nl;
      out += src.slice(i, end);
      i = end;
      continue;
    }
    wordStart = /[\s;&|()<>]/.test(c);
    out += c;
    i++;
  }
  return { ok: true, text: out };
}
