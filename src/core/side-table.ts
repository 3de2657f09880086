/**
 * Where a key holds its tables' values, one slot per table: one private field stamped on the key,
 * however many tables keep something on it. A private field is what V8 stores and reads with an
 * inline cache; an `Object.defineProperty` of a hidden symbol (before: ≈ 2–2.6 % self of the
 * shell call's CPU) goes through the runtime on every key, and one per table and key before that
 * was ≈ 3 %.
 */
let nextId = 0;

/** A base whose constructor hands back the object it is given, so a subclass's field lands on it. */
class Returning {
  constructor(key: object) {
    return key;
  }
}

/**
 * Stamps a key with its bag of table values: `new Bag(key, bag)` defines the private field
 * `#bag` on `key` itself (the base class returns it). Private fields are no property: no key
 * listing, `JSON.stringify`, spread, `structuredClone` or equality check sees them.
 */
class Bag extends Returning {
  #bag: unknown[];

  constructor(key: object, bag: unknown[]) {
    super(key);
    this.#bag = bag;
  }

  /** The bag stamped on `key`, if any. */
  static of(key: object): unknown[] | undefined {
    return #bag in key ? (key as Bag).#bag : undefined;
  }
}

/**
 * A value kept with an object a call makes and drops (an analysis, its path effects), for
 * as long as the object lives: what a module-level `WeakMap` keyed by the object gave, without
 * the `WeakMap`. V8's scavenger keeps a young ephemeron's value alive while its key is young, so a
 * call's analysis and everything its entries reach survived the young generation and was
 * promoted (`--trace-gc-nvp`, bench b: 97 KB promoted per scavenge with the shell's per-analysis
 * tables as `WeakMap`s, 35 KB as side tables). The value sits on the key itself, in the table's
 * slot of an array held in a private field: a spread or a copy of the key does not carry it
 * (as a `WeakMap` entry is not the copy's either), and `JSON.stringify`, `Object.keys`,
 * `Reflect.ownKeys` and equality checks do not see it. A key that cannot take a property (frozen,
 * sealed) before any table keeps something on it is kept in a `WeakMap` as before.
 * @internal
 */
export class SideTable<K extends object, V> {
  private readonly id = nextId++;
  private fallback: WeakMap<K, V> | undefined;

  get(key: K): V | undefined {
    const bag = Bag.of(key);
    return bag !== undefined && this.id < bag.length && this.id in bag ? (bag[this.id] as V) : this.fallback?.get(key);
  }

  set(key: K, value: V): this {
    let bag = Bag.of(key);
    // V8 stamps a private field on a frozen object too; later versions refuse it: ask first, either way.
    if (bag === undefined && Object.isExtensible(key)) new Bag(key, (bag = []));
    if (bag !== undefined) bag[this.id] = value;
    else (this.fallback ??= new WeakMap()).set(key, value);
    return this;
  }
}
