import { describe, expect, it } from 'vitest';
import { Agent, run, RunState, setTracingDisabled, tool, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { z } from 'zod';
import { createGate } from '../../src/gate/index.js';
import { gateAgentTools } from '../../src/adapters/openai-agents/index.js';

setTracingDisabled(true);

class Scripted implements Model {
  requests: ModelRequest[] = [];
  constructor(private readonly commands: string[]) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output =
      this.requests.length === 1
        ? this.commands.map((command, i) => ({ type: 'function_call' as const, callId: `c${i + 1}`, name: 'sh', arguments: JSON.stringify({ command }), status: 'completed' as const }))
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'done' }] }];
    return { usage: new Usage(), output };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not scripted');
  }
}

function setup(commands: string[], rewrite = false) {
  const ran: string[] = [];
  const gate = createGate({
    policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } } }],
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
                    (input['tool_input'] as { command: string }).command === 'echo raw' ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo cooked' } } } : {},
                ],
              },
            ],
          },
        }
      : {}),
  });
  const sh = tool({ name: 'sh', description: 'shell', parameters: z.object({ command: z.string() }), execute: async ({ command }) => (ran.push(command), `ran ${command}`) });
  const model = new Scripted(commands);
  const make = () => {
    const gated = gateAgentTools(gate, [sh], { toolNames: { sh: 'Bash' } });
    return { gated, agent: new Agent({ name: 'a', model, tools: gated.tools }) };
  };
  return { ran, model, make };
}

const outputs = (req: ModelRequest | undefined) =>
  Object.fromEntries((Array.isArray(req?.input) ? req.input : []).flatMap((i) => (i.type === 'function_call_result' ? [[i.callId, JSON.stringify(i.output)]] : [])));

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
  it('an interrupting denial trips the wire', async () => {
    const { ran, make } = setup(['git push a']);
    const { agent, gated } = make();
    const first = await run(agent, 'go');
    gated.setAnswer('c1', { behavior: 'deny', message: 'stop everything', interrupt: true });
    first.state.approve(first.interruptions[0]!);
    await expect(run(agent, first.state)).rejects.toThrow(/guardrail/i);
    expect(ran).toEqual([]);
  });
});
