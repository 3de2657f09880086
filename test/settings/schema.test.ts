import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { HOOK_EVENTS, SettingsSchema, settingsJsonSchema } from '../../src/settings/index.js';

const checkedIn = fileURLToPath(new URL('../../schemas/settings.schema.json', import.meta.url));

describe('JSON Schema', () => {
  it('the checked-in schemas/settings.schema.json is up to date (regenerate: npx tsx scripts/gen-schema.ts)', () => {
    expect(readFileSync(checkedIn, 'utf8')).toBe(`${JSON.stringify(settingsJsonSchema(), null, 2)}\n`);
  });

  it('compiles with ajv and agrees with zod on examples', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(settingsJsonSchema());
    const good = {
      model: 'opus',
      permissions: { allow: ['Bash(npm run *)'], defaultMode: 'manual', disableBypassPermissionsMode: 'disable' },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 5 }] }] },
      autoMode: { allow: ['$defaults'] },
    };
    const bad = [
      { permissions: { allow: 'Bash' } },
      { permissions: { defaultMode: 'yolo' } },
      { permissions: { unknown: 1 } },
      { hooks: { PreToolUse: [{ hooks: [{ type: 'script', command: 'x' }] }] } },
      { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x', timeout: 0 }] }] } },
    ];
    expect(validate(good)).toBe(true);
    expect(SettingsSchema.safeParse(good).success).toBe(true);
    for (const b of bad) {
      expect(validate(b)).toBe(false);
      expect(SettingsSchema.safeParse(b).success).toBe(false);
    }
  });

  it('lists every hook event', () => {
    const schema = settingsJsonSchema() as { properties: { hooks: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.properties.hooks.properties)).toEqual([...HOOK_EVENTS]);
  });
});
