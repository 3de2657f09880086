/**
 * The public Claude Code settings schema is read at run time from the package's `schemas/` folder
 * (not bundled into the lint): found from the source and from a chunk in `dist/` or `dist/demo/`,
 * and a lint that asks for it fails with a message naming what to do when it is missing.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { publicSchema, readPublicSchema } from '../../src/lint/public-schema.js';

const shipped = fileURLToPath(new URL('../../schemas/claude-code-settings.schema.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolgate-public-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A module URL inside a fake package at `pkg`, in folder `at`. */
const moduleIn = (pkg: string, at: string) => pathToFileURL(join(dir, pkg, at, 'chunk-X.js')).href;

describe('the public settings schema', () => {
  it('is found from the source, and is schemastore’s Claude Code settings schema', () => {
    expect(publicSchema()['$id']).toBe('https://json.schemastore.org/claude-code-settings.json');
  });

  it('is found from a chunk in dist/ (the package’s schemas/) and in dist/demo/', () => {
    mkdirSync(join(dir, 'pkg/schemas'), { recursive: true });
    cpSync(shipped, join(dir, 'pkg/schemas/claude-code-settings.schema.json'));
    expect(readPublicSchema(moduleIn('pkg', 'dist'))).toEqual(publicSchema());
    expect(readPublicSchema(moduleIn('pkg', 'dist/demo'))).toEqual(publicSchema());
  });

  it('missing: an error that names where it looked and how to lint without it', () => {
    expect(() => readPublicSchema(moduleIn('empty', 'dist'))).toThrow(
      /claude-code-settings\.schema\.json\) is missing \(looked for .*empty\/schemas\/claude-code-settings\.schema\.json.*reinstall toolgate.*--no-public-schema/,
    );
    expect(() => readPublicSchema(undefined)).toThrow(/is missing \(this copy of toolgate cannot tell where its files are\)/);
  });

  it('a file of that name that is not the schema (not JSON, another $id) is not taken for it', () => {
    mkdirSync(join(dir, 'other/schemas'), { recursive: true });
    writeFileSync(join(dir, 'other/schemas/claude-code-settings.schema.json'), '{"$id":"https://example.com/other.json"}');
    mkdirSync(join(dir, 'broken/schemas'), { recursive: true });
    writeFileSync(join(dir, 'broken/schemas/claude-code-settings.schema.json'), '{"$id":');
    expect(() => readPublicSchema(moduleIn('other', 'dist'))).toThrow(/not the Claude Code settings schema/);
    expect(() => readPublicSchema(moduleIn('broken', 'dist'))).toThrow(/not the Claude Code settings schema/);
  });
});
