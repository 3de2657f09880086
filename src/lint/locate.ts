/** Where a value sits in JSON text: offsets (0-based) of the value and, for object members, the key. */
export interface JsonLocation {
  start: number;
  end: number;
  keyStart?: number;
}

type Path = readonly (string | number)[];

/** The values to index: each wanted path's elements as JSON texts (`"key"`, `3`), as a tree. */
interface Wanted {
  children: Map<string, Wanted>;
}

function wantedTree(paths: readonly Path[]): Wanted {
  const root: Wanted = { children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const element of path) {
      const k = JSON.stringify(element);
      let next = node.children.get(k);
      if (next === undefined) node.children.set(k, (next = { children: new Map() }));
      node = next;
    }
  }
  return root;
}

/**
 * Offsets of every value in a JSON text, keyed by JSON path (`JSON.stringify(path)`). Only for
 * text that already parsed as JSON; stops quietly at anything unexpected. One pass with character
 * codes: a value's key is its parent's key with one element added (no path array copied and
 * stringified per value), and only a key holding an escape is decoded (a settings file of 100,000
 * rules has 100,000 values to index).
 *
 * With `only`, just the values at those paths and their ancestors (what {@link locate} looks up
 * for them): the walk is the same, character for character, but a value off every such path is
 * passed over without its key made or kept — a lint of 100,000 rules locates its findings, not
 * every rule.
 */
export function indexJson(text: string, only?: readonly Path[]): Map<string, JsonLocation> {
  const out = new Map<string, JsonLocation>();
  const n = text.length;
  let i = 0;
  const ws = () => {
    while (i < n && isSpace(text, i)) i++;
  };
  /** Passes over a string (at its opening quote): `true` when it holds an escape. */
  const skipStr = (): boolean => {
    let escaped = false;
    i++;
    while (i < n && text.charCodeAt(i) !== QUOTE) {
      if (text.charCodeAt(i) === BACKSLASH) {
        escaped = true;
        i += 2;
      } else i++;
    }
    i++;
    return escaped;
  };
  /** Skips a string; its text, unescaped when it holds an escape (as `JSON.parse` reads it, or as written when that fails). */
  const str = (): string => {
    const start = i;
    if (!skipStr()) return text.slice(start + 1, i - 1);
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  /** A value; `want` undefined when every value is indexed, `null` when this one and its members are not. */
  const value = (key: string, want: Wanted | null | undefined, keyStart?: number): void => {
    ws();
    const start = i;
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE) {
      i++;
      ws();
      while (i < n && text.charCodeAt(i) !== CLOSE_BRACE) {
        ws();
        if (text.charCodeAt(i) !== QUOTE) return;
        const ks = i;
        if (want === null) {
          skipStr();
          ws();
          if (text.charCodeAt(i) !== COLON) return;
          i++;
          value(key, null);
        } else {
          const name = JSON.stringify(str());
          ws();
          if (text.charCodeAt(i) !== COLON) return;
          i++;
          const child = want === undefined ? undefined : (want.children.get(name) ?? null);
          value(child === null ? key : childKey(key, name), child, ks);
        }
        ws();
        if (text.charCodeAt(i) === COMMA) i++;
        ws();
      }
      i++;
    } else if (c === OPEN_BRACKET) {
      i++;
      ws();
      let k = 0;
      while (i < n && text.charCodeAt(i) !== CLOSE_BRACKET) {
        if (want === null) value(key, null);
        else {
          const element = String(k++);
          const child = want === undefined ? undefined : (want.children.get(element) ?? null);
          value(child === null ? key : childKey(key, element), child);
        }
        ws();
        if (text.charCodeAt(i) === COMMA) i++;
        ws();
      }
      i++;
    } else if (c === QUOTE) {
      skipStr();
    } else {
      while (i < n && !endsScalar(text, i)) i++;
    }
    if (want !== null) out.set(key, keyStart !== undefined ? { start, end: i, keyStart } : { start, end: i });
  };
  value('[]', only === undefined ? undefined : wantedTree(only));
  return out;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** `JSON.stringify([...path, element])` from `JSON.stringify(path)` and `JSON.stringify(element)`. */
function childKey(key: string, element: string): string {
  return key === '[]' ? `[${element}]` : `${key.slice(0, -1)},${element}]`;
}

/** Whether the character at `i` is white space as `/\s/` reads it. */
function isSpace(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return /\s/.test(text[i]!);
}

/** Whether the character at `i` ends a number, `true`, `false` or `null` (white space, `,`, `]`, `}`). */
function endsScalar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || isSpace(text, i);
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  return lineColumnIn(lineStarts(text), text.length, offset);
}

/** The offset each line of `text` starts at, for {@link lineColumnIn} (one pass over the text). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let k = text.indexOf('\n'); k !== -1; k = text.indexOf('\n', k + 1)) starts.push(k + 1);
  return starts;
}

/**
 * 1-based line and column of an offset in a text of `length` characters with these line starts:
 * a binary search, so locating every finding of a large file stays linear in its findings.
 */
export function lineColumnIn(starts: readonly number[], length: number, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, length));
  // The last line that starts at or before `at` (a newline at `at` itself belongs to the line before).
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (starts[lo]! - 1) };
}

/** The location of `path`, or of its nearest ancestor that exists. */
export function locate(index: Map<string, JsonLocation>, path: Path): JsonLocation | undefined {
  for (let n = path.length; n >= 0; n--) {
    const hit = index.get(JSON.stringify(path.slice(0, n)));
    if (hit !== undefined) return hit;
  }
  return undefined;
}
