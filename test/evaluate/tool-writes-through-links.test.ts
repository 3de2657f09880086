/**
 * The Write, Edit and NotebookEdit tools judged on a real file system: a file that does not exist
 * yet is written where its folder really is (`vendor/keys/authorized_keys` with
 * `vendor/keys -> ~/.ssh` lands in `~/.ssh`), so acceptEdits' auto-allow, the Edit rules and the
 * protected paths judge that real path. The Node view resolves no path that does not exist; the
 * nearest existing folder's real path does. A write to a regular file with more than one name (a
 * hard link) may change a protected file under its other name, for the tools as for the shell.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let P: string;
let H: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-tool-links-')));
  H = join(root, 'home');
  P = join(H, 'project');
  mkdirSync(join(H, '.ssh'), { recursive: true });
  mkdirSync(join(root, 'outside'));
  for (const d of ['.git/hooks', '.git/objects', '.git/refs', '.claude', 'src', 'vendor']) mkdirSync(join(P, d), { recursive: true });
  writeFileSync(join(P, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(P, 'src', 'index.js'), 'console.log(1)\n');
  symlinkSync(join(H, '.ssh'), join(P, 'vendor', 'keys'));
  symlinkSync(join(root, 'outside'), join(P, 'vendor', 'out'));
  symlinkSync('.git/hooks', join(P, 'hk'));
  symlinkSync('.claude', join(P, 'cl'));
  writeFileSync(join(P, '.git', 'config'), '[core]\n');
  linkSync(join(P, '.git', 'config'), join(P, 'cfg.txt'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decide = (tool: string, file: string, mode: PermissionMode, deny: string[] = []) =>
  evaluate(
    {
      tool,
      input: tool === 'NotebookEdit' ? { notebook_path: join(P, file), new_source: 'x' } : { file_path: join(P, file), content: 'x' },
    },
    {
      mode,
      policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions: { deny } } }]),
      cwd: P,
      home: H,
      fs: nodeFsView(),
    },
  );

describe('a new file written through a folder that is a link', () => {
  for (const [file, mode] of [
    ['vendor/keys/authorized_keys', 'acceptEdits'],
    ['vendor/keys/config', 'bypassPermissions'],
    ['hk/pre-commit', 'acceptEdits'],
    ['cl/settings.local.json', 'bypassPermissions'],
    ['vendor/keys/sub/deeper/new', 'acceptEdits'],
  ] as const) {
    it(`Write ${file} in ${mode} is a protected ask (it lands in a protected place)`, () => {
      const d = decide('Write', file, mode);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
    });
  }
  it('NotebookEdit of a new notebook in cl/ (-> .claude) is a protected ask', () => {
    const d = decide('NotebookEdit', 'cl/n.ipynb', 'bypassPermissions');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });
  it('a new file through a link that leaves the project is outside the working directories', () => {
    const d = decide('Write', 'vendor/out/new.txt', 'acceptEdits');
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('outside the working directories');
  });
  it('the Edit rules judge the real path', () => {
    expect(decide('Write', 'vendor/keys/authorized_keys', 'bypassPermissions', ['Edit(~/.ssh/**)']).behavior).toBe('deny');
    expect(decide('Write', 'cl/settings.local.json', 'bypassPermissions', ['Edit(.claude/**)']).behavior).toBe('deny');
    expect(decide('Write', 'vendor/out/new.txt', 'bypassPermissions', [`Edit(/${root}/outside/**)`]).behavior).toBe('deny');
  });
  it('a new file in a real folder of the project stays allowed', () => {
    expect(decide('Write', 'src/new.js', 'acceptEdits').behavior).toBe('allow');
    expect(decide('Write', 'src/deeper/new.js', 'acceptEdits').behavior).toBe('allow');
  });
});

describe('a write to a file with more than one name', () => {
  it('Write and Edit of a hard link of .git/config are protected asks in acceptEdits', () => {
    for (const tool of ['Write', 'Edit']) {
      const d = decide(tool, 'cfg.txt', 'acceptEdits');
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
      expect(d.reason.message).toContain('2 names (hard links)');
    }
  });
  it('an edit of a file with one name stays allowed', () => {
    expect(decide('Edit', 'src/index.js', 'acceptEdits').behavior).toBe('allow');
  });
});
