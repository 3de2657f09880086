/** Where a value sits in JSON text: offsets (0-based) of the value and, for object members, the key. */
export interface JsonLocation {
  start: number;
  end: number;
  keyStart?: number;
}

type Path = readonly (string | number)[];

/**
 * Offsets of every value in a JSON text, keyed by JSON path (`JSON.stringify(path)`). Only for
 * text that already parsed as JSON; stops quietly at anything unexpected.
 */
export function indexJson(text: string): Map<string, JsonLocation> {
  const out = new Map<string, JsonLocation>();
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  const value = (path: (string | number)[], keyStart?: number): void => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      while (i < text.length && text[i] !== '}') {
        ws();
        if (text[i] !== '"') return;
        const ks = i;
        const key = str();
        ws();
        if (text[i] !== ':') return;
        i++;
        value([...path, key], ks);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      ws();
      let n = 0;
      while (i < text.length && text[i] !== ']') {
        value([...path, n++]);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      str();
    } else {
      while (i < text.length && /[^\s,\]}]/.test(text[i]!)) i++;
    }
    out.set(JSON.stringify(path), keyStart !== undefined ? { start, end: i, keyStart } : { start, end: i });
  };
  value([]);
  return out;
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
