import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { settingsJsonSchema } from '../settings/index.js';
import type { LintDiagnostic } from './types.js';
import { jsonPointerPath } from '../core/json-pointer.js';
import { publicSchema } from './public-schema.js';

import { schemaCheck, type SchemaCheck } from './schema-check.js';

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

/** Whether every array the schema says is unique holds distinct strings only (so cannot fail `uniqueItems`). @internal */
export function surelyUnique(value: unknown, uniqueAt: readonly (readonly string[])[]): boolean {
  for (const path of uniqueAt) {
    let v: unknown = value;
    for (const key of path) v = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
    if (!Array.isArray(v)) continue;
    const seen = new Set<string>();
    for (const item of v) {
      if (typeof item !== 'string' || seen.has(item)) return false;
      seen.add(item);
    }
  }
  return true;
}

/** ajv's validator of toolgate's own schema. @internal */
export function ownValidator(): ValidateFunction {
  return new Ajv2020({ ...COMPILE, allErrors: true, strict: false, validateFormats: false }).compile(settingsJsonSchema());
}

/**
 * The checks of the two schemas one lint holds, each made on its first use and kept for the
 * lint's other files: the quick checks that tell a valid value without ajv, and ajv's validators
 * that word the errors of any other value. The public schema's read the shipped schema, so a lint
 * without it (`--no-public-schema`) never reads the file. @internal
 */
export interface SchemaChecks {
  /** Whether a value is valid under toolgate's own schema, told without ajv. */
  readonly own: SchemaCheck;
  /** Whether a value is valid under the public schema, told without ajv. */
  readonly pub: SchemaCheck;
  /** ajv's validator of toolgate's own schema. */
  readonly ownValidator: () => ValidateFunction;
  /** The public schema's validators. */
  readonly publicValidators: () => PublicValidators;
}

/** Checks of the two schemas, none made yet (see {@link SchemaChecks}). @internal */
export function prepareSchemaChecks(): SchemaChecks {
  let ownQuick: SchemaCheck | undefined;
  let pubQuick: SchemaCheck | undefined;
  let own: ValidateFunction | undefined;
  let pub: PublicValidators | undefined;
  return {
    own: (value) => (ownQuick ??= schemaCheck(settingsJsonSchema()))(value),
    pub: (value) => (pubQuick ??= schemaCheck(publicSchema()))(value),
    ownValidator: () => (own ??= ownValidator()),
    publicValidators: () => (pub ??= publicValidators()),
  };
}

const pathOf = jsonPointerPath;

function describe(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `unknown key "${String(params['additionalProperty'])}"`;
  if (e.keyword === 'enum') return `must be one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'pattern') return 'does not match the pattern the schema allows';
  return e.message ?? 'is invalid';
}

/** Keep the most telling error per place: drop anyOf/oneOf summaries when a branch said more. */
function reduce(all: readonly ErrorObject[]): ErrorObject[] {
  // A union branch whose `type` constant failed is not the branch the value meant: drop its errors.
  const wrongBranches = all
    .filter((e) => e.keyword === 'const' && e.instancePath.endsWith('/type'))
    .map((e) => /^(.*\/(?:anyOf|oneOf)\/\d+)\//.exec(e.schemaPath)?.[1])
    .filter((p): p is string => p !== undefined);
  const kept = wrongBranches.length === 0 ? all : all.filter((e) => !wrongBranches.some((b) => e.schemaPath.startsWith(`${b}/`)));
  const summary = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  const errors = kept.filter((e) => !summary(e) || !kept.some((o) => !summary(o) && o.instancePath.startsWith(e.instancePath)));
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const key =
      e.instancePath +
      (e.keyword === 'additionalProperties' ? `/${String((e.params as Record<string, unknown>)['additionalProperty'])}` : '');
    byPath.set(key, [...(byPath.get(key) ?? []), e]);
  }
  const out: ErrorObject[] = [];
  for (const list of byPath.values()) {
    const specific = list.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
    out.push((specific[0] ?? list[0])!);
  }
  return out;
}

/**
 * Validate a settings value with ajv against toolgate's own schema (`TG_LINT_SCHEMA`: errors;
 * unknown keys, which the loader ignores, are warnings) and against the public Claude Code
 * settings schema (a copy of schemastore's, `schemas/claude-code-settings.schema.json`, read from
 * the package's copy on first use) (`TG_LINT_SCHEMA_PUBLIC`: warnings, because that schema lags
 * Claude Code).
 */
export function schemaDiagnostics(value: unknown, file: string | undefined, withPublic: boolean, checks: SchemaChecks): LintDiagnostic[] {
  const out: LintDiagnostic[] = [];
  const at = file !== undefined ? { file } : {};
  // A value the quick check finds valid has nothing to report; ajv (compiled on first need) finds
  // and words the errors of any other, so the findings are ajv's as before.
  const validateOwn = checks.own(value) === true ? undefined : checks.ownValidator();
  if (validateOwn !== undefined && !validateOwn(value)) {
    for (const e of reduce(validateOwn.errors ?? [])) {
      const path = pathOf(e.instancePath);
      const unknownKey = e.keyword === 'additionalProperties';
      if (unknownKey) path.push(String((e.params as Record<string, unknown>)['additionalProperty']));
      out.push({
        code: 'TG_LINT_SCHEMA',
        severity: unknownKey ? 'warning' : 'error',
        message: `${e.instancePath || '(top level)'}: ${describe(e)}${unknownKey ? '; toolgate ignores it' : ''}`,
        path,
        ...at,
      });
    }
  }
  if (withPublic && checks.pub(value) !== true) {
    const pub = checks.publicValidators();
    const validate = surelyUnique(value, pub.uniqueAt) ? pub.withoutUnique() : pub.full();
    if (!validate(value)) {
      for (const e of reduce(validate.errors ?? [])) {
        const path = pathOf(e.instancePath);
        if (e.keyword === 'additionalProperties') path.push(String((e.params as Record<string, unknown>)['additionalProperty']));
        let shown = '';
        let v: unknown = value;
        for (const p of pathOf(e.instancePath))
          v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined;
        if (typeof v === 'string') shown = ` (${JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v)})`;
        out.push({
          code: 'TG_LINT_SCHEMA_PUBLIC',
          severity: 'warning',
          message: `${e.instancePath || '(top level)'}${shown}: the public Claude Code settings schema says it ${describe(e)}`,
          path,
          ...at,
        });
      }
    }
  }
  return out;
}
