/**
 * API Extractor (`api-extractor run`, @microsoft/api-extractor 7.60): it writes the files its
 * configuration names — the API report and its temporary copy (`apiReport.reportFolder`,
 * `reportTempFolder`), the doc model (`docModel.apiJsonFilePath`), the .d.ts rollups
 * (`dtsRollup.untrimmedFilePath`, `alphaTrimmedFilePath`, `betaTrimmedFilePath`,
 * `publicTrimmedFilePath`) and `tsdoc-metadata.json` (`tsdocMetadata.tsdocMetadataFilePath`). The
 * command line does not show them: a config whose `dtsRollup.untrimmedFilePath` was
 * `<projectFolder>/.claude/settings.json` made `api-extractor run --local` replace the project's
 * settings (replay 14 of red team 13, NEW-11). The model reads the configuration as the program
 * does (`ExtractorConfig.loadFile` and `prepare`): `extends` chains, paths relative to the file
 * they appear in, the `<projectFolder>`, `<packageName>` and `<unscopedPackageName>` tokens, the
 * defaults; `evaluate/config-writes.ts` reads the files through the file-system view. What it
 * cannot read — a file it cannot see, JSON it cannot parse, an `extends` naming a package, a
 * value that is no plain string — makes the writes unseen (decision 0092).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readWords } from './parse.js';
import type { FileOperands } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { parseJsonc } from './jsonc.js';
import { resolveLexically } from '../../paths/normalize.js';

/** `api-extractor run`'s options (RunAction.js); `-d`/`--debug` may come before the action. */
const runGrammar: GnuOptionSpec = {
  short: 'c:lvdh',
  long: longOptions('config= local verbose diagnostics typescript-compiler-folder= print-api-report-diff debug help'),
  abbreviations: false,
};

/** The file names api-extractor looks for without `-c`, in its package folder (`config/` first). */
export const API_EXTRACTOR_LOOKUP: readonly string[] = ['config/api-extractor.json', 'api-extractor.json'];

function apiExtractorFiles(argv: readonly string[]): FileOperands {
  let at = 1;
  while (argv[at] === '-d' || argv[at] === '--debug') at++;
  const action = argv[at];
  if (action === undefined || action === '-h' || action === '--help') return { files: [], unresolved: [] };
  // `init` writes the template api-extractor.json where it runs.
  if (action === 'init') return { files: [{ op: 'write', index: at, value: 'api-extractor.json' }], unresolved: [] };
  if (action !== 'run') return { files: [], unresolved: [`api-extractor ${action} is an action toolgate does not know`] };
  const words = readWords(argv, runGrammar, at + 1);
  if (!words) return { files: [], unresolved: ['api-extractor run has words toolgate cannot read'], modelled: 'partly' };
  if (words.operands.length > 0) return { files: [], unresolved: ['api-extractor run takes no operands'], modelled: 'partly' };
  const files: FileOperands['files'] = [];
  const at1 = (o: { index: number; valueIndex?: number; value?: string }) =>
    o.valueIndex !== undefined ? { index: o.valueIndex } : { index: o.index, value: o.value ?? '' };
  const config = words.options.findLast((o) => o.name === '-c' || o.name === '--config');
  if (config !== undefined) files.push({ op: 'read', ...at1(config) });
  else for (const name of API_EXTRACTOR_LOOKUP) files.push({ op: 'read', index: at, value: name });
  // It loads the TypeScript compiler from this folder: read whole.
  const compiler = words.options.findLast((o) => o.name === '--typescript-compiler-folder');
  if (compiler !== undefined) files.push({ op: 'read', ...at1(compiler), tree: 'all' });
  return { files, unresolved: [] };
}

/** One file the configuration makes api-extractor write, and the setting that names it. */
export interface ConfigWrite {
  readonly path: string;
  readonly setting: string;
  /** The configuration file that names it (the first of an `extends` chain). */
  readonly file: string;
  /** A folder it writes files below (tsc's `outDir`), not one file. */
  readonly tree?: 'some';
}

/** What a file read gives: its text, `null` when it does not exist, `undefined` when it cannot be told. */
export type ReadConfigText = (path: string) => string | null | undefined;

const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `Objects.mergeWith(base, over)`: objects merge, arrays and other values from `over` replace. */
function merge(base: Obj, over: Obj): Obj {
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObj(v) && isObj(out[k]) ? merge(out[k] as Obj, v) : v;
  return out;
}

/** The settings holding paths, resolved relative to the file they appear in (`_resolveConfigFileRelativePaths`). */
const PATH_SETTINGS: readonly (readonly [string, string])[] = [
  ['apiReport', 'reportFolder'],
  ['apiReport', 'reportTempFolder'],
  ['docModel', 'apiJsonFilePath'],
  ['dtsRollup', 'untrimmedFilePath'],
  ['dtsRollup', 'alphaTrimmedFilePath'],
  ['dtsRollup', 'betaTrimmedFilePath'],
  ['dtsRollup', 'publicTrimmedFilePath'],
  ['tsdocMetadata', 'tsdocMetadataFilePath'],
];

/** api-extractor-defaults.json's settings this reading needs. */
const DEFAULTS: Obj = {
  projectFolder: '<lookup>',
  apiReport: {
    reportFileName: '<unscopedPackageName>.api.md',
    reportFolder: '<projectFolder>/etc/',
    reportTempFolder: '<projectFolder>/temp/',
  },
  docModel: { apiJsonFilePath: '<projectFolder>/temp/<unscopedPackageName>.api.json' },
  dtsRollup: {
    untrimmedFilePath: '<projectFolder>/dist/<unscopedPackageName>.d.ts',
    alphaTrimmedFilePath: '',
    betaTrimmedFilePath: '',
    publicTrimmedFilePath: '',
  },
  tsdocMetadata: { enabled: true, tsdocMetadataFilePath: '<lookup>' },
};

/** Thrown inside the reading: what cannot be told. */
class Unseen extends Error {}

/** The configuration `file` and its `extends` chain, merged, each path setting resolved from its file's folder. */
function loadChain(file: string, read: ReadConfigText): Obj | null {
  let merged: Obj = {};
  const seen = new Set<string>();
  for (let current: string | undefined = file; current !== undefined;) {
    if (seen.has(current)) return null; // a cycle: api-extractor stops with an error
    seen.add(current);
    const text = read(current);
    if (text === null) return null; // not found: api-extractor stops with an error, writing nothing
    if (text === undefined) throw new Unseen(`${current} cannot be read`);
    const parsed = parseJsonc(text);
    if (!isObj(parsed)) throw new Unseen(`${current} is not JSON toolgate can read`);
    const own: Obj = { ...parsed };
    const ext = own['extends'];
    delete own['extends'];
    const folder = dirOf(current);
    if (typeof own['projectFolder'] === 'string' && !own['projectFolder'].startsWith('<'))
      own['projectFolder'] = resolveLexically(folder, own['projectFolder']);
    for (const [section, key] of PATH_SETTINGS) {
      const s = own[section];
      if (!isObj(s) || s[key] === undefined) continue;
      const v = s[key];
      if (typeof v !== 'string') throw new Unseen(`${current} sets ${section}.${key} to a value that is no string`);
      if (v !== '' && !v.startsWith('/') && !v.startsWith('<projectFolder>') && !v.startsWith('<lookup>'))
        own[section] = { ...s, [key]: resolveLexically(folder, v) };
    }
    merged = merge(own, merged);
    if (ext === undefined || ext === '') current = undefined;
    else if (typeof ext !== 'string') throw new Unseen(`${current} sets extends to a value that is no string`);
    else if (/^\.\.?[\\/]/.test(ext)) current = resolveLexically(folder, ext.replace(/\\/g, '/'));
    else throw new Unseen(`${current} extends ${ext}, a file node_modules resolves`);
  }
  return merge(DEFAULTS, merged);
}

/**
 * Where `<lookup>` puts tsdoc-metadata.json, relative to the package folder
 * (`PackageMetadataManager`): package.json's `tsdocMetadata`, else beside the first of `exports`'
 * root types, `types`/`typings`, `main`; else the package folder. `typesVersions` is not followed.
 */
function tsdocMetadataFromPackage(pkg: Obj): string {
  const beside = (p: unknown): string | undefined => {
    if (p === undefined || p === null || p === '') return undefined;
    if (typeof p !== 'string') throw new Unseen('package.json names its typings with no string');
    return `${p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '.'}/tsdoc-metadata.json`;
  };
  const own = pkg['tsdocMetadata'];
  if (own !== undefined && own !== null && own !== '') {
    if (typeof own !== 'string') throw new Unseen('package.json sets tsdocMetadata to no string');
    return own;
  }
  const exports = pkg['exports'];
  if (exports !== undefined && exports !== null) {
    if (typeof exports === 'string' || Array.isArray(exports)) {
      const first: unknown = typeof exports === 'string' ? exports : exports[0];
      if (first !== undefined && typeof first !== 'string') throw new Unseen('package.json exports a value toolgate does not read');
      const at = beside(first);
      if (at !== undefined) return at;
    } else if (isObj(exports)) {
      const root = exports['.'] ?? exports['*'];
      if (typeof root === 'string') return beside(root)!;
      if (root !== undefined && root !== null) {
        if (!isObj(root)) throw new Unseen('package.json exports a value toolgate does not read');
        let types: unknown = root['types'];
        for (let depth = 0; isObj(types) && depth < 16; depth++) types = types['types'];
        if (types !== undefined && types !== null && typeof types !== 'string')
          throw new Unseen('package.json exports types toolgate does not read');
        const at = beside(types);
        if (at !== undefined) return at;
      }
    } else throw new Unseen('package.json exports a value toolgate does not read');
  }
  if (pkg['typesVersions'] !== undefined) throw new Unseen('package.json has typesVersions, which toolgate does not follow');
  return beside(pkg['types'] ?? pkg['typings']) ?? beside(pkg['main']) ?? 'tsdoc-metadata.json';
}

/** The nearest folder from `start` up that holds `name` (as `PackageJsonLookup` and `<lookup>` search). */
function nearest(start: string, name: string, read: ReadConfigText): string | null {
  for (let dir = start; ; dir = dirOf(dir)) {
    const text = read(`${dir === '/' ? '' : dir}/${name}`);
    if (text === undefined) throw new Unseen(`whether ${dir}/${name} exists cannot be told`);
    if (text !== null) return dir;
    if (dir === '/') return null;
  }
}

/**
 * The files api-extractor run writes with the configuration `file` (absolute), as `read` shows the
 * files: `{ writes }` (none when it would stop with an error before writing), or `{ unknown }`
 * saying what cannot be told. `packageFolder`: where package.json lies, when the caller found it.
 * @internal
 */
export function apiExtractorWrites(file: string, read: ReadConfigText): { writes: ConfigWrite[] } | { unknown: string } {
  try {
    const config = loadChain(file, read);
    if (config === null) return { writes: [] };
    const pkgDir = nearest(dirOf(file), 'package.json', read);
    let pkg: Obj | undefined;
    if (pkgDir !== null) {
      const parsed = parseJsonc(read(`${pkgDir === '/' ? '' : pkgDir}/package.json`) ?? '');
      if (!isObj(parsed)) throw new Unseen(`${pkgDir}/package.json is not JSON toolgate can read`);
      pkg = parsed;
    }
    const name = pkg?.['name'] ?? 'unknown-package';
    if (typeof name !== 'string') throw new Unseen('package.json names the package with no string');
    const unscoped = name.replace(/^@[^/]*\//, '');
    let project: string;
    const pf = config['projectFolder'];
    if (typeof pf !== 'string') throw new Unseen('projectFolder is no string');
    if (pf.trim() === '<lookup>') {
      const found = nearest(dirOf(file), 'tsconfig.json', read);
      if (found === null) return { writes: [] };
      project = found;
    } else if (pf.includes('<')) return { writes: [] };
    else project = pf;
    const expand = (setting: string, v: unknown): string => {
      if (typeof v !== 'string') throw new Unseen(`${setting} is no string`);
      let s = v.trim().replaceAll('<unscopedPackageName>', unscoped).replaceAll('<packageName>', name);
      if (s.startsWith('<projectFolder>')) s = `${project}/${s.slice('<projectFolder>'.length)}`;
      if (s.includes('<') || s.includes('>')) throw new Unseen(`${setting} holds ${v}, a token toolgate does not expand`);
      return s === '' ? '' : resolveLexically(project, s.replace(/\\/g, '/'));
    };
    const writes: ConfigWrite[] = [];
    const add = (setting: string, path: string) => {
      if (path !== '') writes.push({ path, setting, file });
    };
    const section = (key: string): Obj => (isObj(config[key]) ? (config[key] as Obj) : {});
    const report = section('apiReport');
    if (report['enabled'] === true) {
      const fileName = report['reportFileName'];
      if (typeof fileName !== 'string') throw new Unseen('apiReport.reportFileName is no string');
      if (/[\\/]/.test(fileName)) return { writes: [] };
      const base = fileName.endsWith('.api.md') ? fileName.slice(0, -'.api.md'.length) : fileName;
      const variants = report['reportVariants'] ?? ['complete'];
      if (!Array.isArray(variants) || variants.some((v) => typeof v !== 'string' || /[\\/<>]/.test(v)))
        throw new Unseen('apiReport.reportVariants is no list of plain names');
      for (const folder of ['reportFolder', 'reportTempFolder']) {
        const dir = expand(`apiReport.${folder}`, report[folder]);
        for (const v of variants as string[]) {
          const leaf = expand('apiReport.reportFileName', `${base}${v === 'complete' ? '' : `.${v}`}.api.md`);
          add(`apiReport.${folder}`, resolveLexically(dir, leaf.slice(leaf.lastIndexOf('/') + 1)));
        }
      }
    }
    const docModel = section('docModel');
    if (docModel['enabled'] === true) add('docModel.apiJsonFilePath', expand('docModel.apiJsonFilePath', docModel['apiJsonFilePath']));
    const rollup = section('dtsRollup');
    if (rollup['enabled'] === true)
      for (const key of ['untrimmedFilePath', 'alphaTrimmedFilePath', 'betaTrimmedFilePath', 'publicTrimmedFilePath'])
        add(`dtsRollup.${key}`, expand(`dtsRollup.${key}`, rollup[key]));
    const tsdoc = section('tsdocMetadata');
    if (tsdoc['enabled'] === true) {
      const p = tsdoc['tsdocMetadataFilePath'];
      if (typeof p === 'string' && p.trim() === '<lookup>') {
        if (pkg === undefined || pkgDir === null) return { writes };
        add('tsdocMetadata.tsdocMetadataFilePath', resolveLexically(pkgDir, tsdocMetadataFromPackage(pkg)));
      } else add('tsdocMetadata.tsdocMetadataFilePath', expand('tsdocMetadata.tsdocMetadataFilePath', p));
    }
    return { writes };
  } catch (e) {
    if (e instanceof Unseen) return { unknown: e.message };
    throw e;
  }
}

/**
 * The files `api-extractor` with these words writes, its configuration found as it finds it: `-c`'s
 * file (the command's read of it, `reads[0]`), else `config/api-extractor.json` or
 * `api-extractor.json` in the folder of the nearest package.json from where it runs (the folder
 * of `reads`), else a rig package's (unknown). See {@link apiExtractorWrites}.
 * @internal
 */
export function apiExtractorConfigWrites(
  argv: readonly string[],
  reads: readonly string[],
  read: ReadConfigText,
): { writes: ConfigWrite[] } | { unknown: string } {
  const files = apiExtractorFiles(argv).files;
  if (files.length === 0 || files[0]!.op !== 'read') return { writes: [] };
  if (files.length !== API_EXTRACTOR_LOOKUP.length || reads.length < API_EXTRACTOR_LOOKUP.length) {
    const file = reads[0];
    return file === undefined ? { unknown: 'where its configuration is cannot be told' } : apiExtractorWrites(file, read);
  }
  const last = reads[API_EXTRACTOR_LOOKUP.length - 1]!;
  const cwd = last.slice(0, -API_EXTRACTOR_LOOKUP[API_EXTRACTOR_LOOKUP.length - 1]!.length - 1) || '/';
  try {
    const base = nearest(cwd, 'package.json', read) ?? cwd;
    const at = (n: string) => `${base === '/' ? '' : base}/${n}`;
    for (const name of API_EXTRACTOR_LOOKUP) {
      const text = read(at(name));
      if (text === undefined) return { unknown: `${at(name)} cannot be read` };
      if (text !== null) return apiExtractorWrites(at(name), read);
    }
    const rig = read(at('config/rig.json'));
    if (rig !== null) return { unknown: `${at('config/rig.json')} names a rig package whose api-extractor.json toolgate does not read` };
    return { writes: [] };
  } catch (e) {
    if (e instanceof Unseen) return { unknown: e.message };
    throw e;
  }
}

/** The api-extractor model. @internal */
export const apiExtractor = defineProgram({
  names: ['api-extractor'],
  summary: 'API Extractor: write the API report, doc model and .d.ts rollups its configuration names',
  sources: ['@microsoft/api-extractor 7.60 (RunAction.js, ExtractorConfig.js, api-extractor-defaults.json)'],
  grammar: runGrammar,
  files: (_name, argv) => apiExtractorFiles(argv),
  configWrites: apiExtractorConfigWrites,
  runs: 'nothing',
  examples: [
    {
      command: 'api-extractor run --local',
      effects: ['read ./config/api-extractor.json', 'read ./api-extractor.json'],
      readOnly: false,
      why: 'the files its configuration names are read through the file-system view (evaluate/config-writes.ts)',
    },
    { command: 'api-extractor run -c cfg/x.json', effects: ['read ./cfg/x.json'], readOnly: false },
    { command: 'api-extractor init', effects: ['write ./api-extractor.json'], readOnly: false },
  ],
});
