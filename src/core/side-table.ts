/**
 * A value kept with an object a call makes and drops (an analysis, its path effects), for
 * as long as the object lives: what a module-level `WeakMap` keyed by the object gave, without
 * the `WeakMap`. V8's scavenger keeps a young ephemeron's value alive while its key is young, so a
 * call's analysis and everything its entries reach survived the young generation and was
 * promoted (`--trace-gc-nvp`, bench b: 97 KB promoted per scavenge with the shell's per-analysis
 * tables as `WeakMap`s, 35 KB as side tables). The value sits on the key itself, under a symbol of
 * the table's own, not enumerable: a spread or a copy of the key does not carry it (as a
 * `WeakMap` entry is not the copy's either), and `JSON.stringify`, `Object.keys` and equality
 * checks do not see it. A key that cannot take a property (frozen, sealed) is kept in a
 * `WeakMap` as before.
 * @internal
 */
export class SideTable<K extends object, V> {
  private readonly slot = Symbol('side-table');
  private fallback: WeakMap<K, V> | undefined;

  get(key: K): V | undefined {
    if (Object.hasOwn(key, this.slot)) return (key as Record<symbol, V>)[this.slot];
    return this.fallback?.get(key);
  }

  set(key: K, value: V): this {
    if (Object.isExtensible(key) || Object.hasOwn(key, this.slot))
      Object.defineProperty(key, this.slot, { value, writable: true, configurable: true, enumerable: false });
    else (this.fallback ??= new WeakMap()).set(key, value);
    return this;
  }
}
