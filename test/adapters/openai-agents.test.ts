import { describe, expect, it } from 'vitest';
import {
  Agent,
  run,
  RunState,
  setTracingDisabled,
  tool,
  ToolCallError,
  ToolInputGuardrailTripwireTriggered,
  Usage,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { z } from 'zod';
import { createGate } from '../../src/gate/index.js';
import { gateAgentTools } from '../../src/adapters/openai-agents/index.js';

setTracingDisabled(true);

/** A scripted model: each request gets the next turn's calls (`[callId, command]`), then a final text. */
class Scripted implements Model {
  requests: ModelRequest[] = [];
  private readonly turns: [string, string][][];
  constructor(commands: string[] | [string, string][][]) {
    this.turns =
      commands.length > 0 && Array.isArray(commands[0])
        ? (commands as [string, string][][])
        : [(commands as string[]).map((c, i): [string, string] => [`c${i + 1}`, c])];
  }
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const turn = this.turns[this.requests.length - 1];
    const output =
      turn !== undefined
        ? turn.map(([callId, command]) => ({
            type: 'function_call' as const,
            callId,
            name: 'sh',
            arguments: JSON.stringify({ command }),
            status: 'completed' as const,
          }))
        : [
            {
              type: 'message' as const,
              role: 'assistant' as const,
              status: 'completed' as const,
              content: [{ type: 'output_text' as const, text: 'done' }],
            },
          ];
    return { usage: new Usage(), output };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not scripted');
  }
}

function setup(commands: string[] | [string, string][][], rewrite = false) {
  const ran: string[] = [];
  const gate = createGate({
    policy: [
      { kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } } },
    ],
    cwd: '/p',
    home: '/h',
    mode: 'default',
    ...(rewrite
      ? {
          hookCallbacks: {
            PreToolUse: [
              {
                hooks: [
                  async (input: Record<string, unknown>) =>
                    (input['tool_input'] as { command: string }).command === 'echo raw'
                      ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo cooked' } } }
                      : {},
                ],
              },
            ],
          },
        }
      : {}),
  });
  const sh = tool({
    name: 'sh',
    description: 'shell',
    parameters: z.object({ command: z.string() }),
    execute: async ({ command }) => (ran.push(command), `ran ${command}`),
  });
  const model = new Scripted(commands);
  const make = () => {
    const gated = gateAgentTools(gate, [sh], { toolNames: { sh: 'Bash' } });
    return { gated, agent: new Agent({ name: 'a', model, tools: gated.tools }) };
  };
  return { ran, model, make };
}

const outputs = (req: ModelRequest | undefined) =>
  Object.fromEntries(
    (Array.isArray(req?.input) ? req.input : []).flatMap((i) =>
      i.type === 'function_call_result' ? [[i.callId, JSON.stringify(i.output)]] : [],
    ),
  );

describe('gateAgentTools (@openai/agents)', () => {
  it('allow runs with the input toolgate says must run; deny is a guardrail rejection the model reads', async () => {
    const { ran, model, make } = setup(['echo raw', 'rm -rf /'], true);
    const { agent } = make();
    const r = await run(agent, 'go');
    expect(ran).toEqual(['echo cooked']);
    expect(r.interruptions).toHaveLength(0);
    const seen = outputs(model.requests[1]);
    expect(seen['c1']).toContain('ran echo cooked');
    expect(seen['c2']).toContain('Bash(rm *)');
  });

  it('an ask interrupts; approve resumes through the gate; reject sends the message', async () => {
    const { ran, model, make } = setup(['git push a', 'git push b']);
    const { agent, gated } = make();
    const first = await run(agent, 'go');
    expect(first.interruptions).toHaveLength(2);
    expect(gated.pendingAsk('c1')?.reason.message).toContain('Bash(git push *)');
    const [a, b] = first.interruptions;
    first.state.approve(a!);
    first.state.reject(b!, { message: 'not b' });
    await run(agent, first.state);
    expect(ran).toEqual(['git push a']);
    expect(outputs(model.requests[1])['c2']).toContain('not b');
  });

  it('an approval with an edited input (setAnswer) is gated again: the deny rule wins', async () => {
    const { ran, model, make } = setup(['git push a']);
    const { agent, gated } = make();
    const first = await run(agent, 'go');
    gated.setAnswer('c1', { behavior: 'allow', updatedInput: { command: 'rm -rf /' } });
    first.state.approve(first.interruptions[0]!);
    await run(agent, first.state);
    expect(ran).toEqual([]);
    expect(outputs(model.requests[1])['c1']).toContain('Bash(rm *)');
  });

  it('a run state resumed by a fresh adapter (another process) is gated again and the approval honoured', async () => {
    const { ran, make } = setup(['git push a']);
    const one = make();
    const first = await run(one.agent, 'go');
    const saved = first.state.toString();
    const two = make();
    const state = await RunState.fromString(two.agent, saved);
    state.approve(state.getInterruptions()[0]!);
    await run(two.agent, state);
    expect(ran).toEqual(['git push a']);
  });
});

describe('gateAgentTools: stopping the run', () => {
  it('an interrupting denial trips the wire: run() rejects with ToolCallError wrapping ToolInputGuardrailTripwireTriggered', async () => {
    const { ran, make } = setup(['git push a']);
    const { agent, gated } = make();
    const first = await run(agent, 'go');
    gated.setAnswer('c1', { behavior: 'deny', message: 'stop everything', interrupt: true });
    first.state.approve(first.interruptions[0]!);
    const thrown = await run(agent, first.state).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(ToolCallError);
    expect((thrown as ToolCallError).error).toBeInstanceOf(ToolInputGuardrailTripwireTriggered);
    expect(((thrown as ToolCallError).error as ToolInputGuardrailTripwireTriggered).result.output.outputInfo).toEqual({
      message: 'stop everything',
    });
    expect(ran).toEqual([]);
  });
});

describe('gateAgentTools: remembered checks are per run, call id and input (regression)', () => {
  it('two runs share the tools and call_0: approving run A never runs run B’s unapproved input', async () => {
    const { ran, make } = setup([]);
    const { gated } = make();
    const ask = (command: string) => new Agent({ name: 'a', model: new Scripted([[['call_0', command]]]), tools: gated.tools });
    const agentA = ask('git push origin main');
    const agentB = ask('git push --force origin main');
    const a1 = await run(agentA, 'a');
    const b1 = await run(agentB, 'b');
    expect(a1.interruptions).toHaveLength(1);
    expect(b1.interruptions).toHaveLength(1);
    a1.state.approve(a1.interruptions[0]!);
    await run(agentA, a1.state);
    expect(ran).toEqual(['git push origin main']);
    expect(gated.pendingAsk('call_0', b1.interruptions[0]!.arguments)?.call.input).toEqual({ command: 'git push --force origin main' });
    // Run B was never approved: resuming it without an approval runs nothing.
    const b2 = await run(agentB, b1.state);
    expect(b2.interruptions).toHaveLength(1);
    expect(ran).toEqual(['git push origin main']);
  });

  it('within one run, an approval the SDK keeps for a reused call id does not approve another input', async () => {
    const { ran, model, make } = setup([[['call_0', 'git push origin main']], [['call_0', 'git push --force origin main']]]);
    const { agent } = make();
    const first = await run(agent, 'go');
    first.state.approve(first.interruptions[0]!);
    await run(agent, first.state);
    expect(ran).toEqual(['git push origin main']);
    expect(outputs(model.requests[2])['call_0']).toContain('the approval given for this call id was for another input');
  });
});

describe('gateAgentTools: removed tools, restarts', () => {
  it('tools a bare deny rule removes are left out of the tool list and the model request', async () => {
    const gate = createGate({
      policy: [{ kind: 'projectSettings', settings: { permissions: { deny: ['WebFetch'] } } }],
      cwd: '/p',
      home: '/h',
      mode: 'default',
    });
    const fetcher = tool({
      name: 'fetch_url',
      description: 'fetch',
      parameters: z.object({ url: z.string() }),
      execute: async () => 'page',
    });
    const reader = tool({
      name: 'read_file',
      description: 'read',
      parameters: z.object({ file_path: z.string() }),
      execute: async () => 'text',
    });
    const gated = gateAgentTools(gate, [fetcher, reader], { toolNames: { fetch_url: 'WebFetch', read_file: 'Read' } });
    expect(gated.removed).toEqual(['fetch_url']);
    expect(gated.tools.map((t) => t.name)).toEqual(['read_file']);
    const model = new Scripted([]);
    await run(new Agent({ name: 'a', model, tools: gated.tools }), 'go');
    expect(model.requests[0]?.tools.map((t) => t.name)).toEqual(['read_file']);
    // A tool removed later in the session is disabled for the next request.
    const g2 = createGate({ policy: [], cwd: '/p', home: '/h', mode: 'default' });
    const later = gateAgentTools(g2, [fetcher, reader], { toolNames: { fetch_url: 'WebFetch', read_file: 'Read' } });
    expect(later.tools).toHaveLength(2);
    await g2.applyUpdates([{ type: 'addRules', rules: [{ toolName: 'WebFetch' }], behavior: 'deny', destination: 'session' }]);
    const model2 = new Scripted([]);
    await run(new Agent({ name: 'b', model: model2, tools: later.tools }), 'go');
    expect(model2.requests[0]?.tools.map((t) => t.name)).toEqual(['read_file']);
  });

  it('the reason and kind of a pending ask survive a restart (saveAsks next to state.toString())', async () => {
    const { make } = setup(['git push a']);
    const one = make();
    const first = await run(one.agent, 'go');
    const saved = { state: first.state.toString(), asks: JSON.stringify(one.gated.saveAsks()) };
    const two = make();
    const state = await RunState.fromString(two.agent, saved.state);
    expect(two.gated.pendingAsk('c1')).toBeUndefined();
    expect(two.gated.restoreAsks(JSON.parse(saved.asks) as unknown[]).restored).toBe(1);
    const item = state.getInterruptions()[0]!;
    expect(two.gated.pendingAsk((item.rawItem as { callId: string }).callId, item.arguments)).toMatchObject({
      askKind: 'firm',
      reason: { kind: 'rule' },
    });
  });
});
