/**
 * The conformance corpus (test/cases/shared and test/cases/own, every `*.jsonl` but the shell
 * battery) replayed through `evaluate`, split into {@link SHARDS} test files
 * (`corpus-N.test.ts`) so that both workers of the suite share its ten thousand cases instead of one
 * worker running them all while the other waits. A case file belongs to one shard, chosen by size
 * (the largest files first, each to the shard with the fewest lines so far), so the shards take
 * about the same time; every file is in exactly one (checked by {@link describeCorpusChecks}).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { parseCaseFile, runCase, skipReason, type ConformanceCase } from '../../src/testing/conformance.js';
import { knownFailureTitle, loadKnownFailures } from '../support/known-failures.js';

const roots = ['../cases/shared', '../cases/own'].map((d) => fileURLToPath(new URL(d, import.meta.url)));
// The shell battery is a structure battery with its own runner (test/shell).
/** Every case file of the corpus. */
export const CASE_FILES: readonly string[] = roots
  .filter((root) => existsSync(root))
  .flatMap((root) =>
    readdirSync(root)
      .filter((f) => f.endsWith('.jsonl') && f !== 'shell-battery.jsonl')
      .map((f) => join(root, f)),
  );

/** How many test files the corpus is split into. */
export const SHARDS = 4;

/** The case files of each shard: the largest first, each to the shard with the fewest lines so far. */
export function shardFiles(files: readonly string[] = CASE_FILES, shards = SHARDS): string[][] {
  const out = Array.from({ length: shards }, () => ({ lines: 0, files: [] as string[] }));
  const sized = files.map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }));
  sized.sort((a, b) => b.lines - a.lines || (a.file < b.file ? -1 : 1));
  for (const { file, lines } of sized) {
    const least = out.reduce((m, s) => (s.lines < m.lines ? s : m));
    least.lines += lines;
    least.files.push(file);
  }
  return out.map((s) => s.files.sort());
}

/** A red team's flat line: Claude Code's dialect, `command`, `mode` and `settings` at the top, no `case`. */
function isFlatRedTeamLine(c: ConformanceCase): boolean {
  return (
    c.case === undefined &&
    (c.dialect ?? 'claude-code') === 'claude-code' &&
    typeof c['command'] === 'string' &&
    typeof c['mode'] === 'string' &&
    c['settings'] !== undefined
  );
}

/**
 * Replay shard `shard` (1 … {@link SHARDS}) of the corpus: one `describe` per case file, one test per
 * case; a case in test/cases/known-failures.txt must still fail, and passes the suite while it does.
 */
export function describeShard(shard: number): void {
  const summary: string[] = [];
  const known = loadKnownFailures();

  beforeAll(async () => {
    await prepare();
  });

  afterAll(() => {
    console.log(`\nconformance cases (shard ${shard} of ${SHARDS}):\n${summary.join('\n')}`);
  });

  for (const file of shardFiles()[shard - 1]!) {
    const name = file.split('/').slice(-2).join('/');
    const { cases, errors } = parseCaseFile(readFileSync(file, 'utf8'));
    describe(name, () => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      afterAll(() => {
        summary.push(`  ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
      });
      it('has no unreadable lines', () => {
        expect(errors).toEqual([]);
      });
      // A settings file given as text is parsed as the file's contents: a word such as "firm" there
      // loads as a broken file, whose fail-closed ask made 28 cases pass without testing their rule.
      it('gives every settings text as JSON', () => {
        const notJson = cases.filter((c) => {
          const text = c.case?.['settings'];
          if (typeof text !== 'string') return false;
          try {
            JSON.parse(text);
            return false;
          } catch {
            return true;
          }
        });
        expect(notJson.map((c) => c.id)).toEqual([]);
      });
      for (const c of cases) {
        // A flat red-team line (settings, mode, cwd, home, command, shell at the top) has no file tree:
        // its case, with the tree it needs, is in the own corpus under the same id (checked below).
        const flat = isFlatRedTeamLine(c);
        const reason = flat
          ? `a flat red-team line: replayed with the file tree it needs as own/${name.split('/').pop()} (same id)`
          : skipReason(c);
        if (reason !== undefined) {
          counts.skipped += 1;
          it.skip(`${c.id} — skipped: ${reason}`, () => {});
          continue;
        }
        const k = known.get(c.id);
        if (k) {
          // Green while it fails; red once it passes, which forces its line out of known-failures.txt.
          it.fails(knownFailureTitle(c.id, k), () => {
            const outcome = runCase(c);
            expect(outcome.status === 'fail' ? outcome.message : 'pass').toBe('pass');
          });
          continue;
        }
        it(`${c.id} (${c.kind ?? 'case'})`, () => {
          const outcome = runCase(c);
          if (outcome.status === 'pass') counts.passed += 1;
          else if (outcome.status === 'fail') counts.failed += 1;
          expect(outcome.status === 'fail' ? outcome.message : 'pass').toBe('pass');
        });
      }
    });
  }
}

/** The checks over the whole corpus at once, run by one shard's file. */
export function describeCorpusChecks(): void {
  const files = CASE_FILES;
  describe('the shards', () => {
    it('replay every case file exactly once, each shard from its own test file', () => {
      const shards = shardFiles();
      expect(shards.flat().sort()).toEqual([...files].sort());
      expect(shards.every((s) => s.length > 0)).toBe(true);
      const here = fileURLToPath(new URL('.', import.meta.url));
      const tests = readdirSync(here).filter((f) => /^corpus-\d+\.test\.ts$/.test(f));
      expect(tests.sort()).toEqual(shards.map((_, i) => `corpus-${i + 1}.test.ts`).sort());
    });
  });

  describe('flat red-team lines', () => {
    it('each has a case of the same id in the own corpus (none is dropped)', () => {
      const own = new Set(
        files.filter((f) => f.includes('/own/')).flatMap((f) => parseCaseFile(readFileSync(f, 'utf8')).cases.map((c) => c.id)),
      );
      const flat = files
        .filter((f) => f.includes('/shared/'))
        .flatMap((f) => parseCaseFile(readFileSync(f, 'utf8')).cases.filter(isFlatRedTeamLine));
      expect(flat.filter((c) => !own.has(c.id)).map((c) => c.id)).toEqual([]);
    });
  });

  describe('known-failures.txt', () => {
    it('names only cases that exist (in a case file or the bash differential)', () => {
      const known = loadKnownFailures();
      const ids = new Set(files.flatMap((f) => parseCaseFile(readFileSync(f, 'utf8')).cases.map((c) => c.id)));
      const stale = [...known.keys()].filter((id) => !ids.has(id) && !id.startsWith('fuzz-'));
      expect(stale).toEqual([]);
    });
  });
}
