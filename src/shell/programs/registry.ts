/**
 * The one registry of program models. Building it indexes the models by name (a loop over a
 * few dozen small objects); what a facet derives from a model (an option shape for the
 * effects scan) is built on first use and kept on the registry. Duplicate names are refused by
 * `createProgramRegistry(models, { check: true })`, which the tests and `npm run build` call; the
 * registry the shell layer holds is built without the check, so a start pays nothing for it.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import type { OptionShape } from '../options/options.js';
import type { ReadOnlyEntry, ReadOnlySpec } from './read-only-types.js';
import type { FileOperands } from '../options/file-operands.js';
import type { ProgramModel, ProgramRole } from './model.js';

/** The models, by name, and what is derived from them. @internal */
export interface ProgramRegistry {
  /** The model a program name belongs to. */
  get(name: string): ProgramModel | undefined;
  /** Every model, in the order given. */
  readonly models: readonly ProgramModel[];
  /** Every name a model answers to. */
  names(): string[];
  /** The read-only entries of one set, by name, over every model. */
  readOnlyTable(set: 'claudeCode' | 'wrapper'): Record<string, ReadOnlyEntry>;
  readOnlyTable(set: 'robota'): Record<string, ReadOnlySpec>;
  /** The scan shape a grammar gives (built once per grammar). */
  shapeOf(grammar: GnuOptionSpec | undefined): OptionShape;
  /**
   * The file effects of `argv` by its program's model, or `undefined` when no model has a files
   * facet for `name`; `literal` says, per word, whether it is literal.
   */
  files(name: string, argv: readonly string[], literal?: readonly boolean[]): FileOperands | undefined;
  /**
   * The names of the programs of a role (see `ProgramModel.role`): every name of a model with that
   * role, and the names of programs of the role that have no model yet (given at build). Built on
   * first use per role and kept; a caller asking for the names does not need the models' facets.
   */
  namesOf(role: ProgramRole): ReadonlySet<string>;
}

/** Options of {@link createProgramRegistry}. @internal */
export interface ProgramRegistryOptions {
  /** Refuse a name given by two models, or a read-only entry for a name the model does not have. */
  readonly check?: boolean;
  /** Names of programs of a role that have no model yet (the shells, the interpreters toolgate only knows as opaque). */
  readonly unmodelled?: Readonly<Partial<Record<ProgramRole, Iterable<string>>>>;
}

/**
 * The scan shape of a grammar: the effects scan reads the same letters and long names, with the
 * same arguments. An optional value is taken only after `=` (long) or attached (short), as
 * `getopt_long` does.
 * @internal
 */
export function optionShape(grammar: GnuOptionSpec): OptionShape {
  let shortArg = '';
  let shortOptionalArg = '';
  const optstring = grammar.short ?? '';
  let i = optstring[0] === '+' || optstring[0] === '-' ? 1 : 0;
  if (optstring[i] === ':') i++;
  for (; i < optstring.length; i++) {
    const letter = optstring[i]!;
    if (letter === ':') continue;
    if (optstring[i + 1] !== ':') continue;
    if (optstring[i + 2] === ':') shortOptionalArg += letter;
    else shortArg += letter;
  }
  const longArg: string[] = [];
  const longFlags: string[] = [];
  for (const [name, entry] of Object.entries(grammar.long ?? {})) {
    const argument = typeof entry === 'string' ? entry : entry.argument;
    (argument === 'required' ? longArg : longFlags).push(name);
  }
  const shape: OptionShape = { shortArg, longArg, longFlags, abbreviations: grammar.abbreviations !== false };
  if (shortOptionalArg !== '') shape.shortOptionalArg = shortOptionalArg;
  if (grammar.numeric) shape.numeric = true;
  if (grammar.stopAtOperand || optstring[0] === '+') shape.posix = true;
  return shape;
}

/** Builds the registry over `models`. @internal */
export function createProgramRegistry(models: readonly ProgramModel[], options: ProgramRegistryOptions = {}): ProgramRegistry {
  const byName = new Map<string, ProgramModel>();
  for (const model of models) {
    for (const name of model.names) {
      if (options.check && byName.has(name))
        throw new Error(`program name "${name}" is given by two models: ${byName.get(name)!.summary}; ${model.summary}`);
      byName.set(name, model);
    }
    if (options.check) {
      for (const set of ['claudeCode', 'robota', 'wrapper'] as const) {
        for (const name of Object.keys(model.readOnly?.[set] ?? {})) {
          if (!model.names.includes(name))
            throw new Error(`program model "${model.names[0]}": its ${set} read-only entry "${name}" is not one of its names`);
        }
      }
    }
  }
  const shapes = new WeakMap<GnuOptionSpec, OptionShape>();
  const none: OptionShape = {};
  const shapeOf = (grammar: GnuOptionSpec | undefined): OptionShape => {
    if (!grammar) return none;
    let shape = shapes.get(grammar);
    if (!shape) shapes.set(grammar, (shape = optionShape(grammar)));
    return shape;
  };
  function readOnlyTable(set: 'claudeCode' | 'wrapper'): Record<string, ReadOnlyEntry>;
  function readOnlyTable(set: 'robota'): Record<string, ReadOnlySpec>;
  function readOnlyTable(set: 'claudeCode' | 'robota' | 'wrapper'): Record<string, ReadOnlyEntry | ReadOnlySpec> {
    const out: Record<string, ReadOnlyEntry | ReadOnlySpec> = {};
    for (const model of models) Object.assign(out, model.readOnly?.[set] ?? {});
    return out;
  }
  const roles = new Map<ProgramRole, ReadonlySet<string>>();
  const namesOf = (role: ProgramRole): ReadonlySet<string> => {
    let names = roles.get(role);
    if (!names) {
      const set = new Set<string>(options.unmodelled?.[role] ?? []);
      for (const model of models) if (model.role === role) for (const name of model.names) set.add(name);
      roles.set(role, (names = set));
    }
    return names;
  };
  return {
    models,
    namesOf,
    get: (name) => byName.get(name),
    names: () => [...byName.keys()],
    readOnlyTable,
    shapeOf,
    files(name, argv, literal) {
      const model = byName.get(name);
      return model?.files?.(name, argv, shapeOf(model.grammar), literal);
    },
  };
}
