/**
 * A link cp -d/-P/-a/-r, mv or ln -s carries over as a link leads where the old one does: when
 * another command of the line writes, the link's target is judged as written (decision 0162). With
 * a real file system where the project holds `docs/rc -> ~/.bashrc` and `docs/n -> src/a.js`.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { keptLinkWrites } from '../../src/evaluate/kept-link-writes.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { PathEffect } from '../../src/shell/types.js';

let root: string;
let H: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-kept-links-')));
  H = join(root, 'home');
  P = join(H, 'project');
  mkdirSync(join(P, 'docs'), { recursive: true });
  mkdirSync(join(P, 'src'), { recursive: true });
  writeFileSync(join(H, '.bashrc'), 'true\n');
  writeFileSync(join(P, 'src', 'a.js'), 'a');
  symlinkSync(join(H, '.bashrc'), join(P, 'docs', 'rc'));
  symlinkSync(join(P, 'src', 'a.js'), join(P, 'docs', 'n'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decide = (command: string, deny: string[] = []) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'bypassPermissions',
      policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions: { deny } } }]),
      cwd: P,
      home: H,
      fs: nodeFsView(),
      environment: { values: { PATH: '/usr/bin:/bin', HOME: H }, complete: true },
    },
  );

describe('links carried over as links, then written through', () => {
  it.each([
    'cp -d docs/rc x && echo y >> x',
    'cp -P docs/rc x && echo y >> x',
    'cp -a docs/rc x && echo y >> x',
    'cp --no-dereference docs/rc x && echo y >> x',
    'mv docs/rc x && echo y >> x',
    'cp -r docs d2 && mv d2/rc x && echo y >> x',
    'mv docs d2 && echo y >> d2/rc',
    'ln -s docs d2 && echo y >> d2/rc',
  ])('%s asks: the write may land in ~/.bashrc', (command) => {
    const d = decide(command);
    expect([d.behavior, d.reason.kind]).toEqual(['ask', 'protectedPath']);
    expect(d.reason.message).toContain('.bashrc');
  });

  it.each(['cp docs/rc x && echo y >> x', 'cp -L docs/rc x && echo y >> x', 'cp -d docs/rc x', 'cp -a src s2 && echo y >> s2/a.js'])(
    '%s stays allowed: no link is carried over and written through',
    (command) => expect(decide(command).behavior).toBe('allow'),
  );

  it('a link that leads inside the project is a write there, no protected path', () => {
    expect(decide('cp -d docs/n x && echo y >> x').behavior).toBe('allow');
  });

  it('a deny rule on the target is met as an ask, never an allow', () => {
    expect(decide('cp -d docs/rc x && echo y >> x', ['Edit(~/.bashrc)']).behavior).toBe('ask');
  });

  it('a tree the view cannot list is a write of names it cannot tell', () => {
    const e: PathEffect = {
      op: 'read',
      path: `${P}/docs`,
      raw: 'docs',
      literal: true,
      command: 0,
      glob: false,
      tree: 'all',
      keepsLinks: true,
    };
    const w: PathEffect = { op: 'write', path: `${P}/x`, raw: 'x', literal: true, command: 1, glob: false };
    const view = { realpath: (p: string) => p, exists: () => true, isDirectory: () => true };
    const out = keptLinkWrites([e, w], view);
    expect(out.map((o) => [o.op, o.path, o.tree, o.unsettled !== undefined])).toEqual([['write', `${P}/docs`, 'some', true]]);
  });
});
