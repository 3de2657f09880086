/**
 * `npm test` and `npm run test:all`.
 *
 * `npm test [-- vitest args]`: the fast hermetic suite (`unit` in test/suites.ts), its property tests
 * at a quarter of their cases (`TOOLGATE_PROPERTY_SCALE`, test/support/property-runs.ts), then one
 * paragraph saying what it left out and how to run it. `npm run test:all`: every property at its full
 * count and every suite (each says when it
 * starts a component: PostgreSQL, Chromium, the Claude Code CLI, the sandbox), then the bash
 * differential (`npm run test:bash`), then one line `test:all: N passed, N failed, N skipped`
 * (the differential counts as one test). Under CI, that line's counts are also appended to
 * `$TOOLGATE_CI_COUNTS` for `.ci/run`'s summary. The exit status is non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { NPM_TEST_SCALE } from '../test/support/property-runs.js';
import { SUITES, suiteOf, testFiles } from '../test/suites.js';

const all = process.argv[2] === '--all';
const extra = process.argv.slice(all ? 3 : 2);
const RESULTS = '.vitest-results.json';

function run(cmd: string, args: string[]): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  return r.status ?? 1;
}

/** Test files under test/ that belong to the named suite. */
function filesOf(name: string): string[] {
  return testFiles().filter((f) => suiteOf(f).name === name);
}

function counts(): { passed: number; failed: number; skipped: number } | undefined {
  if (!existsSync(RESULTS)) return undefined;
  const r = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
    testResults?: { status: string; assertionResults?: unknown[] }[];
  };
  // A file that fails to load has no results of its own: count it as one failure.
  const broken = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + broken,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

rmSync(RESULTS, { force: true });
if (!all) {
  // The properties at a fraction of their cases (test/support/property-runs.ts); test:all runs them in full.
  process.env['TOOLGATE_PROPERTY_SCALE'] ??= String(NPM_TEST_SCALE);
  const scale = Number(process.env['TOOLGATE_PROPERTY_SCALE']);
  const status = run('npx', ['vitest', 'run', '--project', 'unit', ...extra]);
  const left = SUITES.filter((s) => s.name !== 'unit');
  console.log('\nnpm test ran the fast hermetic suite (unit) only. Left out:');
  for (const s of left) console.log(`  ${s.name.padEnd(9)} ${String(filesOf(s.name).length).padStart(2)} files — needs ${s.needs}`);
  console.log('  bash differential (npm run test:bash) — needs root and Linux namespaces');
  if (scale < 1)
    console.log(
      `  ${Math.round((1 - scale) * 100)}% of each property test's cases: they ran at TOOLGATE_PROPERTY_SCALE=${scale}; test:all runs every case, as does \`TOOLGATE_PROPERTY_SCALE=1 npm test\``,
    );
  console.log('Run everything with `npm run test:all` (what CI runs): it starts each of these and says so;');
  console.log('one suite with `npx vitest run --project NAME` (e.g. `--project slow`).');
  process.exit(status);
}

console.log(
  'test:all: every suite — unit, then ' +
    SUITES.filter((s) => s.name !== 'unit')
      .map((s) => `${s.name} (${s.needs})`)
      .join('; ') +
    '; then the bash differential',
);
// Every property with all its cases, whatever the caller's environment says.
process.env['TOOLGATE_PROPERTY_SCALE'] = '1';
const vitest = run('npx', ['vitest', 'run', ...extra]);
const c = counts() ?? { passed: 0, failed: 1, skipped: 0 };
if (vitest !== 0 && c.failed === 0) c.failed = 1;
console.log('\ntest:all: starting the bash differential (npm run test:bash: real bash in namespaces)');
const bash = run('npm', ['run', '-s', 'test:bash']);
if (bash === 0) c.passed += 1;
else c.failed += 1;
console.log(`test:all: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
if (process.env['TOOLGATE_CI_COUNTS']) appendFileSync(process.env['TOOLGATE_CI_COUNTS'], `${c.passed} ${c.failed} ${c.skipped}\n`);
process.exit(vitest !== 0 || bash !== 0 ? 1 : 0);
