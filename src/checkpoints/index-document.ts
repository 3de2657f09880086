/**
 * The index is a journal: one JSON object per line, appended as things happen, so recording a
 * file costs one short append instead of rewriting the whole index. Line 1 is the header; then
 * `prompt`, `file`, `rewindStarted` and `rewindFinished` lines. Reading replays the lines and
 * validates each one. A last line without its newline is the trace of a write cut short by a
 * crash and is ignored; any other line that does not parse makes the whole index invalid — it is
 * never repaired or overwritten.
 * @packageDocumentation
 */
import { z } from 'zod';
import type { CheckpointIndex, PromptRecord, RecordedFile } from './types.js';

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().nonnegative();

const recordedState = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('absent') }),
  z.object({ kind: z.literal('file'), hash, size: count, mode: count }),
  z.object({ kind: z.literal('symlink'), target: z.string().min(1) }),
]);

const fingerprint = z.union([
  z.object({ kind: z.literal('absent') }),
  z.object({ kind: z.enum(['file', 'directory', 'symlink', 'other']), size: count, mode: count, mtimeMs: z.number() }),
]);

const recordedFile = z.object({ path: z.string(), tool: z.string(), before: recordedState, time: z.number() });

const header = z.object({
  format: z.literal('toolgate-checkpoints'),
  version: z.literal(1),
  sessionId: z.string(),
  workingDirectories: z.array(z.string()),
});

const entry = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('prompt'),
    id: z.string(),
    text: z.string(),
    time: z.number(),
    historyPosition: count.optional(),
    known: z.array(z.object({ path: z.string(), fingerprint })),
  }),
  z.object({ op: z.literal('file'), promptId: z.string(), file: recordedFile }),
  z.object({ op: z.literal('rewindStarted'), toBeforePrompt: z.string(), startedAt: z.number() }),
  z.object({ op: z.literal('rewindFinished') }),
]);

/** Result of parsing an index journal. @public */
export type ParseIndexResult = { ok: true; index: CheckpointIndex } | { ok: false; message: string };

/**
 * Parse index journal text. Never throws: bad JSON, a wrong shape or a `file` line for an
 * unknown prompt give `{ ok: false, message }`. Paths are not judged here; rewind checks each
 * one before writing.
 * @public
 */
export function parseIndex(text: string): ParseIndexResult {
  const lines = text.split('\n');
  // A final fragment without a newline was cut short by a crash: ignore it.
  lines.pop();
  const values: unknown[] = [];
  for (const [n, line] of lines.entries()) {
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      return { ok: false, message: `index line ${n + 1} is not JSON: ${(error as Error).message}` };
    }
  }
  const head = header.safeParse(values[0]);
  if (!head.success) return { ok: false, message: 'index has no valid header line' };
  const index: CheckpointIndex = { ...head.data, prompts: [] };
  const byId = new Map<string, PromptRecord>();
  for (const [n, value] of values.slice(1).entries()) {
    const parsed = entry.safeParse(value);
    if (!parsed.success)
      return { ok: false, message: `index line ${n + 2} has the wrong shape: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    const e = parsed.data;
    switch (e.op) {
      case 'prompt': {
        if (byId.has(e.id)) return { ok: false, message: `index line ${n + 2} repeats prompt ${e.id}` };
        const { op: _op, ...fields } = e;
        const prompt: PromptRecord = { ...(fields as Omit<PromptRecord, 'files'>), files: [] };
        byId.set(e.id, prompt);
        index.prompts.push(prompt);
        break;
      }
      case 'file': {
        const prompt = byId.get(e.promptId);
        if (prompt === undefined) return { ok: false, message: `index line ${n + 2} names unknown prompt ${e.promptId}` };
        prompt.files.push(e.file as RecordedFile);
        break;
      }
      case 'rewindStarted':
        index.pendingRewind = { toBeforePrompt: e.toBeforePrompt, startedAt: e.startedAt };
        break;
      case 'rewindFinished':
        delete index.pendingRewind;
        break;
    }
  }
  return { ok: true, index };
}

/** Journal lines (each ending in a newline) to append for index events. @public */
export const indexLines = {
  header: (index: Pick<CheckpointIndex, 'sessionId' | 'workingDirectories'>): string =>
    line({ format: 'toolgate-checkpoints', version: 1, sessionId: index.sessionId, workingDirectories: index.workingDirectories }),
  prompt: (prompt: PromptRecord): string => {
    const { files: _files, ...rest } = prompt;
    return line({ op: 'prompt', ...rest });
  },
  file: (promptId: string, file: RecordedFile): string => line({ op: 'file', promptId, file }),
  rewindStarted: (toBeforePrompt: string, startedAt: number): string => line({ op: 'rewindStarted', toBeforePrompt, startedAt }),
  rewindFinished: (): string => line({ op: 'rewindFinished' }),
};

function line(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** The whole journal for an index (used to copy or compact one). @public */
export function serializeIndex(index: CheckpointIndex): string {
  let text = indexLines.header(index);
  for (const prompt of index.prompts) {
    text += indexLines.prompt(prompt);
    for (const file of prompt.files) text += indexLines.file(prompt.id, file);
  }
  if (index.pendingRewind) text += indexLines.rewindStarted(index.pendingRewind.toBeforePrompt, index.pendingRewind.startedAt);
  return text;
}
