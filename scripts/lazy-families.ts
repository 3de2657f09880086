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
import { build as esbuild, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';

/** A tool family: the folder (from the project root) whose modules load on first use. */
export interface LazyFamily {
  name: string;
  dir: string;
}

const NAMESPACE = 'toolgate-lazy-family';

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
  const familyOf = (file: string) => dirs.find((d) => file.startsWith(d.abs))?.name;
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
        return { path: target.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
        if (!lazyImporters.has(args.path)) return undefined;
        return { contents: requireInLoaders(await readFile(args.path, 'utf8'), args.path), loader: 'ts', resolveDir: dirname(args.path) };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const exported = await names(args.path);
        const contents = [
          `// Stand-in for ${relative(root, args.path)}: its module runs on first use (scripts/lazy-families.ts).`,
          'let loaded;',
          `const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`,
          // The getters sit on the prototype of `module.exports`, not on the object: esbuild's
          // interop copies a CommonJS module's own properties (as getters) into a new object at
          // every import site, keeping its prototype, so the names are defined once, not per import.
          'const names = {};',
          `for (const name of ${JSON.stringify(exported)}) Object.defineProperty(names, name, { enumerable: true, get: () => load()[name] });`,
          "module.exports = Object.defineProperty(Object.create(names), '__esModule', { value: true });",
        ].join('\n');
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
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
