import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOOK_SCHEMA_FILES } from '../../src/hooks/index.js';

const DIR = fileURLToPath(new URL('../../schemas/hooks/', import.meta.url));

describe('shipped JSON Schemas', () => {
  // TOOLGATE_WRITE_SCHEMAS=1 npx vitest run test/hooks/schemas.test.ts regenerates the files.
  if (process.env['TOOLGATE_WRITE_SCHEMAS'] === '1') {
    for (const [file, schema] of Object.entries(HOOK_SCHEMA_FILES)) {
      mkdirSync(dirname(join(DIR, file)), { recursive: true });
      writeFileSync(join(DIR, file), `${JSON.stringify(schema, null, 2)}\n`);
    }
  }
  it.each(Object.keys(HOOK_SCHEMA_FILES))('schemas/hooks/%s equals the embedded schema', (file) => {
    const path = join(DIR, file);
    expect(existsSync(path)).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(HOOK_SCHEMA_FILES[file]);
  });
});
