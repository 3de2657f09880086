import { configDefaults, defineConfig } from 'vitest/config';

/** Test files that need a real PostgreSQL server: their project's globalSetup starts one, once per run. */
const POSTGRES_TESTS = 'test/**/*.pg.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, POSTGRES_TESTS] } },
      { extends: true, test: { name: 'postgres', include: [POSTGRES_TESTS], globalSetup: ['test/support/postgres/global-setup.ts'] } },
    ],
  },
});
