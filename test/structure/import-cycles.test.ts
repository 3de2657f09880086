import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges } from '../../scripts/import-cycles.js';

const src = resolve(import.meta.dirname, '../../src');

describe('import cycles in src/', () => {
  // Reading every module with TypeScript's parser is the whole cost: both tests share one reading.
  const edges = importEdges(src);

  it('finds the import edges (the check is not vacuous)', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges.some((e) => e.from.endsWith('evaluate/pipeline.ts') && e.to.endsWith('evaluate/state.ts'))).toBe(true);
  });

  it('has none, type-only imports included (DESIGN.md: imports point down the layers)', () => {
    expect(importCycles(src, { edges })).toEqual([]);
  });
});
