/**
 * The one door, end to end: the same tool events go through every front end — the library
 * (`loadSessionFacts` + `callAndContext` + `evaluate`), `toolgate check --batch`, `toolgate hook`,
 * `toolgate serve`, the gate and the Claude Agent SDK adapter — and each must give the same
 * decision with the same reason. Events: PreToolUse and PermissionRequest, from the main agent and
 * a sub-agent, with the shell in the project, in a subfolder, in an additional directory and
 * `cd`'d away, each in a session serve first sees there; and a session whose project is unknown.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAgentSdkOptions } from '../../../src/adapters/claude-agent-sdk/index.js';
import { answerHookEvent } from '../../../src/cli/hook.js';
import {
  callAndContext,
  evaluateAsync,
  PROJECT_UNKNOWN,
  readToolEvent,
  sanitizedPath,
  type ProjectFinding,
} from '../../../src/evaluate/index.js';
import { createGate } from '../../../src/gate/node.js';
import { loadSessionFacts, loadSessionPolicy } from '../../../src/node/index.js';
import type { Running, Sandbox } from '../../serve/helpers.js';
import { fromGate, managedPaths, serveProject, type Event, type Outcome, type ServedProject } from '../../support/front-ends.js';
import { programArgs } from '../../support/programs/run.js';

let served: ServedProject;
let sb: Sandbox;
let s: Running;
let project: string;
let shared: string;
let outside: string;

beforeAll(async () => {
  served = await serveProject(
    {
      permissions: {
        allow: ['Bash(npm run lint)', 'Bash(node *)'],
        deny: ['Read(./.env)', 'Bash(rm *)'],
        ask: ['Bash(git push *)'],
        additionalDirectories: ['../shared'],
      },
    },
    {
      dirs: ['proj/src'],
      files: {
        'home/.claude/settings.json': JSON.stringify({ permissions: { deny: ['Read(~/.ssh/**)'], allow: ['Bash(make help)'] } }),
        'proj/README.md': '# p',
        'proj/.env': 'K=1',
        'shared/notes.md': 'n',
        'outside/x.txt': 'x',
        'home/.ssh/id_rsa': 'k',
      },
    },
  );
  ({ sb, s, project } = served);
  shared = join(sb.root, 'shared');
  outside = join(sb.root, 'outside');
});
afterAll(() => served.stop());

const transcriptIn = (dir: string, session: string) => join(sb.home, '.claude', 'projects', sanitizedPath(dir), `${session}.jsonl`);

/** The calls every event carries, in the shapes Claude Code sends. */
function calls(): [string, Record<string, unknown>][] {
  return [
    ['Read', { file_path: 'README.md' }],
    ['Read', { file_path: join(project, 'README.md') }],
    ['Read', { file_path: '.env' }],
    ['Read', { file_path: join(project, '.env') }],
    ['Read', { file_path: join(outside, 'x.txt') }],
    ['Read', { file_path: join(shared, 'notes.md') }],
    ['Read', { file_path: join(sb.home, '.ssh', 'id_rsa') }],
    ['Grep', { pattern: 'TODO' }],
    ['Bash', { command: 'ls' }],
    ['Bash', { command: 'cat README.md' }],
    ['Bash', { command: 'cat .env' }],
    ['Bash', { command: `cat ${join(outside, 'x.txt')}` }],
    ['Bash', { command: 'npm run lint' }],
    ['Bash', { command: 'make help' }],
    // Opaque code under specific consent: allowed by every front end, serve's built-in rules notwithstanding.
    ['Bash', { command: 'node x.js' }],
    // `~` is the agent's home on every front end (serve reads it from the transcript's folder).
    ['Read', { file_path: '~/.ssh/id_rsa' }],
    ['Bash', { command: 'cat ~/.ssh/id_rsa' }],
    ['Bash', { command: 'cat ~/notes.md' }],
    ['Bash', { command: 'rm -rf build' }],
    ['Bash', { command: 'git push origin main' }],
    ['Edit', { file_path: join(project, 'src', 'a.ts'), old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: 'notes.txt', content: 'x' }],
    ['Write', { file_path: join(outside, 'y.txt'), content: 'x' }],
  ];
}

/**
 * Every event: where the shell is × mode × event kind × main agent or sub-agent × call. Each mode
 * is its own session: a session's record of its main agent's mode never rises (decision 0062), so
 * a sub-agent in a session first seen in `default` stays capped there when a later event says
 * `bypassPermissions` — the library side here takes the event's mode as the parent's.
 */
function events(where: { cwd: string; session: string; transcript: string }[]): Event[] {
  const out: Event[] = [];
  let n = 0;
  for (const w of where)
    for (const mode of ['default', 'acceptEdits', 'plan', 'bypassPermissions'])
      for (const kind of ['PreToolUse', 'PermissionRequest'])
        for (const agent of [{}, { agent_id: 'agent-7', agent_type: 'Explore' }])
          for (const [tool, input] of calls()) {
            n += 1;
            out.push({
              session_id: `${w.session}-${mode}`,
              transcript_path: w.transcript,
              cwd: w.cwd,
              permission_mode: mode,
              hook_event_name: kind,
              tool_name: tool,
              tool_input: input,
              ...(kind === 'PreToolUse' ? { tool_use_id: `toolu_${n}` } : {}),
              ...agent,
            });
          }
  return out;
}

/** A hook reply's behavior and reason, without the `toolgate: ` prefix and the rule note. */
function fromReply(kind: unknown, reply: Record<string, unknown>): Outcome {
  const out = reply['hookSpecificOutput'] as Record<string, unknown> | undefined;
  const strip = (r: unknown) =>
    String(r ?? '')
      .replace(/^toolgate: /, '')
      .replace(/ \((?:allow|ask|deny) rule .*\)$/, '');
  if (kind === 'PermissionRequest') {
    // A PermissionRequest answer carries no reason for an allow, and nothing at all for an ask.
    const d = out?.['decision'] as { behavior: string; message?: string } | undefined;
    return d === undefined
      ? { behavior: 'ask', reason: '' }
      : { behavior: d.behavior, reason: d.behavior === 'deny' ? strip(d.message) : '' };
  }
  return { behavior: String(out?.['permissionDecision']), reason: strip(out?.['permissionDecisionReason']) };
}

/** What a PermissionRequest reply can say of a decision. */
function asPermissionRequest(o: Outcome): Outcome {
  return { behavior: o.behavior, reason: o.behavior === 'deny' ? o.reason : '' };
}

async function viaLibrary(e: Event, facts: { declared?: string; trusted?: string[] }): Promise<Outcome> {
  const read = readToolEvent(e);
  if (!read.ok) throw new Error(read.message);
  const loaded = await loadSessionFacts(read.event, {
    home: sb.home,
    ...facts,
    loadPolicy: (p: ProjectFinding) => loadSessionPolicy(p, { home: sb.home, managedPaths, isProjectTrusted: (d) => d === project }),
  });
  // The session's main agent is in the event's mode: every session's main-agent events come first.
  const { call, context } = callAndContext(read.event, {
    ...loaded,
    ...(read.event.mode !== undefined ? { parentMode: read.event.mode } : {}),
  });
  const d = await evaluateAsync(call, context);
  return { behavior: d.behavior, reason: d.reason.message };
}

async function viaHook(e: Event, env: Record<string, string | undefined>, flags: { project?: string } = {}): Promise<Outcome> {
  const a = await answerHookEvent(JSON.stringify(e), { home: sb.home, cache: false, ...flags }, env, sb.root);
  return fromReply(e['hook_event_name'], a.reply);
}

async function viaServe(e: Event): Promise<Outcome> {
  const r = await s.hook(e);
  return fromReply(e['hook_event_name'], r.body);
}

/** One gate per session and mode, as a host keeps one per session (sub-agents get views). */
function gates(o: { projectUnknown?: boolean; cwd: string }) {
  const made = new Map<string, ReturnType<typeof createGate>>();
  return async (e: Event) => {
    const key = `${String(e['session_id'])}:${String(e['permission_mode'])}`;
    let gate = made.get(key);
    if (gate === undefined) {
      const policy = await loadSessionPolicy(
        o.projectUnknown === true ? { known: false } : { known: true, dir: project, via: 'declared' },
        { home: sb.home, managedPaths },
      );
      gate = createGate({
        policy,
        cwd: o.cwd,
        home: sb.home,
        projectDir: o.cwd,
        mode: e['permission_mode'] as 'default',
        hooks: [],
        ...(o.projectUnknown === true ? { projectUnknown: true } : {}),
      });
      made.set(key, gate);
    }
    return gate;
  };
}

async function viaGate(gateOf: ReturnType<typeof gates>, e: Event): Promise<Outcome> {
  const read = readToolEvent(e);
  if (!read.ok) throw new Error(read.message);
  const gate = await gateOf(e);
  const r = await gate.check(read.event.call, {
    ...(read.event.cwd !== undefined ? { cwd: read.event.cwd } : {}),
    ...(read.event.agent !== undefined ? { agent: read.event.agent } : {}),
  });
  return fromGate(r);
}

async function viaAgentSdk(gateOf: ReturnType<typeof gates>, e: Event): Promise<Outcome> {
  const sdk = toAgentSdkOptions(await gateOf(e));
  const hook = sdk.hooks.PreToolUse?.[0]?.hooks[0];
  if (hook === undefined) throw new Error('no PreToolUse hook');
  const out = (await hook(e as never, e['tool_use_id'] as string, { signal: new AbortController().signal })) as Record<string, unknown>;
  return fromReply('PreToolUse', out);
}

/** `toolgate check --batch`: one process for every event (a line per event with its cwd and mode). */
function viaCheck(list: Event[]): Outcome[] {
  const lines = list
    .map((e) => JSON.stringify({ tool: e['tool_name'], input: e['tool_input'], cwd: e['cwd'], mode: e['permission_mode'] }))
    .join('\n');
  const r = spawnSync(process.execPath, programArgs('toolgate', ['check', '--batch', '-q', '--project', project, '--home', sb.home]), {
    cwd: sb.root,
    input: lines,
    encoding: 'utf8',
    env: { ...process.env, HOME: sb.home, CLAUDE_PROJECT_DIR: undefined },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`check --batch failed: ${r.stderr}`);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => {
      const d = (JSON.parse(l) as { decision: { behavior: string; reason: { message: string } } }).decision;
      return { behavior: d.behavior, reason: d.reason.message };
    });
}

describe('one door: every front end decides the same event the same way', () => {
  it('with the project known: in it, in a subfolder, in an additional directory and cd-ed away, each session first seen there', async () => {
    const where = [project, join(project, 'src'), shared, outside].map((cwd, i) => ({
      cwd,
      session: `door-${i}`,
      transcript: transcriptIn(project, `door-${i}`),
    }));
    const list = events(where);
    const checked = viaCheck(list);
    const gateOf = gates({ cwd: project });
    const env = { CLAUDE_PROJECT_DIR: project, SHELL: '/bin/bash' };
    const disagreements: string[] = [];
    const seen = new Set<string>();
    for (const [i, e] of list.entries()) {
      const library = await viaLibrary(e, { declared: project });
      seen.add(library.behavior);
      const pr = e['hook_event_name'] === 'PermissionRequest';
      const expected = pr ? asPermissionRequest(library) : library;
      const got: [string, Outcome][] = [
        ['check', pr ? asPermissionRequest(checked[i]!) : checked[i]!],
        ['hook', await viaHook(e, env)],
        ['serve', await viaServe(e)],
        ['gate', pr ? asPermissionRequest(await viaGate(gateOf, e)) : await viaGate(gateOf, e)],
        ...(pr ? [] : ([['agent sdk', await viaAgentSdk(gateOf, e)]] as [string, Outcome][])),
      ];
      for (const [who, o] of got) {
        if (o.behavior !== expected.behavior || o.reason !== expected.reason) {
          disagreements.push(
            `${who} on ${String(e['hook_event_name'])} ${String(e['tool_name'])} ${JSON.stringify(e['tool_input'])} cwd ${String(e['cwd'])} ${String(e['permission_mode'])}: ${o.behavior} "${o.reason}" — library: ${expected.behavior} "${expected.reason}"`,
          );
        }
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    // The events reach every answer, so agreeing is not agreeing on one.
    expect([...seen].sort()).toEqual(['allow', 'ask', 'deny']);
  }, 600_000);

  it('with the project unknown (no CLAUDE_PROJECT_DIR, a transcript that names no ancestor, no --project holding the cwd): only user and managed settings, and would-be allows ask', async () => {
    const away = join(sb.root, 'scratch');
    mkdirSync(away, { recursive: true });
    const list = events([{ cwd: away, session: 'lost-1', transcript: '/tmp/t.jsonl' }]).filter((e) => e['permission_mode'] !== 'plan');
    const gateOf = gates({ cwd: away, projectUnknown: true });
    const disagreements: string[] = [];
    let unknownAsks = 0;
    for (const e of list) {
      const library = await viaLibrary(e, { trusted: [project] });
      if (library.reason.includes(PROJECT_UNKNOWN)) unknownAsks += 1;
      const pr = e['hook_event_name'] === 'PermissionRequest';
      const expected = pr ? asPermissionRequest(library) : library;
      const got: [string, Outcome][] = [
        ['hook', await viaHook(e, { SHELL: '/bin/zsh' }, { project })],
        ['serve', await viaServe(e)],
        ['gate', pr ? asPermissionRequest(await viaGate(gateOf, e)) : await viaGate(gateOf, e)],
      ];
      for (const [who, o] of got) {
        if (o.behavior !== expected.behavior || o.reason !== expected.reason)
          disagreements.push(
            `${who} on ${String(e['tool_name'])} ${JSON.stringify(e['tool_input'])} ${String(e['permission_mode'])}: ${o.behavior} "${o.reason}" — library: ${expected.behavior} "${expected.reason}"`,
          );
      }
      // No project's files are read: the project's deny rule for .env does not apply, and nothing is allowed.
      expect(library.behavior).not.toBe('allow');
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    expect(unknownAsks).toBeGreaterThan(0);
  }, 600_000);
});

describe('the hook process', () => {
  it('takes the project from CLAUDE_PROJECT_DIR in its environment, wherever the shell is; without it the project is unknown', () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-door-home-')));
    const hook = (env: Record<string, string | undefined>, command: string) => {
      const e = {
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command },
        cwd: outside,
        transcript_path: '/tmp/t.jsonl',
      };
      const r = spawnSync(process.execPath, programArgs('toolgate', ['hook', '--home', sb.home, '--no-cache']), {
        input: JSON.stringify(e),
        encoding: 'utf8',
        env: { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: undefined, SHELL: '/bin/zsh', ...env },
      });
      return fromReply('PreToolUse', JSON.parse(r.stdout) as Record<string, unknown>);
    };
    try {
      // The project's deny rule holds although the shell has left the project; without the project, the user's allow rule asks.
      expect(hook({ CLAUDE_PROJECT_DIR: project }, 'rm -rf build').behavior).toBe('deny');
      const lost = hook({}, 'make help');
      expect(lost.behavior).toBe('ask');
      expect(lost.reason).toContain(PROJECT_UNKNOWN);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
