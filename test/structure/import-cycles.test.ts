import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges } from '../../scripts/import-cycles.js';

const src = resolve(import.meta.dirname, '../../src');

describe('import cycles in src/', () => {
  it('finds the import edges (the check is not vacuous)', () => {
    const edges = importEdges(src);
    expect(edges.length).toBeGreaterThan(200);
    expect(edges.some((e) => e.from.endsWith('evaluate/pipeline.ts') && e.to.endsWith('evaluate/state.ts'))).toBe(true);
  });

  it('has none, type-only imports included (DESIGN.md: imports point down the layers)', () => {
    expect(importCycles(src)).toEqual([]);
  });
});
