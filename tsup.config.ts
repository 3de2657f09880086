import { defineConfig } from 'tsup';

/** One entry per public subpath (see package.json "exports"). */
export const entries = {
  index: 'src/index.ts',
  rules: 'src/rules/index.ts',
  shell: 'src/shell/index.ts',
  hooks: 'src/hooks/index.ts',
  checkpoints: 'src/checkpoints/index.ts',
  gate: 'src/gate/index.ts',
  lint: 'src/lint/public.ts',
  dialects: 'src/dialects/index.ts',
  node: 'src/node/index.ts',
  testing: 'src/testing/index.ts',
};

export default defineConfig([
  {
    entry: entries,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: true,
    shims: true,
  },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    shims: true,
  },
]);
