import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareSchemaChecks } from '../../src/lint/schema.js';
import type { SchemaCheck } from '../../src/lint/schema-check.js';
import { propertyRuns } from '../support/property-runs.js';

/** Every settings object under examples/, test/fixtures and the cases' `settings`. */
function corpus(): unknown[] {
  const out: unknown[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) {
        try {
          const v = JSON.parse(readFileSync(p, 'utf8')) as unknown;
          if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(v);
        } catch {
          // not JSON (a fixture of a broken file)
        }
      }
    }
  };
  walk('examples');
  walk('test/fixtures');
  for (const f of readdirSync('test/cases/own').filter((n) => n.endsWith('.jsonl')))
    for (const line of readFileSync(join('test/cases/own', f), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const settings = (JSON.parse(line) as { case?: { settings?: unknown } }).case?.settings;
      if (settings !== null && typeof settings === 'object') out.push(settings);
    }
  return out;
}

const checks = prepareSchemaChecks();
const own = await checks.ownValidator();
const pub = (await checks.publicValidators()).full();
const both: [string, SchemaCheck, (v: unknown) => boolean][] = [
  ['own', checks.own, (v) => own(v) as boolean],
  ['public', checks.pub, (v) => pub(v) as boolean],
];

/** The quick check may not tell (`undefined`); when it tells, it must say what ajv says. */
function agrees(value: unknown): void {
  for (const [name, quick, ajv] of both) {
    const q = quick(value);
    if (q !== undefined) expect({ name, value, valid: q }).toEqual({ name, value, valid: ajv(value) });
  }
}

const settings = corpus();

describe('the quick schema check', () => {
  it('says what ajv says of every settings object in the repository, and tells nearly all of them', () => {
    expect(settings.length).toBeGreaterThan(500);
    let told = 0;
    for (const s of settings) {
      agrees(s);
      if (checks.own(s) !== undefined && checks.pub(s) !== undefined) told++;
    }
    expect(told / settings.length).toBeGreaterThan(0.95);
  });

  it('says what ajv says of those objects with a value changed, added or removed anywhere', () => {
    const leaf = fc.oneof(
      fc.constantFrom('', 'x', 'Bash(ls)', 'Read(./a/**)', 'mcp__s__t', 'Bash(ls', 'default', 'acceptEdits', 'command', 'PreToolUse', '😀'),
      fc.integer({ min: -3, max: 70_000 }),
      fc.constantFrom(0.5, true, false, null, [], {}, ['Bash(ls)', 'Bash(ls)'], [1], { type: 'command' }),
    );
    const edit = fc.record({
      at: fc.nat(),
      key: fc.constantFrom('allow', 'deny', 'type', 'x', 'timeout', 'matcher', 'defaultMode'),
      leaf,
      how: fc.nat(3),
    });
    fc.assert(
      fc.property(fc.nat(settings.length - 1), fc.array(edit, { minLength: 1, maxLength: 3 }), (i, edits) => {
        const value = structuredClone(settings[i]) as Record<string, unknown>;
        for (const e of edits) {
          // The containers of the value, in a fixed order; one of them is changed.
          const containers: (Record<string, unknown> | unknown[])[] = [];
          const walk = (v: unknown) => {
            if (v === null || typeof v !== 'object') return;
            containers.push(v as Record<string, unknown>);
            for (const c of Object.values(v)) walk(c);
          };
          walk(value);
          const c = containers[e.at % containers.length]!;
          const keys = Object.keys(c);
          if (Array.isArray(c)) {
            if (e.how === 0 && c.length > 0) c.splice(e.at % c.length, 1);
            else if (e.how === 1 && c.length > 0) c.push(c[e.at % c.length]);
            else c[e.at % (c.length + 1)] = structuredClone(e.leaf);
          } else if (e.how === 0 && keys.length > 0) delete c[keys[e.at % keys.length]!];
          else if (e.how === 1 || keys.length === 0) c[e.key] = structuredClone(e.leaf);
          else c[keys[e.at % keys.length]!] = structuredClone(e.leaf);
        }
        agrees(value);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('counts lengths in code points and reads patterns with the u flag, as ajv does', () => {
    for (const v of [
      { permissions: { allow: ['😀'] } },
      { permissions: { allow: [''] } },
      { permissions: { defaultMode: 'nope' } },
      { hooks: { PreToolUse: [{ matcher: '', hooks: [{ type: 'command', command: '' }] }] } },
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 0 }] }] } },
      { cleanupPeriodDays: 1e999 },
    ])
      agrees(v);
    expect(checks.pub({ permissions: { allow: ['Bash(ls)', 'Bash(ls)'] } })).toBe(false);
    expect(checks.pub({ permissions: { allow: ['Bash(ls)', 'Read(./a)'] } })).toBe(true);
  });
});
