/**
 * Writes schemas/settings.schema.json from toolgate's zod settings schemas.
 * Run: npx tsx scripts/gen-schema.ts   (a test fails when the checked-in file is out of date)
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsJsonSchema } from '../src/settings/schema.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'schemas', 'settings.schema.json');
writeFileSync(target, `${JSON.stringify(settingsJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
