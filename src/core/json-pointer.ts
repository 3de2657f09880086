/**
 * A JSON Pointer (`/permissions/allow/3`, as ajv reports `instancePath`) as a JSON path
 * (`["permissions", "allow", 3]`), unescaping `~1` and `~0`.
 */
export function jsonPointerPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
