/**
 * `indexJson` finds every value of a JSON text by its path: the offsets it gives hold the value
 * (and the member's key), for any JSON value written compactly or with any JSON white space.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexJson, locate } from '../../src/lint/locate.js';
import { propertyRuns } from '../support/property-runs.js';

/** Every path of `value` with the value at it, parents after their members (as the index is filled). */
function pathsOf(value: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  const inner: [(string | number)[], unknown][] = [];
  if (Array.isArray(value)) value.forEach((v, i) => inner.push(...pathsOf(v, [...path, i])));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) inner.push(...pathsOf(v, [...path, k]));
  return [...inner, [path, value]];
}

/** The JSON string starting at `start`. */
function keyText(text: string, start: number): string {
  let i = start + 1;
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return text.slice(start, i + 1);
}

/** `JSON.stringify` with random JSON white space (and the indentation of a settings file) between tokens. */
const spaced = (value: unknown, gaps: string[]): string => {
  let k = 0;
  const gap = () => gaps[k++ % gaps.length]!;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${gap()}${v.map((x) => `${write(x)}${gap()}`).join(`,${gap()}`)}]`;
    if (v !== null && typeof v === 'object')
      return `{${gap()}${Object.entries(v as Record<string, unknown>)
        .map(([key, x]) => `${JSON.stringify(key)}${gap()}:${gap()}${write(x)}${gap()}`)
        .join(`,${gap()}`)}}`;
    return JSON.stringify(v);
  };
  return write(value);
};

describe('indexJson', () => {
  it('locates every value and key of any JSON text by its path', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\r', '  ') }), { minLength: 1, maxLength: 4 }),
        (value, gaps) => {
          const text = spaced(value, gaps);
          const index = indexJson(text);
          const paths = pathsOf(JSON.parse(text));
          expect([...index.keys()].sort()).toEqual([...new Set(paths.map(([p]) => JSON.stringify(p)))].sort());
          for (const [path, v] of paths) {
            const at = locate(index, path)!;
            expect(JSON.parse(text.slice(at.start, at.end))).toEqual(v);
            const last = path[path.length - 1];
            if (typeof last === 'string') {
              expect(JSON.parse(keyText(text, at.keyStart!))).toBe(last);
            }
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('with some paths, locates them (or their nearest ancestor) as the whole index does', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '  ') }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (value, gaps, picks) => {
          const text = spaced(value, gaps);
          const paths = pathsOf(JSON.parse(text)).map(([p]) => p);
          // Paths that exist, and the same paths one element longer (which fall back to the value).
          const only = picks.map((k) => paths[k % paths.length]!).flatMap((p) => [p, [...p, 'missing'], [...p, 7]]);
          const whole = indexJson(text);
          const some = indexJson(text, only);
          for (const p of only) expect(locate(some, p)).toEqual(locate(whole, p));
          expect(some.size).toBeLessThanOrEqual(whole.size);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('reads escaped keys as JSON does', () => {
    const text = '{"a\\u0041": {"\\"q\\"": [1, true, null, -2.5e3]}}';
    const index = indexJson(text);
    const start = text.indexOf('-2.5e3');
    expect(locate(index, ['aA', '"q"', 3])).toEqual({ start, end: start + '-2.5e3'.length });
    expect(locate(index, ['aA', '"q"'])?.keyStart).toBe(text.indexOf('"\\"q'));
  });
});
