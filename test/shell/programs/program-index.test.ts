/**
 * The registry's name index (`program-index.ts`) is what the models give: the names and facets of
 * every model, with the position of its loader; a lookup loads only the model it names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentProgramIndexText, PROGRAM_INDEX_FILE } from '../../../scripts/program-index.js';
import { defineProgram } from '../../../src/shell/programs/model.js';
import { PROGRAMS, type ProgramModel } from '../../../src/shell/programs/index.js';
import { indexPrograms, lazyProgramRegistry } from '../../../src/shell/programs/registry.js';

const model = (names: string[], extra: Partial<ProgramModel> = {}): ProgramModel =>
  defineProgram({ names, summary: names[0]!, sources: ['x'], runs: 'nothing', examples: [], ...extra });

describe('program index', () => {
  it('is current: the file is what the models give (npm run programs:index writes it)', () => {
    expect(readFileSync(PROGRAM_INDEX_FILE, 'utf8')).toBe(currentProgramIndexText());
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
