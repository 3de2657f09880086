import type { z } from 'zod';
import type { SettingsSource } from '../core/types.js';
import { SETTINGS_CODES as C } from './codes.js';
import { managedOnlyShape } from './schema.js';
import type { SettingsDiagnostic } from './types.js';

/**
 * The reader every part of a settings file is checked with: it reports each problem with the
 * file, the JSON path and what was expected, and never throws. Shared by the parser of the Claude
 * Code keys (`parse.ts`) and of toolgate's own settings block (`toolgate-block.ts`).
 */

/** A JSON path inside a settings file. */
export type JsonPath = (string | number)[];

/** A message without its final full stop, to append to. */
export function trimStop(message: string): string {
  // As `message.replace(/\.\s*$/, '')`: `trimEnd` removes what `\s` matches.
  const end = message.trimEnd();
  return end.endsWith('.') ? end.slice(0, -1) : message;
}

/** `permissions.allow[3]` */
export function formatJsonPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? '(top level)' : out;
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type of a value, as a message names it (`null`, `array`, `string`, …). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Known keys that sit one level up or down, to point at a misplaced key. */
const TOP_LEVEL_ONLY = new Set([...Object.keys(managedOnlyShape), 'autoMode', 'useAutoModeDuringPlan', 'disableAllHooks', 'hooks']);

/** A known key the unknown one was probably meant as (same letters in another case, or a prefix of it). */
export function suggest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  return (
    known.find((k) => k.toLowerCase() === lower) ??
    known.find((k) => lower.startsWith(k.toLowerCase()) || k.toLowerCase().startsWith(lower))
  );
}

/** Collects the diagnostics of one settings source, each with its file. */
export class Reader {
  readonly diagnostics: SettingsDiagnostic[] = [];
  constructor(readonly source: SettingsSource) {}

  /** Every caller passes a fresh object: it is kept (with the file added), not copied. */
  report(d: Omit<SettingsDiagnostic, 'file'>): void {
    if (this.source.file !== undefined) (d as SettingsDiagnostic).file = this.source.file;
    this.diagnostics.push(d);
  }

  /** Check `value` against `schema`; report the first issue as TG_SETTINGS_TYPE. */
  check<T>(schema: z.ZodType<T>, value: unknown, path: JsonPath, consequence: string): value is T {
    const result = schema.safeParse(value);
    if (result.success) return true;
    const issue = result.error.issues[0];
    const where = [...path, ...((issue?.path ?? []) as (string | number)[])];
    const expected = expectedOf(issue, schema);
    this.report({
      code: C.type,
      severity: 'error',
      path: where,
      expected,
      message: `${formatJsonPath(where)}: expected ${expected}, got ${describeValue(value, issue?.path ?? [])}; ${consequence}`,
    });
    return false;
  }

  unknownKey(key: string, path: JsonPath, known: readonly string[], where: string, consequence = 'ignored'): void {
    const full = [...path, key];
    let hint = '';
    if (TOP_LEVEL_ONLY.has(key) && path.length > 0) hint = ` "${key}" belongs at the top level of the file, not in ${where}.`;
    else {
      const close = suggest(key, known);
      if (close !== undefined) hint = ` Did you mean "${close}"?`;
    }
    this.report({
      code: C.unknownKey,
      severity: 'warning',
      path: full,
      expected: `one of ${known.join(', ')}`,
      message: `${formatJsonPath(full)}: unknown key in ${where}; ${consequence}.${hint}`,
    });
  }
}

/** A value as a message shows it: a short string quoted, a scalar as written, else its type. */
export function describeValue(value: unknown, subPath: readonly PropertyKey[]): string {
  let v: unknown = value;
  for (const key of subPath) {
    if (v === null || typeof v !== 'object') break;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return typeName(v);
}

function expectedOf(issue: z.core.$ZodIssue | undefined, schema: z.ZodType): string {
  if (issue === undefined) return schema.description ?? 'a valid value';
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'array'
        ? 'an array'
        : issue.expected === 'object' || issue.expected === 'record'
          ? 'an object'
          : `a ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string'
        ? 'a non-empty string'
        : issue.origin === 'number'
          ? `a number ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`
          : issue.message;
    default:
      return issue.message.replace(/^Invalid input: /, '');
  }
}
