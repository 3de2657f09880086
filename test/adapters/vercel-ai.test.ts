import { describe, expect, it } from 'vitest';
import { generateText, simulateReadableStream, streamText, tool, type ModelMessage, type ToolApprovalResponse, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createGate } from '../../src/gate/index.js';
import { gateTools } from '../../src/adapters/vercel-ai/index.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const callsWithIds = (...pairs: [id: string, command: string][]) => ({
  content: pairs.map(([toolCallId, command]) => ({
    type: 'tool-call' as const,
    toolCallId,
    toolName: 'bash',
    input: JSON.stringify({ command }),
  })),
  finishReason: { unified: 'tool-calls' as const, raw: undefined },
  usage,
  warnings: [],
});
const calls = (...commands: string[]) => callsWithIds(...commands.map((c, i): [string, string] => [`c${i + 1}`, c]));
const text = {
  content: [{ type: 'text' as const, text: 'ok' }],
  finishReason: { unified: 'stop' as const, raw: undefined },
  usage,
  warnings: [],
};

const permissions = { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] };

function setup(hookRewrite = false, extraDeny: string[] = []) {
  const ran: string[] = [];
  const gate = createGate({
    policy: [{ kind: 'projectSettings', settings: { permissions: { ...permissions, deny: [...permissions.deny, ...extraDeny] } } }],
    cwd: '/p',
    home: '/h',
    mode: 'default',
    ...(hookRewrite
      ? {
          hookCallbacks: {
            PreToolUse: [
              {
                hooks: [
                  async (input: Record<string, unknown>) => {
                    const c = (input['tool_input'] as { command: string }).command;
                    return c === 'echo raw'
                      ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo cooked' } } }
                      : {};
                  },
                ],
              },
            ],
          },
        }
      : {}),
  });
  const bash = tool({
    inputSchema: z.object({ command: z.string() }),
    execute: async ({ command }) => (ran.push(command), `ran ${command}`),
  });
  return { gate, ran, bash };
}

const approvals = (content: readonly { type: string }[], approve: (command: string) => boolean): ToolApprovalResponse[] =>
  content.flatMap((p) => {
    if (p.type !== 'tool-approval-request') return [];
    const part = p as unknown as { approvalId: string; toolCall: { input: { command: string } } };
    return [
      {
        type: 'tool-approval-response' as const,
        approvalId: part.approvalId,
        approved: approve(part.toolCall.input.command),
        reason: 'person said no',
      },
    ];
  });

describe('gateTools (ai v6)', () => {
  it('an allow runs with the input toolgate says must run (a hook rewrite)', async () => {
    const { gate, ran, bash } = setup(true);
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const r = await generateText({ model: new MockLanguageModelV3({ doGenerate: [calls('echo raw')] }), tools: gated.tools, prompt: 'x' });
    expect(ran).toEqual(['echo cooked']);
    expect(r.toolResults[0]?.output).toBe('ran echo cooked');
  });

  it('a deny never runs and comes back as a tool error with the reason', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const model = new MockLanguageModelV3({ doGenerate: [calls('rm -rf /tmp/x'), text] });
    await generateText({ model, tools: gated.tools, prompt: 'x', stopWhen: () => model.doGenerateCalls.length >= 2 });
    expect(ran).toEqual([]);
    const toolMsg = model.doGenerateCalls[1]?.prompt.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMsg)).toContain('error-text');
    expect(JSON.stringify(toolMsg)).toContain('Bash(rm *)');
  });

  it('an ask is an approval request; approved runs (resumed through the gate), refused reaches the model as execution-denied', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const model = new MockLanguageModelV3({ doGenerate: [calls('git push origin a', 'git push origin b'), text] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'x' }];
    const first = await generateText({ model, tools: gated.tools, messages });
    expect(ran).toEqual([]);
    expect(first.content.filter((p) => p.type === 'tool-approval-request')).toHaveLength(2);
    expect(gated.pendingAsk('c1')?.reason.message).toContain('Bash(git push *)');
    messages.push(...first.response.messages, { role: 'tool', content: approvals(first.content, (c) => c.endsWith('a')) });
    await generateText({ model, tools: gated.tools, messages });
    expect(ran).toEqual(['git push origin a']);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('execution-denied');
  });

  it('an approval with an edited input (setAnswer) is gated again: a deny rule still wins', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const model = new MockLanguageModelV3({ doGenerate: [calls('git push origin a'), text] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'x' }];
    const first = await generateText({ model, tools: gated.tools, messages });
    gated.setAnswer('c1', { behavior: 'allow', updatedInput: { command: 'rm -rf /' } });
    messages.push(...first.response.messages, { role: 'tool', content: approvals(first.content, () => true) });
    await generateText({ model, tools: gated.tools, messages });
    expect(ran).toEqual([]);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('Bash(rm *)');
  });

  it('an approval is recognised from the messages by a process that never saw the ask', async () => {
    const a = setup();
    const first = await generateText({
      model: new MockLanguageModelV3({ doGenerate: [calls('git push origin a')] }),
      tools: gateTools(a.gate, { bash: a.bash }, { toolNames: { bash: 'Bash' } }).tools,
      prompt: 'x',
    });
    const b = setup();
    const messages: ModelMessage[] = [
      { role: 'user', content: 'x' },
      ...first.response.messages,
      { role: 'tool', content: approvals(first.content, () => true) },
    ];
    await generateText({
      model: new MockLanguageModelV3({ doGenerate: [text] }),
      tools: gateTools(b.gate, { bash: b.bash }, { toolNames: { bash: 'Bash' } }).tools,
      messages,
    });
    expect(b.ran).toEqual(['git push origin a']);
  });
});

const toolMessages = (prompt: readonly { role: string; content: unknown }[] | undefined) =>
  JSON.stringify((prompt ?? []).filter((m) => m.role === 'tool'));

describe('gateTools: remembered checks are per request, call id and input (regression)', () => {
  it('two overlapping requests reuse call_0: the approved input runs, the other never does', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    // Conversation A: call_0 is `git push origin main`; the person approves it.
    const modelA = new MockLanguageModelV3({ doGenerate: [callsWithIds(['call_0', 'git push origin main']), text] });
    const messagesA: ModelMessage[] = [{ role: 'user', content: 'a' }];
    const a1 = await generateText({ model: modelA, tools: gated.tools, messages: messagesA });
    messagesA.push(...a1.response.messages, { role: 'tool', content: approvals(a1.content, () => true) });
    // Conversation B's provider numbers its call call_0 too, with an input nobody approved. Its
    // request runs while A's approved call is between `needsApproval` and `execute`.
    const modelB = new MockLanguageModelV3({ doGenerate: [callsWithIds(['call_0', 'git push --force origin main'])] });
    let b1: { content: readonly { type: string }[] } | undefined;
    await generateText({
      model: modelA,
      tools: gated.tools,
      messages: messagesA,
      experimental_onToolCallStart: async () => {
        b1 ??= await generateText({ model: modelB, tools: gated.tools, prompt: 'b' });
      },
    });
    expect(b1?.content.filter((p) => p.type === 'tool-approval-request')).toHaveLength(1);
    expect(ran).toEqual(['git push origin main']);
    expect(gated.pendingAsk('call_0', { command: 'git push --force origin main' })?.call.input).toEqual({
      command: 'git push --force origin main',
    });
  });

  it('an approval in the messages is for the call id and the input: a later call reusing the id is gated afresh', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const model = new MockLanguageModelV3({
      doGenerate: [callsWithIds(['call_0', 'git push origin main']), callsWithIds(['call_0', 'git push --force origin main']), text],
    });
    const messages: ModelMessage[] = [{ role: 'user', content: 'x' }];
    const first = await generateText({ model, tools: gated.tools, messages });
    messages.push(...first.response.messages, { role: 'tool', content: approvals(first.content, () => true) });
    const second = await generateText({ model, tools: gated.tools, messages, stopWhen: () => false });
    expect(ran).toEqual(['git push origin main']);
    expect(
      second.content.filter((p) => p.type === 'tool-approval-request').map((p) => (p as { toolCall: { input: unknown } }).toolCall.input),
    ).toEqual([{ command: 'git push --force origin main' }]);
  });

  it('setAnswer is bound to the input of the ask it answers', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const modelA = new MockLanguageModelV3({ doGenerate: [callsWithIds(['call_0', 'git push origin a']), text] });
    const messagesA: ModelMessage[] = [{ role: 'user', content: 'a' }];
    const a1 = await generateText({ model: modelA, tools: gated.tools, messages: messagesA });
    // Another conversation's call_0 is shown last; the host answers that one with a deny.
    await generateText({
      model: new MockLanguageModelV3({ doGenerate: [callsWithIds(['call_0', 'git push origin b'])] }),
      tools: gated.tools,
      prompt: 'b',
    });
    gated.setAnswer('call_0', { behavior: 'deny', message: 'not b' });
    messagesA.push(...a1.response.messages, { role: 'tool', content: approvals(a1.content, () => true) });
    await generateText({ model: modelA, tools: gated.tools, messages: messagesA });
    expect(ran).toEqual(['git push origin a']);
  });
});

describe('gateTools: approvals, rewrites, restarts', () => {
  it('an approval already in the messages makes needsApproval say yes again when toolgate now allows (mode change)', async () => {
    const ran: string[] = [];
    const gate = createGate({ policy: [{ kind: 'projectSettings', settings: {} }], cwd: '/p', home: '/h', mode: 'default' });
    const write = tool({
      inputSchema: z.object({ file_path: z.string(), content: z.string() }),
      execute: async ({ file_path }) => (ran.push(file_path), 'written'),
    });
    const gated = gateTools(gate, { write }, { toolNames: { write: 'Write' } });
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          ...calls(),
          content: [
            { type: 'tool-call', toolCallId: 'w1', toolName: 'write', input: JSON.stringify({ file_path: '/p/a.txt', content: 'x' }) },
          ],
        },
        text,
      ],
    });
    const messages: ModelMessage[] = [{ role: 'user', content: 'x' }];
    const first = await generateText({ model, tools: gated.tools, messages });
    expect(gated.pendingAsk('w1')?.askKind).toBeDefined();
    expect(gate.setMode('acceptEdits').ok).toBe(true); // edits inside the working directory now run
    const request = first.content.find((p) => p.type === 'tool-approval-request');
    messages.push(...first.response.messages, {
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: true }],
    });
    await generateText({ model, tools: gated.tools, messages });
    expect(ran).toEqual(['/p/a.txt']);
    expect(toolMessages(model.doGenerateCalls[1]?.prompt)).not.toContain('execution-denied');
  });

  it('after a rewrite the tool-call and tool-result parts show the input that ran', async () => {
    const { gate, bash } = setup(true);
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const r = await generateText({ model: new MockLanguageModelV3({ doGenerate: [calls('echo raw')] }), tools: gated.tools, prompt: 'x' });
    expect(r.toolResults[0]?.input).toEqual({ command: 'echo cooked' });
    expect(r.toolCalls[0]?.input).toEqual({ command: 'echo cooked' });
  });

  it('the reason and kind of a pending ask survive a restart (saveAsks / restoreAsks)', async () => {
    const a = setup();
    const gatedA = gateTools(a.gate, { bash: a.bash }, { toolNames: { bash: 'Bash' } });
    await generateText({ model: new MockLanguageModelV3({ doGenerate: [calls('git push origin a')] }), tools: gatedA.tools, prompt: 'x' });
    const saved = JSON.parse(JSON.stringify(gatedA.saveAsks())) as unknown[];
    const b = setup();
    const gatedB = gateTools(b.gate, { bash: b.bash }, { toolNames: { bash: 'Bash' } });
    expect(gatedB.pendingAsk('c1')).toBeUndefined();
    expect(gatedB.restoreAsks([...saved, { version: 2 }])).toEqual({
      restored: 1,
      problems: [{ index: 1, message: 'asks[1]: expected "version": 1' }],
    });
    expect(gatedB.pendingAsk('c1')).toMatchObject({ askKind: 'firm', reason: { kind: 'rule' } });
    expect(gatedB.pendingAsk('c1')?.reason.message).toContain('Bash(git push *)');
  });

  it('tools a bare deny rule removes are not offered to the model; calls to them never run', async () => {
    const ran: string[] = [];
    const gate = createGate({
      policy: [{ kind: 'projectSettings', settings: { permissions: { deny: ['WebFetch'] } } }],
      cwd: '/p',
      home: '/h',
      mode: 'default',
    });
    const fetcher = tool({ inputSchema: z.object({ url: z.string() }), execute: async ({ url }) => (ran.push(url), 'page') });
    const reader = tool({ inputSchema: z.object({ file_path: z.string() }), execute: async () => 'text' });
    const gated = gateTools(gate, { fetcher, reader }, { toolNames: { fetcher: 'WebFetch', reader: 'Read' } });
    expect(gated.removed).toEqual(['fetcher']);
    expect(Object.keys(gated.tools)).toEqual(['reader']);
    const model = new MockLanguageModelV3({ doGenerate: [text] });
    await generateText({ model, tools: gated.tools, prompt: 'x' });
    expect((model.doGenerateCalls[0]?.tools ?? []).map((t) => t.name)).toEqual(['reader']);
  });
});

describe('gateTools: client-side tools (no execute)', () => {
  function client() {
    const gate = createGate({ policy: [{ kind: 'projectSettings', settings: { permissions } }], cwd: '/p', home: '/h', mode: 'default' });
    // Typed as a plain ToolSet: `ai`'s own types reject a tool without `execute` in `generateText`
    // under `exactOptionalPropertyTypes`.
    const shell: ToolSet = { bash: tool({ inputSchema: z.object({ command: z.string() }) }) as ToolSet[string] };
    return { gate, gated: gateTools(gate, shell, { toolNames: { bash: 'Bash' } }) };
  }

  it('a deny is never an approval request: the call comes back as a tool call and denied() says why', async () => {
    const { gated } = client();
    const r = await generateText({
      model: new MockLanguageModelV3({ doGenerate: [calls('rm -rf build', 'git push origin a', 'echo hi')] }),
      tools: gated.tools,
      prompt: 'x',
    });
    const requests = r.content
      .filter((p) => p.type === 'tool-approval-request')
      .map((p) => (p as { toolCall: { toolCallId: string } }).toolCall.toolCallId);
    expect(requests).toEqual(['c2']);
    expect(gated.denied('c1')).toMatchObject({ reason: { kind: 'rule' }, rule: { text: 'Bash(rm *)', list: 'deny' } });
    expect(gated.denied('c1')?.message).toContain('Bash(rm *)');
    expect(gated.pendingAsk('c1')).toBeUndefined();
    expect(gated.denied('c2')).toBeUndefined();
    expect(gated.pendingAsk('c2')?.reason.message).toContain('Bash(git push *)');
    expect(gated.denied('c3')).toBeUndefined();
    expect(gated.pendingAsk('c3')).toBeUndefined();
  });

  it('an approved client-side ask is resumed through the gate when the AI SDK reads the approval: a deny answer refuses it', async () => {
    const { gated } = client();
    const model = new MockLanguageModelV3({ doGenerate: [calls('git push origin a'), text] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'x' }];
    const first = await generateText({ model, tools: gated.tools, messages });
    gated.setAnswer('c1', { behavior: 'allow', updatedInput: { command: 'rm -rf /' } });
    messages.push(...first.response.messages, { role: 'tool', content: approvals(first.content, () => true) });
    await generateText({ model, tools: gated.tools, messages });
    expect(gated.denied('c1')?.rule?.text).toBe('Bash(rm *)');
    expect(toolMessages(model.doGenerateCalls[1]?.prompt)).toContain('execution-denied');
  });
});

describe('gateTools with streamText', () => {
  const streamed = (...pairs: [id: string, command: string][]) => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        ...pairs.map(([toolCallId, command]) => ({
          type: 'tool-call' as const,
          toolCallId,
          toolName: 'bash',
          input: JSON.stringify({ command }),
        })),
        { type: 'finish' as const, finishReason: { unified: 'tool-calls' as const, raw: undefined }, usage },
      ],
    }),
  });
  const streamedText = () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't' },
        { type: 'text-delta' as const, id: 't', delta: 'ok' },
        { type: 'text-end' as const, id: 't' },
        { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage },
      ],
    }),
  });

  it('overlapping streams reuse call_0: the approved input runs, the other never does', async () => {
    const { gate, ran, bash } = setup();
    const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });
    const modelA = new MockLanguageModelV3({ doStream: [streamed(['call_0', 'git push origin main']), streamedText()] });
    const messagesA: ModelMessage[] = [{ role: 'user', content: 'a' }];
    const a1 = streamText({ model: modelA, tools: gated.tools, messages: messagesA });
    const a1content = await a1.content;
    expect(a1content.filter((p) => p.type === 'tool-approval-request')).toHaveLength(1);
    messagesA.push(...(await a1.response).messages, { role: 'tool', content: approvals(a1content, () => true) });
    const modelB = new MockLanguageModelV3({ doStream: [streamed(['call_0', 'git push --force origin main'])] });
    let b1: readonly { type: string }[] | undefined;
    const a2 = streamText({
      model: modelA,
      tools: gated.tools,
      messages: messagesA,
      experimental_onToolCallStart: async () => {
        b1 ??= await streamText({ model: modelB, tools: gated.tools, prompt: 'b' }).content;
      },
    });
    await a2.consumeStream();
    expect(b1?.filter((p) => p.type === 'tool-approval-request')).toHaveLength(1);
    expect(ran).toEqual(['git push origin main']);
  });
});
