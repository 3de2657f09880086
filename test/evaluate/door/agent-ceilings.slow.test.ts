/**
 * Sub-agent ceilings through every front end: the same sub-agent events (after its session's main
 * agent was seen in its mode) go through the library (`callAndContext` with the parent's mode),
 * `toolgate hook` (the parent's mode kept per session in its cache directory), `toolgate serve`
 * (kept in memory), the gate (its view is the parent) and the Claude Agent SDK adapter, and each
 * gives the same decision with the same reason — never more than the main agent would get.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAgentSdkOptions } from '../../../src/adapters/claude-agent-sdk/index.js';
import { answerHookEvent } from '../../../src/cli/hook.js';
import type { Behavior } from '../../../src/core/types.js';
import { callAndContext, evaluateAsync, readToolEvent, sanitizedPath, type ProjectFinding } from '../../../src/evaluate/index.js';
import { createGate } from '../../../src/gate/node.js';
import { loadSessionFacts, loadSessionPolicy } from '../../../src/node/index.js';
import type { Running, Sandbox } from '../../serve/helpers.js';
import { fromGate, managedPaths, serveProject, type Event, type Outcome, type ServedProject } from '../../support/front-ends.js';

let served: ServedProject;
let sb: Sandbox;
let s: Running;
let project: string;
let outside: string;
let cache: string;

beforeAll(async () => {
  served = await serveProject(
    {
      permissions: { allow: ['Bash(npm test)'], ask: ['Bash(git push *)'] },
      $toolgate: { agents: { Explore: { deny: ['Bash(npm test)'], allow: ['Edit(src/**)'] }, '*': { ask: ['WebFetch'] } } },
    },
    { dirs: ['proj/src'], files: { 'proj/README.md': '# p', 'outside/x.txt': 'x' } },
  );
  ({ sb, s, project } = served);
  outside = join(sb.root, 'outside');
  cache = join(sb.root, 'cache');
});
afterAll(() => served.stop());

const calls = (): [string, Record<string, unknown>][] => [
  ['Bash', { command: 'npm test' }],
  ['Bash', { command: 'git push origin main' }],
  ['Bash', { command: 'ls' }],
  ['Edit', { file_path: join(project, 'src', 'a.ts'), old_string: 'a', new_string: 'b' }],
  ['Edit', { file_path: join(project, 'README.md'), old_string: 'a', new_string: 'b' }],
  ['Read', { file_path: join(outside, 'x.txt') }],
  ['WebFetch', { url: 'https://example.com', prompt: 'p' }],
];

/** Parent mode × the sub-agent's requested mode × agent type × call; each session's main agent seen first. */
function sessions(): { parent: string; main: Event; subs: Event[] }[] {
  const out: { parent: string; main: Event; subs: Event[] }[] = [];
  let n = 0;
  for (const parent of ['default', 'acceptEdits', 'bypassPermissions', 'plan'])
    for (const requested of ['default', 'acceptEdits', 'bypassPermissions']) {
      const session = `ceil-${parent}-${requested}`;
      const common = {
        session_id: session,
        transcript_path: join(sb.home, '.claude', 'projects', sanitizedPath(project), `${session}.jsonl`),
        cwd: project,
        hook_event_name: 'PreToolUse',
      };
      const main = {
        ...common,
        permission_mode: parent,
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_use_id: `toolu_main_${session}`,
      };
      const subs: Event[] = [];
      for (const agent of [
        { agent_id: 'a-7', agent_type: 'Explore' },
        { agent_id: 'a-8', agent_type: 'general-purpose' },
      ])
        for (const [tool, input] of calls())
          subs.push({
            ...common,
            permission_mode: requested,
            tool_name: tool,
            tool_input: input,
            tool_use_id: `toolu_${(n += 1)}`,
            ...agent,
          });
      out.push({ parent, main, subs });
    }
  return out;
}

function fromReply(reply: Record<string, unknown>): Outcome {
  const out = reply['hookSpecificOutput'] as Record<string, unknown> | undefined;
  const strip = (r: unknown) =>
    String(r ?? '')
      .replace(/^toolgate: /, '')
      .replace(/ \((?:allow|ask|deny) rule .*\)$/, '');
  return { behavior: String(out?.['permissionDecision']), reason: strip(out?.['permissionDecisionReason']) };
}

async function viaLibrary(e: Event, parentMode: string | undefined): Promise<Outcome> {
  const read = readToolEvent(e);
  if (!read.ok) throw new Error(read.message);
  const loaded = await loadSessionFacts(read.event, {
    home: sb.home,
    declared: project,
    loadPolicy: (p: ProjectFinding) => loadSessionPolicy(p, { home: sb.home, managedPaths, isProjectTrusted: (d) => d === project }),
  });
  const { call, context } = callAndContext(read.event, { ...loaded, ...(parentMode !== undefined ? { parentMode } : {}) });
  const d = await evaluateAsync(call, context);
  return { behavior: d.behavior, reason: d.reason.message };
}

const viaHook = async (e: Event) =>
  fromReply(
    (
      await answerHookEvent(
        JSON.stringify(e),
        { home: sb.home, cache: false },
        { CLAUDE_PROJECT_DIR: project, SHELL: '/bin/bash', TOOLGATE_CACHE_DIR: cache },
        sb.root,
      )
    ).reply,
  );

const RANK: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };

describe('sub-agent ceilings: every front end', () => {
  it('decides a sub-agent event the same way, never more permissive than its parent', async () => {
    const policy = await loadSessionPolicy({ known: true, dir: project, via: 'declared' }, { home: sb.home, managedPaths });
    const disagreements: string[] = [];
    const looser: string[] = [];
    const seen = new Set<string>();
    let capped = 0;
    for (const { parent, main, subs } of sessions()) {
      // The main agent's event: each front end learns the session's mode from it.
      await viaHook(main);
      await s.hook(main);
      const gate = createGate({ policy, cwd: project, home: sb.home, projectDir: project, mode: parent as 'default', hooks: [] });
      const sdk = toAgentSdkOptions(gate).hooks.PreToolUse?.[0]?.hooks[0];
      if (sdk === undefined) throw new Error('no PreToolUse hook');
      for (const e of subs) {
        const library = await viaLibrary(e, parent);
        const asParent = await viaLibrary({ ...e, agent_id: undefined, agent_type: undefined, permission_mode: parent }, undefined);
        seen.add(library.behavior);
        if (RANK[library.behavior as Behavior] < RANK[asParent.behavior as Behavior])
          looser.push(`${JSON.stringify(e)}: ${library.behavior} vs parent ${asParent.behavior}`);
        if (library.reason.includes('a sub-agent gets no more than its parent')) capped += 1;
        const read = readToolEvent(e);
        if (!read.ok) throw new Error(read.message);
        const got: [string, Outcome][] = [
          ['hook', await viaHook(e)],
          ['serve', fromReply((await s.hook(e)).body)],
          [
            'gate',
            fromGate(
              await gate.check(read.event.call, {
                cwd: project,
                ...(read.event.agent !== undefined ? { agent: read.event.agent } : {}),
                agentMode: String(e['permission_mode']),
              }),
            ),
          ],
          [
            'agent sdk',
            fromReply(
              (await sdk(e as never, e['tool_use_id'] as string, { signal: new AbortController().signal })) as Record<string, unknown>,
            ),
          ],
        ];
        for (const [who, o] of got) {
          if (o.behavior !== library.behavior || o.reason !== library.reason) {
            disagreements.push(
              `${who} on ${String(e['agent_type'])} ${String(e['tool_name'])} ${JSON.stringify(e['tool_input'])} parent ${parent} asks ${String(e['permission_mode'])}: ${o.behavior} "${o.reason}" — library: ${library.behavior} "${library.reason}"`,
            );
          }
        }
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    expect(looser).toEqual([]);
    // The events reach every answer and the ceiling applies, so agreeing is not agreeing on one.
    expect([...seen].sort()).toEqual(['allow', 'ask', 'deny']);
    expect(capped).toBeGreaterThan(0);
  }, 600_000);

  it('a main-agent event in a more permissive mode, sent by anyone, never lifts the ceiling: hook and serve agree', async () => {
    // Anyone who may ask for a decision (the hook token, a loopback caller, a made-up stdin for
    // toolgate hook) can send a main-agent event naming bypassPermissions; the record keeps the
    // least permissive mode seen in the session.
    const common = {
      session_id: 'forged-raise',
      cwd: project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    };
    for (const mode of ['default', 'bypassPermissions']) {
      const main = { ...common, permission_mode: mode, tool_use_id: `toolu_main_${mode}` };
      await viaHook(main);
      await s.hook(main);
    }
    const e = {
      ...common,
      permission_mode: 'bypassPermissions',
      tool_name: 'Edit',
      tool_input: calls()[4]![1],
      tool_use_id: 'toolu_forged',
      agent_id: 'a-10',
      agent_type: 'general-purpose',
    };
    const underDefault = await viaLibrary(e, 'default');
    expect(underDefault.behavior).toBe('ask');
    expect(await viaHook(e)).toEqual(underDefault);
    expect(fromReply((await s.hook(e)).body)).toEqual(underDefault);
  });

  it('a sub-agent whose parent was never seen is capped as under a default parent', async () => {
    const e = {
      session_id: 'never-seen',
      cwd: project,
      hook_event_name: 'PreToolUse',
      permission_mode: 'bypassPermissions',
      tool_name: 'Edit',
      tool_input: calls()[4]![1],
      tool_use_id: 'toolu_x',
      agent_id: 'a-9',
      agent_type: 'general-purpose',
    };
    const library = await viaLibrary(e, undefined);
    expect(library.behavior).toBe('ask');
    expect(await viaHook(e)).toEqual(library);
    expect(fromReply((await s.hook(e)).body)).toEqual(library);
  });
});
