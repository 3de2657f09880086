import { parse as parseJsonc, type ParseError } from 'jsonc-parser';

// jsonc-parser's ParseErrorCode is a const enum, which isolated modules cannot read: its values.
const PROPERTY_NAME_EXPECTED = 3;
const VALUE_EXPECTED = 4;
const INVALID_COMMENT_TOKEN = 10;

/** Where a JSON syntax error is: 0-based offset, 1-based line and column. */
export interface JsonErrorLocation {
  offset: number;
  line: number;
  column: number;
}

/** Result of {@link parseJsonText}. */
export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string; location: JsonErrorLocation };

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
 * Parse strict JSON, as Claude Code reads settings files (a leading byte-order mark is skipped).
 * `JSON.parse` is the judge of what is valid; on failure the error is located and explained —
 * with jsonc-parser's error list where it names the problem better than the engine (a comment, a
 * trailing comma), else from the engine's "at position N" (V8) or "line L column C".
 */
export function parseJsonText(text: string): JsonParseResult {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  if (body.trim() === '')
    return { ok: false, message: 'the file is empty (write {} for a file that sets nothing)', location: locate(text, 0) };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const explained = explainJsonc(body);
    if (explained !== undefined) return { ok: false, message: explained.message, location: locate(text, explained.offset + bom) };
    const position = /at position (\d+)/.exec(raw);
    const lineCol = /line (\d+) column (\d+)/.exec(raw);
    let offset = text.length;
    if (position) offset = Number(position[1]) + bom;
    else if (lineCol) offset = offsetOf(text, Number(lineCol[1]), Number(lineCol[2]));
    const message = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    return { ok: false, message, location: locate(text, offset) };
  }
}

const STRICT = 'Claude Code reads settings files as strict JSON and skips a file that has one';

/** A comment or a trailing comma, which JSONC allows and strict JSON does not; `undefined` for other errors. */
function explainJsonc(text: string): { offset: number; message: string } | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return undefined;
  if (first.error === INVALID_COMMENT_TOKEN) return { offset: first.offset, message: `a comment: ${STRICT}` };
  if (first.error === PROPERTY_NAME_EXPECTED || first.error === VALUE_EXPECTED) {
    const closer = text[first.offset];
    let i = first.offset - 1;
    while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
    if ((closer === '}' || closer === ']') && text[i] === ',') return { offset: i, message: `a trailing comma: ${STRICT}` };
  }
  return undefined;
}

/**
 * What an error-tolerant parse can still read from text that is not valid JSON (comments,
 * trailing commas, a truncated or mangled file): the best-effort value, or `undefined` when it is
 * not an object. Used only to keep a broken file's deny and ask rules in force.
 */
export function recoverJsonObject(text: string): Record<string, unknown> | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const value: unknown = parseJsonc(body, [], { allowTrailingComma: true, allowEmptyContent: true });
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
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

/** Result of {@link decodeUtf8}. */
export type DecodeResult = { ok: true; text: string } | { ok: false; message: string; offset: number };

/**
 * Decode a settings file's bytes as UTF-8, refusing anything else: UTF-16 (with or without a
 * byte-order mark) and invalid UTF-8 byte sequences are errors with the byte offset, never text
 * with replacement characters that would silently drop a rule.
 */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const order = bytes[0] === 0xff ? 'FF FE, little-endian' : 'FE FF, big-endian';
    return { ok: false, message: `the file is UTF-16 (byte-order mark ${order}), not UTF-8; save it as UTF-8`, offset: 0 };
  }
  if (bytes.length >= 2 && (bytes[0] === 0 || bytes[1] === 0)) {
    return {
      ok: false,
      message: 'the file looks like UTF-16 without a byte-order mark (NUL bytes), not UTF-8; save it as UTF-8',
      offset: bytes[0] === 0 ? 0 : 1,
    };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return {
      ok: false,
      message: `not UTF-8: the byte 0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')} at byte ${offset} does not start or continue a UTF-8 character; save the file as UTF-8`,
      offset,
    };
  }
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i] as number;
    let n: number;
    let min: number;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) [n, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [n, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [n, min] = [3, 0x10000];
    else return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const next = b[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return b.length;
}
