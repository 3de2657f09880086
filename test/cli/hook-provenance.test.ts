/**
 * `toolgate hook` reports each tool call it answers once: to the `onDecision` of
 * `answerHookEvent`, and with `--decision-log FILE` as one JSON line per decision.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHookEvent } from '../../src/cli/hook.js';
import type { DecisionEvent } from '../../src/provenance/index.js';
import { programArgs } from '../support/programs/run.js';

let root: string;
let home: string;
let project: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-hook-prov-')));
  home = join(root, 'home');
  project = join(root, 'proj');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  writeFileSync(
    join(project, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { deny: ['Bash(rm *)'], allow: ['Bash(npm test)'] } }),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const event = (command: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    hook_event_name: 'PreToolUse',
    session_id: 's-1',
    cwd: project,
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_1',
    ...extra,
  });

describe('toolgate hook onDecision', () => {
  it('one event per answered call, with the rule, file, layer, mode, session and digest', async () => {
    const events: DecisionEvent[] = [];
    const env = { CLAUDE_PROJECT_DIR: project };
    await answerHookEvent(event('rm -rf x'), { home, cache: false }, env, project, (e) => events.push(e));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      frontEnd: 'hook',
      behavior: 'deny',
      toolUseId: 'toolu_1',
      rule: { text: 'Bash(rm *)', list: 'deny', layer: 'projectSettings', file: join(project, '.claude', 'settings.json') },
      mode: 'default',
      sessionId: 's-1',
      decidedBy: 'rules',
      policyDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("a shadow policy ($toolgate.shadow, or --shadow FILE) is decided beside the live one: its would-be decision is on the event, the reply is the live one's", async () => {
    const proj = join(root, 'shadowed');
    mkdirSync(join(proj, '.claude'), { recursive: true });
    const file = join(proj, '.claude', 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, $toolgate: { shadow: { deny: ['Bash(npm test)'] } } }),
    );
    const env = { CLAUDE_PROJECT_DIR: proj };
    const events: DecisionEvent[] = [];
    const at = (command: string) =>
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 's-2',
        cwd: proj,
        permission_mode: 'default',
        tool_name: 'Bash',
        tool_input: { command },
      });
    const live = await answerHookEvent(at('npm test'), { home, cache: false }, env, proj, (e) => events.push(e));
    expect((live.reply['hookSpecificOutput'] as Record<string, unknown>)['permissionDecision']).toBe('allow');
    expect(events[0]).toMatchObject({
      behavior: 'allow',
      shadow: { behavior: 'deny', rule: { text: 'Bash(npm test)', list: 'deny', file } },
    });
    const candidate = join(root, 'candidate.json');
    writeFileSync(candidate, JSON.stringify({ permissions: { ask: ['Bash(npm test)'] } }));
    await answerHookEvent(at('npm test'), { home, cache: false, shadow: candidate }, env, proj, (e) => events.push(e));
    expect(events[1]).toMatchObject({
      behavior: 'allow',
      shadow: { behavior: 'ask', rule: { text: 'Bash(npm test)', list: 'ask', layer: 'projectSettings', file: candidate } },
    });
    // Without a shadow, none.
    await answerHookEvent(event('npm test'), { home, cache: false }, { CLAUDE_PROJECT_DIR: project }, project, (e) => events.push(e));
    expect(events[2]?.shadow).toBeUndefined();
  });

  it("a --shadow file that cannot be read is named in the shadow's reason, not the file it stands in for", async () => {
    const events: DecisionEvent[] = [];
    const broken = join(root, 'broken-candidate.json');
    writeFileSync(broken, '{ not json');
    await answerHookEvent(event('npm test'), { home, cache: false, shadow: broken }, { CLAUDE_PROJECT_DIR: project }, project, (e) =>
      events.push(e),
    );
    // The event's reason is redacted (a temporary directory's name reads as a token): what is left
    // names a .json file that is not the project's .claude/settings.json.
    expect(events[0]).toMatchObject({
      behavior: 'allow',
      shadow: { reason: { message: expect.stringMatching(/the settings file \S*\.json \(not valid JSON/) } },
    });
    expect(events[0]!.shadow!.reason!.message).not.toMatch(/claude|settings\.json/);
  });

  it('a --shadow file that does not exist is a shadow error naming it, never a shadow without the project settings; the reply is the live one', async () => {
    const events: DecisionEvent[] = [];
    const missing = join(root, 'no-such-candidate.json');
    const live = await answerHookEvent(
      event('npm test'),
      { home, cache: false, shadow: missing },
      { CLAUDE_PROJECT_DIR: project },
      project,
      (e) => events.push(e),
    );
    expect((live.reply['hookSpecificOutput'] as Record<string, unknown>)['permissionDecision']).toBe('allow');
    expect(events[0]).toMatchObject({
      behavior: 'allow',
      shadow: { behavior: 'error', reason: { message: expect.stringContaining('--shadow: settings file not found: ') } },
    });
  });

  it('a refusal before evaluation is a decision too; an event that names no call is none', async () => {
    const events: DecisionEvent[] = [];
    await answerHookEvent(event('npm test'), { home, cache: false, settings: [join(root, 'missing.json')] }, {}, project, (e) =>
      events.push(e),
    );
    expect(events.map((e) => [e.behavior, e.decidedBy])).toEqual([['deny', 'toolgate']]);
    await answerHookEvent(JSON.stringify({ hook_event_name: 'Stop' }), { home, cache: false }, {}, project, (e) => events.push(e));
    await answerHookEvent('not json', { home, cache: false }, {}, project, (e) => events.push(e));
    expect(events).toHaveLength(1);
  });

  it('--decision-log appends one JSON line per decision', () => {
    const log = join(root, 'decisions.jsonl');
    for (const command of ['npm test', 'rm -rf x']) {
      const r = spawnSync(process.execPath, programArgs('toolgate', ['hook', '--home', home, '--no-cache', '--decision-log', log]), {
        input: event(command),
        encoding: 'utf8',
        env: { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: project },
      });
      expect(r.status).toBe(0);
    }
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DecisionEvent);
    expect(lines.map((e) => [e.frontEnd, e.behavior, e.rule?.text])).toEqual([
      ['hook', 'allow', 'Bash(npm test)'],
      ['hook', 'deny', 'Bash(rm *)'],
    ]);
  });
});
