/**
 * `npm test` must stay hermetic: a test file that starts a component (PostgreSQL, Chromium, the
 * Claude Code CLI, the bash sandbox, programs that need root) belongs to that component's suite,
 * which it joins by the suffix of its name (test/suites.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITES, suiteOf, testFiles } from '../suites.js';

/** What in a file's text shows it needs a component, per suite. */
const MARKERS: Record<string, RegExp> = {
  postgres: /support\/postgres\/|inject\('postgres'\)/,
  browser: /fixtures\/browser\.js|playwright-core/,
  // The Claude Code binary: the CLI runner, the Agent SDK's query() against the fake Messages API, the SDK example.
  claude: /fixtures\/claude-run\.js|offlineClaudeEnv|runExample\('claude-agent-sdk'\)/,
  oracle: /describeWithOracle|openOracle|probeSandbox|\bneedsRoot\b/,
  pack: /\['pack', '--ignore-scripts'|'npm', \['ci'/,
};

describe('test suites', () => {
  const files = testFiles().filter((f) => f !== join('test', 'structure', 'suites.test.ts'));

  it('has a marker for every suite that starts a component', () => {
    expect(Object.keys(MARKERS).sort()).toEqual(
      SUITES.filter((s) => s.hermetic !== true)
        .map((s) => s.name)
        .sort(),
    );
  });

  it("puts every file that starts a component in that component's suite", () => {
    const misplaced = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      const needs = Object.entries(MARKERS)
        .filter(([, re]) => re.test(text))
        .map(([name]) => name);
      return needs.length > 0 && !needs.includes(suiteOf(f).name) ? [`${f} needs ${needs.join(', ')} but is in ${suiteOf(f).name}`] : [];
    });
    expect(misplaced).toEqual([]);
  });

  it('finds files in every suite', () => {
    for (const s of SUITES) expect(files.filter((f) => suiteOf(f).name === s.name).length, s.name).toBeGreaterThan(0);
  });
});
