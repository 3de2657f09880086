/**
 * The one registry of program models. A start builds only a name index (`program-index.ts`,
 * generated from the models: each name with the position of its model's loader and the model's
 * facets); a model is loaded the first time one of its names is looked up, so a call pays only
 * for the programs it names (in the hook's bundle every model module initialises on first use,
 * `scripts/lazy-families.ts`). Duplicate names, and a read-only entry for
 * a name its model does not have, are refused by {@link indexPrograms} with `check`, which the
 * tests and `npm run build` run (`scripts/program-index.ts`); a start pays nothing for it.
 */
import type { ReadOnlyEntry, ReadOnlySpec } from './read-only-types.js';
import type { FileOperands } from '../options/file-operands.js';
import type { ProgramModel, ProgramRole, ProgramRuns, WrittenInput } from './model.js';
import { sameProgram, variantBase } from './name-variants.js';
import { inputOptionTable, type InputOptionTable } from './input-options.js';

/** The models, by name, and what is derived from them. @internal */
export interface ProgramRegistry {
  /** The model a program name belongs to. */
  get(name: string): ProgramModel | undefined;
  /** Every model, in the order given: loads every model (for tests, lint, docs and the differential corpus). */
  all(): readonly ProgramModel[];
  /** Every name a model answers to (from the index: loads no model). */
  names(): string[];
  /**
   * The name of a model that `name`, which no model gives, is another installed name of
   * (`vim.basic`, `x86_64-linux-gnu-gcc-12` → `gcc`: name-variants.ts), or undefined. Loads no model.
   */
  variantOf(name: string): string | undefined;
  /** The names whose model has the facet (from the index: loads no model); one frozen array per facet, kept. */
  namesWith(facet: ProgramFacet): readonly string[];
  /** The read-only entry of one set for one name (loads that name's model only). */
  readOnly(set: 'claudeCode' | 'wrapper', name: string): ReadOnlyEntry | undefined;
  readOnly(set: 'robota', name: string): ReadOnlySpec | undefined;
  /**
   * The read-only entries of one set, by name, over every model: an object with a getter per name
   * (from the index), so a model loads only when its entry is read.
   */
  readOnlyTable(set: 'claudeCode' | 'wrapper'): Record<string, ReadOnlyEntry>;
  readOnlyTable(set: 'robota'): Record<string, ReadOnlySpec>;
  /**
   * The file effects of `argv` by its program's model, or `undefined` when no model has a files
   * facet for `name`; `literal` says, per word, whether it is literal; `variable`, what the
   * environment holds (see `ProgramModel.files`).
   */
  files(
    name: string,
    argv: readonly string[],
    literal?: readonly boolean[],
    variable?: (name: string) => string | null | undefined,
    input?: WrittenInput,
  ): FileOperands | undefined;
  /**
   * The names of the programs of a role (see `ProgramModel.role`): every name of a model with that
   * role (from the index: loads no model), and the names of programs of the role that have no
   * model yet (given at build). Built on first use per role and kept.
   */
  namesOf(role: ProgramRole): ReadonlySet<string>;
  /**
   * Which of the options of `name`'s model write or remove a file or run a program, for a word it
   * gets from input that may be one of them (`input-options.ts`): worked out from the model's
   * facets the first time it is asked for that model, and kept. `undefined` when no model has the
   * name or its model has no grammar.
   */
  inputOptions(name: string): InputOptionTable | undefined;
}

/**
 * A facet a model has: a field of {@link ProgramModel} it defines (other than its names, summary,
 * sources, examples, runs and role), `runs.<value>` for what it runs, `role.<value>` for its role.
 * @internal
 */
export type ProgramFacet =
  | Exclude<keyof ProgramModel, 'names' | 'summary' | 'sources' | 'examples' | 'runs' | 'role'>
  | `runs.${ProgramRuns}`
  | `role.${ProgramRole}`;

/** What a loader gives: one model, or a module's list of models. @internal */
export type ProgramLoad = ProgramModel | readonly ProgramModel[];

/** A function that loads a model's module and gives its model(s). @internal */
export type ProgramLoader = () => ProgramLoad;

/** The read-only sets a model has entries in, with the names it has an entry for in each. @internal */
export type ProgramReadOnlyNames = Readonly<Partial<Record<ReadOnlySet, readonly string[]>>>;

/** A read-only set of the models (`readOnly.claudeCode`, `.robota`, `.wrapper`). @internal */
export type ReadOnlySet = 'claudeCode' | 'robota' | 'wrapper';

/**
 * One model in the index: the position of its loader, its position in what the loader gives (0
 * for a single model), its names, its facets and the names it has a read-only entry for, per set.
 * @internal
 */
export type ProgramIndexEntry = readonly [
  loader: number,
  position: number,
  names: readonly string[],
  facets: readonly ProgramFacet[],
  readOnly: ProgramReadOnlyNames,
];

/** The name index over every model, in the registry's order. @internal */
export type ProgramIndex = readonly ProgramIndexEntry[];

/** Options of {@link indexPrograms} and {@link createProgramRegistry}. @internal */
export interface ProgramRegistryOptions {
  /** Refuse a name given by two models, or a read-only entry for a name the model does not have. */
  readonly check?: boolean;
  /** Names of programs of a role that have no model yet (the shells, the interpreters toolgate only knows as opaque). */
  readonly unmodelled?: Readonly<Partial<Record<ProgramRole, Iterable<string>>>>;
}

const modelsOf = (load: ProgramLoad): readonly ProgramModel[] =>
  Array.isArray(load) ? (load as readonly ProgramModel[]) : [load as ProgramModel];

const READ_ONLY_SETS: readonly ReadOnlySet[] = ['claudeCode', 'robota', 'wrapper'];

/** Fields of a model that are not facets. */
const NOT_FACETS: ReadonlySet<string> = new Set(['names', 'summary', 'sources', 'examples', 'runs', 'role']);

/** The facets of a model, sorted. @internal */
export function facetsOf(model: ProgramModel): ProgramFacet[] {
  const out: ProgramFacet[] = [];
  for (const [key, value] of Object.entries(model)) {
    if (!NOT_FACETS.has(key) && value !== undefined && value !== false) out.push(key as ProgramFacet);
  }
  out.push(`runs.${model.runs}`);
  if (model.role !== undefined) out.push(`role.${model.role}`);
  return out.sort();
}

/**
 * The name index of what `loaded` gives (each loader's result, in order). With `check`, refuses a
 * name given by two models, or a read-only entry for a name the model does not have.
 * @internal
 */
export function indexPrograms(loaded: readonly ProgramLoad[], options: ProgramRegistryOptions = {}): ProgramIndex {
  const seen = new Map<string, ProgramModel>();
  const index: ProgramIndexEntry[] = [];
  loaded.forEach((load, loader) => {
    modelsOf(load).forEach((model, position) => {
      for (const name of model.names) {
        if (options.check && seen.has(name))
          throw new Error(`program name "${name}" is given by two models: ${seen.get(name)!.summary}; ${model.summary}`);
        seen.set(name, model);
      }
      if (options.check) {
        for (const set of READ_ONLY_SETS) {
          for (const name of Object.keys(model.readOnly?.[set] ?? {})) {
            if (!model.names.includes(name))
              throw new Error(`program model "${model.names[0]}": its ${set} read-only entry "${name}" is not one of its names`);
          }
        }
      }
      const readOnly: Partial<Record<ReadOnlySet, readonly string[]>> = {};
      for (const set of READ_ONLY_SETS) if (model.readOnly?.[set] !== undefined) readOnly[set] = Object.keys(model.readOnly[set]);
      index.push([loader, position, model.names, facetsOf(model), readOnly]);
    });
  });
  return index;
}

/** Builds the registry over `models`, all loaded already (tests; the shell layer's is lazy). @internal */
export function createProgramRegistry(models: readonly ProgramModel[], options: ProgramRegistryOptions = {}): ProgramRegistry {
  return lazyProgramRegistry(
    models.map((m) => () => m),
    indexPrograms(models, options),
    options,
  );
}

/**
 * Builds the registry over `loaders` and their `index`: at start only a map from name to index
 * entry; a loader runs when one of its names is first looked up. A stale index (a loaded model
 * that does not have the name it was looked up by) throws, so a decision fails closed; the
 * build refuses such an index before it ships.
 * @internal
 */
export function lazyProgramRegistry(
  loaders: readonly ProgramLoader[],
  index: ProgramIndex,
  options: Pick<ProgramRegistryOptions, 'unmodelled'> = {},
): ProgramRegistry {
  const slots = new Map<string, number>();
  index.forEach((entry, slot) => {
    for (const name of entry[2]) slots.set(name, slot);
  });
  const loaded: (ProgramModel | undefined)[] = [];
  const load = (slot: number): ProgramModel => {
    let model = loaded[slot];
    if (model === undefined) {
      const [loader, position, names] = index[slot]!;
      model = modelsOf(loaders[loader]!())[position];
      if (model === undefined || model.names.length !== names.length || names.some((n, i) => model!.names[i] !== n))
        throw new Error(`the program index is stale at "${names[0]}": run npm run programs:index`);
      loaded[slot] = model;
    }
    return model;
  };
  // A name no model gives may be another name of the same program (`vim.basic`), or a triplet or
  // versioned name of one that says it has them (name-variants.ts).
  const variantName = (name: string): string | undefined => {
    const same = sameProgram(name);
    if (same !== name && slots.has(same)) return same;
    return variantBase(name, (b) => {
      const slot = slots.get(b);
      return slot !== undefined && index[slot]![3].includes('nameVariants');
    });
  };
  const variantSlot = (name: string): number | undefined => {
    const base = variantName(name);
    return base === undefined ? undefined : slots.get(base);
  };
  const get = (name: string): ProgramModel | undefined => {
    const slot = slots.get(name) ?? variantSlot(name);
    return slot === undefined ? undefined : load(slot);
  };
  // One table per model, made on first use: trying every option of a grammar costs a model's
  // facets once per option (sort has about 40), too much to pay on each call.
  const tables = new Map<number, InputOptionTable | undefined>();
  const inputOptions = (name: string): InputOptionTable | undefined => {
    const slot = slots.get(name) ?? variantSlot(name);
    if (slot === undefined) return undefined;
    if (!tables.has(slot)) tables.set(slot, inputOptionTable(load(slot)));
    return tables.get(slot);
  };
  const all = (): readonly ProgramModel[] => index.map((_, slot) => load(slot));
  const readOnlySlots = new Map<ReadOnlySet, Map<string, number>>(READ_ONLY_SETS.map((set) => [set, new Map()]));
  index.forEach((entry, slot) => {
    for (const set of READ_ONLY_SETS) for (const name of entry[4][set] ?? []) readOnlySlots.get(set)!.set(name, slot);
  });
  const entryOf = (set: ReadOnlySet, name: string, slot: number): ReadOnlyEntry | ReadOnlySpec | undefined => {
    const entries: Readonly<Record<string, ReadOnlyEntry | ReadOnlySpec>> | undefined = load(slot).readOnly?.[set];
    return entries !== undefined && Object.prototype.hasOwnProperty.call(entries, name) ? entries[name] : undefined;
  };
  function readOnly(set: 'claudeCode' | 'wrapper', name: string): ReadOnlyEntry | undefined;
  function readOnly(set: 'robota', name: string): ReadOnlySpec | undefined;
  function readOnly(set: ReadOnlySet, name: string): ReadOnlyEntry | ReadOnlySpec | undefined {
    const slot = readOnlySlots.get(set)!.get(name);
    return slot === undefined ? undefined : entryOf(set, name, slot);
  }
  function readOnlyTable(set: 'claudeCode' | 'wrapper'): Record<string, ReadOnlyEntry>;
  function readOnlyTable(set: 'robota'): Record<string, ReadOnlySpec>;
  function readOnlyTable(set: ReadOnlySet): Record<string, ReadOnlyEntry | ReadOnlySpec> {
    // A getter per name: a model loads when its entry is first read, not when the table is made.
    const out: Record<string, ReadOnlyEntry | ReadOnlySpec> = {};
    for (const [name, slot] of readOnlySlots.get(set)!)
      Object.defineProperty(out, name, { enumerable: true, configurable: true, get: () => entryOf(set, name, slot) });
    return out;
  }
  // Kept per facet, and handed out as it is (frozen, no copy): a call may ask on every command
  // (config-writes asks for each package runner).
  const withFacet = new Map<ProgramFacet, readonly string[]>();
  const namesWith = (facet: ProgramFacet): readonly string[] => {
    let names = withFacet.get(facet);
    if (!names) withFacet.set(facet, (names = Object.freeze(index.flatMap((entry) => (entry[3].includes(facet) ? entry[2] : [])))));
    return names;
  };
  const roles = new Map<ProgramRole, ReadonlySet<string>>();
  const namesOf = (role: ProgramRole): ReadonlySet<string> => {
    let names = roles.get(role);
    if (!names) roles.set(role, (names = new Set([...(options.unmodelled?.[role] ?? []), ...namesWith(`role.${role}`)])));
    return names;
  };
  return {
    all,
    get,
    namesOf,
    inputOptions,
    names: () => [...slots.keys()],
    variantOf: (name) => (slots.has(name) ? undefined : variantName(name)),
    namesWith,
    readOnly,
    readOnlyTable,
    files: (name, argv, literal, variable, input) => get(name)?.files?.(name, argv, literal, variable, input),
  };
}
