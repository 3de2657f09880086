/**
 * Reading and writing the index document. Reading validates the whole shape; a document that
 * does not parse is never repaired or overwritten.
 * @packageDocumentation
 */
import { z } from 'zod';
import type { CheckpointIndex } from './types.js';

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

const promptRecord = z.object({
  id: z.string(),
  text: z.string(),
  time: z.number(),
  historyPosition: count.optional(),
  files: z.array(z.object({ path: z.string(), tool: z.string(), before: recordedState, time: z.number() })),
  known: z.array(z.object({ path: z.string(), fingerprint })),
});

const indexSchema = z.object({
  format: z.literal('toolgate-checkpoints'),
  version: z.literal(1),
  sessionId: z.string(),
  workingDirectories: z.array(z.string()),
  prompts: z.array(promptRecord),
  pendingRewind: z.object({ toBeforePrompt: z.string(), startedAt: z.number() }).optional(),
});

/** Result of parsing an index document. @public */
export type ParseIndexResult = { ok: true; index: CheckpointIndex } | { ok: false; message: string };

/**
 * Parse index text. Never throws: bad JSON or a wrong shape gives `{ ok: false, message }`.
 * Paths are not judged here; rewind checks each one before writing.
 * @public
 */
export function parseIndex(text: string): ParseIndexResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `index is not JSON: ${(error as Error).message}` };
  }
  const parsed = indexSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: `index has the wrong shape: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, index: parsed.data as CheckpointIndex };
}

/** Serialise an index document (stable key order as built). @public */
export function serializeIndex(index: CheckpointIndex): string {
  return JSON.stringify(index);
}
