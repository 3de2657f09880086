/**
 * The files a GNU sed script reads and writes, read the way sed reads a script: addresses, `!`,
 * then one command letter. `r`/`R` read a file, `w`/`W` and the `w` flag of `s` write one (the
 * name runs to the end of the line), `e` and the `e` flag run a command.
 * GNU sed manual, "sed scripts" (3.2 sed commands summary, 3.3 The s Command).
 */

/** What a sed script does besides editing its input. @internal */
export interface SedScriptEffects {
  reads: string[];
  writes: string[];
  /** Why part of the script could not be followed (a command it runs, a construct not read). */
  unresolved: string[];
}

/** Commands whose argument is the rest of the line (text or a file name). */
const TO_END_OF_LINE = new Set(['a', 'i', 'c', 'r', 'R', 'w', 'W', 'e', '#']);
/** Commands without an argument (or with an optional number / label up to `;`). */
const SIMPLE = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'l', 'n', 'N', 'p', 'P', 'x', 'z', 'F', 'q', 'Q', 'L', '}']);
const LABELLED = new Set([':', 'b', 't', 'T', 'v']);

/** Skips an address (`12`, `$`, `/re/I`, `\%re%`, `first~step`, `+N`, `~N`, `0`). Returns the index after it. */
function skipAddress(s: string, i: number): number {
  let k = i;
  if (s[k] === '$') return k + 1;
  if (/[0-9]/.test(s[k] ?? '')) {
    while (/[0-9]/.test(s[k] ?? '')) k++;
    if (s[k] === '~') {
      k++;
      while (/[0-9]/.test(s[k] ?? '')) k++;
    }
    return k;
  }
  if (s[k] === '+' || s[k] === '~') {
    k++;
    while (/[0-9]/.test(s[k] ?? '')) k++;
    return k;
  }
  let delim: string | undefined;
  if (s[k] === '/') delim = '/';
  else if (s[k] === '\\' && k + 1 < s.length) {
    delim = s[k + 1];
    k++;
  }
  if (delim === undefined) return i;
  k++;
  while (k < s.length && s[k] !== delim) {
    if (s[k] === '\\') k++;
    else if (s[k] === '\n') return s.length;
    k++;
  }
  k++;
  while (s[k] === 'I' || s[k] === 'M') k++;
  return k;
}

function restOfLine(s: string, i: number): { text: string; end: number } {
  const nl = s.indexOf('\n', i);
  const end = nl < 0 ? s.length : nl;
  return { text: s.slice(i, end), end };
}

/** Skips one delimited part of `s`/`y` (`/re/`), returning the index after the closing delimiter or -1. */
function skipDelimited(s: string, i: number, delim: string): number {
  let k = i;
  while (k < s.length && s[k] !== delim) {
    if (s[k] === '\\') k++;
    k++;
  }
  return k < s.length ? k + 1 : -1;
}

/**
 * Reads a sed script (the `-e` parts joined by newlines, or the lone script operand).
 * Never throws; what it cannot follow is listed in `unresolved`.
 */
export function sedScriptEffects(script: string): SedScriptEffects {
  const out: SedScriptEffects = { reads: [], writes: [], unresolved: [] };
  const s = script;
  let i = 0;
  for (let guard = 0; i < s.length && guard < 100_000; guard++) {
    while (i < s.length && /[\s;]/.test(s[i]!)) i++;
    if (i >= s.length) break;
    if (s[i] === '{' || s[i] === '}') {
      i++;
      continue;
    }
    i = skipAddress(s, i);
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (s[i] === ',') {
      i++;
      while (s[i] === ' ' || s[i] === '\t') i++;
      i = skipAddress(s, i);
    }
    while (s[i] === ' ' || s[i] === '\t' || s[i] === '!') i++;
    const cmd = s[i];
    if (cmd === undefined) break;
    i++;
    if (cmd === '{') continue;
    if (TO_END_OF_LINE.has(cmd)) {
      // GNU: `a text`, `r file`; `a\` + newline + text. Leading blanks are skipped.
      let k = i;
      if ((cmd === 'a' || cmd === 'i' || cmd === 'c') && s[k] === '\\') {
        k++;
        // `a\` then a newline: the text starts on the next line.
        if (s[k] === '\n') k++;
      }
      while (s[k] === ' ' || s[k] === '\t') k++;
      let { text, end } = restOfLine(s, k);
      // Text of `a`, `i`, `c` goes on over lines that end in a backslash.
      while ((cmd === 'a' || cmd === 'i' || cmd === 'c') && text.endsWith('\\') && end < s.length) {
        const next = restOfLine(s, end + 1);
        text = next.text;
        end = next.end;
      }
      if (cmd === 'r' || cmd === 'R') {
        if (text !== '') out.reads.push(text);
      } else if (cmd === 'w' || cmd === 'W') {
        if (text !== '') out.writes.push(text);
        else out.unresolved.push(`sed ${cmd} without a file name`);
      } else if (cmd === 'e') out.unresolved.push('sed e runs a command');
      i = end;
      continue;
    }
    if (cmd === 's' || cmd === 'y') {
      const delim = s[i];
      if (delim === undefined || delim === '\n' || delim === '\\') {
        out.unresolved.push(`sed ${cmd} command not understood`);
        break;
      }
      let k = skipDelimited(s, i + 1, delim);
      if (k >= 0) k = skipDelimited(s, k, delim);
      if (k < 0) {
        out.unresolved.push(`sed ${cmd} command not terminated`);
        break;
      }
      i = k;
      if (cmd === 'y') continue;
      while (i < s.length && /[gpiImMe0-9]/.test(s[i]!)) {
        if (s[i] === 'e') out.unresolved.push('sed s///e runs the pattern space as a command');
        i++;
      }
      if (s[i] === 'w') {
        let k2 = i + 1;
        while (s[k2] === ' ' || s[k2] === '\t') k2++;
        const { text, end } = restOfLine(s, k2);
        if (text !== '') out.writes.push(text);
        else out.unresolved.push('sed s///w without a file name');
        i = end;
      }
      continue;
    }
    if (LABELLED.has(cmd)) {
      while (i < s.length && s[i] !== ';' && s[i] !== '\n') i++;
      continue;
    }
    if (SIMPLE.has(cmd)) {
      while (s[i] === ' ' || s[i] === '\t' || /[0-9]/.test(s[i] ?? '')) i++;
      continue;
    }
    out.unresolved.push(`sed command ${JSON.stringify(cmd)} not understood`);
    break;
  }
  return out;
}
