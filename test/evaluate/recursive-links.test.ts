/**
 * A link a checkout holds (`vendor/keys -> ~/.ssh`) is read by a recursive reader only when it
 * follows links: rg does not unless told to (`-L`, `--follow`, or its configuration file, which
 * `RIPGREP_CONFIG_PATH` names). With the environment known to lack that variable, `rg hello` at the
 * project root reads nothing through the link, as `grep -r` does not; with it unknown, or with `-L`,
 * the link may be followed and the read is a guarded-read ask. Real file system.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { EnvironmentFacts } from '../../src/evaluate/types.js';

let root: string;
let P: string;
let H: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-recursive-links-')));
  P = join(root, 'project');
  H = join(root, 'home');
  mkdirSync(join(P, 'vendor'), { recursive: true });
  mkdirSync(join(P, 'src'), { recursive: true });
  mkdirSync(join(H, '.ssh'), { recursive: true });
  writeFileSync(join(H, '.ssh/id_rsa'), 'key');
  writeFileSync(join(P, 'src/a.js'), 'hello');
  symlinkSync(join(H, '.ssh'), join(P, 'vendor/keys'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** No rg configuration and no other XDG folder: what the hook knows of an ordinary shell. */
const KNOWN: EnvironmentFacts = { values: { PATH: '/usr/bin:/bin' }, complete: true };
const UNKNOWN: EnvironmentFacts = { values: { PATH: '/usr/bin:/bin' }, complete: false };

const decide = (command: string, environment: EnvironmentFacts) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'default',
      policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions: { deny: ['Read(~/.ssh/**)'] } } }]),
      cwd: P,
      home: H,
      fs: nodeFsView(),
      environment,
    },
  );

describe('rg over a tree holding a link to a Read-denied folder', () => {
  it('follows no link when the environment is known to name no rg configuration: allowed, as grep -r', () => {
    expect(decide('rg hello', KNOWN).behavior).toBe('allow');
    expect(decide('rg hello .', KNOWN).behavior).toBe('allow');
    expect(decide('grep -rn hello .', KNOWN).behavior).toBe('allow');
  });
  it('may follow it when RIPGREP_CONFIG_PATH may be set, or when told to: a guarded-read ask', () => {
    for (const [command, env] of [
      ['rg hello', UNKNOWN],
      ['rg -L hello', KNOWN],
      ['rg --follow hello .', KNOWN],
    ] as const) {
      const d = decide(command, env);
      expect([command, d.behavior, d.askKind]).toEqual([command, 'ask', 'guardedRead']);
      expect(d.reason.message).toContain('vendor/keys');
    }
  });
});
