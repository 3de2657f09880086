import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyFamilies, requireInLoaders, type LazyFamily } from '../../scripts/lazy-families.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolgate-lazy-families-'));
  const files: Record<string, string> = {
    // Each module body records that it ran.
    'src/fam/a.ts': `import { Thing } from '../core/thing.js';\nran.push('fam/a');\nexport const A = 1;\nexport function make() { return new Thing(); }\nexport const TABLE = new Set(['x']);`,
    'src/fam/b.ts': `import { A } from './a.js';\nran.push('fam/b');\nexport const B = A + 1;`,
    'src/core/thing.ts': `ran.push('core/thing');\nexport class Thing {}`,
    'src/core/main.ts': `import { A, make, TABLE } from '../fam/a.js';\nimport { B } from '../fam/b.js';\nimport { Thing } from './thing.js';\nran.push('core/main');\nexport const useA = () => A + B;\nexport const isThing = () => make() instanceof Thing;\nexport const inTable = (x: string) => TABLE.has(x);`,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The bundle of src/core/main.ts with the family src/fam lazy, run as CommonJS; what ran at load. */
async function load(): Promise<{ ran: string[]; exports: { useA(): number; isThing(): boolean; inTable(x: string): boolean } }> {
  const r = await build({
    entryPoints: [join(root, 'src/core/main.ts')],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
    plugins: [lazyFamilies([{ name: 'fam', dir: 'src/fam' }], root)],
  });
  const ran: string[] = [];
  const module = { exports: {} as never };
  new Function('module', 'exports', 'require', 'ran', r.outputFiles[0]!.text)(
    module,
    module.exports,
    () => {
      throw new Error('no package is required');
    },
    ran,
  );
  return { ran, exports: module.exports };
}

describe('lazy tool families in the hook bundle', () => {
  it("runs a family's modules only when an export of theirs is first used, and each once", async () => {
    const { ran, exports } = await load();
    expect(ran).toEqual(['core/thing', 'core/main']);
    expect(exports.useA()).toBe(3);
    expect(ran).toEqual(['core/thing', 'core/main', 'fam/a', 'fam/b']);
    expect(exports.useA()).toBe(3);
    expect(ran).toHaveLength(4);
  });

  it('keeps one instance of every module: classes and tables are the same on both sides', async () => {
    const { exports } = await load();
    expect(exports.isThing()).toBe(true);
    expect(exports.inTable('x')).toBe(true);
    expect(exports.inTable('y')).toBe(false);
  });
});

/** A project of `files` in a new folder (removed by the caller). */
function project(prefix: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/**
 * The main bundle of `dir`'s src/core/main.ts with `families` (its own files written to `dir`/out)
 * and a loader of the three files like the hook's: each file run as CommonJS with `require` of
 * `./NAME.cjs` reading out/NAME.cjs; `loaded` lists the files required, `ran` the module bodies run.
 */
async function splitBundle(dir: string, families: LazyFamily[], lazyImportsOf: string[] = []) {
  const out = join(dir, 'out');
  const r = await build({
    entryPoints: [join(dir, 'src/core/main.ts')],
    bundle: true,
    write: false,
    outdir: out,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
    plugins: [lazyFamilies(families, dir, lazyImportsOf)],
  });
  const ran: string[] = [];
  const loaded: string[] = [];
  const text = (file: string) => readFileSync(join(out, file), 'utf8');
  const run = (source: string): unknown => {
    const module = { exports: {} as never };
    new Function('module', 'exports', 'require', 'ran', source)(module, module.exports, require, ran);
    return module.exports;
  };
  const require = (id: string) => {
    loaded.push(id);
    return run(text(id));
  };
  return { ran, loaded, text, main: () => run(r.outputFiles[0]!.text) };
}

describe('a lazy family in a file of its own', () => {
  it('loads the file on first use and shares one instance of every module with the main bundle', async () => {
    const dir = project('toolgate-lazy-split-', {
      'src/core/thing.ts': `ran.push('core/thing');\nexport class Thing {}`,
      'src/core/only-fam.ts': `ran.push('core/only-fam');\nexport const ONLY = 5;`,
      'src/fam/a.ts': `import { Thing } from '../core/thing.js';\nimport { ONLY } from '../core/only-fam.js';\nimport { NAME } from './names.js';\nran.push('fam/a');\nexport const A = NAME.length;\nexport function make() { return new Thing(); }\nexport const only = () => ONLY;`,
      'src/fam/names.ts': `ran.push('fam/names');\nexport const NAME = 'n';`,
      'src/core/main.ts': `import { A, make, only } from '../fam/a.js';\nimport { NAME } from '../fam/names.js';\nimport { Thing } from './thing.js';\nran.push('core/main');\nexport const useA = () => A;\nexport const isThing = () => make() instanceof Thing;\nexport const name = () => NAME;\nexport const onlyOf = () => only();`,
    });
    try {
      const {
        ran,
        loaded,
        text,
        main: load,
      } = await splitBundle(dir, [{ name: 'fam', dir: 'src/fam', file: 'fam.cjs', outside: ['src/fam/names.ts'] }]);
      const guest = text('fam.cjs');
      expect(guest).not.toContain('ran.push("core/thing")');
      expect(guest).toContain('ran.push("core/only-fam")');
      const main = load() as { useA(): number; isThing(): boolean; name(): string; onlyOf(): number };
      expect([...ran].sort()).toEqual(['core/main', 'core/thing', 'fam/names']);
      expect(loaded).toEqual([]);
      expect(main.name()).toBe('n');
      expect(loaded).toEqual([]);
      expect(main.useA()).toBe(1);
      expect(loaded).toEqual(['./fam.cjs']);
      expect(main.isThing()).toBe(true);
      expect(main.onlyOf()).toBe(5);
      expect([...ran].sort()).toEqual(['core/main', 'core/only-fam', 'core/thing', 'fam/a', 'fam/names']);
      expect(loaded).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a family's first-use modules", () => {
  it('runs one only when an export of it is first read, also for the modules of its own family', async () => {
    const dir = project('toolgate-lazy-first-use-', {
      'src/fam/table.ts': `ran.push('fam/table');\nexport const TABLE = new Set(['x']);\nexport class Entry {}`,
      'src/fam/uses.ts': `import { TABLE, Entry } from './table.js';\nran.push('fam/uses');\nexport const plain = () => 1;\nexport const inTable = (x: string) => TABLE.has(x);\nexport const entry = () => new Entry();\nexport const isEntry = (e: unknown) => e instanceof Entry;`,
      'src/core/main.ts': `import { plain, inTable, entry, isEntry } from '../fam/uses.js';\nexport { plain, inTable, entry, isEntry };`,
    });
    try {
      const { ran, loaded, main: load } = await splitBundle(dir, [{ name: 'fam', dir: 'src/fam', file: 'fam.cjs', firstUse: ['src/fam/table.ts'] }]);
      const main = load() as { plain(): number; inTable(x: string): boolean; entry(): unknown; isEntry(e: unknown): boolean };
      expect(main.plain()).toBe(1);
      expect(loaded).toEqual(['./fam.cjs']);
      expect(ran).toEqual(['fam/uses']);
      expect(main.inTable('x')).toBe(true);
      expect(main.inTable('y')).toBe(false);
      expect(ran).toEqual(['fam/uses', 'fam/table']);
      // One instance: the class read through the stand-in is the module's own.
      expect(main.isEntry(main.entry())).toBe(true);
      expect(ran).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a family's second file: the loaders' modules not kept", () => {
  it('reads the second file only when a loader of a module in it runs, with one instance of every module across the three files', async () => {
    const dir = project('toolgate-lazy-apart-', {
      'src/core/thing.ts': `ran.push('core/thing');\nexport class Thing {}`,
      'src/fam/model.ts': `import { Thing } from '../core/thing.js';\nran.push('fam/model');\nexport const define = (n: string) => ({ n, thing: new Thing() });`,
      'src/fam/kept.ts': `import { define } from './model.js';\nran.push('fam/kept');\nexport const kept = define('kept');`,
      'src/fam/rare.ts': `import { define } from './model.js';\nimport { HELP } from './only-rare.js';\nran.push('fam/rare');\nexport const rare = define(HELP);`,
      'src/fam/only-rare.ts': `ran.push('fam/only-rare');\nexport const HELP = 'rare';`,
      'src/fam/also.ts': `import { define } from './model.js';\nran.push('fam/also');\nexport const also = define('also');`,
      'src/fam/uses-also.ts': `import { also } from './also.js';\nexport const viaAlso = () => also;`,
      'src/fam/loaders.ts': `import { kept } from './kept.js';\nimport { rare } from './rare.js';\nimport { also } from './also.js';\nexport const LOADERS = [\n  () => kept,\n  () => rare,\n  () => also,\n];`,
      'src/fam/index.ts': `import { LOADERS } from './loaders.js';\nimport { viaAlso } from './uses-also.js';\nexport const call = (i: number) => LOADERS[i]!();\nexport { viaAlso };`,
      'src/core/main.ts': `import { call, viaAlso } from '../fam/index.js';\nimport { Thing } from './thing.js';\nexport const name = (i: number) => call(i).n;\nexport const isThing = (i: number) => call(i).thing instanceof Thing;\nexport const sameAlso = () => viaAlso() === call(2);`,
    });
    try {
      const {
        ran,
        loaded,
        text,
        main: load,
      } = await splitBundle(
        dir,
        [{ name: 'fam', dir: 'src/fam', file: 'fam.cjs', apart: { file: 'fam-apart.cjs', keep: ['src/fam/kept.ts'] } }],
        ['src/fam/loaders.ts'],
      );
      const famText = text('fam.cjs');
      const apartText = text('fam-apart.cjs');
      // The kept model and one that the rest of the family imports stay; the other and what only it imports go apart.
      expect(famText).toContain('ran.push("fam/kept")');
      expect(famText).toContain('ran.push("fam/also")');
      expect(famText).not.toContain('ran.push("fam/rare")');
      expect(apartText).toContain('ran.push("fam/rare")');
      expect(apartText).toContain('ran.push("fam/only-rare")');
      for (const shared of ['fam/model', 'core/thing']) expect(apartText).not.toContain(`ran.push("${shared}")`);
      const main = load() as { name(i: number): string; isThing(i: number): boolean; sameAlso(): boolean };
      expect(main.name(0)).toBe('kept');
      expect(main.isThing(0)).toBe(true);
      expect(main.sameAlso()).toBe(true);
      expect(loaded).toEqual(['./fam.cjs']);
      expect(main.name(1)).toBe('rare');
      expect(main.isThing(1)).toBe(true);
      expect(loaded).toEqual(['./fam.cjs', './fam-apart.cjs']);
      expect(main.name(1)).toBe('rare');
      // Each module ran once, wherever it is.
      expect([...ran].sort()).toEqual(['core/thing', 'fam/also', 'fam/kept', 'fam/model', 'fam/only-rare', 'fam/rare']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loaders whose imports run on first use', () => {
  it('runs each imported module only when its loader is called', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-lazy-loaders-'));
    const files: Record<string, string> = {
      'src/fam/m1.ts': `ran.push('m1');\nexport const one = 1;\nexport const uno = 11;`,
      'src/fam/m2.ts': `ran.push('m2');\nexport const two = 2;`,
      'src/fam/loaders.ts': `/** one, two */\nimport { one, uno } from './m1.js';\nimport { two } from './m2.js';\nimport type { X } from './m2.js';\nran.push('loaders');\nexport const LOADERS = [\n  () => one,\n  () => uno,\n  () => two,\n];`,
      'src/main.ts': `import { LOADERS } from './fam/loaders.js';\nexport const call = (i: number) => LOADERS[i]!();`,
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    try {
      const r = await build({
        entryPoints: [join(dir, 'src/main.ts')],
        bundle: true,
        write: false,
        format: 'cjs',
        platform: 'node',
        logLevel: 'silent',
        plugins: [lazyFamilies([{ name: 'fam', dir: 'src/fam' }], dir, ['src/fam/loaders.ts'])],
      });
      const ran: string[] = [];
      const module = { exports: {} as { call(i: number): number } };
      new Function('module', 'exports', 'require', 'ran', r.outputFiles[0]!.text)(module, module.exports, () => undefined, ran);
      expect(ran).toEqual([]);
      expect(module.exports.call(2)).toBe(2);
      expect(ran).toEqual(['loaders', 'm2']);
      expect(module.exports.call(0)).toBe(1);
      expect(module.exports.call(1)).toBe(11);
      expect(ran).toEqual(['loaders', 'm2', 'm1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a loaders file it cannot rewrite', () => {
    expect(() => requireInLoaders(`import x from './m.js';\nexport const L = [() => x,];`, 'f.ts')).toThrow(/cannot move/);
    expect(() => requireInLoaders(`import { a } from './m.js';\nexport const L = [\n  () => a,\n];\nconst b = a;`, 'f.ts')).toThrow(/"a"/);
    expect(() => requireInLoaders(`import { a } from './m.js';\nexport const L = [];`, 'f.ts')).toThrow(/"a"/);
  });
});
