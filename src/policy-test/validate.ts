import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { Diagnostic } from '../core/types.js';
import { POLICY_TEST_SCHEMA } from './schema.js';
import type { PolicyTestDocument } from './types.js';
import { jsonPointerPath } from '../core/json-pointer.js';

let validator: ValidateFunction | undefined;

const pathOf = jsonPointerPath;

/**
 * Check a parsed policy test file against {@link POLICY_TEST_SCHEMA}. Returns the document, or
 * `TG_POLICY_TEST_SCHEMA` errors (never throws).
 * @public
 */
export function validatePolicyTest(value: unknown, file?: string): { ok: true; document: PolicyTestDocument } | { ok: false; errors: Diagnostic[] } {
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(POLICY_TEST_SCHEMA);
  if (validator(value)) return { ok: true, document: value as PolicyTestDocument };
  const seen = new Set<string>();
  const errors: Diagnostic[] = [];
  for (const e of validator.errors ?? []) {
    // oneOf reports each branch; keep one line per place.
    const key = `${e.instancePath} ${e.keyword === 'oneOf' || e.keyword === 'type' ? 'shape' : e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : e.keyword === 'enum' ? `: ${(e.params as { allowedValues?: unknown[] }).allowedValues?.join(', ')}` : '';
    errors.push({
      code: 'TG_POLICY_TEST_SCHEMA',
      severity: 'error',
      message: `${e.instancePath || '(top level)'} ${e.message ?? 'is invalid'}${extra}`,
      path: pathOf(e.instancePath),
      ...(file !== undefined ? { file } : {}),
    });
  }
  return { ok: false, errors };
}
