/**
 * What a kustomization file names (kustomize v5, the `Kustomization` type's fields; kubectl 1.32
 * embeds it): the files a build reads and the folders of the other kustomizations it builds, read
 * from the file's text by the strict YAML subset (`yaml-subset.ts`). A field that runs a program
 * (`helmCharts` runs helm), names plugins (`transformers`, `generators`, `validators`: a plugin's
 * configuration, or with `--enable-alpha-plugins` its program), a remote resource (a git URL kustomize
 * clones) or a field toolgate does not know is a reason what the build reads or runs cannot be told.
 */
import { readYamlSubset, type YamlValue } from './yaml-subset.js';

/** What one kustomization names. @internal */
export interface KustomizationNames {
  /** Files it reads, as written (relative to its folder). */
  readonly files: readonly string[];
  /** Entries that are a file or the folder of another kustomization (`resources`, `bases`, `components`). */
  readonly entries: readonly string[];
  /** Why what it reads or runs cannot be told, when it cannot. */
  readonly why?: string;
}

/** The file names kustomize looks for in a folder, in its order (more than one: it refuses the folder). @internal */
export const KUSTOMIZATION_FILES: readonly string[] = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** Fields that name no file and run nothing (kustomize v5 `types.Kustomization`). */
const INERT = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'namespace',
  'namePrefix',
  'nameSuffix',
  'commonLabels',
  'labels',
  'commonAnnotations',
  'images',
  'replicas',
  'generatorOptions',
  'sortOptions',
  'buildMetadata',
  'vars',
]);

/** Fields whose items are a file or another kustomization's folder. */
const ENTRIES = new Set(['resources', 'bases', 'components']);

/** Fields whose items are files. */
const FILES = new Set(['crds', 'configurations']);

/** Fields that run a program or load plugins: why. */
const RUNS: Readonly<Record<string, string>> = {
  helmCharts: 'its helmCharts run helm',
  helmChartInflationGenerator: 'its helmChartInflationGenerator runs helm',
  helmGlobals: 'its helmGlobals configure helm runs',
  transformers: 'its transformers name plugins',
  generators: 'its generators name plugins',
  validators: 'its validators name plugins',
};

/** Keys of a `patches`/`patchesJson6902` item and a `replacements` item: `path` names a file, the rest are inline. */
const PATCH_KEYS = new Set(['path', 'patch', 'target', 'options']);
const REPLACEMENT_KEYS = new Set(['path', 'source', 'targets']);
/** Keys of a generator item; `files`, `envs`, `env` name files. */
const GENERATOR_KEYS = new Set(['name', 'namespace', 'behavior', 'options', 'type', 'literals', 'files', 'envs', 'env']);

class Unknown extends Error {}

const list = (v: YamlValue | undefined): YamlValue[] => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : fail(`not a list`));
const text = (v: YamlValue | undefined): string => (typeof v === 'string' && v !== '' ? v : fail('not a name'));
const map = (v: YamlValue, keys: ReadonlySet<string>): { readonly [k: string]: YamlValue } => {
  if (typeof v !== 'object' || Array.isArray(v)) return fail('not a mapping');
  for (const k of Object.keys(v)) if (!keys.has(k)) fail(`a key ${k} toolgate does not read`);
  return v;
};
function fail(why: string): never {
  throw new Unknown(why);
}

/** A resource kustomize fetches (a git or HTTP URL) rather than reads from the folder. */
const remote = (entry: string): boolean => /:\/\/|^git@|^(github\.com|gitlab\.com|bitbucket\.org)\/|\?ref=/i.test(entry);

/** What the kustomization text names (see the module comment). @internal */
export function kustomizationNames(source: string): KustomizationNames {
  const value = readYamlSubset(source);
  if (value === undefined) return { files: [], entries: [], why: 'its text is YAML toolgate does not read' };
  if (value === '') return { files: [], entries: [] };
  if (typeof value !== 'object' || Array.isArray(value)) return { files: [], entries: [], why: 'it holds no mapping' };
  const files: string[] = [];
  const entries: string[] = [];
  try {
    for (const [key, v] of Object.entries(value)) {
      if (INERT.has(key)) continue;
      if (RUNS[key] !== undefined) {
        if (list(v).length > 0 || (key === 'helmGlobals' && v !== '')) fail(RUNS[key]);
      } else if (ENTRIES.has(key)) {
        for (const item of list(v)) {
          const entry = text(item);
          if (remote(entry)) fail(`its ${key} name ${entry}, which kustomize fetches`);
          entries.push(entry);
        }
      } else if (FILES.has(key)) for (const item of list(v)) files.push(text(item));
      else if (key === 'openapi') {
        const path = map(v, new Set(['path', 'version'])).path;
        if (path !== undefined) files.push(text(path));
      } else if (key === 'patchesStrategicMerge') {
        // An item is a file, or an inline patch (YAML that holds `:`).
        for (const item of list(v)) if (!/:\s/.test(text(item))) files.push(text(item));
      } else if (key === 'patches' || key === 'patchesJson6902' || key === 'replacements') {
        for (const item of list(v)) {
          const path = map(item, key === 'replacements' ? REPLACEMENT_KEYS : PATCH_KEYS).path;
          if (path !== undefined) files.push(text(path));
        }
      } else if (key === 'configMapGenerator' || key === 'secretGenerator') {
        for (const item of list(v)) {
          const g = map(item, GENERATOR_KEYS);
          // `files: [KEY=PATH]` or `[PATH]`; `envs: [PATH]`; `env: PATH` (deprecated).
          for (const f of list(g.files)) files.push(text(f).replace(/^[^=]*=/, ''));
          for (const f of list(g.envs)) files.push(text(f));
          if (g.env !== undefined && g.env !== '') files.push(text(g.env));
        }
      } else fail(`a field ${key} toolgate does not read`);
    }
  } catch (e) {
    if (e instanceof Unknown) return { files, entries, why: e.message };
    throw e;
  }
  return { files, entries };
}
