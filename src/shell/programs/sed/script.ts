/**
 * What a GNU sed script does besides editing text: the shell commands it runs (`e command`),
 * the commands it runs that cannot be seen (`e` alone and the `s///e` flag run the pattern
 * space), the files it writes (`w`, `W`, `s///w`) and reads (`r`, `R`). Read the way GNU sed
 * 4.9 compiles a script (`sed/compile.c`): after any address, after `!`, inside `{…}`, across
 * `-e` pieces joined by newlines.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../../options/gnu-options.js';
import type { Unwrapped, WrapperInfo } from '../wrapper-types.js';

/** What one sed script does beyond the text it edits. @internal */
export interface SedEffects {
  /** Shell scripts run by `e command` (after sed's own backslash processing). */
  runs: string[];
  /** Why the script runs something toolgate cannot see (`e` alone, `s///e`). */
  unseen: string[];
  /** It runs lines of its input as shell commands (`e` alone, `s///e`): what it reads is code. */
  runsLines?: true;
  /** Files written by `w`, `W` and the `w` flag of `s` (created when the script is read). */
  writes: string[];
  /** Files read by `r` and `R`. */
  reads: string[];
  /** Literal replacements of `s///e` commands: the text the executed pattern space is built from. */
  evalReplacements: string[];
  /** Set when sed would reject the script (then nothing runs, but files named before the error are already created). */
  error?: string;
}

const BLANK = /[ \t]/;
const SPACE = /[ \t\n\v\f\r]/;

class SedReader {
  i = 0;
  constructor(readonly s: string) {}
  peek(): string | undefined {
    return this.s[this.i];
  }
  next(): string | undefined {
    return this.s[this.i++];
  }
  back(): void {
    this.i--;
  }
  nonblank(): string | undefined {
    let c = this.next();
    while (c !== undefined && BLANK.test(c)) c = this.next();
    return c;
  }
}

class SedError extends Error {}

/** `\X` processing of a/i/c/e text (`normalize_text`, TEXT_BUFFER): escapes become characters, other backslashes go. */
function normalizeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[++i]!;
    const simple: Record<string, string> = { a: '\x07', f: '\f', n: '\n', '\n': '\n', r: '\r', t: '\t', v: '\v' };
    if (n in simple) {
      out += simple[n];
      continue;
    }
    const base = n === 'd' ? 10 : n === 'x' ? 16 : n === 'o' ? 8 : 0;
    if (base > 0) {
      const digits = base === 16 ? /[0-9a-fA-F]/ : base === 10 ? /[0-9]/ : /[0-7]/;
      let j = i + 1;
      let value = 0;
      let max = 1;
      while (j < text.length && max <= 255 && digits.test(text[j]!)) {
        value = value * base + parseInt(text[j]!, base);
        j++;
        max *= base;
      }
      if (j === i + 1) out += n;
      else {
        out += String.fromCharCode(value & 0xff);
        i = j - 1;
      }
      continue;
    }
    if (n === 'c' && i + 1 < text.length) {
      out += String.fromCharCode((text[i + 1]!.toUpperCase().charCodeAt(0) ^ 0x40) & 0xff);
      i++;
      if (text[i] === '\\') i++;
      continue;
    }
    out += n;
  }
  return out;
}

/** `match_slash`: text up to the unescaped delimiter; brackets are skipped in a regex. */
function matchSlash(r: SedReader, slash: string | undefined, regex: boolean): string {
  if (slash === undefined || slash === '\n') throw new SedError('unterminated address regex or s/y command');
  let out = '';
  for (let c = r.next(); c !== undefined && c !== '\n'; c = r.next()) {
    if (c === slash) return out;
    if (c === '\\') {
      const n = r.next();
      if (n === undefined) break;
      if (n !== '\n' && (n !== slash || (!regex && n === '&'))) out += '\\';
      out += n;
      continue;
    }
    if (c === '[' && regex) {
      out += c;
      const end = skipCharClass(r);
      if (end === undefined) break;
      out += end;
      continue;
    }
    out += c;
  }
  throw new SedError('unterminated address regex or s/y command');
}

/** `snarf_char_class`: the rest of a bracket expression, up to and including `]`; undefined when unterminated. */
function skipCharClass(r: SedReader): string | undefined {
  let out = '';
  let c = r.next();
  if (c === '^') {
    out += c;
    c = r.next();
  }
  if (c === ']') {
    out += c;
    c = r.next();
  }
  let state = 0;
  let delim = '';
  for (; c !== undefined && c !== '\n'; c = r.next()) {
    out += c;
    if (c === '.' || c === ':' || c === '=') {
      if (state === 1) {
        delim = c;
        state = 2;
        continue;
      }
      if (state === 2 && c === delim) {
        state = 3;
        continue;
      }
    } else if (c === '[') {
      if (state === 0) state = 1;
      continue;
    } else if (c === ']') {
      if (state === 0 || state === 1) return out;
      if (state === 3) state = 0;
    }
    state &= ~1;
  }
  return undefined;
}

function readAddress(r: SedReader, c: string | undefined): boolean {
  if (c === '/' || c === '\\') {
    const slash = c === '\\' ? r.next() : c;
    matchSlash(r, slash, true);
    for (;;) {
      const f = r.nonblank();
      if (f === 'I' || f === 'M') continue;
      if (f !== undefined) r.back();
      return true;
    }
  }
  if (c !== undefined && /[0-9]/.test(c)) {
    while (r.peek() !== undefined && /[0-9]/.test(r.peek()!)) r.next();
    const n = r.nonblank();
    if (n === '~') {
      const d = r.nonblank();
      if (d !== undefined && /[0-9]/.test(d)) while (r.peek() !== undefined && /[0-9]/.test(r.peek()!)) r.next();
      else if (d !== undefined) r.back();
    } else if (n !== undefined) r.back();
    return true;
  }
  if (c === '+' || c === '~') {
    const d = r.nonblank();
    if (d !== undefined && /[0-9]/.test(d)) while (r.peek() !== undefined && /[0-9]/.test(r.peek()!)) r.next();
    else if (d !== undefined) r.back();
    return true;
  }
  return c === '$';
}

function endOfCommand(r: SedReader): void {
  const c = r.nonblank();
  if (c === '}' || c === '#') r.back();
  else if (c !== undefined && c !== '\n' && c !== ';') throw new SedError('extra characters after command');
}

/** `read_filename`: the rest of the line after blanks. */
function readFilename(r: SedReader): string {
  let c = r.nonblank();
  let out = '';
  while (c !== undefined && c !== '\n') {
    out += c;
    c = r.next();
  }
  if (out === '') throw new SedError('missing filename in r/R/w/W commands');
  return out;
}

function readLabel(r: SedReader): string {
  let c = r.nonblank();
  let out = '';
  while (c !== undefined && c !== '\n' && !BLANK.test(c) && c !== ';' && c !== '}' && c !== '#') {
    out += c;
    c = r.next();
  }
  if (c !== undefined) r.back();
  return out;
}

/** `read_text` for a/i/c/e: to the end of the line, a backslash keeping the next character (a newline too). */
function readText(r: SedReader, lead: string | undefined): string {
  let out = lead !== undefined && lead !== '\n' ? lead : '';
  let c = r.next();
  while (c !== undefined && c !== '\n') {
    if (c === '\\') {
      c = r.next();
      if (c !== undefined) out += '\\';
    }
    if (c === undefined) break;
    out += c;
    c = r.next();
  }
  return normalizeText(out);
}

/** Literal replacement text of `s`, or undefined when it refers to the match (`&`, `\1`, case escapes). */
function literalReplacement(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '&') return undefined;
    if (c === '\\') {
      const n = text[++i];
      if (n === undefined) break;
      if (/[0-9LUElu]/.test(n)) return undefined;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
      continue;
    }
    out += c;
  }
  return out;
}

function readSubstitution(r: SedReader, fx: SedEffects): void {
  const slash = r.next();
  matchSlash(r, slash, true);
  const replacement = matchSlash(r, slash, false);
  let evaluates = false;
  for (;;) {
    const c = r.nonblank();
    if (c === undefined || c === '\n' || c === ';') break;
    if (c === '}' || c === '#') {
      r.back();
      break;
    }
    if (c === '\r' && r.peek() === '\n') {
      r.next();
      break;
    }
    if (c === 'e') evaluates = true;
    else if (c === 'w') {
      fx.writes.push(readFilename(r));
      break;
    } else if (/[0-9]/.test(c)) {
      while (r.peek() !== undefined && /[0-9]/.test(r.peek()!)) r.next();
    } else if (!'gpiImM'.includes(c)) throw new SedError(`unknown option to 's': ${c}`);
  }
  if (evaluates) {
    fx.unseen.push("the 's///e' flag runs the edited line as a shell command");
    fx.runsLines = true;
    const literal = literalReplacement(replacement);
    if (literal !== undefined && literal.trim() !== '') fx.evalReplacements.push(literal);
  }
}

function readCommand(r: SedReader, fx: SedEffects, blocks: { depth: number }): void {
  let c = r.next();
  const addressed = readAddress(r, c);
  if (addressed) {
    c = r.nonblank();
    if (c === ',') {
      if (!readAddress(r, r.nonblank())) throw new SedError("unexpected ','");
      c = r.nonblank();
    }
  }
  if (c === '!') {
    c = r.nonblank();
    if (c === '!') throw new SedError("multiple '!'s");
  }
  switch (c) {
    case '#':
      while (c !== undefined && c !== '\n') c = r.next();
      return;
    case 'v':
      readLabel(r);
      return;
    case '{':
      blocks.depth++;
      return;
    case '}':
      if (blocks.depth === 0) throw new SedError("unexpected '}'");
      blocks.depth--;
      endOfCommand(r);
      return;
    case 'e': {
      const lead = r.nonblank();
      if (lead === undefined || lead === '\n') {
        fx.unseen.push("the 'e' command runs the pattern space as a shell command");
        fx.runsLines = true;
        return;
      }
      const text = readText(r, lead === '\\' ? r.next() : (r.back(), '\n'));
      fx.runs.push(text);
      return;
    }
    case 'a':
    case 'i':
    case 'c': {
      const lead = r.nonblank();
      if (lead === undefined) throw new SedError('expected \\ after a, c or i');
      if (lead === '\\') readText(r, r.next());
      else {
        r.back();
        readText(r, '\n');
      }
      return;
    }
    case ':':
      if (addressed) throw new SedError(": doesn't want any addresses");
      if (readLabel(r) === '') throw new SedError('":" lacks a label');
      return;
    case 'b':
    case 't':
    case 'T':
      readLabel(r);
      return;
    case 'q':
    case 'Q':
    case 'l':
    case 'L': {
      const d = r.nonblank();
      if (d !== undefined && /[0-9]/.test(d)) while (r.peek() !== undefined && /[0-9]/.test(r.peek()!)) r.next();
      else if (d !== undefined) r.back();
      endOfCommand(r);
      return;
    }
    case 'r':
    case 'R':
      fx.reads.push(readFilename(r));
      return;
    case 'w':
    case 'W':
      fx.writes.push(readFilename(r));
      return;
    case 's':
      readSubstitution(r, fx);
      return;
    case 'y': {
      const slash = r.next();
      matchSlash(r, slash, false);
      matchSlash(r, slash, false);
      endOfCommand(r);
      return;
    }
    case undefined:
      throw new SedError('missing command');
    default:
      if ('=dDFgGhHnNpPzx'.includes(c)) {
        endOfCommand(r);
        return;
      }
      throw new SedError(`unknown command: ${c}`);
  }
}

/**
 * Reads a sed script (the `-e` pieces joined with newlines, as sed joins them). Never throws:
 * a script sed would reject comes back with `error` and what was read before it.
 */
export function sedScriptEffects(script: string): SedEffects {
  const fx: SedEffects = { runs: [], unseen: [], writes: [], reads: [], evalReplacements: [] };
  const r = new SedReader(script);
  const blocks = { depth: 0 };
  try {
    for (;;) {
      let c = r.next();
      while (c !== undefined && (c === ';' || SPACE.test(c))) c = r.next();
      if (c === undefined) break;
      r.back();
      readCommand(r, fx, blocks);
    }
    if (blocks.depth > 0) fx.error = "unmatched '{'";
  } catch (error) {
    fx.error = error instanceof SedError ? error.message : String(error);
  }
  return fx;
}

/** GNU sed 4.9's options (`sed --help`, `sed/sed.c`). @internal */
export const SED_OPTIONS: GnuOptionSpec = {
  short: 'bsnrzuEe:f:l:i::V:',
  long: {
    binary: 'none',
    debug: 'none',
    expression: 'required',
    file: 'required',
    'follow-symlinks': 'none',
    'in-place': 'optional',
    'line-length': 'required',
    'null-data': 'none',
    'zero-terminated': { argument: 'none', same: 'null-data' },
    quiet: 'none',
    silent: { argument: 'none', same: 'quiet' },
    posix: 'none',
    'regexp-extended': 'none',
    sandbox: 'none',
    separate: 'none',
    unbuffered: 'none',
    version: 'none',
    help: 'none',
  },
};

/** The script pieces of a sed command in order, with whether each is literal; `file` when a piece comes from `-f`. */
export function sedScripts(
  argv: readonly string[],
  literal: readonly boolean[],
): { pieces: { text: string; literal: boolean }[]; file?: string; sandbox: boolean } | { problem: string } {
  const parsed = parseGnuOptions(argv, SED_OPTIONS);
  if (!parsed.ok) return { problem: `sed: ${describeGnuProblem(parsed)}` };
  const pieces: { text: string; literal: boolean }[] = [];
  let file: string | undefined;
  for (const o of parsed.options) {
    const lit = literal[o.valueIndex ?? o.index] !== false;
    if (o.name === 'e' || o.name === 'expression') pieces.push({ text: o.value ?? '', literal: lit });
    if (o.name === 'f' || o.name === 'file') file ??= o.value ?? '';
  }
  const sandbox = parsed.options.some((o) => o.name === 'sandbox');
  if (pieces.length === 0 && file === undefined) {
    const first = parsed.operands[0];
    if (first !== undefined) pieces.push({ text: first.text, literal: literal[first.index] !== false });
  }
  return { pieces, sandbox, ...(file !== undefined ? { file } : {}) };
}

/** What a `sed` command runs: `e` commands as scripts; `e` alone, `s///e`, `-f` files and scripts that are not literal as opaque. */
export function sedWrapper(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const scripts = sedScripts(argv, literal);
  if ('problem' in scripts) return { inner: [{ kind: 'unknown', reason: scripts.problem }], transparent: false, exactOnly: false };
  if (scripts.sandbox) return undefined;
  const inner: Unwrapped[] = [];
  if (scripts.file !== undefined)
    inner.push({ kind: 'opaque', reason: `sed -f ${scripts.file} runs a script toolgate cannot see (it may hold 'e' commands)` });
  if (scripts.pieces.some((p) => !p.literal))
    inner.push({ kind: 'opaque', reason: 'the sed script is not literal (it may hold e commands)' });
  else if (scripts.pieces.length > 0) {
    const fx = sedScriptEffects(scripts.pieces.map((p) => p.text).join('\n'));
    for (const run of fx.runs) inner.push({ kind: 'text', script: run, what: "sed 'e' command" });
    for (const text of fx.evalReplacements) inner.push({ kind: 'text', script: text, what: "sed 's///e' replacement" });
    for (const why of fx.unseen) inner.push({ kind: 'opaque', reason: why });
    if (fx.error !== undefined) inner.push({ kind: 'opaque', reason: `sed script not understood (${fx.error})` });
  }
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}
