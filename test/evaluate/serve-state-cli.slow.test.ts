/**
 * toolgate serve's default state directory is out of a gated agent's reach through `toolgate
 * check` run as a process, with no serve running (decision 0073; the library and the hook are
 * tested in test/evaluate/serve-state.test.ts). In the `slow` suite: four CLI processes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { programArgs } from '../support/programs/run.js';

vi.setConfig({ testTimeout: 90_000 });

const ALLOW = ['Bash(sqlite3 *)', 'Bash(printf *)'];
const planting = (state: string) => [
  `sqlite3 ${state}/toolgate/toolgate.db 'insert into grants values (1)'`,
  `sqlite3 :memory: '.output ${state}/toolgate/toolgate.db-serve-seal' 'select 1'`,
  `printf '{"dev":1,"ino":2}' > ${state}/toolgate/toolgate.db-serve-seal`,
];

let root: string;
let home: string;
let project: string;
let settings: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-serve-state-cli-')));
  home = join(root, 'home');
  project = join(home, 'proj');
  mkdirSync(join(project, '.claude'), { recursive: true });
  settings = join(project, '.claude', 'settings.json');
  writeFileSync(settings, JSON.stringify({ permissions: { allow: ALLOW } }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("serve's default state directory", () => {
  it('through toolgate check, with no serve running', () => {
    const check = (command: string, mode: string, extra: string[] = []) =>
      spawnSync(
        process.execPath,
        programArgs('toolgate', [
          'check',
          '-q',
          '--json',
          '-s',
          settings,
          '--cwd',
          project,
          '--home',
          home,
          '-m',
          mode,
          ...extra,
          `Bash(${command})`,
        ]),
        { encoding: 'utf8', env: { ...process.env, HOME: home } },
      );
    const behavior = (command: string, mode: string, extra: string[] = []) =>
      (JSON.parse(check(command, mode, extra).stdout) as { behavior: string }).behavior;
    const [sqlite, output, printf] = planting('$XDG_STATE_HOME');
    expect(behavior(sqlite!, 'default')).toBe('deny');
    expect(behavior(output!, 'default', ['--env', `XDG_STATE_HOME=${root}/xdg`])).toBe('deny');
    expect(behavior(printf!, 'bypassPermissions')).toBe('deny');
    expect(behavior(`sqlite3 app.db 'select 1'`, 'default')).toBe('allow');
  });
});
