/**
 * Writes the registry's two generated files from the program modules in `src/shell/programs/`:
 * `loaders.ts` (a loader per model, in the registry's order) and `program-index.ts` (each model's
 * names and facets with the position of its loader). `--check` writes nothing and fails when a
 * file differs from what the modules give; both refuse a name given by two models and a read-only
 * entry for a name its model does not have. `npm run build` runs the check, `npm run
 * programs:index` the writer.
 *
 * The convention (docs/decisions/0083-program-models-found-in-their-folder.md): a program module is
 * a file directly in `programs/` or a sub-folder's `index.ts`; every model it exports is
 * registered, an export being a model when it is a `defineProgram(…)` value or a non-empty array
 * of them. The order is the modules' paths, then each module's export names (both sorted), so it
 * does not depend on who added what when; it decides no name, as no name may have two models.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { indexPrograms, type ProgramIndex, type ProgramLoad } from '../src/shell/programs/registry.js';
import type { ProgramModel, ProgramRole } from '../src/shell/programs/model.js';
import { SHELLS } from '../src/shell/programs/posix-shells.js';
import { INTERPRETERS } from '../src/shell/programs/interpreters.js';
import { PROJECT_RUNNERS } from '../src/shell/programs/project-runners.js';
import { PACKAGE_RUNNERS } from '../src/shell/programs/package-runners.js';

/** The folder of the program modules. */
export const PROGRAMS_DIR = fileURLToPath(new URL('../src/shell/programs/', import.meta.url));

/** Where the index lives. */
export const PROGRAM_INDEX_FILE = join(PROGRAMS_DIR, 'program-index.ts');

/** Where the loaders live. */
export const PROGRAM_LOADERS_FILE = join(PROGRAMS_DIR, 'loaders.ts');

/** Files of the folder that are the registry itself, not program modules (two of them are written here). */
const NOT_PROGRAM_MODULES: ReadonlySet<string> = new Set(['index.ts', 'loaders.ts', 'program-index.ts']);

/**
 * The program modules of `dir`, as paths from it, sorted: its `.ts` files (but the registry's own)
 * and the `index.ts` of each sub-folder that has one.
 */
export function programModules(dir: string = PROGRAMS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      if (e.isDirectory()) return existsSync(join(dir, e.name, 'index.ts')) ? [`${e.name}/index.ts`] : [];
      return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !NOT_PROGRAM_MODULES.has(e.name) ? [e.name] : [];
    })
    .sort();
}

/** Whether `value` is a program model (the fields `defineProgram` requires). */
export function isProgramModel(value: unknown): value is ProgramModel {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Partial<Record<keyof ProgramModel, unknown>>;
  return (
    Array.isArray(m.names) &&
    m.names.length > 0 &&
    m.names.every((n) => typeof n === 'string') &&
    typeof m.summary === 'string' &&
    Array.isArray(m.sources) &&
    typeof m.runs === 'string' &&
    Array.isArray(m.examples)
  );
}

/** A model (or list of models) a program module exports: the module (from `programs/`), the export's name, its value. */
export interface ProgramExport {
  readonly module: string;
  readonly name: string;
  readonly load: ProgramLoad;
}

/**
 * Every model the program modules of `dir` export, in the registry's order. Refuses a model
 * exported twice (by two modules, or alone and in a list) and two exports of one name, so each
 * model has one loader and `loaders.ts` one import per name.
 */
export async function programExports(dir: string = PROGRAMS_DIR): Promise<ProgramExport[]> {
  const out: ProgramExport[] = [];
  const where = new Map<ProgramModel, string>();
  const names = new Map<string, string>();
  for (const module of programModules(dir)) {
    const exports = (await import(pathToFileURL(join(dir, module)).href)) as Record<string, unknown>;
    for (const name of Object.keys(exports).sort()) {
      const value = exports[name];
      const models = isProgramModel(value) ? [value] : Array.isArray(value) && value.length > 0 && value.every(isProgramModel) ? value : [];
      if (models.length === 0) continue;
      for (const model of models) {
        const other = where.get(model);
        if (other !== undefined) throw new Error(`program model "${model.names[0]}" is exported twice: ${other} and ${module} ${name}`);
        where.set(model, `${module} ${name}`);
      }
      const other = names.get(name);
      if (other !== undefined) throw new Error(`two program modules export a model named ${name}: ${other} and ${module}`);
      names.set(name, module);
      out.push({ module, name, load: value as ProgramLoad });
    }
    // A model defined and not exported would be left out of the registry without a word (the
    // program stays unknown): each `defineProgram(` of a module must give at least one export.
    const defined = readFileSync(join(dir, module), 'utf8').match(/\bdefineProgram\s*\(\s*\{/g)?.length ?? 0;
    const exported = [...where.values()].filter((w) => w.startsWith(`${module} `)).length;
    if (defined > exported)
      throw new Error(
        `${module} defines ${defined} program model(s) and exports ${exported}: export each model (export const NAME = defineProgram(…))`,
      );
  }
  return out;
}

/** The text of `loaders.ts` for `exports` (in the registry's order). */
export function programLoadersText(exports: readonly ProgramExport[]): string {
  const byModule = new Map<string, string[]>();
  for (const e of exports) byModule.set(e.module, [...(byModule.get(e.module) ?? []), e.name]);
  return [
    '// Generated by `npm run programs:index` (scripts/program-index.ts) from the program modules: do not edit.',
    '// `npm run build` and test/shell/programs/program-index.test.ts refuse it when it is stale.',
    '/**',
    " * The loader of every program model, in the registry's order (module path, then export name): a",
    " * function per model (or per module's list of models) that gives it. The registry runs a loader",
    " * the first time one of its names is looked up; in the hook's bundle each import below is a",
    ' * stand-in whose module initialises on first use (`scripts/lazy-families.ts`), so a call runs only',
    ' * the models of the programs it names. Every model a program module exports is here (see',
    ' * `docs/shell.md`, "Adding a program").',
    ' */',
    ...[...byModule].map(([module, names]) => `import { ${names.join(', ')} } from './${module.replace(/\.ts$/, '.js')}';`),
    "import type { ProgramLoader } from './registry.js';",
    '',
    "/** Every model's loader; `program-index.ts` indexes what each gives. @internal */",
    'export const PROGRAM_LOADERS: readonly ProgramLoader[] = [',
    ...exports.map((e) => `  () => ${e.name},`),
    '];',
    '',
  ].join('\n');
}

/**
 * The programs of a role that have no model yet, from the tables that know them as opaque (the
 * POSIX shells, the interpreters, the project and package runners): written into the index so the
 * registry names them without loading those tables (the package runners' grammar is 600 lines).
 */
export function unmodelledNames(): Partial<Record<ProgramRole, readonly string[]>> {
  return { shell: [...SHELLS], interpreter: [...INTERPRETERS], runner: [...PROJECT_RUNNERS, ...PACKAGE_RUNNERS] };
}

/** The text of the index file for `index` and the names of `unmodelled` programs per role. */
export function programIndexText(index: ProgramIndex, unmodelled: Partial<Record<ProgramRole, readonly string[]>>): string {
  const rows = index.map(
    ([loader, position, names, facets, readOnly]) =>
      `  [${loader}, ${position}, ${JSON.stringify(names)}, ${JSON.stringify(facets)}, ${JSON.stringify(readOnly)}],`,
  );
  return [
    '// Generated by `npm run programs:index` (scripts/program-index.ts) from the program models: do not edit.',
    '// `npm run build` and test/shell/programs/program-index.test.ts refuse it when it is stale or a name is given twice.',
    "import type { ProgramRole } from './model.js';",
    "import type { ProgramIndex } from './registry.js';",
    '',
    "/** Per model, in the registry's order: [its loader in `loaders.ts`, its position in what that gives, its names, its facets, its read-only names per set]. @internal */",
    'export const PROGRAM_INDEX: ProgramIndex = [',
    ...rows,
    '];',
    '',
    '/** The programs of a role that have no model yet (posix-shells.ts, interpreters.ts, project-runners.ts, package-runners.ts). @internal */',
    'export const UNMODELLED_NAMES: Readonly<Partial<Record<ProgramRole, readonly string[]>>> = {',
    ...Object.entries(unmodelled).map(([role, names]) => `  ${role}: ${JSON.stringify(names)},`),
    '};',
    '',
  ].join('\n');
}

/** The generated files' texts as the program modules give them (throws on a duplicate name). */
export async function currentProgramFiles(): Promise<{ loaders: string; index: string }> {
  const exports = await programExports();
  return {
    loaders: programLoadersText(exports),
    index: programIndexText(
      indexPrograms(
        exports.map((e) => e.load),
        { check: true },
      ),
      unmodelledNames(),
    ),
  };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { loaders, index } = await currentProgramFiles();
  const files: readonly [string, string][] = [
    [PROGRAM_LOADERS_FILE, loaders],
    [PROGRAM_INDEX_FILE, index],
  ];
  if (process.argv.includes('--check')) {
    const stale = files.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
    for (const [file] of stale) console.error(`${file} is stale: run npm run programs:index`);
    if (stale.length > 0) process.exit(1);
  } else for (const [file, text] of files) if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}
