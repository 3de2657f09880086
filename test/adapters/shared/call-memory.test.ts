import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableJson } from '../../../src/hooks/combine/common.js';
import { createCallMemory, createRunScopes, inputDigest } from '../../../src/adapters/shared/call-memory.js';
import { propertyRuns } from '../../support/property-runs.js';

describe('inputDigest', () => {
  it('is the SHA-256 of the canonical JSON', async () => {
    // printf '%s' '{"a":1,"b":[2,{"c":3}]}' | sha256sum
    expect(await inputDigest({ b: [2, { c: 3 }], a: 1 })).toBe('8ad038695d4b91af5fe8c0edd83a8039830a131a1eaa45ad7bd4fc1ebe719d05');
  });

  it('does not depend on key order, and tells inputs with different canonical JSON apart', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()), async (a, b) => {
        const reversed = Object.fromEntries(Object.entries(a).reverse());
        expect(await inputDigest(reversed)).toBe(await inputDigest(a));
        if (stableJson(a) !== stableJson(b)) expect(await inputDigest(a)).not.toBe(await inputDigest(b));
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe('createCallMemory', () => {
  it('hands a value back only for the same id and digest; a mismatch drops it', () => {
    const m = createCallMemory<string>();
    m.remember('call_0', 'd1', 'A');
    expect(m.take('call_0', 'd2')).toBeUndefined();
    expect(m.take('call_0', 'd1')).toBeUndefined(); // dropped on the mismatch, never reused
    m.remember('call_0', 'd1', 'A');
    expect(m.digestOf('call_0')).toBe('d1');
    expect(m.take('call_0', 'd1')).toBe('A');
    expect(m.take('call_0', 'd1')).toBeUndefined();
  });

  it('is bounded: the oldest entry goes first', () => {
    const m = createCallMemory<number>(2);
    m.remember('a', 'd', 1);
    m.remember('b', 'd', 2);
    m.remember('c', 'd', 3);
    expect(m.take('a', 'd')).toBeUndefined();
    expect(m.take('b', 'd')).toBe(2);
    expect(m.take('c', 'd')).toBe(3);
  });

  it('property: take(id, d) returns the last value remembered for id exactly when its digest is d', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('x', 'y'), fc.constantFrom('d1', 'd2'), fc.integer())),
        fc.constantFrom('x', 'y'),
        fc.constantFrom('d1', 'd2'),
        (writes, id, digest) => {
          const m = createCallMemory<number>();
          for (const [i, d, v] of writes) m.remember(i, d, v);
          const last = writes.filter(([i]) => i === id).at(-1);
          expect(m.take(id, digest)).toBe(last !== undefined && last[1] === digest ? last[2] : undefined);
        },
      ),
    );
  });
});

describe('createRunScopes', () => {
  it('keeps one memory per run object; non-objects share a fallback', () => {
    const scopeOf = createRunScopes<string>();
    const runA = {};
    const runB = {};
    scopeOf(runA).remember('call_0', 'd', 'A');
    expect(scopeOf(runB).take('call_0', 'd')).toBeUndefined();
    expect(scopeOf(runA).take('call_0', 'd')).toBe('A');
    scopeOf(undefined).remember('call_0', 'd', 'F');
    expect(scopeOf(null).take('call_0', 'd')).toBe('F');
  });
});
