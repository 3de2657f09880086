import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolCall } from '../../src/core/types.js';
import type { WorkspaceFs } from '../../src/checkpoints/index.js';

export async function makeTempDir(prefix = 'toolgate-cp-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = (await mkdtemp(join(tmpdir(), prefix))).replace(/\\/g, '/');
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function readAll(ws: WorkspaceFs, path: string): Promise<Uint8Array | undefined> {
  const stat = await ws.lstat(path);
  if (stat === undefined) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const c of ws.readStream(path)) chunks.push(c);
  return Buffer.concat(chunks);
}

export async function readText(ws: WorkspaceFs, path: string): Promise<string | null> {
  const bytes = await readAll(ws, path);
  return bytes === undefined ? null : Buffer.from(bytes).toString('utf8');
}

async function* one(bytes: Uint8Array) {
  yield bytes;
}

export async function writeBytes(ws: WorkspaceFs, path: string, data: Uint8Array | string, mode = 0o644): Promise<void> {
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  if ((await ws.lstat(parent)) === undefined) await ws.mkdir(parent);
  await ws.writeStream(path, one(typeof data === 'string' ? Buffer.from(data) : data), { mode });
}

/** Carry out a tool call the way the tool would (the few tools and commands the tests use). */
export async function applyCall(ws: WorkspaceFs, call: ToolCall, cwd: string): Promise<void> {
  const input = call.input as Record<string, string>;
  switch (call.tool) {
    case 'Write':
      return writeBytes(ws, input.file_path!, input.content ?? '');
    case 'Edit': {
      const old = (await readText(ws, input.file_path!)) ?? '';
      return writeBytes(ws, input.file_path!, old.replace(input.old_string ?? '', input.new_string ?? ''));
    }
    case 'Bash': {
      const rmMatch = /^rm (\S+)$/.exec(input.command ?? '');
      if (rmMatch) await ws.remove(rmMatch[1]!.startsWith('/') ? rmMatch[1]! : `${cwd}/${rmMatch[1]}`);
      return;
    }
    default:
      return;
  }
}
