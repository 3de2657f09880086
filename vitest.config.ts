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
        // Every property's count scaled by one knob (TOOLGATE_PROPERTY_SCALE; test/support/property-runs.ts).
        setupFiles: ['test/support/property-setup.ts'],
        // Two workers: the machine the suite is sized for has two cores.
        maxWorkers: 2,
        // The hermetic suite's files share one process and module graph per worker: evaluating
        // toolgate's modules again for each of its 200 files was over a third of its time. Its files
        // hold their state in values, not in modules; a file that asserts on a fresh module graph
        // makes one itself (vi.resetModules, test/shell/unprepared.test.ts). The same holds for the
        // other hermetic suite, whose files were unit's.
        ...(s.hermetic ? { isolate: false } : {}),
      },
    })),
  },
});
