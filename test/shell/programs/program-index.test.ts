/**
 * The registry's loaders (`loaders.ts`) and name index (`program-index.ts`) are what the program
 * modules give: a loader per model they export, and the names and facets of every model with the
 * position of its loader; a lookup loads only the model it names.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentProgramFiles,
  isProgramModel,
  PROGRAM_INDEX_FILE,
  PROGRAM_LOADERS_FILE,
  programExports,
  programModules,
} from '../../../scripts/program-index.js';
import { defineProgram } from '../../../src/shell/programs/model.js';
import { PROGRAMS, type ProgramModel } from '../../../src/shell/programs/index.js';
import { indexPrograms, lazyProgramRegistry } from '../../../src/shell/programs/registry.js';

const model = (names: string[], extra: Partial<ProgramModel> = {}): ProgramModel =>
  defineProgram({ names, summary: names[0]!, sources: ['x'], runs: 'nothing', examples: [], ...extra });

describe('program index', () => {
  it('is current: both files are what the program modules give (npm run programs:index writes them)', async () => {
    const { loaders, index } = await currentProgramFiles();
    expect(readFileSync(PROGRAM_LOADERS_FILE, 'utf8')).toBe(loaders);
    expect(readFileSync(PROGRAM_INDEX_FILE, 'utf8')).toBe(index);
  });

  it('registers every model a program module exports, alone or in a list, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-program-modules-'));
    const def = (name: string) => `{ names: ['${name}'], summary: '${name}', sources: ['x'], runs: 'nothing', examples: [] }`;
    try {
      writeFileSync(
        join(dir, 'b.ts'),
        `export const b = ${def('b')};\nexport const B_LIST = [${def('b1')}, ${def('b2')}];\nexport const helper = 1;`,
      );
      writeFileSync(join(dir, 'a.ts'), `export const a = ${def('a')};\nexport const NAMES = ['a'];\nexport const EMPTY = [];`);
      writeFileSync(join(dir, 'loaders.ts'), `throw new Error('a stale loaders file is not read');`);
      expect(programModules(dir)).toEqual(['a.ts', 'b.ts']);
      const found = await programExports(dir);
      expect(found.map((e) => `${e.module} ${e.name}`)).toEqual(['a.ts a', 'b.ts B_LIST', 'b.ts b']);
      writeFileSync(join(dir, 'c.ts'), `export { b as c } from './b.js';`);
      await expect(programExports(dir)).rejects.toThrow(/"b" is exported twice/);
      rmSync(join(dir, 'c.ts'));
      // A model defined and left unexported would stay out of the registry without a word.
      writeFileSync(
        join(dir, 'd.ts'),
        `const defineProgram = (m: unknown) => m;\nconst d = defineProgram({ names: ['d'] });\nexport const NAMES = [d];`,
      );
      await expect(programExports(dir)).rejects.toThrow('d.ts defines 1 program model(s) and exports 0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(isProgramModel(model(['x']))).toBe(true);
    expect(isProgramModel({ names: ['x'] })).toBe(false);
  });

  it('refuses a name given by two models', () => {
    expect(() => indexPrograms([model(['x']), [model(['y', 'x'])]], { check: true })).toThrow(/"x" is given by two models/);
  });

  it('loads a model only when one of its names is looked up', () => {
    const loaded: string[] = [];
    const a = model(['a', 'a2'], { removes: true });
    const b = [model(['b']), model(['c'], { runs: 'unseen' })];
    const loaders = [() => (loaded.push('a'), a), () => (loaded.push('bc'), b)];
    const registry = lazyProgramRegistry(loaders, indexPrograms([a, b], { check: true }));
    expect(registry.names()).toEqual(['a', 'a2', 'b', 'c']);
    expect(registry.namesWith('removes')).toEqual(['a', 'a2']);
    expect(registry.namesWith('runs.unseen')).toEqual(['c']);
    // One array per facet, kept and frozen: no copy per call, and no caller can change it.
    expect(registry.namesWith('removes')).toBe(registry.namesWith('removes'));
    expect(Object.isFrozen(registry.namesWith('removes'))).toBe(true);
    expect(loaded).toEqual([]);
    expect(registry.get('c')).toBe(b[1]);
    expect(registry.get('zz')).toBeUndefined();
    expect(loaded).toEqual(['bc']);
    expect(registry.get('a2')).toBe(a);
    expect(registry.get('a')).toBe(a);
    expect(loaded).toEqual(['bc', 'a']);
  });

  it('fails closed on a stale index: the model loaded does not have the name', () => {
    const index = indexPrograms([model(['a'])]);
    const registry = lazyProgramRegistry([() => model(['b'])], index);
    expect(() => registry.get('a')).toThrow(/stale/);
  });

  it('answers facets from the index as the models have them', () => {
    for (const m of PROGRAMS.all()) {
      if (m.files !== undefined) for (const n of m.names) expect(PROGRAMS.namesWith('files')).toContain(n);
      for (const n of m.names) expect(PROGRAMS.namesWith(`runs.${m.runs}`)).toContain(n);
    }
  });
});
