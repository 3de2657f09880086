/**
 * Reading a policy test file's text: JSON with comments and trailing commas (JSONC, as
 * `tsconfig.json` — a test file is toolgate's own format, not one Claude Code reads), with errors
 * that name the file, the line and column, and what was expected there.
 */
import { findNodeAtLocation, parse as parseJsonc, parseTree, type ParseError } from 'jsonc-parser';
import type { SettingsDiagnostic } from '../settings/types.js';
import { locate } from '../settings/json.js';

/** jsonc-parser's ParseErrorCode (a const enum, which isolated modules cannot read), in words. */
const EXPECTED: Record<number, string> = {
  1: 'a JSON value (this character starts none)',
  2: 'a number',
  3: 'a property name in double quotes',
  4: 'a value',
  5: 'a ":" after the property name',
  6: 'a "," between the items',
  7: 'a "}" to close the object',
  8: 'a "]" to close the array',
  9: 'the end of the file after the value',
  10: 'a comment to start with // or /*',
  11: 'the end "*/" of the comment',
  12: 'the closing " of the string',
  13: 'the rest of the number',
  14: 'a \\u escape of four hexadecimal digits',
  15: 'an escape such as \\n, \\" or \\\\',
  16: 'no control character inside a string (write \\n or \\t)',
};

/** Result of {@link parsePolicyTestText}. */
export type PolicyTestText =
  | { ok: true; value: unknown; where: (path: readonly (string | number)[]) => { line: number; column: number } | undefined }
  | { ok: false; error: SettingsDiagnostic };

/**
 * Parse a policy test file: JSONC (`//` and `/* … *\/` comments, trailing commas), a leading
 * byte-order mark skipped. On success, `where(path)` gives the line and column of the value at a
 * JSON path (of its key, for an object member). On failure, one `TG_POLICY_TEST_JSON` error with
 * the file, line, column and what was expected there.
 */
export function parsePolicyTestText(text: string, file?: string): PolicyTestText {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = text.slice(bom);
  const at = file !== undefined ? { file } : {};
  if (body.trim() === '') {
    return {
      ok: false,
      error: {
        code: 'TG_POLICY_TEST_JSON',
        severity: 'error',
        message: 'the file is empty: expected a JSON object with "settings" and "cases"',
        path: [],
        expected: 'a JSON object',
        line: 1,
        column: 1,
        ...at,
      },
    };
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(body, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = locate(text, first.offset + bom);
    const expected = EXPECTED[first.error] ?? 'valid JSON';
    return {
      ok: false,
      error: {
        code: 'TG_POLICY_TEST_JSON',
        severity: 'error',
        message: `not valid JSON at line ${line}, column ${column}: expected ${expected}`,
        path: [],
        expected,
        line,
        column,
        ...at,
      },
    };
  }
  const tree = parseTree(body, [], { allowTrailingComma: true });
  const where = (path: readonly (string | number)[]) => {
    if (tree === undefined) return undefined;
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, [...path.slice(0, n)]);
      if (node === undefined) continue;
      // An object member points at its key, where an editor shows the name.
      const offset = node.parent?.type === 'property' ? node.parent.offset : node.offset;
      const { line, column } = locate(text, offset + bom);
      return { line, column };
    }
    return undefined;
  };
  return { ok: true, value, where };
}
