/**
 * The TypeScript compiler (`tsc`, TypeScript 5): it writes where its configuration says — the
 * `outDir`, `outFile`, `declarationDir` and `tsBuildInfoFile` of the tsconfig.json it uses (found
 * with `-p FILE|DIR`, else the nearest tsconfig.json from where it runs; none when it is given
 * source files), and without an `outDir` beside each source. The command line does not show them:
 * a tsconfig.json whose `outDir` was `.claude` made `tsc` write `.claude/settings.js` (issue #37;
 * red team 12 did the same with a JSON module). The model reads the configuration as
 * `ts.getParsedCommandLineOfConfigFile` does — relative `extends` (a string or a list), paths
 * relative to the file they appear in, `${configDir}`, the options on the command line overriding
 * them — and `tsc -b` follows `references`; `evaluate/config-writes.ts` reads the files through the
 * file-system view. What it cannot bound — an `extends` naming a package, a file it cannot read,
 * JSON it cannot parse, output beside sources it cannot list, a `rootDir` that may put files
 * outside `outDir` — makes the writes unseen (decision 0092). It stays on the project-runner list
 * (`project-runners.ts`) for the build it runs.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import type { ConfigWrite, ReadConfigText } from './api-extractor.js';
import { resolveLexically } from '../../paths/normalize.js';
import { parseJsonc } from './jsonc.js';
import { defineProgram } from './model.js';

/** Options that take the next word as their value (lower-cased, without dashes; tsc 5 `optionDeclarations`). */
const VALUE_OPTIONS = new Set(
  (
    'p project outdir outfile out declarationdir tsbuildinfofile rootdir rootdirs t target m module lib ' +
    'moduleresolution modulesuffixes moduledetection jsx jsxfactory jsxfragmentfactory jsximportsource ' +
    'reactnamespace baseurl types typeroots locale generatetrace generatecpuprofile newline sourceroot ' +
    'maproot maxnodemodulejsdepth charset ignoredeprecations customconditions watchfile watchdirectory ' +
    'fallbackpolling excludedirectories excludefiles importsnotusedasvalues plugins'
  ).split(' '),
);

/** Command-line options naming a folder it writes below. */
const TREE_OUTPUTS = new Set(['outdir', 'declarationdir', 'generatetrace']);
/** Command-line options naming a file it writes. */
const FILE_OUTPUTS = new Set(['outfile', 'out', 'tsbuildinfofile', 'generatecpuprofile']);
/** Words after which it compiles nothing and writes nothing (`--init` writes tsconfig.json). */
const QUIET = new Set(['help', 'h', '?', 'version', 'v', 'showconfig', 'listfilesonly', 'all', 'init']);

/** `tsc`'s words: build mode, the project, the source files and the options, by lower-cased name. */
interface TscWords {
  readonly build: boolean;
  readonly operands: number[];
  /** Each option's index and, for one taking a value, the value's index; a flag's `true`/`false`. */
  readonly options: Map<string, { index: number; valueIndex?: number; on: boolean }>;
}

function readTsc(argv: readonly string[]): TscWords {
  const build = argv[1] === '-b' || argv[1] === '--build';
  const operands: number[] = [];
  const options: TscWords['options'] = new Map();
  for (let i = build ? 2 : 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (!w.startsWith('-') || w === '-') {
      operands.push(i);
      continue;
    }
    const name = w.replace(/^--?/, '').toLowerCase();
    if (VALUE_OPTIONS.has(name) && !(build && name === 'v')) {
      options.set(name, i + 1 < argv.length ? { index: i, valueIndex: i + 1, on: true } : { index: i, on: true });
      i++;
    } else {
      // A flag may be followed by `true` or `false` (`--noEmit false`).
      const next = argv[i + 1];
      const on = next !== 'false';
      if (next === 'true' || next === 'false') i++;
      options.set(name, { index: i, on });
    }
  }
  if (options.has('p')) options.set('project', options.get('p')!);
  if (options.has('d')) options.set('declaration', options.get('d')!);
  if (options.has('i')) options.set('incremental', options.get('i')!);
  return { build, operands, options };
}

const quiet = (w: TscWords) => !w.build && [...QUIET].some((q) => w.options.get(q)?.on === true);

function tscFiles(argv: readonly string[]): FileOperands {
  const w = readTsc(argv);
  if (w.options.has('init'))
    return { files: [{ op: 'write', index: w.options.get('init')!.index, value: 'tsconfig.json' }], unresolved: [] };
  if (quiet(w)) return { files: [], unresolved: [] };
  const files: FileOperand[] = [];
  // The configuration first: config-writes.ts finds it in the command's reads, in this order.
  const project = w.options.get('project');
  if (w.build) {
    for (const i of w.operands) files.push({ op: 'read', index: i });
    if (w.operands.length === 0) files.push({ op: 'read', index: 1, value: 'tsconfig.json' });
  } else if (project?.valueIndex !== undefined) files.push({ op: 'read', index: project.valueIndex });
  else if (w.operands.length === 0) files.push({ op: 'read', index: 0, value: 'tsconfig.json' });
  if (!w.build && project === undefined) for (const i of w.operands) files.push({ op: 'read', index: i });
  if (!w.build)
    for (const [name, o] of w.options) {
      if (o.valueIndex === undefined) continue;
      if (TREE_OUTPUTS.has(name)) files.push({ op: 'write', index: o.valueIndex, tree: 'some' });
      else if (FILE_OUTPUTS.has(name)) files.push({ op: 'write', index: o.valueIndex });
    }
  return { files, unresolved: [] };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';
const join = (dir: string, name: string) => `${dir === '/' ? '' : dir}/${name}`;

/** Thrown inside the reading: what cannot be told. */
class Unseen extends Error {}

/** compilerOptions holding paths, resolved from the folder of the file they appear in. */
const PATH_OPTIONS = ['outDir', 'outFile', 'out', 'declarationDir', 'tsBuildInfoFile', 'rootDir'];

/** One configuration, its `extends` followed: its options, `include`/`files`/`references` and their files. */
interface LoadedConfig {
  readonly options: Obj;
  /** For each path option, the configuration file that set it. */
  readonly from: Map<string, string>;
  readonly references?: { readonly value: unknown; readonly file: string };
  /** Its `files` and `include` (a file's own replace those it extends). */
  readonly files?: unknown;
  readonly include?: unknown;
}

/** The file `-p`, `-b` or a reference names: a folder's tsconfig.json, else the file; `null` when neither exists. */
function configFileAt(p: string, read: ReadConfigText): string | null {
  if (!p.endsWith('.json')) {
    const inside = read(join(p, 'tsconfig.json'));
    if (inside === undefined) throw new Unseen(`whether ${join(p, 'tsconfig.json')} exists cannot be told`);
    if (inside !== null) return join(p, 'tsconfig.json');
  }
  const text = read(p);
  if (text === undefined) throw new Unseen(`${p} cannot be read`);
  return text === null ? null : p;
}

function loadConfig(file: string, read: ReadConfigText, topDir: string, seen: Set<string>): LoadedConfig | null {
  if (seen.has(file) || seen.size > 32) throw new Unseen(`${file} extends in a circle`);
  seen.add(file);
  const text = read(file);
  if (text === null) return null;
  if (text === undefined) throw new Unseen(`${file} cannot be read`);
  const parsed = parseJsonc(text);
  if (!isObj(parsed)) throw new Unseen(`${file} is not JSON toolgate can read`);
  let options: Obj = {};
  const from = new Map<string, string>();
  let references: LoadedConfig['references'];
  let files: unknown;
  let include: unknown;
  const ext = parsed['extends'];
  const bases = ext === undefined ? [] : Array.isArray(ext) ? ext : [ext];
  for (const b of bases) {
    if (typeof b !== 'string') throw new Unseen(`${file} extends a value that is no string`);
    if (!/^(\.\.?\/|\/)/.test(b.replace(/\\/g, '/'))) throw new Unseen(`${file} extends ${b}, a file node_modules resolves`);
    let at = resolveLexically(dirOf(file), b.replace(/\\/g, '/'));
    if (!at.endsWith('.json') && read(at) === null) at = `${at}.json`;
    const base = loadConfig(at, read, topDir, seen);
    if (base === null) throw new Unseen(`${file} extends ${b}, which toolgate cannot find`);
    options = { ...options, ...base.options };
    for (const [k, v] of base.from) from.set(k, v);
    if (base.references !== undefined) references = base.references;
    if (base.files !== undefined) files = base.files;
    if (base.include !== undefined) include = base.include;
  }
  const own = parsed['compilerOptions'];
  if (own !== undefined && !isObj(own)) throw new Unseen(`${file} has compilerOptions that are no object`);
  for (const [k, v] of Object.entries(own ?? {})) {
    if (PATH_OPTIONS.includes(k) && v !== null && v !== undefined) {
      if (typeof v !== 'string') throw new Unseen(`${file} sets ${k} to a value that is no string`);
      const s = v.replace(/\\/g, '/').replaceAll('${configDir}', topDir);
      if (s.includes('${')) throw new Unseen(`${file} sets ${k} to ${v}, a template toolgate does not expand`);
      options[k] = resolveLexically(dirOf(file), s);
      from.set(k, file);
    } else options[k] = v;
  }
  if (parsed['references'] !== undefined) references = { value: parsed['references'], file };
  if (parsed['files'] !== undefined) files = parsed['files'];
  if (parsed['include'] !== undefined) include = parsed['include'];
  return { options, from, ...(references !== undefined ? { references } : {}), files, include };
}

/** The files one configuration makes tsc write, with the command line's options over it. */
function writesOf(file: string, w: TscWords, read: ReadConfigText, out: ConfigWrite[]): LoadedConfig | null {
  const config = loadConfig(file, read, dirOf(file), new Set());
  if (config === null) return null;
  const o = config.options;
  const cli = (name: string) => (w.build ? undefined : w.options.get(name.toLowerCase()));
  const flag = (name: string): boolean => {
    const c = cli(name);
    if (c !== undefined) return c.on;
    const v = o[name];
    if (v !== undefined && typeof v !== 'boolean') throw new Unseen(`${file} sets ${name} to a value that is no true or false`);
    return v === true;
  };
  // The command line's output options are writes of the command itself (tscFiles).
  const path = (name: string): string | undefined => (cli(name)?.valueIndex !== undefined ? '' : (o[name] as string | undefined));
  const add = (name: string, p: string | undefined, tree?: 'some') => {
    if (p !== undefined && p !== '')
      out.push({ path: p, setting: `compilerOptions.${name}`, file: config.from.get(name) ?? file, ...(tree ? { tree } : {}) });
  };
  const noEmit = flag('noEmit');
  const outFile = path('outFile') ?? path('out');
  const outDir = path('outDir');
  const declarationDir = path('declarationDir');
  const declarations = flag('declaration') || flag('composite');
  const buildInfo =
    w.build || flag('incremental') || flag('composite') || cli('tsBuildInfoFile') !== undefined || o['tsBuildInfoFile'] !== undefined;
  if (buildInfo) {
    const own = path('tsBuildInfoFile');
    if (own !== undefined) add('tsBuildInfoFile', own);
    else if (cli('tsBuildInfoFile') === undefined) {
      const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
      const rootDir = path('rootDir');
      if (outFile !== undefined && outFile !== '') add('outFile', `${outFile.replace(/\.[^./]*$/, '')}.tsbuildinfo`);
      else if (outDir !== undefined && outDir !== '')
        add(
          'outDir',
          rootDir
            ? resolveLexically(resolveLexically(outDir, relative(rootDir, dirOf(file))), `${name}.tsbuildinfo`)
            : join(outDir, `${name}.tsbuildinfo`),
        );
      else if (outFile === undefined && outDir === undefined) add('tsBuildInfoFile', join(dirOf(file), `${name}.tsbuildinfo`));
    }
  }
  if (noEmit) return config;
  const emitDeclarationOnly = flag('emitDeclarationOnly');
  if (declarations && declarationDir !== undefined) add('declarationDir', declarationDir, 'some');
  if (outFile !== undefined) {
    if (outFile !== '') {
      const stem = outFile.replace(/\.[^./]*$/, '');
      for (const sibling of [outFile, `${stem}.d.ts`, `${outFile}.map`, `${stem}.d.ts.map`]) add('outFile', sibling);
    }
    return config;
  }
  if (emitDeclarationOnly && declarationDir !== undefined) return config;
  // A solution file (`"files": []`, no include) compiles nothing of its own.
  const none = (v: unknown) => Array.isArray(v) && v.length === 0;
  if (none(config.files) && (config.include === undefined || none(config.include))) return config;
  if (outDir === undefined) throw new Unseen(`${file} sets no outDir, so tsc writes beside each source file it compiles`);
  // Files outside rootDir land outside outDir (`outDir/../…`), and tsc emits them with the error.
  if ((path('rootDir') !== undefined || cli('rootDir') !== undefined) && !flag('noEmitOnError'))
    throw new Unseen(`${file} sets rootDir, so files outside it are written outside outDir`);
  add('outDir', outDir, 'some');
  return config;
}

/** `path.relative(from, to)` for absolute `/` paths. */
function relative(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return [...a.slice(n).map(() => '..'), ...b.slice(n)].join('/') || '.';
}

/**
 * The files `tsc` with these words writes because its configuration names them: `reads` are the
 * command's reads in `tscFiles`' order (the `-p` or `-b` projects, else ./tsconfig.json, else the
 * source files). `{ writes }`, or `{ unknown }` saying what cannot be told.
 * @internal
 */
export function tscConfigWrites(
  argv: readonly string[],
  reads: readonly string[],
  read: ReadConfigText,
): { writes: ConfigWrite[] } | { unknown: string } {
  const w = readTsc(argv);
  if (quiet(w) || w.options.has('init')) return { writes: [] };
  const out: ConfigWrite[] = [];
  const cliOn = (n: string) => w.options.get(n)?.on === true;
  try {
    if (w.build) {
      const queue = [...reads];
      const done = new Set<string>();
      while (queue.length > 0) {
        const at = queue.shift()!;
        const file = configFileAt(at, read);
        if (file === null) continue; // tsc -b reports the missing project and builds nothing for it
        if (done.has(file)) continue;
        if (done.size > 64) throw new Unseen('the project references more projects than toolgate follows');
        done.add(file);
        const config = writesOf(file, w, read, out);
        const refs = config?.references;
        if (refs === undefined) continue;
        if (!Array.isArray(refs.value)) throw new Unseen(`${refs.file} has references that are no list`);
        for (const r of refs.value) {
          if (!isObj(r) || typeof r['path'] !== 'string') throw new Unseen(`${refs.file} has a reference with no path`);
          queue.push(resolveLexically(dirOf(refs.file), r['path'].replace(/\\/g, '/')));
        }
      }
      return { writes: out };
    }
    if (w.options.has('project')) {
      const at = reads[0];
      if (at === undefined) return { unknown: 'where its configuration is cannot be told' };
      const file = configFileAt(at, read);
      if (file !== null) writesOf(file, w, read, out);
      return { writes: out };
    }
    if (w.operands.length > 0) {
      // Source files and no tsconfig.json: what they import is compiled too, each written beside itself.
      const outputs = ['outdir', 'outfile', 'out'].some((n) => w.options.get(n)?.valueIndex !== undefined);
      if (cliOn('noemit')) return { writes: [] };
      if (w.options.has('rootdir') && !cliOn('noemitonerror'))
        return { unknown: 'with rootDir, files outside it are written outside outDir' };
      if (!outputs && !(cliOn('emitdeclarationonly') && w.options.has('declarationdir')))
        return { unknown: 'tsc writes beside each source file and each file they import' };
      return { writes: [] };
    }
    const start = reads[0];
    if (start === undefined) return { unknown: 'where it runs cannot be told' };
    // The nearest tsconfig.json from where it runs (`ts.findConfigFile`); none: it prints its help.
    for (let dir = dirOf(start); ; dir = dirOf(dir)) {
      const text = read(join(dir, 'tsconfig.json'));
      if (text === undefined) return { unknown: `whether ${join(dir, 'tsconfig.json')} exists cannot be told` };
      if (text !== null) {
        writesOf(join(dir, 'tsconfig.json'), w, read, out);
        return { writes: out };
      }
      if (dir === '/') return { writes: [] };
    }
  } catch (e) {
    if (e instanceof Unseen) return { unknown: e.message };
    throw e;
  }
}

/** The tsc model. @internal */
export const tsc = defineProgram({
  names: ['tsc'],
  summary: 'the TypeScript compiler: write the JavaScript, declarations and build information its tsconfig.json names',
  sources: ['TypeScript 5 (tsc --all, commandLineParser.ts, emitter.ts getTsBuildInfoEmitOutputFilePath, tsbuildPublic.ts)'],
  files: (_name, argv) => tscFiles(argv),
  configWrites: tscConfigWrites,
  runs: 'unseen',
  role: 'runner',
  examples: [
    {
      command: 'tsc',
      effects: ['read ./tsconfig.json'],
      readOnly: false,
      why: 'the files its tsconfig.json names are read through the file-system view (evaluate/config-writes.ts)',
    },
    { command: 'tsc -p cfg/tsconfig.build.json', effects: ['read ./cfg/tsconfig.build.json'], readOnly: false },
    { command: 'tsc --outDir out', effects: ['read ./tsconfig.json', 'write ./out [some]'], readOnly: false },
    { command: 'tsc --init', effects: ['write ./tsconfig.json'], readOnly: false },
  ],
});
