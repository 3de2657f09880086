/**
 * The code a command's script loads beside itself (decision 0127): a hook's script is protected,
 * and so must be what it runs from — a planted `hooks/json.py` answered the next call of a
 * `python3 hooks/guard.py` hook (red team 24, RT24-E addendum). Per language, what the
 * interpreter really looks at:
 *
 * - Python puts the script's folder first on `sys.path`: every module the script or the standard
 *   library it imports asks for is looked up there first, so each name Python may import from
 *   that folder — a module file, `__pycache__`, a package folder — is the script's code
 *   ({@link pythonModuleIn}).
 * - Node loads the files a script's relative `require`/`import` name, and its bare names from
 *   `node_modules` folders from the script's folder up: a bounded reader follows the static
 *   specifiers through the view ({@link nodeImports}).
 * - A shell script runs the files its `source`/`.` lines name: a literal operand (relative to the
 *   project, where hooks run) and one spelled from the script's own folder (`$(dirname "$0")/x`,
 *   `${BASH_SOURCE%/*}/x`, `$DIR/x`), relative to that folder ({@link shellSources}).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { extensionLanguage, interpreterLanguage, type ScriptLanguage } from '../shell/programs/script-languages.js';
import { isInside, normalizePath } from '../paths/index.js';

/** How many files of one script's imports are read (a hook's own helpers are a handful). */
const IMPORT_BUDGET = 32;

/** Largest script text read for its imports. */
const MAX_TEXT = 256 * 1024;

const dirOf = (path: string): string => path.slice(0, path.lastIndexOf('/')) || '/';
const join = (dir: string, rest: string): string =>
  normalizePath(`${dir === '/' ? '' : dir}/${rest}`, { cwd: dir, home: '/', platform: 'linux' });

/**
 * The language a script is run as: by its extension, else by its `#!` line, else by the
 * interpreter the command names before it — never for the interpreter's own file (`/usr/bin/python3`).
 */
export function scriptLanguage(path: string, command: string, view: ReadonlyFsView | undefined): ScriptLanguage | undefined {
  const byName = interpreterLanguage;
  const named = extensionLanguage(path);
  if (named !== undefined) return named;
  if (byName(path.slice(path.lastIndexOf('/') + 1)) !== undefined) return undefined;
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(view?.readText?.(path)?.slice(0, 200) ?? '');
  if (shebang !== null) {
    const program = shebang[1]!.slice(shebang[1]!.lastIndexOf('/') + 1);
    return byName(program === 'env' && shebang[2] !== undefined ? shebang[2] : program);
  }
  for (const w of command.split(/\s+/)) {
    const language = byName(w.replace(/['"]/g, '').replace(/^.*\//, ''));
    if (language !== undefined) return language;
  }
  return undefined;
}

/** Python's importable names: module files and caches. */
const PYTHON_MODULE = /\.(?:py|pyc|pyw|so|pyd)$/;

/**
 * Whether `path` is a name Python may import with `folder` first on `sys.path`: a module file
 * (`.py`, `.pyc`, an extension module) anywhere under it (a package's submodule too), anything in
 * its `__pycache__` folders, or a name directly in it that may become a package folder (one with
 * no extension that the view does not show as a file).
 */
export function pythonModuleIn(path: string, folder: string, view: ReadonlyFsView | undefined): boolean {
  if (!isInside(path, folder) || path === folder) return false;
  const rest = path.slice(folder.length + (folder === '/' ? 0 : 1));
  if (PYTHON_MODULE.test(rest) || rest.split('/').includes('__pycache__')) return true;
  if (rest.includes('/') || rest.includes('.')) return false;
  return view === undefined || !view.exists(path) || view.isDirectory?.(path) !== false;
}

/** The first word of a `source` line's rest, a `$(…)` kept whole (`$(dirname $0)/lib.sh`). */
function operand(rest: string): string {
  const t = rest.trim();
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '(') depth++;
    else if (t[i] === ')') depth--;
    else if (/\s/.test(t[i]!) && depth <= 0) return t.slice(0, i);
  }
  return t;
}

/** Node's own modules: a bare `require('fs')` loads Node's, never a `node_modules` folder's. */
const NODE_BUILTINS = new Set(
  'assert buffer child_process cluster console constants crypto dgram dns domain events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline repl stream string_decoder sys timers tls trace_events tty url util v8 vm wasi worker_threads zlib'.split(
    ' ',
  ),
);

/** The specifiers of a JavaScript or TypeScript text's static `require`, `import` and `export … from`. */
function jsSpecifiers(text: string): string[] {
  const out: string[] = [];
  const re =
    /\brequire\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)|\bimport\s*\(\s*(['"`])([^'"`\n]+)\3\s*\)|\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"\n]+)\5|\bimport\s*(['"])([^'"\n]+)\7/g;
  for (const m of text.matchAll(re)) out.push(m[2] ?? m[4] ?? m[6] ?? m[8]!);
  return out;
}

/** The file Node loads for a relative specifier from `dir`: as written, with an extension, or a folder's index. */
function resolveRelative(spec: string, dir: string, view: ReadonlyFsView): string[] {
  const base = join(dir, spec);
  const file = (p: string) => view.exists(p) && view.isDirectory?.(p) !== true;
  const tries = [base, ...['.js', '.mjs', '.cjs', '.json', '.ts', '.mts', '.cts', '.node'].map((e) => base + e)];
  const found = tries.find(file);
  if (found !== undefined) return [found];
  if (view.exists(base)) {
    const index = ['index.js', 'index.mjs', 'index.cjs', 'index.json', 'index.ts'].map((n) => `${base}/${n}`).find(file);
    return [base, ...(index !== undefined ? [index] : [])];
  }
  // Not there: what a write would create at the name as written (a folder's index inside it) or with an extension.
  return [base, ...['.js', '.json', '.node', '.mjs', '.cjs', '.ts'].map((e) => base + e)];
}

/** Where Node looks for a bare name from `dir`: `node_modules/NAME` in each folder up to the one that has it. */
function packagePlaces(name: string, dir: string, view: ReadonlyFsView): string[] {
  const places: string[] = [];
  for (let d = dir; ; d = dirOf(d)) {
    if (!d.endsWith('/node_modules')) {
      const candidate = `${d === '/' ? '' : d}/node_modules/${name}`;
      places.push(candidate);
      if (view.exists(candidate)) return places;
    }
    if (d === '/') return places;
  }
}

/**
 * The files a Node script loads beside itself, as far as its static specifiers say: each relative
 * one resolved through the view and read in turn (up to {@link IMPORT_BUDGET} files), and for each
 * bare one not Node's own, the `node_modules` places Node looks in. The script itself is not in the list.
 */
export function nodeImports(script: string, view: ReadonlyFsView): string[] {
  const out = new Set<string>();
  const read = new Set([script]);
  const queue = [script];
  while (queue.length > 0 && read.size <= IMPORT_BUDGET) {
    const file = queue.shift()!;
    const text = view.readText?.(file);
    if (text === undefined || text.length > MAX_TEXT) continue;
    for (const spec of jsSpecifiers(text)) {
      if (spec.startsWith('node:') || /^[a-z]+:/.test(spec)) continue;
      if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/')) {
        for (const p of resolveRelative(spec, dirOf(file), view)) {
          out.add(p);
          if (!read.has(p) && view.exists(p) && view.isDirectory?.(p) !== true) {
            read.add(p);
            queue.push(p);
          }
        }
        continue;
      }
      const name = /^(?:@[^/]+\/)?[^/]+/.exec(spec)?.[0];
      if (name === undefined || NODE_BUILTINS.has(name)) continue;
      for (const p of packagePlaces(name, dirOf(file), view)) out.add(p);
    }
  }
  out.delete(script);
  return [...out];
}

/**
 * The files a shell script's `source`/`.` lines name (read through the view, not followed
 * further): a literal operand relative to `cwd` (where Claude Code runs a hook: the project), and
 * one that starts with an expansion naming the script's own folder and goes on `/NAME`, NAME in
 * that folder. An operand toolgate cannot place names nothing here.
 */
export function shellSources(script: string, cwd: string, view: ReadonlyFsView): string[] {
  const text = view.readText?.(script);
  if (text === undefined || text.length > MAX_TEXT) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:^|[;&|({]\s*|\bthen\s+|\bdo\s+|\belse\s+)(?:source|\.)\s+([^;&|\n#]+)/gm)) {
    const word = operand(m[1]!.replace(/["']/g, ''));
    // `$(dirname "$0")/lib.sh`, `${BASH_SOURCE%/*}/lib.sh`, `$SCRIPT_DIR/lib.sh`: the script's folder.
    const own = /^(?:\$\((?:[^()]|\([^()]*\))*\)|\$\{(?:BASH_SOURCE|0)[^}]*\}|\$\{?\w*(?:DIR|HERE)\w*\}?)\/(.+)$/i.exec(word);
    if (own !== null) {
      if (!own[1]!.includes('$')) out.add(join(dirOf(script), own[1]!));
      continue;
    }
    if (word === '' || word.includes('$') || word.includes('`') || word.startsWith('~')) continue;
    out.add(word.startsWith('/') ? normalizePath(word, { cwd, home: '/', platform: 'linux' }) : join(cwd, word));
  }
  return [...out];
}
