import { describe, expect, it } from 'vitest';
import { SideTable } from '../../src/core/side-table.js';

describe('SideTable', () => {
  it('keeps a value with its key, unseen by keys, JSON and copies', () => {
    const table = new SideTable<{ a: number }, string>();
    const key = { a: 1 };
    expect(table.get(key)).toBeUndefined();
    table.set(key, 'x').set(key, 'y');
    expect(table.get(key)).toBe('y');
    expect(Object.keys(key)).toEqual(['a']);
    expect(JSON.stringify(key)).toBe('{"a":1}');
    expect(key).toEqual({ a: 1 });
    expect(Reflect.ownKeys(key)).toEqual(['a']);
    expect(table.get(structuredClone(key))).toBeUndefined();
    expect(table.get({ ...key })).toBeUndefined();
    expect(new SideTable<{ a: number }, string>().get(key)).toBeUndefined();
  });

  it('keeps arrays, and a frozen key in a WeakMap as before', () => {
    const table = new SideTable<readonly number[], number>();
    const list = [1, 2];
    table.set(list, 3);
    expect(table.get(list)).toBe(3);
    expect(table.get(list.slice())).toBeUndefined();
    const frozen = Object.freeze([4]);
    table.set(frozen, 5);
    expect(table.get(frozen)).toBe(5);
    expect(Object.getOwnPropertySymbols(frozen)).toEqual([]);
  });
});
