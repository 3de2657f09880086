/** Where a JSON syntax error is: 0-based offset, 1-based line and column. */
export interface JsonErrorLocation {
  offset: number;
  line: number;
  column: number;
}

/** Result of {@link parseJsonText}. */
export type JsonParseResult =
  | { ok: true; value: unknown }
  | { ok: false; message: string; location: JsonErrorLocation };

/** 1-based line and column of a 0-based offset. */
export function locate(text: string, offset: number): JsonErrorLocation {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: end - lineStart + 1 };
}

/**
 * Parse strict JSON (a leading byte-order mark is skipped). On failure, report the engine's
 * message and where the error is; engines say the offset as "at position N" (V8) or
 * "line L column C" — both are read, and an unexpected end points past the last character.
 */
export function parseJsonText(text: string): JsonParseResult {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  try {
    return { ok: true, value: JSON.parse(bom ? text.slice(1) : text) };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(raw);
    const lineCol = /line (\d+) column (\d+)/.exec(raw);
    let offset = text.length;
    if (position) offset = Number(position[1]) + bom;
    else if (lineCol) offset = offsetOf(text, Number(lineCol[1]), Number(lineCol[2]));
    const message = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    return { ok: false, message, location: locate(text, offset) };
  }
}

function offsetOf(text: string, line: number, column: number): number {
  let current = 1;
  let i = 0;
  while (current < line && i < text.length) {
    if (text.charCodeAt(i) === 10) current++;
    i++;
  }
  return i + column - 1;
}
