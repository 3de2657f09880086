/**
 * mv follows no symbolic link: it renames a link it is given (or, across file systems, copies it
 * as a link), and a directory it moves keeps the links inside it as they are. With a real file
 * system where the project holds `vendor/keys -> ~/.ssh` and `Read(~/.ssh/**)` is denied, moving
 * the project, `vendor` or the link reads no key: a deny would name what the command does not do.
 * A word ending in `/` asks for the directory the link leads to, and a path through a link still
 * names where it leads.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let H: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-move-links-')));
  H = join(root, 'home');
  P = join(H, 'project');
  mkdirSync(join(H, '.ssh'), { recursive: true });
  writeFileSync(join(H, '.ssh', 'id_rsa'), 'key');
  mkdirSync(join(P, 'vendor'), { recursive: true });
  mkdirSync(join(P, 'src'), { recursive: true });
  writeFileSync(join(P, 'src', 'a.js'), 'a');
  symlinkSync(join(H, '.ssh'), join(P, 'vendor', 'keys'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decide = (command: string, mode: PermissionMode = 'bypassPermissions') =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
      policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions: { deny: ['Read(~/.ssh/**)', 'Edit(~/.ssh/**)'] } } }]),
      cwd: P,
      home: H,
      fs: nodeFsView(),
      environment: { values: { PATH: '/usr/bin:/bin', HOME: H }, complete: true },
    },
  );

describe('mv and the links it moves', () => {
  it.each(['mv vendor v2', 'mv vendor/keys k2', 'mv src s2'])('%s moves the link, not the key: allowed as any move', (command) => {
    const d = decide(command);
    expect([command, d.behavior]).toEqual([command, 'allow']);
  });

  it('moving the project is a move of the working directory (a firm ask), not a read of the key', () => {
    const d = decide('mv ../project ../p2');
    expect([d.behavior, d.askKind, d.reason.kind]).toEqual(['ask', 'firm', 'criticalRemoval']);
    expect(d.reason.message).not.toContain('.ssh');
  });

  it.each(['mv vendor/keys/ k2', 'mv vendor/keys/id_rsa x', 'mv ~/.ssh /tmp/x', 'mv x vendor/keys/', 'mv x vendor/keys/id_rsa'])(
    '%s names a covered path (through the link, or itself): denied',
    (command) => {
      const d = decide(command, 'default');
      expect([command, d.behavior]).toEqual([command, 'deny']);
      expect(d.reason.message).toContain('.ssh');
    },
  );
});
