import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Diagnostic } from '../core/types.js';
import { formatJsonPath } from '../settings/parse.js';
import type { SettingsDiagnostic } from '../settings/types.js';
import { POLICY_TEST_SCHEMA } from './schema.js';
import type { PolicyTestDocument } from './types.js';
import { jsonPointerPath } from '../core/json-pointer.js';

let validator: ValidateFunction | undefined;

/** What a required key holds, for the message that says it is missing. */
const REQUIRED: Record<string, string> = {
  settings: 'where the policy comes from, e.g. {"project": "."} or {"files": ["settings.json"]}',
  cases: 'a list of cases, each {"call": "Bash(git status)", "expect": "allow"}',
  call: 'the call, e.g. "Bash(git status)" or {"tool": "Read", "input": {"file_path": "a.ts"}}',
  expect: '"allow", "ask" or "deny"',
  tool: 'the tool name, e.g. "Bash"',
};

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string'
    ? `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`
    : `${typeof value} ${JSON.stringify(value)}`;
}

/** A known key spelled in another case, or one the written key starts (or is the start of). */
function suggest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  return (
    known.find((k) => k.toLowerCase() === lower) ??
    known.find((k) => lower.startsWith(k.toLowerCase()) || k.toLowerCase().startsWith(lower))
  );
}

/** One schema error in plain words: the JSON path it is at, what was expected there, what was found. */
function explain(e: ErrorObject): { path: (string | number)[]; message: string; expected?: string } {
  const path = jsonPointerPath(e.instancePath);
  const params = e.params as Record<string, unknown>;
  const at = formatJsonPath(path);
  switch (e.keyword) {
    case 'required': {
      const key = String(params['missingProperty']);
      const expected = REQUIRED[key] ?? 'a value';
      return { path, message: `${at}: "${key}" is missing (expected ${expected})`, expected };
    }
    case 'additionalProperties': {
      const key = String(params['additionalProperty']);
      const known = Object.keys(((e.parentSchema ?? {}) as { properties?: Record<string, unknown> }).properties ?? {});
      const near = suggest(key, known);
      const expected = `one of the keys ${known.join(', ')}`;
      return {
        path: [...path, key],
        message: `${formatJsonPath([...path, key])}: unknown key${near !== undefined ? `; did you mean "${near}"?` : ''} (expected ${expected})`,
        expected,
      };
    }
    case 'enum': {
      const expected = `one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      return { path, message: `${at}: expected ${expected}, got ${typeName(e.data)}`, expected };
    }
    case 'type': {
      const expected = `${/^[aeiou]/.test(String(params['type'])) ? 'an' : 'a'} ${String(params['type'])}`;
      return { path, message: `${at}: expected ${expected}, got ${typeName(e.data)}`, expected };
    }
    case 'oneOf': {
      const expected = 'a call: a string like "Bash(git status)" or an object {"tool": "Read", "input": {...}}';
      return { path, message: `${at}: expected ${expected}, got ${typeName(e.data)}`, expected };
    }
    case 'minItems':
      return {
        path,
        message: `${at}: expected at least ${String(params['limit'])} item${params['limit'] === 1 ? '' : 's'}, got none`,
        expected: 'a non-empty list',
      };
    case 'minProperties': {
      const known = Object.keys(((e.parentSchema ?? {}) as { properties?: Record<string, unknown> }).properties ?? {});
      const expected = `at least one of ${known.join(', ')}`;
      return { path, message: `${at}: expected ${expected}, got an empty object`, expected };
    }
    case 'minLength':
      return { path, message: `${at}: expected a non-empty string`, expected: 'a non-empty string' };
    default:
      return { path, message: `${at}: ${e.message ?? 'is invalid'}` };
  }
}

/**
 * Check a parsed policy test file against {@link POLICY_TEST_SCHEMA}. Returns the document, or
 * `TG_POLICY_TEST_SCHEMA` errors (never throws), each naming the JSON path, what was expected
 * there (`expected`) and what was found, as settings diagnostics do.
 * @public
 */
export function validatePolicyTest(
  value: unknown,
  file?: string,
): { ok: true; document: PolicyTestDocument } | { ok: false; errors: Diagnostic[] } {
  validator ??= new Ajv2020({ allErrors: true, strict: false, verbose: true }).compile(POLICY_TEST_SCHEMA);
  if (validator(value)) return { ok: true, document: value as PolicyTestDocument };
  const all = validator.errors ?? [];
  // A call that fits neither form: an object is held to the object form (its own errors say what is
  // wrong inside it); anything else is told both forms, once.
  const unions = new Map(
    all
      .filter((e) => e.keyword === 'oneOf')
      .map((e) => [e.instancePath, e.data !== null && typeof e.data === 'object' && !Array.isArray(e.data)]),
  );
  const inUnion = (e: ErrorObject) => [...unions].find(([u]) => e.instancePath === u || e.instancePath.startsWith(`${u}/`));
  const seen = new Set<string>();
  const errors: Diagnostic[] = [];
  for (const e of all) {
    const union = inUnion(e);
    if (union !== undefined) {
      const [, isObject] = union;
      if (e.keyword === 'oneOf' ? isObject : !isObject || !/\/oneOf\/1\//.test(e.schemaPath)) continue;
    }
    const { path, message, expected } = explain(e);
    if (seen.has(message)) continue;
    seen.add(message);
    const d: SettingsDiagnostic = {
      code: 'TG_POLICY_TEST_SCHEMA',
      severity: 'error',
      message,
      path,
      ...(expected !== undefined ? { expected } : {}),
      ...(file !== undefined ? { file } : {}),
    };
    errors.push(d);
  }
  return { ok: false, errors };
}
