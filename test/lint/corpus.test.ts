/**
 * `toolgate lint` over the 60 real settings files of test/fixtures/corpus/settings (INDEX.md says
 * where each came from): no crash, and a summary per code that stays within known bounds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsSourceKind } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import { lintSettings, type LintCode, type LintReport } from '../../src/lint/index.js';

const dir = fileURLToPath(new URL('../fixtures/corpus/settings/', import.meta.url));
const index = readFileSync(`${dir}INDEX.md`, 'utf8');

function kindOf(file: string): SettingsSourceKind {
  const line = index.split('\n').find((l) => l.startsWith(`| ${file} `)) ?? '';
  if (/managed-settings\.json \|/.test(line)) return 'managed';
  if (/user-level/.test(line)) return 'userSettings';
  if (/settings\.local\.json/.test(line)) return 'localSettings';
  return 'projectSettings';
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const reports = new Map<string, LintReport>();

beforeAll(async () => {
  await prepare();
  for (const f of files) {
    reports.set(
      f,
      await lintSettings([{ text: readFileSync(dir + f, 'utf8'), file: f, kind: kindOf(f) }], {
        home: '/home/user',
        projectDir: '/home/user/project',
      }),
    );
  }
}, 120_000);

function count(code: LintCode): number {
  let n = 0;
  for (const r of reports.values()) n += r.counts[code] ?? 0;
  return n;
}

function filesWith(code: LintCode): string[] {
  return [...reports].filter(([, r]) => (r.counts[code] ?? 0) > 0).map(([f]) => f.slice(0, 3));
}

describe('lint over the real settings corpus', () => {
  it('lints all 60 files without crashing', () => {
    expect(files).toHaveLength(60);
    expect(reports.size).toBe(60);
  });

  it('the two files that are not JSON give TG_LINT_JSON and nothing else', () => {
    expect(filesWith('TG_LINT_JSON')).toEqual(['038', '044']);
    for (const f of ['038', '044']) {
      const r = [...reports].find(([k]) => k.startsWith(f))![1];
      expect(r.diagnostics.map((d) => d.code)).toEqual(['TG_LINT_JSON']);
    }
  });

  it('finds what INDEX.md says is in the files', () => {
    expect(filesWith('TG_LINT_RULE_UNPARSEABLE')).toEqual(expect.arrayContaining(['003']));
    expect(filesWith('TG_LINT_HOOK_EVENT')).toEqual(['034']);
    expect(filesWith('TG_LINT_BYPASS_MODE')).toEqual(expect.arrayContaining(['016']));
    expect(filesWith('TG_LINT_PATH_RULE_IGNORED')).toEqual(expect.arrayContaining(['030']));
    expect(filesWith('TG_LINT_PATH_RULE_ENFORCED_AS_EDIT')).toEqual(expect.arrayContaining(['030', '033']));
    expect(filesWith('TG_LINT_PARAM_PRIMARY')).toEqual(expect.arrayContaining(['025']));
    expect(filesWith('TG_LINT_DUPLICATE')).toEqual(expect.arrayContaining(['005']));
    expect(filesWith('TG_LINT_UNKNOWN_TOOL')).toEqual(expect.arrayContaining(['033']));
    expect(filesWith('TG_LINT_PATH_ANCHOR')).toEqual(expect.arrayContaining(['011', '046']));
    expect(filesWith('TG_LINT_BROAD_ALLOW')).toEqual(expect.arrayContaining(['003', '007', '052']));
    expect(count('TG_LINT_LEGACY_SYNTAX')).toBeGreaterThan(500);
  });

  it('every finding has a file, a JSON path and a line', () => {
    for (const r of reports.values()) {
      for (const d of r.diagnostics) {
        expect(d.file).toBeDefined();
        if (d.code !== 'TG_LINT_JSON') expect(d.line, `${d.file} ${d.code}`).toBeGreaterThan(0);
      }
    }
  });

  it('prints the summary per code', () => {
    const totals = new Map<string, { findings: number; files: number }>();
    for (const r of reports.values()) {
      for (const [code, n] of Object.entries(r.counts)) {
        const t = totals.get(code) ?? { findings: 0, files: 0 };
        totals.set(code, { findings: t.findings + (n ?? 0), files: t.files + 1 });
      }
    }
    const lines = [...totals]
      .sort((a, b) => b[1].findings - a[1].findings)
      .map(([code, t]) => `${code.padEnd(34)} ${String(t.findings).padStart(5)} in ${t.files} files`);
    console.log(`lint summary over ${files.length} corpus files:\n${lines.join('\n')}`);
    expect(lines.length).toBeGreaterThan(10);
  });
});
