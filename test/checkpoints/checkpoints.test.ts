import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpoints, type Checkpoints } from '../../src/checkpoints/index.js';
import { backends, type Backend } from './backends.js';
import { applyCall, readText, writeBytes } from './helpers.js';

describe.each(backends)('createCheckpoints on $name', ({ make }) => {
  let b: Backend;
  let cp: Checkpoints;
  let time = 1_000;
  const clock = { now: () => time++ };
  beforeEach(async () => {
    b = await make();
    cp = createCheckpoints({ storage: b.storage, workspace: b.workspace, sessionId: 's1', workingDirectories: [b.root], clock });
  });
  afterEach(() => b.cleanup());

  const edit = async (promptId: string, path: string, content: string) => {
    const call = { tool: 'Write', input: { file_path: path, content } };
    const result = await cp.recordBeforeEdit(call, promptId);
    await applyCall(b.workspace, call, b.root);
    return result;
  };

  it('restores modified files and removes created ones', async () => {
    await writeBytes(b.workspace, `${b.root}/a.txt`, 'a0');
    await cp.beginPrompt('p1', 'first');
    await edit('p1', `${b.root}/a.txt`, 'a1');
    await edit('p1', `${b.root}/new/b.txt`, 'b1');
    await cp.beginPrompt('p2', 'second');
    await edit('p2', `${b.root}/a.txt`, 'a2');

    const r2 = await cp.rewindCode('p2');
    expect(r2).toMatchObject({ ok: true, restored: [`${b.root}/a.txt`], removed: [], notRestored: [], errors: [] });
    expect(await readText(b.workspace, `${b.root}/a.txt`)).toBe('a1');

    const r1 = await cp.rewindCode('p1');
    expect(r1).toMatchObject({ ok: true, restored: [`${b.root}/a.txt`], removed: [`${b.root}/new/b.txt`], errors: [] });
    expect(await readText(b.workspace, `${b.root}/a.txt`)).toBe('a0');
    expect(await readText(b.workspace, `${b.root}/new/b.txt`)).toBeNull();
  });

  it('records a file once per prompt, keeping its content before the first change', async () => {
    await writeBytes(b.workspace, `${b.root}/a.txt`, 'v0');
    await cp.beginPrompt('p1', 'x');
    expect((await edit('p1', `${b.root}/a.txt`, 'v1')).kind).toBe('recorded');
    expect(await edit('p1', `${b.root}/a.txt`, 'v2')).toEqual({ kind: 'alreadyRecorded', path: `${b.root}/a.txt` });
    await cp.rewindCode('p1');
    expect(await readText(b.workspace, `${b.root}/a.txt`)).toBe('v0');
  });

  it('reports a second run of the same rewind as unchanged (idempotent)', async () => {
    await cp.beginPrompt('p1', 'x');
    await edit('p1', `${b.root}/a.txt`, 'v1');
    await writeBytes(b.workspace, `${b.root}/keep.txt`, 'k');
    await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: `${b.root}/keep.txt` } }, 'p1');
    await cp.rewindCode('p1');
    const again = await cp.rewindCode('p1');
    expect(again).toMatchObject({ ok: true, restored: [], removed: [], unchanged: [`${b.root}/a.txt`, `${b.root}/keep.txt`] });
  });

  it('tracks Edit, Write, MultiEdit and NotebookEdit, and not Bash', async () => {
    await cp.beginPrompt('p1', 'x');
    const paths = ['e', 'w', 'm', 'n'].map((n) => `${b.root}/${n}`);
    const results = [
      await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: paths[0] } }, 'p1'),
      await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: paths[1] } }, 'p1'),
      await cp.recordBeforeEdit({ tool: 'MultiEdit', input: { file_path: paths[2] } }, 'p1'),
      await cp.recordBeforeEdit({ tool: 'NotebookEdit', input: { notebook_path: paths[3] } }, 'p1'),
      await cp.recordBeforeEdit({ tool: 'Bash', input: { command: 'echo > x' } }, 'p1'),
      await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: 42 } }, 'p1'),
    ];
    expect(results.map((r) => r.kind)).toEqual(['recorded', 'recorded', 'recorded', 'recorded', 'notTracked', 'notTracked']);
    expect(results[4]).toEqual({ kind: 'notTracked', reason: 'toolNotTracked' });
    expect(results[5]).toEqual({ kind: 'notTracked', reason: 'noPath' });
  });

  it('does not record paths outside the working directories', async () => {
    await cp.beginPrompt('p1', 'x');
    const r = await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: `${b.root}/../elsewhere.txt` } }, 'p1');
    expect(r).toMatchObject({ kind: 'notTracked', reason: 'outsideWorkingDirectories' });
  });

  it('takes relative paths against the first working directory', async () => {
    await cp.beginPrompt('p1', 'x');
    const r = await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: 'sub/./x.txt' } }, 'p1');
    expect(r).toMatchObject({ kind: 'recorded', files: [{ path: `${b.root}/sub/x.txt`, before: { kind: 'absent' } }] });
  });

  it('fails as values: unknown prompt, duplicate prompt', async () => {
    expect(await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: `${b.root}/a` } }, 'nope')).toMatchObject({
      kind: 'failed',
      code: 'unknownPrompt',
    });
    await cp.beginPrompt('p1', 'x');
    expect(await cp.beginPrompt('p1', 'again')).toMatchObject({ ok: false, code: 'duplicatePrompt' });
    expect(await cp.rewindCode('nope')).toMatchObject({ ok: false, code: 'unknownPrompt' });
    expect(await cp.rewindConversation('nope')).toMatchObject({ ok: false, code: 'unknownPrompt' });
  });

  it('lists rewind points with the files changed since each prompt', async () => {
    await cp.beginPrompt('p1', 'first');
    await edit('p1', `${b.root}/a`, '1');
    await cp.beginPrompt('p2', 'second');
    await cp.beginPrompt('p3', 'third');
    await edit('p3', `${b.root}/b`, '1');
    await edit('p3', `${b.root}/a`, '2');
    const list = await cp.listRewindPoints();
    expect(list.ok && list.points.map((p) => [p.promptId, p.text, p.filesChangedSince, p.hasCodeChanges])).toEqual([
      ['p1', 'first', [`${b.root}/a`, `${b.root}/b`], true],
      ['p2', 'second', [`${b.root}/b`, `${b.root}/a`], true],
      ['p3', 'third', [`${b.root}/b`, `${b.root}/a`], true],
    ]);
  });

  it('rewinds the conversation without touching files or the index', async () => {
    await cp.beginPrompt('p1', 'first', { historyPosition: 0 });
    await cp.beginPrompt('p2', 'fix the bug', { historyPosition: 6 });
    await edit('p2', `${b.root}/a`, '1');
    const conv = await cp.rewindConversation('p2');
    expect(conv).toEqual({
      ok: true,
      historyFrom: { promptId: 'p2', promptIndex: 1, historyPosition: 6 },
      prompt: { id: 'p2', text: 'fix the bug', time: expect.any(Number) },
    });
    expect(await readText(b.workspace, `${b.root}/a`)).toBe('1');
    const both = await cp.rewind({ code: true, conversation: true }, 'p2');
    expect(both).toMatchObject({ ok: true, conversation: { prompt: { text: 'fix the bug' } }, code: { removed: [`${b.root}/a`] } });
    const list = await cp.listRewindPoints();
    expect(list.ok && list.points.length).toBe(2);
  });

  it('resumes from the stored index after a restart', async () => {
    await writeBytes(b.workspace, `${b.root}/a.ts`, 'v1');
    await cp.beginPrompt('p1', 'x');
    await edit('p1', `${b.root}/a.ts`, 'v2');
    const again = createCheckpoints({ storage: b.reopen(), workspace: b.workspace, sessionId: 's1', workingDirectories: [b.root] });
    expect(await again.rewindCode('p1')).toMatchObject({ ok: true, restored: [`${b.root}/a.ts`] });
    expect(await readText(b.workspace, `${b.root}/a.ts`)).toBe('v1');
  });

  it('reports files changed by untracked tools since the prompt as not restored', async () => {
    await cp.beginPrompt('p1', 'x');
    await edit('p1', `${b.root}/a.txt`, 'hello');
    await cp.beginPrompt('p2', 'y');
    await applyCall(b.workspace, { tool: 'Bash', input: { command: 'rm a.txt' } }, b.root);
    const r = await cp.rewindCode('p2');
    expect(r).toMatchObject({ ok: true, restored: [], removed: [], notRestored: [{ path: `${b.root}/a.txt`, reason: 'untrackedChange' }] });
  });

  it('keeps the same content once in the store', async () => {
    if (!('blobs' in b.storage)) return;
    await cp.beginPrompt('p1', 'x');
    for (let i = 0; i < 5; i++) {
      await writeBytes(b.workspace, `${b.root}/f${i}`, 'same');
      await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: `${b.root}/f${i}` } }, 'p1');
    }
    expect((b.storage as { blobs: Map<string, unknown> }).blobs.size).toBe(1);
  });
});
