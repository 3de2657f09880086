import { Ajv, type ValidateFunction } from 'ajv';
import { HOOK_SCHEMA_FILES, hookSpecificOutputSchemas } from './schemas.js';

let ajv: Ajv | undefined;
// Keyed on the shipped schema files' names (a miss on any other name is not stored): bounded by that table.
const cache = new Map<string, ValidateFunction>();

function validator(file: string): ValidateFunction | undefined {
  let v = cache.get(file);
  if (v !== undefined) return v;
  if (ajv === undefined) {
    ajv = new Ajv({ allErrors: true, strict: false });
    for (const schema of Object.values(HOOK_SCHEMA_FILES)) ajv.addSchema(schema);
  }
  const id = (HOOK_SCHEMA_FILES[file] as { $id?: string } | undefined)?.$id;
  if (id === undefined) return undefined;
  v = ajv.getSchema(id);
  if (v !== undefined) cache.set(file, v);
  return v;
}

function errorsOf(v: ValidateFunction, where: string): string[] {
  return (v.errors ?? []).map((e) => `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}`.trim());
}

/**
 * Validate a hook's JSON answer for `event` against the shipped schemas: the common fields, then
 * `hookSpecificOutput` against the event's own schema (its `hookEventName` must name `event`).
 * Returns the problems found (empty when valid).
 * @public
 */
export function validateHookOutput(event: string, value: unknown): string[] {
  const common = validator('sync-output.json');
  if (common === undefined) return ['internal: schema missing'];
  if (!common(value)) return errorsOf(common, 'output');
  const specific = (value as { hookSpecificOutput?: { hookEventName?: unknown } }).hookSpecificOutput;
  if (specific === undefined) return [];
  if (specific.hookEventName !== event)
    return [`output/hookSpecificOutput/hookEventName is "${String(specific.hookEventName)}" but the event is ${event}`];
  if (hookSpecificOutputSchemas[event] === undefined) return [];
  const v = validator(`hook-specific-output/${event}.json`);
  if (v === undefined) return [];
  return v(specific) ? [] : errorsOf(v, 'output/hookSpecificOutput');
}

/** Validate an async answer (`{ async: true, asyncTimeout? }`, milliseconds). @public */
export function validateAsyncOutput(value: unknown): string[] {
  const v = validator('async-output.json');
  if (v === undefined) return ['internal: schema missing'];
  return v(value) ? [] : errorsOf(v, 'output');
}

/** Validate a `prompt` / `agent` model verdict (`{ ok, reason?, impossible? }`). @public */
export function validateModelVerdict(value: unknown): string[] {
  const v = validator('model-verdict.json');
  if (v === undefined) return ['internal: schema missing'];
  return v(value) ? [] : errorsOf(v, 'verdict');
}
