import type { ErrorObject, ValidateFunction } from 'ajv';
import { settingsJsonSchema } from '../settings/index.js';
import type { LintDiagnostic } from './types.js';
import { jsonPointerPath } from '../core/json-pointer.js';
import { publicSchema } from './public-schema.js';
import { schemaCheck, type SchemaCheck } from './schema-check.js';
import type { PublicValidators } from './validators.js';

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

/**
 * The checks of the two schemas one lint holds, each made on its first use and kept for the
 * lint's other files: the quick checks that tell a valid value without ajv, and ajv's validators
 * that word the errors of any other value. The public schema's read the shipped schema, so a lint
 * without it (`--no-public-schema`) never reads the file; ajv itself (`validators.ts`) is loaded
 * with the first validator asked for, so a lint of valid files never loads it. @internal
 */
export interface SchemaChecks {
  /** Whether a value is valid under toolgate's own schema, told without ajv. */
  readonly own: SchemaCheck;
  /** Whether a value is valid under the public schema, told without ajv. */
  readonly pub: SchemaCheck;
  /** ajv's validator of toolgate's own schema. */
  readonly ownValidator: () => Promise<ValidateFunction>;
  /** The public schema's validators. */
  readonly publicValidators: () => Promise<PublicValidators>;
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
    ownValidator: async () => (own ??= (await import('./validators.js')).ownValidator()),
    publicValidators: async () => (pub ??= (await import('./validators.js')).publicValidators()),
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
export async function schemaDiagnostics(
  value: unknown,
  file: string | undefined,
  withPublic: boolean,
  checks: SchemaChecks,
): Promise<LintDiagnostic[]> {
  const out: LintDiagnostic[] = [];
  const at = file !== undefined ? { file } : {};
  // A value the quick check finds valid has nothing to report; ajv (compiled on first need) finds
  // and words the errors of any other, so the findings are ajv's as before.
  const validateOwn = checks.own(value) === true ? undefined : await checks.ownValidator();
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
    const pub = await checks.publicValidators();
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
