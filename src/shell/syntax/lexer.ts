/**
 * A conservative hand-written lexer for the common subset of shell commands: plain words,
 * single quotes, double quotes without expansions or escapes, `&&`, `||`, `;`, `|`, newlines,
 * fd duplications (`2>&1`) and simple `>`, `>>`, `<`, `&>` redirections to plain words.
 * Anything else returns `undefined` and goes to the full parser. It exists so that common
 * commands never pay for (or wait on) the WASM parser; a differential test keeps it equal to
 * the parser on every command it accepts.
 */
import { type AnsiCDialect, EVERY_ANSI_C } from '../shells/ansi-c.js';
import type { Redirect } from '../types.js';
import { makeRedirect, type RawWord } from './collector.js';
import { decodeWord } from './words.js';

/** One command as the lexer sees it. @internal */
export interface LexedCommand {
  words: RawWord[];
  assignments: string[];
  redirects: Redirect[];
  inSubshell: boolean;
  /** The operator before it: `|` inside a pipeline, else the one before its pipeline (`;` for a newline or the start). */
  after: '&&' | '||' | '|' | ';';
}

const RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'function',
  'time',
  'coproc',
  'in',
  // arithmetic and array builtins: their operands are judged on the syntax tree
  'let',
  '{',
  '}',
  '[[',
  ']]',
  '!',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/** Per ASCII code: may it stand unquoted in a word of the subset (`[A-Za-z0-9_\-./:,+%@^=]`)? */
const WORD_CHAR = new Uint8Array(128);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./:,+%@^=') WORD_CHAR[ch.charCodeAt(0)] = 1;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Where the word at `i` ends, or -1 when it leaves the subset (no object per word). */
function wordEnd(src: string, i: number): number {
  const start = i;
  while (i < src.length) {
    const code = src.charCodeAt(i);
    if (code === 39 /* ' */) {
      const j = src.indexOf("'", i + 1);
      if (j < 0) return -1;
      i = j + 1;
    } else if (code === 34 /* " */) {
      const j = src.indexOf('"', i + 1);
      if (j < 0 || /[$`\\]/.test(src.slice(i + 1, j))) return -1;
      i = j + 1;
    } else if (code > 127 || WORD_CHAR[code] === 1) {
      if (code === 61 /* = */ && i === start) return -1;
      i++;
    } else break;
  }
  return i === start ? -1 : i;
}

/**
 * Lexes `src` into commands, or returns undefined when anything falls outside the subset.
 * Never throws. `ansiC`: the readings of `$'…'` a word must agree in (the shells judged for).
 */
export function lexSimple(src: string, ansiC: readonly AnsiCDialect[] = EVERY_ANSI_C): LexedCommand[] | undefined {
  const out: LexedCommand[] = [];
  let cur: LexedCommand = { words: [], assignments: [], redirects: [], inSubshell: false, after: ';' };
  let pipeline: LexedCommand[] = [cur];
  /** What the last token was: a separator needing a command after it, or not. */
  let pending: 'none' | 'needs-command' = 'none';
  const empty = (c: LexedCommand) => c.words.length === 0 && c.assignments.length === 0 && c.redirects.length === 0;
  const finishPipeline = () => {
    if (pipeline.length > 1) for (const p of pipeline) p.inSubshell = true;
    for (const p of pipeline) if (!empty(p)) out.push(p);
  };
  const startCommand = (inPipeline: boolean, after: LexedCommand['after'] = inPipeline ? '|' : ';') => {
    cur = { words: [], assignments: [], redirects: [], inSubshell: false, after };
    if (inPipeline) pipeline.push(cur);
    else pipeline = [cur];
  };

  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\n') {
      if (pending === 'needs-command') {
        i++;
        continue;
      }
      finishPipeline();
      startCommand(false);
      i++;
      continue;
    }
    if (c === ';') {
      if (src[i + 1] === ';' || empty(cur)) return undefined;
      finishPipeline();
      startCommand(false);
      i++;
      continue;
    }
    if ((c === '&' && src[i + 1] === '&') || (c === '|' && src[i + 1] === '|')) {
      if (empty(cur) || pending === 'needs-command') return undefined;
      finishPipeline();
      startCommand(false, c === '&' ? '&&' : '||');
      pending = 'needs-command';
      i += 2;
      continue;
    }
    if (c === '|') {
      if (src[i + 1] === '&' || empty(cur) || pending === 'needs-command') return undefined;
      startCommand(true);
      pending = 'needs-command';
      i++;
      continue;
    }
    // Redirections: [fd]> [fd]>> [fd]>&N < &> &>>
    let fd = '';
    let j = i;
    while (j < src.length && isDigit(src.charCodeAt(j))) j++;
    if (j > i && (src[j] === '>' || src[j] === '<') && (i === 0 || /[\s;|&]/.test(src[i - 1]!))) {
      fd = src.slice(i, j);
    } else j = i;
    const r = src[j];
    if (r === '>' || r === '<' || (r === '&' && src[j + 1] === '>')) {
      let op: string;
      let k = j;
      if (r === '&') {
        if (fd) return undefined;
        op = src[j + 2] === '>' ? '&>>' : '&>';
        k += op.length;
      } else if (r === '<') {
        if (/[<&>(]/.test(src[j + 1] ?? '')) return undefined;
        op = '<';
        k += 1;
      } else if (src[j + 1] === '>') {
        op = '>>';
        k += 2;
      } else if (src[j + 1] === '&') {
        const m = /^[0-9]+/.exec(src.slice(j + 2));
        if (!m || !/^(\s|$|[;|&])/.test(src.slice(j + 2 + m[0].length))) return undefined;
        cur.redirects.push(makeRedirect(fd + '>&', { raw: m[0], word: decodeWord(m[0], 'bash', ansiC) }));
        i = j + 2 + m[0].length;
        pending = 'none';
        continue;
      } else {
        if (/[|(]/.test(src[j + 1] ?? '')) return undefined;
        op = '>';
        k += 1;
      }
      while (src[k] === ' ' || src[k] === '\t') k++;
      const end = wordEnd(src, k);
      if (end < 0) return undefined;
      const raw = src.slice(k, end);
      const word = decodeWord(raw, 'bash', ansiC);
      if (!word.literal) return undefined;
      cur.redirects.push(makeRedirect(fd + op, { raw, word }));
      i = end;
      pending = 'none';
      continue;
    }
    const end = wordEnd(src, i);
    if (end < 0) return undefined;
    const raw = src.slice(i, end);
    const word = decodeWord(raw, 'bash', ansiC);
    if (!word.literal) return undefined;
    if (cur.words.length === 0 && ASSIGNMENT.test(raw)) cur.assignments.push(raw);
    else {
      if (cur.words.length === 0 && RESERVED.has(word.value)) return undefined;
      cur.words.push({ raw, word });
    }
    i = end;
    pending = 'none';
  }
  if (pending === 'needs-command') return undefined;
  finishPipeline();
  return out;
}
