/**
 * JSON with comments and trailing commas, as tsc reads a tsconfig.json and api-extractor its
 * configuration: one reader for the models that read a program's configuration (`tsc.ts`,
 * `api-extractor.ts`). It lives here, inside the shell analysis, so the hook's bundle loads
 * jsonc-parser only when such a model is first looked up (`scripts/lazy-families.ts`), not on
 * every call.
 */
import { parse, type ParseError } from 'jsonc-parser';

/** A value JSON.parse could give: every object has Object's prototype (a `__proto__` key set none). */
function plain(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (Array.isArray(v)) return v.every(plain);
  return Object.getPrototypeOf(v) === Object.prototype && Object.values(v).every(plain);
}

/**
 * The value of `text`, JSON with `//` and `/* *\/` comments and trailing commas; `undefined` when
 * jsonc-parser reports any error (the model then cannot tell what the program writes). A
 * `__proto__` key, which jsonc-parser assigns as the object's prototype, is read as no JSON either.
 * @internal
 */
export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  try {
    const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
    return errors.length === 0 && plain(value) ? value : undefined;
  } catch {
    // Nesting deeper than the stack: no value toolgate can read.
    return undefined;
  }
}
