import { describe, expect, it } from 'vitest';
import { apiExtractorWrites } from '../../../src/shell/programs/api-extractor.js';
import { parseJsonc } from '../../../src/shell/programs/jsonc.js';

describe('parseJsonc (a program configuration: JSON with comments and trailing commas)', () => {
  it('reads comments and trailing commas', () => {
    expect(parseJsonc('{ // a\n "a": [1, 2, /* b */], "c": {"d": "//e",},\n}')).toEqual({ a: [1, 2], c: { d: '//e' } });
  });
  it('keeps a comma before } or ] inside a string value', () => {
    expect(parseJsonc('{"a": "x,}", "b": ["y, ]",],}')).toEqual({ a: 'x,}', b: ['y, ]'] });
  });
  it('is undefined for any error jsonc-parser reports', () => {
    for (const text of ['', '{', '[,]', '{"a": 1,,}', '{"a": /* open', '\uFEFF{}', '{"a": "\u0001"}', '{a: 1}', "{'a': 1}", '{} x'])
      expect(parseJsonc(text), JSON.stringify(text)).toBeUndefined();
  });
  it('is undefined for a __proto__ key (jsonc-parser makes it the prototype) and for nesting deeper than the stack', () => {
    expect(parseJsonc('{"compilerOptions": {"__proto__": {"outDir": "x"}}}')).toBeUndefined();
    expect(parseJsonc(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toBeUndefined();
  });
});

describe('a model reading its configuration', () => {
  it('api-extractor: a path with `,}` in it is that path', () => {
    const P = '/home/u/p';
    const files: Record<string, string> = {
      [`${P}/package.json`]: '{"name":"lib"}',
      [`${P}/tsconfig.json`]: '{}',
      [`${P}/api-extractor.json`]:
        '{"dtsRollup": {"enabled": true, "untrimmedFilePath": "<projectFolder>/a,}.d.ts"}, "tsdocMetadata": {"enabled": false},}',
    };
    const got = apiExtractorWrites(`${P}/api-extractor.json`, (p) => files[p] ?? null);
    expect(got).toEqual({ writes: [{ path: `${P}/a,}.d.ts`, setting: 'dtsRollup.untrimmedFilePath', file: `${P}/api-extractor.json` }] });
  });
});
