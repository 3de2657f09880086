/**
 * An esbuild plugin for `dist/cli/hook.cjs`: the modules of a tool family (the shell analysis,
 * PowerShell) run only when a call first uses them. `toolgate hook` is one process per tool call,
 * and the decision pipeline imports every family statically, so without this a Read ran the
 * module bodies of the whole shell analysis (every program's option grammar and tables) and of
 * PowerShell, and V8's code cache held their code.
 *
 * An import from outside a family into it is replaced by a stand-in CommonJS module whose exports
 * are getters that require the real module on first use. esbuild then wraps the real module and
 * what it imports in lazily run initialisers, all in the same file: one instance of every module,
 * so module identity, classes and constants stay what they were; only when a module body runs
 * changes (toolgate's modules have no side effects at load, `sideEffects: false`). Imports inside
 * a family stay direct.
 */
import { build as esbuild, type BuildOptions, type Metafile, type Plugin, type PluginBuild } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

/** A tool family: the folder (from the project root) whose modules load on first use. */
export interface LazyFamily {
  name: string;
  dir: string;
  /**
   * A file of its own for the family (a file name, written beside the main bundle), with its own
   * code cache: a call that never uses the family then never reads or compiles its code. See
   * {@link lazyFamilies} for how the two files share their modules.
   */
  file?: string;
  /**
   * Modules of the family's folder that are not part of it (from the project root): small tables
   * a call without the family reads (a shell's name, git's environment variables), in the main
   * bundle like any other module.
   */
  outside?: readonly string[];
  /**
   * A second file of the family's own (needs `file`): the modules the family's loaders
   * (`lazyImportsOf`) require that nothing else in the family imports, except `keep` (from the
   * project root), with what only they import. Such a module is read and compiled only when its
   * loader first runs: a call whose programs' models are all in `keep` never reads the rest.
   * The family's file hands this file the modules of its own (and the main bundle's) it imports,
   * as the main bundle hands them to the family's file, so every module still has one instance.
   */
  apart?: { file: string; keep: readonly string[] };
  /**
   * Modules of the family's file (from the project root) that run on first use even for the
   * family's own modules: an import of one from inside the family is a stand-in too, so a call
   * whose analysis never reads it (tmux's configuration files, find's `-exec`, sed's scripts…)
   * never runs its module body, nor keeps its code in the family's code cache. Each stand-in's
   * name is a getter on every use: for modules read by a few functions, not by the hot path.
   */
  firstUse?: readonly string[];
}

const NAMESPACE = 'toolgate-lazy-family';
/** The main bundle's side of a split family: the modules it shares, and how the family's file is loaded. */
const HOST = 'toolgate-split-host';
/** A family's own file's side: the loading file's shared modules, handed over when the file is loaded. */
const GUEST = 'toolgate-split-guest';
/** A family's own file's entry and the stand-ins for the loading file's modules in it. */
const GUEST_ENTRY = 'toolgate-split-entry';
const SHARED = 'toolgate-split-shared';
/** The start of the name of the module (in no folder) that hands a split family's file the shared modules. */
const SHARE = 'toolgate-split-share-';

/**
 * The plugin; `root` is the project's folder. In each file of `lazyImportsOf` (from the project
 * root: the program registry's loaders, `src/shell/programs/loaders.ts`) every module it imports
 * runs on first use too, even inside its family: the file's imports are rewritten into `require`
 * calls inside its loader functions ({@link requireInLoaders}), so each program model initialises
 * when its name is first looked up.
 */
export function lazyFamilies(families: readonly LazyFamily[], root = process.cwd(), lazyImportsOf: readonly string[] = []): Plugin {
  const dirs = families.map((f) => ({ ...f, abs: `${resolve(root, f.dir)}/` }));
  const lazyImporters = new Set(lazyImportsOf.map((f) => resolve(root, f)));
  const outside = new Set(families.flatMap((f) => f.outside ?? []).map((f) => resolve(root, f)));
  const familyOf = (file: string) => (outside.has(file) ? undefined : dirs.find((d) => file.startsWith(d.abs))?.name);
  const split = dirs.filter((d) => d.file !== undefined);
  /** Per split family, the modules its file takes from the main bundle (found before the main build). */
  const sharedOf = new Map<string, string[]>();
  /** Per split family, the modules of it the main bundle asks for (found during the main build). */
  const wantedOf = new Map<string, Set<string>>(split.map((d) => [d.name, new Set<string>()]));
  const exportsOf = new Map<string, Promise<string[]>>();
  /** The names a module exports (with its re-exports), read from a bundle of it alone. */
  const names = (file: string) => {
    let found = exportsOf.get(file);
    if (found === undefined) {
      found = esbuild({
        entryPoints: [file],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        platform: 'node',
        packages: 'external',
        logLevel: 'silent',
      }).then((r) => Object.values(r.metafile.outputs).flatMap((o) => o.exports));
      exportsOf.set(file, found);
    }
    return found;
  };
  return {
    name: 'toolgate-lazy-families',
    setup(build) {
      const entries = entryFiles(build, root);
      if (split.length > 0) {
        build.onStart(async () => {
          for (const d of split)
            sharedOf.set(d.name, await sharedModules(build.initialOptions, entries, (f) => familyOf(f) === d.name, root));
        });
        // The main bundle's entry hands the shared modules to the family's file (see above), first
        // of all its imports: before any module body that might load the family's file.
        build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
          if (!entries.includes(args.path)) return undefined;
          const shares = split.map((d) => `import ${JSON.stringify(shareFile(d.name))};\n`).join('');
          return { contents: shares + (await readFile(args.path, 'utf8')), loader: 'ts', resolveDir: dirname(args.path) };
        });
        const shareFile = (name: string) => join(root, `${SHARE}${name}.ts`);
        // In the file namespace, so its imports are resolved like any other module's (stand-ins included).
        build.onResolve({ filter: new RegExp(`/${SHARE}\\w+\\.ts$`) }, (args) => ({ path: args.path, sideEffects: true }));
        for (const d of split) {
          const file = shareFile(d.name);
          build.onLoad({ filter: new RegExp(`/${SHARE}${d.name}\\.ts$`) }, (args) => {
            if (args.path !== file) return undefined;
            const shared = sharedOf.get(d.name)!;
            const local = (f: string) => JSON.stringify(`./${relative(root, f)}`);
            return {
              contents: [
                `// The main bundle's modules the family ${d.name}'s file imports (scripts/lazy-families.ts).`,
                ...shared.map((f, i) => `import * as m${i} from ${local(f)};`),
                `import { share } from '${HOST}:${d.name}';`,
                `share({ ${shared.map((f, i) => `${JSON.stringify(relative(root, f))}: () => m${i}`).join(', ')} });`,
              ].join('\n'),
              loader: 'ts',
              resolveDir: root,
            };
          });
        }
        build.onResolve({ filter: new RegExp(`^${HOST}:`) }, (args) => ({ path: args.path.slice(HOST.length + 1), namespace: HOST }));
        build.onLoad({ filter: /.*/, namespace: HOST }, (args) => {
          const d = split.find((f) => f.name === args.path)!;
          return {
            contents: [
              `// The family ${d.name}'s own file, loaded with the main bundle's shared modules on first use (scripts/lazy-families.ts).`,
              'let shared, load;',
              'exports.share = (modules) => { shared = modules; };',
              `exports.load = (id) => (load ??= require(${JSON.stringify(`./${d.file}`)})(shared))(id);`,
            ].join('\n'),
            loader: 'js',
          };
        });
        build.onResolve({ filter: /^\.\/[^/]+\.cjs$/ }, (args) =>
          args.namespace === HOST ? { path: args.path, external: true } : undefined,
        );
        build.onEnd(async (result) => {
          if (result.errors.length > 0) return;
          for (const d of split)
            await buildFamilyFile(build.initialOptions, d, [...wantedOf.get(d.name)!], sharedOf.get(d.name)!, root, lazyImporters, names);
        });
      }
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.namespace !== 'file' || args.kind !== 'import-statement' || args.pluginData === NAMESPACE) return undefined;
        const target = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: NAMESPACE,
        });
        if (target.errors.length > 0 || target.external) return undefined;
        const family = familyOf(target.path);
        if (family === undefined || familyOf(args.importer) === family) return { path: target.path };
        wantedOf.get(family)?.add(target.path);
        return { path: target.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
        if (!lazyImporters.has(args.path)) return undefined;
        return { contents: requireInLoaders(await readFile(args.path, 'utf8'), args.path), loader: 'ts', resolveDir: dirname(args.path) };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const own = split.find((d) => d.name === familyOf(args.path));
        const contents = standIn(
          relative(root, args.path),
          await names(args.path),
          own === undefined
            ? `require(${JSON.stringify(args.path)})`
            : `require('${HOST}:${own.name}').load(${JSON.stringify(relative(root, args.path))})`,
        );
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * A stand-in module for the module `name` (from the project root) exporting `exported`: each name a
 * getter that runs `load` (an expression giving the real module's exports) on its first use.
 */
function standIn(name: string, exported: readonly string[], load: string): string {
  return [
    `// Stand-in for ${name}: its module runs on first use (scripts/lazy-families.ts).`,
    'let loaded;',
    `const load = () => (loaded ??= ${load});`,
    // The getters sit on the prototype of `module.exports`, not on the object: esbuild's
    // interop copies a CommonJS module's own properties (as getters) into a new object at
    // every import site, keeping its prototype, so the names are defined once, not per import.
    'const names = {};',
    `for (const name of ${JSON.stringify(exported)}) Object.defineProperty(names, name, { enumerable: true, get: () => load()[name] });`,
    "module.exports = Object.defineProperty(Object.create(names), '__esModule', { value: true });",
  ].join('\n');
}

/** The bundle's entry files, absolute. */
function entryFiles(build: PluginBuild, root: string): string[] {
  const e = build.initialOptions.entryPoints;
  const list = Array.isArray(e) ? e.map((x) => (typeof x === 'string' ? x : x.in)) : Object.values(e ?? {});
  return list.map((f) => resolve(root, f));
}

/** The options of a bundle built beside `options`' (same target, format, minification, shims). */
function sameOptions(options: BuildOptions): BuildOptions {
  const keys = [
    'target',
    'platform',
    'format',
    'minify',
    'minifyWhitespace',
    'minifyIdentifiers',
    'minifySyntax',
    'keepNames',
    'define',
    'inject',
    'supported',
    'mainFields',
    'tsconfig',
  ] as const;
  return Object.fromEntries(keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]])) as BuildOptions;
}

/** A relative import's target, resolved by `build` without this plugin's rewriting; undefined for a package or a failure. */
async function plainTarget(
  build: PluginBuild,
  args: { path: string; kind: 'import-statement' | 'require-call' | string; importer: string; resolveDir: string },
) {
  const target = await build.resolve(args.path, {
    kind: args.kind as 'import-statement',
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: NAMESPACE,
  });
  return target.errors.length > 0 || target.external ? undefined : target.path;
}

/**
 * The modules a split family's file takes from the main bundle: the main bundle's modules (its
 * graph without the family) that a module of the family's file imports. Two bundles with metafiles,
 * not written.
 */
async function sharedModules(
  options: BuildOptions,
  entries: readonly string[],
  inFamily: (file: string) => boolean,
  root: string,
): Promise<string[]> {
  const into = new Set<string>();
  const main = await probe(options, entries, (target, importer) => {
    if (!inFamily(target)) return false;
    if (!inFamily(importer)) into.add(target);
    return true;
  });
  const inMain = new Set(Object.keys(main.inputs).map((f) => resolve(root, f)));
  const shared = new Set<string>();
  await probe(options, [...into], (target) => {
    if (inFamily(target) || !inMain.has(target)) return false;
    shared.add(target);
    return true;
  });
  return [...shared].sort();
}

/**
 * A bundle of `entryPoints` built beside `options`' and not written, whose metafile tells its
 * modules. `leaveOut` is asked about each relative import's target (with its importer) and
 * says whether the bundle leaves it out (external).
 */
async function probe(
  options: BuildOptions,
  entryPoints: readonly string[],
  leaveOut: (target: string, importer: string, kind: string) => boolean,
  lazyImporters: ReadonlySet<string> = new Set(),
): Promise<Metafile> {
  const result = await esbuild({
    ...sameOptions(options),
    entryPoints: [...entryPoints],
    bundle: true,
    write: false,
    metafile: true,
    outdir: '/nonexistent',
    packages: 'external',
    logLevel: 'silent',
    plugins: [
      {
        name: 'toolgate-split-probe',
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, async (args) => {
            if (args.pluginData === NAMESPACE) return undefined;
            const target = await plainTarget(build, args);
            return target !== undefined && leaveOut(target, args.importer, args.kind) ? { path: target, external: true } : undefined;
          });
          // The loaders as the bundle reads them: each model a `require` in its loader.
          build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
            if (!lazyImporters.has(args.path)) return undefined;
            return {
              contents: requireInLoaders(await readFile(args.path, 'utf8'), args.path),
              loader: 'ts',
              resolveDir: dirname(args.path),
            };
          });
        },
      },
    ],
  });
  return result.metafile;
}

/**
 * The split family's own file ({@link buildOwnFile}), loaded by the main bundle, with the family's
 * modules the main bundle asks for (`wanted`), and its second file when it has one: in the first,
 * a loader's `require` of a module kept apart loads the second file with the first's modules.
 */
async function buildFamilyFile(
  options: BuildOptions,
  family: { name: string; abs: string; file?: string; apart?: { file: string; keep: readonly string[] }; firstUse?: readonly string[] },
  wanted: readonly string[],
  shared: readonly string[],
  root: string,
  lazyImporters: ReadonlySet<string>,
  names: (file: string) => Promise<string[]>,
): Promise<void> {
  const apart =
    family.apart === undefined ? undefined : await apartModules(options, family.apart, wanted, new Set(shared), root, lazyImporters);
  const hostFile = join(root, `${APART_HOST}${family.name}.ts`);
  const firstUse = new Set((family.firstUse ?? []).map((f) => resolve(root, f)));
  // A first-use module moved or renamed would silently run at load again: the build fails instead.
  for (const f of firstUse)
    if (!f.startsWith(family.abs) || !existsSync(f)) throw new Error(`${relative(root, f)}: a first-use module of ${family.name} that is not in it`);
  await buildOwnFile(options, family.file!, wanted, shared, root, lazyImporters, (build) => {
    // An import of a first-use module from the family's own: a stand-in that requires it.
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.kind !== 'import-statement' || args.namespace !== 'file' || args.pluginData === NAMESPACE) return undefined;
      const target = await plainTarget(build, args);
      return target !== undefined && firstUse.has(target) ? { path: target, namespace: FIRST_USE } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: FIRST_USE }, async (args) => ({
      contents: standIn(relative(root, args.path), await names(args.path), `require(${JSON.stringify(args.path)})`),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
    if (apart === undefined) return;
    // A loader's `require` of a module kept apart: a stand-in that loads it from the second
    // file, which the host module below loads on first use with this file's modules.
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.kind !== 'require-call' || !lazyImporters.has(args.importer) || args.pluginData === NAMESPACE) return undefined;
      const target = await plainTarget(build, args);
      return target !== undefined && apart.modules.has(target) ? { path: target, namespace: APART } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: APART }, (args) => ({
      contents: [
        `// ${relative(root, args.path)}, kept in ${family.apart!.file} (scripts/lazy-families.ts).`,
        `module.exports = require(${JSON.stringify(hostFile)}).load(${JSON.stringify(relative(root, args.path))});`,
      ].join('\n'),
      loader: 'js',
      resolveDir: root,
    }));
    build.onResolve({ filter: new RegExp(`/${APART_HOST}\\w+\\.ts$`) }, (args) => ({ path: args.path }));
    build.onLoad({ filter: new RegExp(`/${APART_HOST}\\w+\\.ts$`) }, (args) => {
      if (args.path !== hostFile) return undefined;
      const local = (f: string) => JSON.stringify(`./${relative(root, f)}`);
      return {
        contents: [
          `// Loads ${family.apart!.file} on first use, with the modules of this file it imports (scripts/lazy-families.ts).`,
          `const shared = { ${apart.shared.map((f) => `${JSON.stringify(relative(root, f))}: () => require(${local(f)})`).join(', ')} };`,
          'let load;',
          `exports.load = (id) => (load ??= require(${JSON.stringify(`./${family.apart!.file}`)})(shared))(id);`,
        ].join('\n'),
        loader: 'js',
        resolveDir: root,
      };
    });
    build.onResolve({ filter: /^\.\/[^/]+\.cjs$/ }, (args) =>
      args.path === `./${family.apart!.file}` ? { path: args.path, external: true } : undefined,
    );
  });
  if (apart !== undefined) await buildOwnFile(options, family.apart!.file, [...apart.modules], apart.shared, root, lazyImporters);
}

/** Stand-ins, in a family's file, for its first-use modules ({@link LazyFamily.firstUse}). */
const FIRST_USE = 'toolgate-split-first-use';
/** The start of the name of the module (in no folder) that loads a family's second file. */
const APART_HOST = 'toolgate-split-apart-host-';
/** Stand-ins, in a family's file, for the modules kept in its second file. */
const APART = 'toolgate-split-apart';

/**
 * The modules a family's second file holds ({@link LazyFamily.apart}): the lazy loaders' required
 * modules that the rest of the family (from `wanted`, the loaders' other requires included) never
 * reaches and that are not kept, with what only they import; and the modules of the family's file
 * (or shared from the main bundle) they import.
 */
async function apartModules(
  options: BuildOptions,
  apart: { keep: readonly string[] },
  wanted: readonly string[],
  mainShared: ReadonlySet<string>,
  root: string,
  lazyImporters: ReadonlySet<string>,
): Promise<{ modules: Set<string>; shared: string[] }> {
  const keep = new Set(apart.keep.map((f) => resolve(root, f)));
  const required = new Set<string>();
  // The family's file without the loaders' requires of modules not kept: what it holds anyway.
  const core = await probe(
    options,
    wanted,
    (target, importer, kind) => {
      if (mainShared.has(target)) return true;
      if (kind !== 'require-call' || !lazyImporters.has(importer) || keep.has(target)) return false;
      required.add(target);
      return true;
    },
    lazyImporters,
  );
  const inCore = new Set(Object.keys(core.inputs).map((f) => resolve(root, f)));
  const modules = new Set([...required].filter((f) => !inCore.has(f)));
  const shared = new Set<string>();
  const held = await probe(
    options,
    [...modules],
    (target) => {
      if (!inCore.has(target) && !mainShared.has(target)) return false;
      shared.add(target);
      return true;
    },
    lazyImporters,
  );
  for (const f of Object.keys(held.inputs)) modules.add(resolve(root, f));
  return { modules: new Set([...modules].filter((f) => !shared.has(f))), shared: [...shared].sort() };
}

/**
 * A file of a split family's own, written beside the main bundle: its entry is a function of the
 * modules it shares with the file that loads it (each a function that returns that module's
 * namespace), which returns the loader of `modules`. Every module in it runs on first use; an
 * import of a shared module reads the loading file's. The same for the family's file (loaded by
 * the main bundle, {@link buildFamilyFile}) and its second file (loaded by the family's file,
 * {@link LazyFamily.apart}); `more` adds a plugin's steps of the file's own.
 */
async function buildOwnFile(
  options: BuildOptions,
  file: string,
  modules: readonly string[],
  shared: readonly string[],
  root: string,
  lazyImporters: ReadonlySet<string>,
  more: (build: PluginBuild) => void = () => {},
): Promise<void> {
  const sharedSet = new Set(shared);
  const outdir = options.outdir ?? dirname(options.outfile!);
  await esbuild({
    ...sameOptions(options),
    entryPoints: [`${GUEST_ENTRY}:${file}`],
    bundle: true,
    write: true,
    outfile: join(outdir, dirname(mainOutput(options)), file),
    packages: 'external',
    logLevel: 'error',
    plugins: [
      {
        name: 'toolgate-split-file',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${GUEST_ENTRY}:`) }, () => ({ path: file, namespace: GUEST_ENTRY }));
          build.onLoad({ filter: /.*/, namespace: GUEST_ENTRY }, () => ({
            contents: [
              `// ${file} (scripts/lazy-families.ts): each module runs on first use.`,
              `const guest = require('${GUEST}');`,
              `const modules = { ${modules.map((f) => `${JSON.stringify(relative(root, f))}: () => require(${JSON.stringify(f)})`).join(', ')} };`,
              'module.exports = (shared) => {',
              '  guest.shared = shared;',
              '  return (id) => modules[id]();',
              '};',
            ].join('\n'),
            loader: 'js',
            resolveDir: root,
          }));
          build.onResolve({ filter: new RegExp(`^${GUEST}$`) }, () => ({ path: GUEST, namespace: GUEST }));
          build.onLoad({ filter: /.*/, namespace: GUEST }, () => ({ contents: 'exports.shared = undefined;', loader: 'js' }));
          build.onResolve({ filter: /^\.\.?\// }, async (args) => {
            if (args.pluginData === NAMESPACE || args.namespace !== 'file') return undefined;
            const target = await plainTarget(build, args);
            if (target === undefined || !sharedSet.has(target)) return undefined;
            return { path: target, namespace: SHARED };
          });
          build.onLoad({ filter: /.*/, namespace: SHARED }, (args) => ({
            contents: [
              `// The loading file's ${relative(root, args.path)} (scripts/lazy-families.ts): its namespace, with the names on the prototype.`,
              `module.exports = Object.defineProperty(Object.create(require('${GUEST}').shared[${JSON.stringify(relative(root, args.path))}]()), '__esModule', { value: true });`,
            ].join('\n'),
            loader: 'js',
            resolveDir: root,
          }));
          build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
            if (!lazyImporters.has(args.path)) return undefined;
            return {
              contents: requireInLoaders(await readFile(args.path, 'utf8'), args.path),
              loader: 'ts',
              resolveDir: dirname(args.path),
            };
          });
          more(build);
        },
      },
    ],
  });
}

/** The main bundle's output path under its outdir (`cli/hook` for tsup's entry `{ 'cli/hook': … }`). */
function mainOutput(options: BuildOptions): string {
  const e = options.entryPoints;
  if (e !== undefined && !Array.isArray(e)) return Object.keys(e)[0]!;
  return '.';
}

/**
 * A loaders file with its imports moved into its loaders: `import { a, b } from './m.js'` goes,
 * and `() => a,` becomes `() => require('./m.js').a,`, which esbuild turns into the module's lazy
 * initialiser. Refuses a file of another shape (an import it cannot move, an imported name used
 * elsewhere than a loader), so the hook build fails rather than loading models at start.
 */
export function requireInLoaders(source: string, file: string): string {
  const from = new Map<string, string>();
  const kept: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^import \{ ([^}]+) \} from ('\.[^']+');$/.exec(line);
    if (m) {
      for (const name of m[1]!.split(',').map((n) => n.trim())) from.set(name, m[2]!);
      continue;
    }
    if (/^import (?!type )/.test(line)) throw new Error(`${file}: an import the loaders cannot move: ${line}`);
    kept.push(line);
  }
  const used = new Set<string>();
  const out = kept.join('\n').replace(/^( *)\(\) => (\w+),$/gm, (whole, indent: string, name: string) => {
    const spec = from.get(name);
    if (spec === undefined) return whole;
    used.add(name);
    return `${indent}() => require(${spec}).${name},`;
  });
  const code = out
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/require\('[^']+'\)\.\w+/g, '');
  for (const name of from.keys()) {
    if (!used.has(name) || new RegExp(`\\b${name}\\b`).test(code))
      throw new Error(`${file}: "${name}" is imported but not (only) given by a loader \`() => ${name},\``);
  }
  return out;
}
