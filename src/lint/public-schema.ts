/**
 * The public Claude Code settings schema (a copy of schemastore's), read from the file toolgate
 * ships, `schemas/claude-code-settings.schema.json`. The only file of the lint that touches Node
 * built-ins. Read at run time, not bundled: the build's ES module and CommonJS chunks each held a
 * copy (≈ 180 KB apiece), and a consumer's install is held to 25 MB (test/package).
 */
import { readFileSync } from 'node:fs';

/** The schema's file name, in the package's `schemas/` folder. */
const PUBLIC_SCHEMA_FILE = 'claude-code-settings.schema.json';

/** The schema's `$id`: a file that does not carry it is not the schema (another package's folder). */
const PUBLIC_SCHEMA_ID = 'https://json.schemastore.org/claude-code-settings.json';

/**
 * Where the schema is, relative to the module that reads it: `../schemas/` from a chunk in `dist/`
 * (the package's `schemas/` folder), `../../schemas/` from `src/lint/` (tsx, vitest) and from a
 * chunk one folder deeper (`dist/demo/`).
 */
const CANDIDATES = [`../schemas/${PUBLIC_SCHEMA_FILE}`, `../../schemas/${PUBLIC_SCHEMA_FILE}`];

let schema: Record<string, unknown> | undefined;

/**
 * The public schema, read once from beside this module. Throws when it cannot be found or read:
 * the check was asked for (`publicSchema` is not `false`), so the lint fails loudly rather than
 * pass a file it never checked.
 * @internal
 */
export function publicSchema(): Record<string, unknown> {
  return (schema ??= readPublicSchema(moduleUrl()));
}

/**
 * The public schema, looked for relative to `base` (a module's URL; `undefined`: none is known).
 * @internal
 */
export function readPublicSchema(base: string | undefined): Record<string, unknown> {
  const tried: string[] = [];
  for (const candidate of base !== undefined ? CANDIDATES : []) {
    const url = new URL(candidate, base);
    const path = url.protocol === 'file:' ? decodeURIComponent(url.pathname) : url.href;
    let text: string;
    try {
      text = readFileSync(url, 'utf8');
    } catch {
      tried.push(path);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== 'object' || (value as Record<string, unknown>)['$id'] !== PUBLIC_SCHEMA_ID) {
      tried.push(`${path} (not the Claude Code settings schema)`);
      continue;
    }
    return value as Record<string, unknown>;
  }
  throw new Error(
    `the public Claude Code settings schema toolgate ships (schemas/${PUBLIC_SCHEMA_FILE}) is missing` +
      (tried.length > 0 ? ` (looked for ${tried.join(', ')})` : ' (this copy of toolgate cannot tell where its files are)') +
      ': reinstall toolgate, or lint without that check (publicSchema: false, toolgate lint --no-public-schema)',
  );
}

/** This module's URL; `undefined` where a bundler left none (tsup's shims give one to the CommonJS build). */
function moduleUrl(): string | undefined {
  return typeof import.meta.url === 'string' && import.meta.url !== '' ? import.meta.url : undefined;
}
