/** A corrupted or hostile index cannot make a rewind write outside the working directories. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCheckpoints,
  createMemoryCheckpointStorage,
  createMemoryWorkspace,
  serializeIndex,
  type CheckpointIndex,
  type RecordedFile,
} from '../../src/checkpoints/index.js';
import { readText } from './helpers.js';

const root = '/home/user/project';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function setup(files: RecordedFile[], blobs: Record<string, string> = {}) {
  const storage = createMemoryCheckpointStorage();
  const workspace = createMemoryWorkspace({ '/etc/passwd': 'root', [`${root}/ok.txt`]: 'now', '/home/user/other/x': 'x' });
  const index: CheckpointIndex = {
    format: 'toolgate-checkpoints',
    version: 1,
    sessionId: 's',
    workingDirectories: ['/'],
    prompts: [{ id: 'p1', text: 't', time: 0, files, known: [] }],
  };
  storage.indexes.set('s', serializeIndex(index));
  for (const [hash, content] of Object.entries(blobs)) storage.blobs.set(hash, new TextEncoder().encode(content));
  const cp = createCheckpoints({ storage, workspace, sessionId: 's', workingDirectories: [root] });
  return { storage, workspace, cp };
}

const file = (path: string, content: string): RecordedFile => ({
  path,
  tool: 'Write',
  time: 0,
  before: { kind: 'file', hash: sha(content), size: Buffer.byteLength(content), mode: 0o644 },
});

describe('rewind with a hostile index', () => {
  it('refuses paths with `..`, paths elsewhere and the working directories recorded in the index', async () => {
    const evil = 'pwned';
    const { workspace, cp } = setup(
      [
        file(`${root}/../../../etc/passwd`, evil),
        file('/etc/passwd', evil),
        file('/home/user/other/x', evil),
        file(`${root}/./ok.txt`, evil),
        file('relative/x', evil),
        { path: '/etc/shadow', tool: 'Write', time: 0, before: { kind: 'absent' } },
        { path: `${root}`, tool: 'Write', time: 0, before: { kind: 'absent' } },
      ],
      { [sha(evil)]: evil },
    );
    const r = await cp.rewindCode('p1');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.restored).toEqual([]);
    expect(r.removed).toEqual([]);
    expect(Object.fromEntries(r.notRestored.map((n) => [n.path, n.reason]))).toEqual({
      [`${root}/../../../etc/passwd`]: 'invalidPath',
      '/etc/passwd': 'outsideWorkingDirectories',
      '/etc/shadow': 'outsideWorkingDirectories',
      '/home/user/other/x': 'outsideWorkingDirectories',
      [`${root}/./ok.txt`]: 'invalidPath',
      'relative/x': 'invalidPath',
      [root]: 'outsideWorkingDirectories',
    });
    expect(await readText(workspace, '/etc/passwd')).toBe('root');
    expect(await readText(workspace, '/home/user/other/x')).toBe('x');
    expect(await readText(workspace, `${root}/ok.txt`)).toBe('now');
  });

  it('verifies every blob before it replaces a file: a mismatch leaves the file as it is', async () => {
    const hash = sha('original');
    const { workspace, cp } = setup(
      [
        { path: `${root}/ok.txt`, tool: 'Edit', time: 0, before: { kind: 'file', hash, size: 8, mode: 0o644 } },
        file(`${root}/missing.txt`, 'never stored'),
        { path: `${root}/short.txt`, tool: 'Edit', time: 0, before: { kind: 'file', hash: sha('abc'), size: 2, mode: 0o644 } },
      ],
      { [hash]: 'tampered', [sha('abc')]: 'abc' },
    );
    const r = await cp.rewindCode('p1');
    expect(r.ok && Object.fromEntries(r.errors.map((e) => [e.path, e.code]))).toEqual({
      [`${root}/ok.txt`]: 'hashMismatch',
      [`${root}/missing.txt`]: 'blobMissing',
      [`${root}/short.txt`]: 'hashMismatch',
    });
    expect(await readText(workspace, `${root}/ok.txt`)).toBe('now');
    expect(await readText(workspace, `${root}/missing.txt`)).toBeNull();
    expect([...workspace.nodes.keys()].filter((k) => k.includes('toolgate-rewind'))).toEqual([]);
  });

  it('treats an index that does not parse as a failure and never overwrites it', async () => {
    for (const text of [
      '{not json',
      JSON.stringify({ format: 'toolgate-checkpoints', version: 1 }),
      JSON.stringify({
        format: 'toolgate-checkpoints',
        version: 1,
        sessionId: 's',
        workingDirectories: [],
        prompts: [
          {
            id: 'p1',
            text: '',
            time: 0,
            known: [],
            files: [{ path: `${root}/a`, tool: 'Edit', time: 0, before: { kind: 'file', hash: '../../../etc/passwd', size: 1, mode: 0 } }],
          },
        ],
      }),
    ]) {
      const storage = createMemoryCheckpointStorage();
      storage.indexes.set('s', text);
      const workspace = createMemoryWorkspace();
      const cp = createCheckpoints({ storage, workspace, sessionId: 's', workingDirectories: [root] });
      expect(await cp.rewindCode('p1')).toMatchObject({ ok: false, code: 'indexInvalid' });
      expect(await cp.beginPrompt('p2', 'x')).toMatchObject({ ok: false, code: 'indexInvalid' });
      expect(await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: `${root}/a` } }, 'p1')).toMatchObject({
        kind: 'failed',
        code: 'indexInvalid',
      });
      expect(storage.indexes.get('s')).toBe(text);
    }
  });

  it('does not write through a parent directory that is a symlink leading outside', async () => {
    const { workspace, cp } = setup(
      [file(`${root}/link/passwd`, 'evil'), { path: `${root}/link/shadow`, tool: 'Write', time: 0, before: { kind: 'absent' } }],
      {
        [sha('evil')]: 'evil',
      },
    );
    await workspace.symlink('/etc', `${root}/link`);
    workspace.writeFile('/etc/shadow', 'secret');
    const r = await cp.rewindCode('p1');
    expect(r.ok && r.notRestored.map((n) => n.reason)).toEqual(['symlinkedParent', 'symlinkedParent']);
    expect(await readText(workspace, '/etc/passwd')).toBe('root');
    expect(await readText(workspace, '/etc/shadow')).toBe('secret');
  });

  it('does not remove or replace a directory', async () => {
    const { workspace, cp } = setup([{ path: `${root}/dir`, tool: 'Write', time: 0, before: { kind: 'absent' } }]);
    await workspace.mkdir(`${root}/dir`);
    const r = await cp.rewindCode('p1');
    expect(r.ok && r.notRestored).toEqual([{ path: `${root}/dir`, reason: 'isDirectory', message: expect.any(String) }]);
    expect((await workspace.lstat(`${root}/dir`))?.kind).toBe('directory');
  });
});

describe('Windows-style paths', () => {
  it('normalises separators, drive letter and case to one recorded path', async () => {
    const storage = createMemoryCheckpointStorage();
    const workspace = createMemoryWorkspace({ 'C:/Users/me/proj/A.txt': 'v0' }, 'windows');
    const cp = createCheckpoints({ storage, workspace, sessionId: 's', workingDirectories: ['C:\\Users\\me\\proj'] });
    await cp.beginPrompt('p1', 'x');
    const first = await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: 'C:\\Users\\me\\proj\\A.txt' } }, 'p1');
    expect(first).toMatchObject({ kind: 'recorded', files: [{ path: 'C:/Users/me/proj/A.txt' }] });
    expect(await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: 'c:/users/ME/proj/sub/..\\a.txt' } }, 'p1')).toMatchObject({
      kind: 'alreadyRecorded',
    });
    expect(await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: 'D:\\proj\\A.txt' } }, 'p1')).toMatchObject({
      kind: 'notTracked',
      reason: 'outsideWorkingDirectories',
    });
    workspace.writeFile('C:/Users/me/proj/A.txt', 'v1');
    expect(await cp.rewindCode('p1')).toMatchObject({ ok: true, restored: ['C:/Users/me/proj/A.txt'] });
    expect(new TextDecoder().decode(workspace.readFile('c:/users/me/proj/a.txt'))).toBe('v0');
  });
});

describe('index journal parsing', () => {
  it('ignores a torn last line but rejects a bad line in the middle', async () => {
    const { parseIndex } = await import('../../src/checkpoints/index.js');
    const head = '{"format":"toolgate-checkpoints","version":1,"sessionId":"s","workingDirectories":[]}\n';
    const prompt = '{"op":"prompt","id":"p1","text":"t","time":0,"known":[]}\n';
    expect(parseIndex(head + prompt + '{"op":"fi')).toMatchObject({ ok: true, index: { prompts: [{ id: 'p1' }] } });
    expect(parseIndex(head + '{"op":"fi\n' + prompt)).toMatchObject({ ok: false });
    expect(
      parseIndex(head + '{"op":"file","promptId":"nope","file":{"path":"/a","tool":"Edit","time":0,"before":{"kind":"absent"}}}\n'),
    ).toMatchObject({ ok: false });
    expect(parseIndex(head + prompt + prompt)).toMatchObject({ ok: false });
  });
});
