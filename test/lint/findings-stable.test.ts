/**
 * Lint's findings, held byte for byte (issue 36): a change made for speed must not move a finding.
 * Every settings file under examples/ and test/fixtures, and `bench/lint-big.mjs`'s 1,000 rules,
 * are linted as a Linux project file; each report's JSON is hashed and kept, with its counts by
 * code, in __snapshots__/findings-stable.txt. A change that means to change findings updates the
 * file (`npx vitest run --project unit test/lint/findings-stable.test.ts -u`) and says why;
 * `node scripts/lint-diff.mjs --base <checkout>` shows which findings moved.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { lintSettings } from '../../src/lint/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Settings files as scripts/lint-diff.mjs picks them: `settings*.json` and the corpus's files. */
function settingsFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((p) => /settings[^/]*\.json$/.test(p) || /\/corpus\/settings\//.test(p))
    .sort();
}

async function line(name: string, text: string): Promise<string> {
  const report = await lintSettings([{ text, file: `/work/project/.claude/${name}`, kind: 'projectSettings' }], {
    platform: 'linux',
    home: '/home/user',
  });
  const hash = createHash('sha256').update(JSON.stringify(report)).digest('hex').slice(0, 16);
  const counts = Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, n]) => `${code.replace(/^TG_LINT_/, '')}=${n}`)
    .join(' ');
  return `${name} ${hash} ${counts}`;
}

const lines: string[] = [];

beforeAll(async () => {
  await prepare();
  const files = [...settingsFiles('examples'), ...settingsFiles('test/fixtures')];
  for (const f of files) lines.push(await line(f, readFileSync(join(root, f), 'utf8')));
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-lint-big-'));
  try {
    const big = join(dir, 'lint-big-1000.json');
    execFileSync(process.execPath, [join(root, 'bench/lint-big.mjs'), '1000', big]);
    lines.push(await line('lint-big-1000.json', readFileSync(big, 'utf8')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);

describe("lint's findings", () => {
  it('are the ones kept for every settings file of examples/ and test/fixtures and for lint-big 1,000 rules', async () => {
    expect(lines.length).toBeGreaterThan(70);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/findings-stable.txt');
  });
});
