/**
 * A shadow policy in a real `toolgate serve` run: decided after the reply, never enforced,
 * recorded in the audit log and on the `onDecision` event beside the live decision, and
 * summarised by `toolgate audit shadow`.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../src/provenance/index.js';
import { programArgs } from '../support/programs/run.js';
import { decisionOf, eventually, preToolUse, sandbox, start, type Running, type Sandbox } from './helpers.js';

const run = promisify(execFile);

let sb: Sandbox;
let s: Running;
let project: string;
let storeFile: string;
const events: DecisionEvent[] = [];

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('proj', {
    permissions: { allow: ['Bash(npm run lint)', 'Bash(npm test)'], deny: ['Bash(rm *)'] },
    $toolgate: { shadow: { allow: ['Bash(npm run build)'], deny: ['Bash(npm test)'] } },
  });
  storeFile = join(sb.root, 'state', 'toolgate.db');
  s = await start(sb, { projects: [project], storeFile, askVia: 'prompt', onDecision: (e) => events.push(e) });
});
afterAll(async () => {
  await s?.stop();
  sb?.cleanup();
});

const shadowEntries = async (session: string) => (await s.store.readAudit({ sessionId: session })).filter((e) => e.event === 'shadow');

describe('serve with a shadow policy', () => {
  it('enforces the live policy only, and records the shadow outcome after the decision', async () => {
    const calls = [
      ['npm run build', 'ask', 'allow'],
      ['npm test', 'allow', 'deny'],
      ['npm run lint', 'allow', 'allow'],
      ['rm -rf dist', 'deny', 'deny'],
    ] as const;
    for (const [command, live] of calls) {
      const r = await s.hook(preToolUse(project, 'Bash', { command }, { session_id: 'sh-1' }));
      expect(decisionOf(r.body)).toBe(live);
    }
    const recorded = await eventually(async () => {
      const found = await shadowEntries('sh-1');
      return found.length === calls.length ? found : undefined;
    });
    const all = await s.store.readAudit({ sessionId: 'sh-1' });
    for (const [command, live, shadow] of calls) {
      const decision = all.find((e) => e.event === 'PreToolUse' && (e.inputRedacted as { command: string }).command === command);
      const entry = recorded.find((e) => (e.inputRedacted as { command: string }).command === command);
      expect(entry?.shadow).toMatchObject({ behavior: shadow, live: { behavior: live } });
      // After the call's own entry, for the same tool call.
      expect(entry!.seq!).toBeGreaterThan(decision!.seq!);
      expect(entry?.toolUseId).toBe(decision?.toolUseId);
    }
    expect(recorded.find((e) => (e.inputRedacted as { command: string }).command === 'npm test')?.shadow).toMatchObject({
      ruleText: 'Bash(npm test)',
      ruleSource: join(project, '.claude/settings.json'),
      live: { ruleText: 'Bash(npm test)' },
    });
  });

  it('each onDecision event carries the shadow beside the live decision', async () => {
    const seen = await eventually(() => {
      const mine = events.filter((e) => e.sessionId === 'sh-1');
      return mine.length === 4 ? mine : undefined;
    });
    const test = seen.find((e) => (e.input as { command: string }).command === 'npm test');
    expect(test).toMatchObject({
      behavior: 'allow',
      shadow: { behavior: 'deny', rule: { text: 'Bash(npm test)', list: 'deny', layer: 'projectSettings' } },
    });
    expect(test?.shadow?.policyDigest).not.toBe(test?.policyDigest);
  });

  it('`toolgate audit shadow` lists where they differ, looser first, grouped by the rule responsible, with examples', async () => {
    const { stdout } = await run(
      process.execPath,
      programArgs('toolgate', ['audit', 'shadow', '--store', `sqlite:${storeFile}`, '--json']),
      { cwd: project },
    );
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ compared: 4, same: 2, counts: { looser: 1, stricter: 1, error: 0 } });
    expect(
      summary.groups.map((g: { direction: string; responsible: string; moves: unknown }) => [g.direction, g.responsible, g.moves]),
    ).toEqual([
      ['looser', `shadow allow by rule "Bash(npm run build)" in ${join(project, '.claude/settings.json')}`, { 'ask→allow': 1 }],
      ['stricter', `shadow deny by rule "Bash(npm test)" in ${join(project, '.claude/settings.json')}`, { 'allow→deny': 1 }],
    ]);
    expect(summary.groups[0].examples[0]).toMatchObject({
      tool: 'Bash',
      input: { command: 'npm run build' },
      live: 'ask',
      shadow: 'allow',
    });
    const text = await run(process.execPath, programArgs('toolgate', ['audit', 'shadow', '--store', `sqlite:${storeFile}`]), {
      cwd: project,
    });
    expect(text.stdout).toContain('4 calls decided under the shadow policy: 2 the same, 1 looser, 1 stricter.');
    expect(text.stdout).toContain('LOOSER');
  });
});

describe('serve --shadow FILE', () => {
  it("decides the shadow with the file in place of the project's .claude/settings.json: a removed allow shows as stricter", async () => {
    const box = sandbox();
    try {
      const dir = box.project('other', { permissions: { allow: ['Bash(npm test)', 'Bash(npm run lint)'] } });
      const file = join(box.root, 'candidate.json');
      box.write(file, { permissions: { allow: ['Bash(npm run lint)'] } });
      const r = await start(box, { projects: [dir], shadow: file, askVia: 'prompt' });
      try {
        expect(decisionOf((await r.hook(preToolUse(dir, 'Bash', { command: 'npm test' }, { session_id: 'f-1' }))).body)).toBe('allow');
        expect(decisionOf((await r.hook(preToolUse(dir, 'Bash', { command: 'npm run lint' }, { session_id: 'f-1' }))).body)).toBe('allow');
        const found = await eventually(async () => {
          const got = (await r.store.readAudit({ sessionId: 'f-1' })).filter((e) => e.event === 'shadow');
          return got.length === 2 ? got : undefined;
        });
        const by = (c: string) => found.find((e) => (e.inputRedacted as { command: string }).command === c)?.shadow;
        expect(by('npm test')).toMatchObject({ behavior: 'ask', live: { behavior: 'allow', ruleText: 'Bash(npm test)' } });
        // The rule is named in the file it is in: the shadow file, not the file it stands in for.
        expect(by('npm run lint')).toMatchObject({ behavior: 'allow', ruleText: 'Bash(npm run lint)', ruleSource: file });
      } finally {
        await r.stop();
      }
    } finally {
      box.cleanup();
    }
  });
});
