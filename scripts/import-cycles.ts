/**
 * Finds import cycles among the modules of `src/`: every `import … from`, `export … from` and
 * `import('…')` of a relative path is an edge. A type-only import (`import type`, or an import whose
 * every name is `type`) is an edge too unless `values` is set: the layers of DESIGN.md point
 * downwards for types as well as for values.
 *
 * Usage: `npx tsx scripts/import-cycles.ts [--values]` — prints each cycle and exits 1 when there is one.
 * test/structure/import-cycles.test.ts runs the same check in `npm test`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import edge: from a module to a module, and whether only types cross it. */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (/\.(ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The module a relative specifier names (`./x.js` → `x.ts`, `./dir` → `dir/index.ts`), or undefined. */
function resolveSpecifier(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|cjs|ts)$/, '');
  for (const c of [`${stem}.ts`, `${stem}.mts`, `${stem}.cts`, join(base, 'index.ts')]) if (files.has(c)) return c;
  return undefined;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/** Every relative import edge between the modules under `root`. */
export function importEdges(root: string): ImportEdge[] {
  const files = filesUnder(root).map((f) => resolve(f));
  const set = new Set(files);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      let spec: string | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        spec = node.moduleSpecifier.text;
        typeOnly = isTypeOnlyImport(node);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        spec = node.moduleSpecifier.text;
        typeOnly = isTypeOnlyExport(node);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        spec = node.arguments[0].text;
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        spec = node.argument.literal.text;
        typeOnly = true;
      }
      if (spec !== undefined) {
        const to = resolveSpecifier(file, spec, set);
        if (to !== undefined && to !== file) edges.push({ from: file, to, typeOnly });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return edges;
}

/**
 * The import cycles among the modules under `root`: one per strongly connected component of more
 * than one module, each given as a closed path of module paths relative to `root`.
 */
export function importCycles(root: string, options: { values?: boolean; edges?: readonly ImportEdge[] } = {}): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of options.edges ?? importEdges(root)) {
    if (options.values && e.typeOnly) continue;
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    graph.get(e.from)!.add(e.to);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) components.push(c);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) connect(v);
  // One readable cycle per component: a shortest path back to its first module.
  return components.map((c) => {
    const inside = new Set(c);
    const start = [...c].sort()[0]!;
    const prev = new Map<string, string>();
    const queue = [start];
    const seen = new Set([start]);
    let end: string | undefined;
    while (queue.length > 0 && end === undefined) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!inside.has(w)) continue;
        if (w === start) {
          end = v;
          break;
        }
        if (!seen.has(w)) {
          seen.add(w);
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    const path = [start];
    for (let v = end; v !== undefined && v !== start; v = prev.get(v)) path.splice(1, 0, v);
    path.push(start);
    return path.map((p) => relative(root, p));
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '../src');
  const cycles = importCycles(root, { values: process.argv.includes('--values') });
  for (const c of cycles) console.log(`cycle: ${c.join(' → ')}`);
  console.log(`${cycles.length} import cycle(s) in src/`);
  process.exit(cycles.length > 0 ? 1 : 0);
}
