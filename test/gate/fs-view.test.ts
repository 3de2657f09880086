/**
 * Symbolic links through the file-system view: the gate as Node loads it (`node` export
 * condition) follows them; the portable gate judges paths lexically and says so in the trace.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { createGate as portableGate } from '../../src/gate/index.js';
import { createGate as nodeGate } from '../../src/gate/node.js';

let root: string;
let project: string;
let home: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-fsview-')));
  project = join(root, 'project');
  home = join(root, 'home');
  mkdirSync(join(project, 'secrets'), { recursive: true });
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(project, 'secrets', 'key.txt'), 'k');
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'k');
  symlinkSync(join(project, 'secrets', 'key.txt'), join(project, 'envlink'));
  symlinkSync(join(home, '.ssh'), join(project, 'sshlink'));
  symlinkSync(join(project, 'secrets'), join(project, 'secretsdir'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function gate(make: typeof portableGate, deny: string[], allow: string[] = []) {
  return make({ policy: [{ kind: 'projectSettings', settings: { permissions: { allow, deny } } }], cwd: project, home });
}

describe('symbolic links through the Node file system view', () => {
  it.each([
    ['Bash', { command: 'cat envlink' }, ['Read(./secrets/**)']],
    ['Bash', { command: 'cat sshlink/id_rsa' }, ['Read(~/.ssh/**)']],
    ['Bash', { command: 'echo x > secretsdir/new' }, ['Edit(secrets/**)']],
    ['Read', { file_path: 'sshlink/id_rsa' }, ['Read(~/.ssh/**)']],
  ] as const)('%s %j is denied by the node gate', async (tool, input, deny) => {
    const r = await gate(nodeGate, [...deny], ['Bash(*)']).check({ tool, input: { ...input } });
    expect(r.behavior).toBe('deny');
    expect(r.trace.some((s) => s.step === 'fileSystemView')).toBe(false);
  });

  it('the portable gate judges lexically and says so', async () => {
    const r = await gate(portableGate, ['Read(./secrets/**)'], ['Bash(*)']).check({ tool: 'Bash', input: { command: 'cat envlink' } });
    expect(r.behavior).toBe('allow');
    expect(r.trace.find((s) => s.step === 'fileSystemView')?.detail).toMatch(/no file-system view: paths judged lexically/);
  });

  it('a host view replaces the default one', async () => {
    const r = await nodeGate({
      policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'], deny: ['Read(./secrets/**)'] } } }],
      cwd: project,
      home,
      fsView: { realpath: (p) => p, exists: () => true },
    }).check({ tool: 'Bash', input: { command: 'cat envlink' } });
    expect(r.behavior).toBe('allow');
  });

  it('a cwd or home that does not exist is judged lexically without error', async () => {
    const r = await nodeGate({
      policy: [{ kind: 'projectSettings', settings: { permissions: { deny: ['Read(./.env)'] } } }],
      cwd: join(root, 'nowhere', 'project'),
      home: join(root, 'nohome'),
    }).check({ tool: 'Bash', input: { command: 'cat .env; cat ~/x' } });
    expect(r.behavior).toBe('deny');
  });
});
