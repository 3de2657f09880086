/**
 * The test suites, by what they need from the machine (and `slow`, by its time). `npm test` runs
 * `unit` alone; `npm run test:all` (what CI runs) runs them all and then the bash differential
 * (`npm run test:bash`).
 * A test file joins a suite by the suffix of its name; `test/structure/suites.test.ts` checks that a
 * file which starts a component carries its suite's suffix.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface Suite {
  /** The vitest project's name (`vitest run --project NAME`). */
  name: string;
  /** Which files: those under `test/` whose name ends so (the unit suite: every other `.test.ts`). */
  suffix: string;
  /** What the suite needs, for the line `npm test` prints about what it left out. */
  needs: string;
  /** A vitest globalSetup module that starts or builds what the suite needs, once per run. */
  globalSetup?: string;
  /**
   * The suite starts no component: it needs what `unit` needs (so `test/structure/suites.test.ts`
   * has no marker for it). Another hermetic suite than `unit` is left out of `npm test` for its time only.
   */
  hermetic?: true;
}

export const SUITES: readonly Suite[] = [
  {
    name: 'unit',
    suffix: '.test.ts',
    needs: 'nothing but node, bash, git and coreutils',
    // The CLI and the test's worker programs, built once instead of compiled by tsx in every process.
    globalSetup: 'test/support/programs/global-setup.ts',
    hermetic: true,
  },
  {
    // Hermetic files left out of `npm test` for their time only, so that it stays under 3 minutes
    // on 2 cores: the CLI, serve, the examples and the hook run as processes (by the hundred in
    // some), 40 racing writer processes and a checkpoints process killed mid-write, the policy diff
    // over the whole shipped corpus (also under `audit shadow --promote`), serve restarted and
    // waiting out a 15 s deadline, 1,000 concurrent requests, and property tests of thousands of
    // generated cases. A unit test of the same module stays in `unit` (test/cli/shorthand.test.ts).
    name: 'slow',
    suffix: '.slow.test.ts',
    needs:
      'nothing more than unit, only time (the CLI, serve and the examples as processes, the diff over the corpus, real-clock waits, long properties)',
    globalSetup: 'test/support/programs/global-setup.ts',
    hermetic: true,
  },
  {
    name: 'postgres',
    suffix: '.pg.test.ts',
    needs: 'a throw-away PostgreSQL server (started once per run; installed from Debian when missing and root)',
    globalSetup: 'test/support/postgres/global-setup.ts',
  },
  { name: 'browser', suffix: '.browser.test.ts', needs: 'headless Chromium (/usr/bin/chromium) driving the approval page' },
  { name: 'claude', suffix: '.claude.test.ts', needs: 'the real Claude Code CLI from the dev dependencies, run offline' },
  { name: 'oracle', suffix: '.oracle.test.ts', needs: 'root and Linux namespaces: real bash and installed programs in a sandbox' },
  {
    name: 'pack',
    suffix: '.pack.test.ts',
    needs: 'a build (dist/; built first when missing or stale), packed with npm pack and installed offline from the npm cache',
  },
];

/** A suite's files as a vitest glob. */
export function suiteGlob(s: Suite): string {
  return `test/**/*${s.suffix}`;
}

/** The suite a test file belongs to, by its name. */
export function suiteOf(file: string): Suite {
  return SUITES.find((s) => s.name !== 'unit' && file.endsWith(s.suffix)) ?? SUITES[0]!;
}

/** Every test file under `dir` (default `test`, from the repository root), whatever its suite. */
export function testFiles(dir = 'test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}
