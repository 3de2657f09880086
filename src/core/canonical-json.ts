/**
 * The canonical JSON of a value (RFC 8785, JSON Canonicalization Scheme, for JSON data): object
 * keys sorted by UTF-16 code units, no whitespace, numbers and strings as `JSON.stringify` writes
 * them. Values JSON cannot hold (`undefined`, functions) are left out of objects and become
 * `null` in arrays, as `JSON.stringify` does.
 * @public
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v))).join(',')}]`;
  const keys = Object.keys(value).sort();
  const parts: string[] = [];
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined || typeof v === 'function') continue;
    parts.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}
