/**
 * Whether a value is valid against a JSON Schema, without compiling it: compiling toolgate's and
 * the public Claude Code schema with ajv was about half of a small lint (≈ 0.3–0.8 s at every
 * start), yet nearly every settings file is valid, and a valid value has no finding to explain.
 * This walks the schema over the value for the keywords the two schemas use and answers
 * `true` (valid), `false` (invalid) or `undefined` (a keyword or form it does not know); only
 * `true` is acted on — anything else goes to ajv, which finds and words the errors as before.
 *
 * Each keyword means what ajv's generated code checks with the options the lint compiles with
 * (`strict: false`, `validateFormats: false`, `unicodeRegExp` on): type checks, `pattern` with
 * the `u` flag, lengths in code points, `required` and `properties` on `data[key] !== undefined`.
 */

/** A schema's validity check. @internal */
export interface SchemaCheck {
  /** `true` when the value is valid, `false` when it is not, `undefined` when this check cannot tell. */
  (value: unknown): boolean | undefined;
}

/** Keywords that never make a value invalid with the lint's ajv options (annotations, formats, unknown words under `strict: false` that the schemas carry). */
const INERT = new Set([
  'description',
  'markdownDescription',
  'title',
  'default',
  'examples',
  '$comment',
  '$schema',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'allowTrailingCommas',
  '$defs',
  'definitions',
]);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isPrimitive(v: unknown): boolean {
  return v === null || (typeof v !== 'object' && typeof v !== 'function');
}

/** ajv's `ucs2length`: a surrogate pair counts as one. */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

function hasType(value: unknown, type: unknown): boolean | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      // As ajv's generated code: `!(x % 1) && !isNaN(x)` (which lets Infinity, `1e999` in JSON, through).
      return typeof value === 'number' && !(value % 1) && !Number.isNaN(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return undefined;
  }
}

/** A compiled part of a schema: `true`, `false`, or `undefined` when it cannot tell. */
type Check = (value: unknown) => boolean | undefined;

const VALID: Check = () => true;
const INVALID: Check = () => false;
/** A keyword or form this check does not know: the whole schema then goes to ajv. */
const CANNOT_TELL: Check = () => undefined;

/** All of `checks` hold: false as soon as one fails, else undefined if one could not tell. */
function every(checks: readonly Check[]): Check {
  if (checks.length === 0) return VALID;
  if (checks.length === 1) return checks[0]!;
  return (value) => {
    let unknown = false;
    for (let i = 0; i < checks.length; i++) {
      const r = checks[i]!(value);
      if (r === false) return false;
      if (r === undefined) unknown = true;
    }
    return unknown ? undefined : true;
  };
}

/**
 * A check for `root` (a JSON Schema whose `$ref`s are local JSON pointers), compiled once into
 * closures (walking the schema for each value cost ten times as much). `root` is read, never changed.
 * @internal
 */
export function schemaCheck(root: Record<string, unknown>): SchemaCheck {
  const regex = (source: unknown): RegExp | undefined => {
    if (typeof source !== 'string') return undefined;
    try {
      return new RegExp(source, 'u');
    } catch {
      return undefined;
    }
  };
  const pointTo = (ref: string): unknown => {
    if (ref === '#') return root;
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = root;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isPlainObject(at) || !Object.prototype.hasOwnProperty.call(at, key)) return undefined;
      at = at[key];
    }
    return at;
  };
  // Each subschema compiled once; a `$ref` reads the compiled target when first used (schemas recurse).
  const compiled = new Map<unknown, Check>();
  const compile = (schema: unknown): Check => {
    let c = compiled.get(schema);
    if (c === undefined) {
      compiled.set(schema, (v) => c!(v));
      c = compileNew(schema);
      compiled.set(schema, c);
    }
    return c;
  };
  const refTo = (ref: unknown): Check => {
    if (typeof ref !== 'string') return CANNOT_TELL;
    const target = pointTo(ref);
    if (target !== true && target !== false && !isPlainObject(target)) return CANNOT_TELL;
    let c: Check | undefined;
    return (v) => (c ??= compile(target))(v);
  };

  const compileNew = (schema: unknown): Check => {
    if (schema === true) return VALID;
    if (schema === false) return INVALID;
    if (!isPlainObject(schema)) return CANNOT_TELL;
    const checks: Check[] = [];
    for (const key in schema) {
      const k = schema[key];
      const c = keyword(schema, key, k);
      if (c === CANNOT_TELL) return CANNOT_TELL;
      if (c !== VALID) checks.push(c);
    }
    return every(checks);
  };

  const keyword = (schema: Record<string, unknown>, key: string, k: unknown): Check => {
    switch (key) {
      case 'type': {
        const types = Array.isArray(k) ? k : [k];
        if (!types.every((t) => hasType(null, t) !== undefined)) return CANNOT_TELL;
        if (types.length === 1) {
          const t = types[0];
          return (v) => hasType(v, t)!;
        }
        return (v) => types.some((t) => hasType(v, t));
      }
      case 'enum': {
        if (!Array.isArray(k)) return CANNOT_TELL;
        // Objects compare deeply in ajv; an object never equals a primitive.
        if (k.every(isPrimitive)) return (v) => isPrimitive(v) && k.includes(v);
        return (v) => (isPrimitive(v) && k.includes(v) ? true : undefined);
      }
      case 'const':
        if (isPrimitive(k)) return (v) => v === k;
        return (v) => (isPrimitive(v) ? false : undefined);
      case '$ref':
        return refTo(k);
      case 'anyOf':
      case 'oneOf':
      case 'allOf': {
        if (!Array.isArray(k)) return CANNOT_TELL;
        const branches = k.map(compile);
        if (key === 'allOf') return every(branches);
        return (v) => {
          let yes = 0;
          let maybe = 0;
          for (const b of branches) {
            const r = b(v);
            if (r === true) {
              yes++;
              if (key === 'anyOf') return true;
            } else if (r === undefined) maybe++;
          }
          if (key === 'anyOf') return maybe > 0 ? undefined : false;
          if (yes > 1 || (yes === 0 && maybe === 0)) return false;
          return maybe > 0 ? undefined : true;
        };
      }
      case 'not': {
        const inner = compile(k);
        return (v) => {
          const r = inner(v);
          return r === undefined ? undefined : !r;
        };
      }
      case 'pattern': {
        const re = regex(k);
        if (re === undefined) return CANNOT_TELL;
        return (v) => typeof v !== 'string' || re.test(v);
      }
      case 'minLength':
        if (typeof k !== 'number') return CANNOT_TELL;
        // Code points never fall below half the UTF-16 units.
        return (v) => typeof v !== 'string' || v.length >= 2 * k || codePoints(v) >= k;
      case 'maxLength':
        if (typeof k !== 'number') return CANNOT_TELL;
        // Code points never outnumber the UTF-16 units.
        return (v) => typeof v !== 'string' || v.length <= k || codePoints(v) <= k;
      case 'minimum':
        if (typeof k !== 'number') return CANNOT_TELL;
        return (v) => typeof v !== 'number' || v >= k;
      case 'maximum':
        if (typeof k !== 'number') return CANNOT_TELL;
        return (v) => typeof v !== 'number' || v <= k;
      case 'exclusiveMinimum':
        if (typeof k !== 'number') return CANNOT_TELL;
        return (v) => typeof v !== 'number' || v > k;
      case 'exclusiveMaximum':
        if (typeof k !== 'number') return CANNOT_TELL;
        return (v) => typeof v !== 'number' || v < k;
      case 'minItems':
        if (typeof k !== 'number') return CANNOT_TELL;
        return (v) => !Array.isArray(v) || v.length >= k;
      case 'maxItems':
        if (typeof k !== 'number') return CANNOT_TELL;
        return (v) => !Array.isArray(v) || v.length <= k;
      case 'uniqueItems':
        if (k === false) return VALID;
        if (k !== true) return CANNOT_TELL;
        return (v) => {
          if (!Array.isArray(v)) return true;
          const seen = new Set<unknown>();
          for (const item of v) {
            if (!isPrimitive(item)) return undefined;
            if (seen.has(item)) return false;
            seen.add(item);
          }
          return true;
        };
      case 'items': {
        if (Array.isArray(k)) return CANNOT_TELL;
        const item = compile(k);
        if (item === VALID) return VALID;
        return (v) => {
          if (!Array.isArray(v)) return true;
          let unknown = false;
          for (let i = 0; i < v.length; i++) {
            const r = item(v[i]);
            if (r === false) return false;
            if (r === undefined) unknown = true;
          }
          return unknown ? undefined : true;
        };
      }
      case 'required': {
        if (!Array.isArray(k) || !k.every((n) => typeof n === 'string')) return CANNOT_TELL;
        const names = k as string[];
        return (v) => !isPlainObject(v) || names.every((n) => v[n] !== undefined);
      }
      case 'properties': {
        if (!isPlainObject(k)) return CANNOT_TELL;
        const props = Object.keys(k).map((name) => [name, compile(k[name])] as const);
        return (v) => {
          if (!isPlainObject(v)) return true;
          let unknown = false;
          for (const [name, check] of props) {
            const p = v[name];
            if (p === undefined) continue;
            const r = check(p);
            if (r === false) return false;
            if (r === undefined) unknown = true;
          }
          return unknown ? undefined : true;
        };
      }
      case 'patternProperties':
      case 'additionalProperties': {
        const patterns = schema['patternProperties'] ?? {};
        if (!isPlainObject(patterns)) return CANNOT_TELL;
        const declared = isPlainObject(schema['properties']) ? schema['properties'] : {};
        const res: [RegExp, Check][] = [];
        for (const p in patterns) {
          const re = regex(p);
          if (re === undefined) return CANNOT_TELL;
          res.push([re, compile(patterns[p])]);
        }
        const additional = key === 'additionalProperties' ? compile(k) : undefined;
        if (additional === VALID) return VALID;
        return (v) => {
          if (!isPlainObject(v)) return true;
          let unknown = false;
          for (const name in v) {
            let matched = false;
            for (const [re, check] of res) {
              if (!re.test(name)) continue;
              matched = true;
              if (additional !== undefined) break;
              const r = check(v[name]);
              if (r === false) return false;
              if (r === undefined) unknown = true;
            }
            if (additional === undefined || matched || Object.prototype.hasOwnProperty.call(declared, name)) continue;
            const r = additional(v[name]);
            if (r === false) return false;
            if (r === undefined) unknown = true;
          }
          return unknown ? undefined : true;
        };
      }
      case 'propertyNames': {
        const names = compile(k);
        return (v) => {
          if (!isPlainObject(v)) return true;
          let unknown = false;
          for (const name in v) {
            const r = names(name);
            if (r === false) return false;
            if (r === undefined) unknown = true;
          }
          return unknown ? undefined : true;
        };
      }
      case '$id':
        // The root's own id names the schema; one further in would change what `$ref`s mean.
        return schema === root ? VALID : CANNOT_TELL;
      default:
        return INERT.has(key) ? VALID : CANNOT_TELL;
    }
  };
  const check = compile(root);
  return (value) => check(value);
}
