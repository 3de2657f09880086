/**
 * The `checkpoint-rewind` conformance cases, replayed on the in-memory and the Node backends.
 * Case paths under the case's `cwd` are mapped into each backend's working directory.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCheckpoints, type Checkpoints } from '../../src/checkpoints/index.js';
import type { ToolCall } from '../../src/core/types.js';
import { backends } from './backends.js';
import { applyCall, readText, writeBytes } from './helpers.js';

interface RewindCase {
  id: string;
  summary: string;
  case: {
    fs?: Record<string, string>;
    steps: ({ prompt: number; call: ToolCall } | { event: string })[];
    rewind: { to_before_prompt: number; choice: 'code' | 'conversation' | 'both' };
    cwd: string;
  };
  expected: { result: 'restored' | 'not_restored_reported'; files_after: Record<string, string | null> };
}

const cases: RewindCase[] = readFileSync(new URL('../fixtures/checkpoints/field-reports.checkpoint-rewind.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as RewindCase);

/** Cases this runner cannot represent, with the reason (none at present). */
const skipped: Record<string, string> = {};

describe.each(backends)('checkpoint-rewind cases on $name', ({ make }) => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));

  for (const c of cases) {
    it.skipIf(c.id in skipped)(`${c.id}: ${c.summary}`, async () => {
      const b = await make();
      try {
        const map = (p: string) => (p.startsWith(c.case.cwd) ? b.root + p.slice(c.case.cwd.length) : p);
        const mapCall = (call: ToolCall): ToolCall => {
          const input = { ...call.input };
          for (const k of ['file_path', 'notebook_path']) if (typeof input[k] === 'string') input[k] = map(input[k] as string);
          return { ...call, input };
        };
        for (const [path, content] of Object.entries(c.case.fs ?? {})) await writeBytes(b.workspace, map(path), content);
        const open = (storage = b.storage): Checkpoints =>
          createCheckpoints({ storage, workspace: b.workspace, sessionId: c.id, workingDirectories: [b.root] });
        let cp = open();
        let begun = 0;
        for (const step of c.case.steps) {
          if ('event' in step) {
            expect(step.event).toBe('process_restart_and_resume');
            cp = open(b.reopen());
            continue;
          }
          while (begun < step.prompt) {
            begun++;
            expect((await cp.beginPrompt(`prompt-${begun}`, `prompt ${begun}`)).ok).toBe(true);
          }
          const call = mapCall(step.call);
          const recorded = await cp.recordBeforeEdit(call, `prompt-${step.prompt}`);
          expect(recorded.kind).not.toBe('failed');
          await applyCall(b.workspace, call, b.root);
        }
        const { to_before_prompt: k, choice } = c.case.rewind;
        const result = await cp.rewind({ code: choice !== 'conversation', conversation: choice !== 'code' }, `prompt-${k}`);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        for (const [path, content] of Object.entries(c.expected.files_after)) {
          expect(await readText(b.workspace, map(path))).toBe(content);
        }
        const report = result.code!;
        expect(report.errors).toEqual([]);
        if (c.expected.result === 'not_restored_reported') {
          for (const path of Object.keys(c.expected.files_after)) {
            expect(report.notRestored.map((n) => n.path)).toContain(map(path));
            expect([...report.restored, ...report.removed]).not.toContain(map(path));
          }
        } else {
          expect(report.notRestored).toEqual([]);
          for (const path of Object.keys(c.expected.files_after)) {
            expect([...report.restored, ...report.removed]).toContain(map(path));
          }
        }
      } finally {
        await b.cleanup();
      }
    });
  }
});
