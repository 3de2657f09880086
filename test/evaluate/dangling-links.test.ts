/**
 * A write onto a symbolic link whose target does not exist creates the target: with a real file
 * system, `echo x > build/y.js` where `build/y.js -> ../.lintstagedrc.js` (absent) writes a
 * protected path, so it is held for a person in every mode. A removal removes only the link.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-dangling-')));
  P = join(root, 'project');
  mkdirSync(join(P, 'build'), { recursive: true });
  writeFileSync(join(P, 'build', 'a.js'), 'a');
  symlinkSync('../.lintstagedrc.js', join(P, 'build', 'y.js'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decide = (command: string) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    { mode: 'bypassPermissions', policy: policyFromObjects([]), cwd: P, home: join(root, 'home'), fs: nodeFsView() },
  );

describe('writes onto a link whose target does not exist', () => {
  for (const c of ['echo evil > build/y.js', 'echo evil | tee build/y.js', 'cp build/a.js build/y.js']) {
    it(`${c} asks (it creates the target)`, () => {
      const d = decide(c);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
      expect(d.reason.message).toContain('symbolic link whose target does not exist');
    });
  }
  it('a write beside it and the removal of the link itself are decided as before', () => {
    expect(decide('echo ok > build/b.js').behavior).toBe('allow');
    expect(decide('rm build/y.js').behavior).toBe('allow');
  });
});
