/**
 * ajv's validators of toolgate's own schema and of the public Claude Code settings schema: the
 * only module of the lint that loads ajv. A lint imports it on first need (a value the quick
 * checks do not call valid, see `schema.ts`): loading ajv's modules was ≈ 60 ms of CPU at every
 * lint, and a valid settings file never needs them.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { settingsJsonSchema } from '../settings/index.js';
import { publicSchema } from './public-schema.js';

/**
 * How the validators are compiled, which is most of a small lint's time: the schemas are
 * fixed and known to be valid, so they are not checked against JSON Schema's meta-schema (for
 * toolgate's own, draft 2020-12, compiling the meta-schema's validator was a third of its time),
 * and the generated code is not put through ajv's optimising pass (about 40 % of the time; it
 * removes unused names and inlines constants: the checks and their errors are the same).
 */
const COMPILE = { validateSchema: false, code: { optimize: false } } as const;

/**
 * The public schema's validator, and one without its `uniqueItems` checks. Those checks are on
 * the permission lists, whose items are a `$ref`, so ajv compares every pair of rules with a deep
 * equality (100,000 rules: billions of comparisons). Lists whose strings are all distinct, which
 * a set tells in one pass, cannot fail the check: the validator without it gives the same errors.
 * A list with a repeated or non-string item goes to the full validator, so its finding is
 * word for word the one ajv gives.
 */
/** @internal */
export interface PublicValidators {
  /** The validator as the schema is shipped (compiled on first use: a file without repeats never needs it). */
  full(): ValidateFunction;
  /** The validator without the `uniqueItems` checks listed in `uniqueAt` (compiled on first use). */
  withoutUnique(): ValidateFunction;
  /** JSON paths (from the root, through `properties` only) of the arrays the schema says are unique. */
  uniqueAt: (readonly string[])[];
}

/**
 * The public schema's validators: as shipped, and without its `uniqueItems` checks on object
 * properties. Throws when toolgate's copy of the schema is missing (see {@link publicSchema}).
 * @internal
 */
export function publicValidators(): PublicValidators {
  const schema = publicSchema();
  const options = { ...COMPILE, allErrors: true, strict: false, validateFormats: false, logger: false } as const;
  const uniqueAt: string[][] = [];
  const strip = (schema: unknown, path: string[]): unknown => {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    const out: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
    if (out['uniqueItems'] === true && out['type'] === 'array') {
      delete out['uniqueItems'];
      uniqueAt.push(path);
    }
    const props = out['properties'];
    if (props !== null && typeof props === 'object' && !Array.isArray(props)) {
      out['properties'] = Object.fromEntries(Object.entries(props as Record<string, unknown>).map(([k, v]) => [k, strip(v, [...path, k])]));
    }
    return out;
  };
  const stripped = strip(schema, []) as Record<string, unknown>;
  let full: ValidateFunction | undefined;
  let withoutUnique: ValidateFunction | undefined;
  return {
    full: () => (full ??= new Ajv(options).compile(schema)),
    withoutUnique: () => (withoutUnique ??= new Ajv(options).compile(stripped)),
    uniqueAt,
  };
}

/** ajv's validator of toolgate's own schema. @internal */
export function ownValidator(): ValidateFunction {
  return new Ajv2020({ ...COMPILE, allErrors: true, strict: false, validateFormats: false }).compile(settingsJsonSchema());
}
