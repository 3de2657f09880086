/**
 * toolgate serve's default state directory (`${XDG_STATE_HOME:-~/.local/state}/toolgate`) is out
 * of a gated agent's reach whether or not serve is running (decision 0073): a store planted there
 * with a matching seal would otherwise be taken by serve's first start as its own.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerHookEvent } from '../../src/cli/hook.js';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { serveStateDirs } from '../../src/evaluate/serve-state.js';
import { policyFromObjects } from '../../src/settings/index.js';

vi.setConfig({ testTimeout: 90_000 });

const ALLOW = ['Bash(sqlite3 *)', 'Bash(printf *)'];
/** The three commands that plant a store with a forged grant and its seal. */
const planting = (state: string) => [
  `sqlite3 ${state}/toolgate/toolgate.db 'insert into grants values (1)'`,
  `sqlite3 :memory: '.output ${state}/toolgate/toolgate.db-serve-seal' 'select 1'`,
  `printf '{"dev":1,"ino":2}' > ${state}/toolgate/toolgate.db-serve-seal`,
];

let root: string;
let home: string;
let project: string;
let settings: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-serve-state-')));
  home = join(root, 'home');
  project = join(home, 'proj');
  mkdirSync(join(project, '.claude'), { recursive: true });
  settings = join(project, '.claude', 'settings.json');
  writeFileSync(settings, JSON.stringify({ permissions: { allow: ALLOW } }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function decide(command: string, mode: PermissionMode, values?: Record<string, string>) {
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
      policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ALLOW } } }]),
      cwd: project,
      home,
      ...(values !== undefined ? { environment: { values, complete: true as const } } : {}),
    },
  );
}

describe("serve's default state directory", () => {
  it('is computed as serve does: $XDG_STATE_HOME/toolgate when set, else ~/.local/state/toolgate', () => {
    expect(serveStateDirs({ values: { XDG_STATE_HOME: '/var/st/' }, complete: true }, '/h').dirs).toEqual(['/var/st/toolgate']);
    expect(serveStateDirs({ values: {}, complete: true }, '/h').dirs).toEqual(['/h/.local/state/toolgate']);
    expect(serveStateDirs({ values: { XDG_STATE_HOME: '' }, complete: true }, '/h').dirs).toEqual(['/h/.local/state/toolgate']);
    expect(serveStateDirs(undefined, '/h')).toMatchObject({ dirs: ['/h/.local/state/toolgate'], xdgUnknown: true });
  });

  for (const mode of ['default', 'acceptEdits', 'bypassPermissions'] as const) {
    it(`a store, its seal or a file beside them planted by the agent is denied in ${mode}, by a built-in rule (environment known, unset or unknown)`, () => {
      for (const [values, state] of [
        [{ XDG_STATE_HOME: `${root}/xdg` }, '$XDG_STATE_HOME'],
        [{ XDG_STATE_HOME: `${root}/xdg` }, `${root}/xdg`],
        [{}, '~/.local/state'],
        [{}, '$HOME/.local/state'],
        [undefined, '$XDG_STATE_HOME'],
        [undefined, `${home}/.local/state`],
      ] as const) {
        for (const command of planting(state)) {
          const d = decide(command, mode, values);
          expect(d.behavior, `${command} with ${JSON.stringify(values)}`).toBe('deny');
          expect(d.rule?.source.builtIn).toBe(true);
          expect(d.reason.message).toMatch(/toolgate serve's default state directory/);
        }
      }
      expect(decide(`cat ${home}/.local/state/toolgate/serve-token`, mode, {}).behavior).toBe('deny');
      expect(decide(`cd ~/.local/state && sqlite3 toolgate/toolgate.db .dump`, mode, {}).behavior).toBe('deny');
      expect(decide(`mv /tmp/planted ~/.local/state`, mode, {}).behavior).toBe('deny');
    });
  }

  it('Read, Edit and Write of a path in it are denied in every mode; elsewhere normal work is unaffected', () => {
    const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Read', 'Edit'] } } }]);
    const at = (tool: string, file: string) =>
      evaluate(
        { tool, input: { file_path: file, content: 'x', old_string: 'a', new_string: 'b' } },
        { mode: 'bypassPermissions', policy, cwd: project, home, environment: { values: {}, complete: true } },
      );
    for (const tool of ['Read', 'Edit', 'Write']) {
      expect(at(tool, `${home}/.local/state/toolgate/toolgate.db-serve-seal`).behavior).toBe('deny');
      expect(at(tool, `${project}/notes.md`).behavior).toBe('allow');
    }
    expect(decide(`sqlite3 app.db 'select 1'`, 'default', {}).behavior).toBe('allow');
    expect(decide(`printf hi > out.txt`, 'bypassPermissions', {}).behavior).toBe('allow');
    // Another state directory chosen by XDG_STATE_HOME leaves the default one an ordinary path:
    // a write outside the working directories, which a prefix allow rule does not approve (a plain ask).
    const elsewhere = decide(`sqlite3 :memory: '.output ${home}/.local/state/toolgate/x' 'select 1'`, 'default', {
      XDG_STATE_HOME: `${root}/xdg`,
    });
    expect([elsewhere.behavior, elsewhere.askKind]).toEqual(['ask', 'plain']);
  });

  it('through toolgate hook (its process environment), with no serve running', async () => {
    const event = (command: string, mode: string) =>
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 's',
        cwd: project,
        permission_mode: mode,
        tool_name: 'Bash',
        tool_input: { command },
      });
    const reply = async (command: string, mode: string, env: Record<string, string>) =>
      (
        (await answerHookEvent(event(command, mode), { home, cache: false }, { CLAUDE_PROJECT_DIR: project, HOME: home, ...env }, project))
          .reply['hookSpecificOutput'] as Record<string, unknown>
      )['permissionDecision'];
    for (const [env, state] of [
      [{ XDG_STATE_HOME: `${root}/xdg` }, '$XDG_STATE_HOME'],
      [{}, '~/.local/state'],
    ] as const) {
      const [sqlite, output, printf] = planting(state);
      expect(await reply(sqlite!, 'default', env)).toBe('deny');
      expect(await reply(output!, 'default', env)).toBe('deny');
      expect(await reply(printf!, 'bypassPermissions', env)).toBe('deny');
    }
    expect(await reply(`sqlite3 app.db 'select 1'`, 'default', {})).toBe('allow');
  });
});
