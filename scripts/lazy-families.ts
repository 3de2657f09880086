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
import { dirname, relative, resolve } from 'node:path';

/** A tool family: the folder (from the project root) whose modules load on first use. */
export interface LazyFamily {
  name: string;
  dir: string;
}

const NAMESPACE = 'toolgate-lazy-family';

/** The plugin; `root` is the project's folder. */
export function lazyFamilies(families: readonly LazyFamily[], root = process.cwd()): Plugin {
  const dirs = families.map((f) => ({ ...f, abs: `${resolve(root, f.dir)}/` }));
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
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const exported = await names(args.path);
        const contents = [
          `// Stand-in for ${relative(root, args.path)}: its module runs on first use (scripts/lazy-families.ts).`,
          'let loaded;',
          `const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`,
          "Object.defineProperty(exports, '__esModule', { value: true });",
          `for (const name of ${JSON.stringify(exported)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
        ].join('\n');
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}
