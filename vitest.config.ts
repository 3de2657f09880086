import { configDefaults, defineConfig } from 'vitest/config';
import { SUITES, suiteGlob } from './test/suites.js';

/**
 * One vitest project per suite of `test/suites.ts`. `npm test` runs only `unit` (hermetic: no
 * service, browser, Claude binary, root or namespaces); `npm run test:all` runs every project and
 * then the bash differential. A file joins a suite by its name's suffix (`*.pg.test.ts`, …).
 */
const others = SUITES.filter((s) => s.name !== 'unit').map(suiteGlob);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
    projects: SUITES.map((s) => ({
      extends: true,
      test: {
        name: s.name,
        include: [suiteGlob(s)],
        exclude: s.name === 'unit' ? [...configDefaults.exclude, ...others] : [...configDefaults.exclude],
        ...(s.globalSetup ? { globalSetup: [s.globalSetup] } : {}),
        // Two workers: the machine the suite is sized for has two cores.
        maxWorkers: 2,
      },
    })),
  },
});
