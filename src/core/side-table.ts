/**
 * Where a key holds its tables' values, one slot per table: one property defined per key, however
 * many tables keep something on it (an `Object.defineProperty` per table and key was ≈ 3 % of the
 * shell call's CPU, and each added a shape transition to the key).
 */
const BAG = Symbol('side-tables');
let nextId = 0;

/**
 * A value kept with an object a call makes and drops (an analysis, its path effects), for
 * as long as the object lives: what a module-level `WeakMap` keyed by the object gave, without
 * the `WeakMap`. V8's scavenger keeps a young ephemeron's value alive while its key is young, so a
 * call's analysis and everything its entries reach survived the young generation and was
 * promoted (`--trace-gc-nvp`, bench b: 97 KB promoted per scavenge with the shell's per-analysis
 * tables as `WeakMap`s, 35 KB as side tables). The value sits on the key itself, in the table's
 * slot of an array under a symbol, not enumerable: a spread or a copy of the key does not carry it
 * (as a `WeakMap` entry is not the copy's either), and `JSON.stringify`, `Object.keys` and
 * equality checks do not see it. A key that cannot take a property (frozen, sealed) before any
 * table keeps something on it is kept in a `WeakMap` as before.
 * @internal
 */
export class SideTable<K extends object, V> {
  private readonly id = nextId++;
  private fallback: WeakMap<K, V> | undefined;

  get(key: K): V | undefined {
    const bag = Object.hasOwn(key, BAG) ? (key as Record<symbol, unknown[]>)[BAG] : undefined;
    return bag !== undefined && this.id in bag ? (bag[this.id] as V) : this.fallback?.get(key);
  }

  set(key: K, value: V): this {
    let bag = Object.hasOwn(key, BAG) ? (key as Record<symbol, unknown[]>)[BAG] : undefined;
    if (bag === undefined && Object.isExtensible(key)) Object.defineProperty(key, BAG, { value: (bag = []), enumerable: false });
    if (bag !== undefined) bag[this.id] = value;
    else (this.fallback ??= new WeakMap()).set(key, value);
    return this;
  }
}
