import { describe, expect, it } from 'vitest';
import { generateText, tool, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createGate } from '../../src/gate/index.js';
import { gateTools } from '../../src/adapters/vercel-ai/index.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const calls = (...commands: string[]) => ({
  content: commands.map((command, i) => ({ type: 'tool-call' as const, toolCallId: `c${i + 1}`, toolName: 'bash', input: JSON.stringify({ command }) })),
  finishReason: { unified: 'tool-calls' as const, raw: undefined },
  usage,
  warnings: [],
});
const text = { content: [{ type: 'text' as const, text: 'ok' }], finishReason: { unified: 'stop' as const, raw: undefined }, usage, warnings: [] };

function setup(hookRewrite = false) {
  const ran: string[] = [];
  const gate = createGate({
    policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } } }],
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
                    return c === 'echo raw' ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo cooked' } } } : {};
                  },
                ],
              },
            ],
          },
        }
      : {}),
  });
  const bash = tool({ inputSchema: z.object({ command: z.string() }), execute: async ({ command }) => (ran.push(command), `ran ${command}`) });
  return { gate, ran, bash };
}

const approvals = (content: readonly { type: string }[], approve: (command: string) => boolean): ToolApprovalResponse[] =>
  content.flatMap((p) => {
    if (p.type !== 'tool-approval-request') return [];
    const part = p as unknown as { approvalId: string; toolCall: { input: { command: string } } };
    return [{ type: 'tool-approval-response' as const, approvalId: part.approvalId, approved: approve(part.toolCall.input.command), reason: 'person said no' }];
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
    const first = await generateText({ model: new MockLanguageModelV3({ doGenerate: [calls('git push origin a')] }), tools: gateTools(a.gate, { bash: a.bash }, { toolNames: { bash: 'Bash' } }).tools, prompt: 'x' });
    const b = setup();
    const messages: ModelMessage[] = [{ role: 'user', content: 'x' }, ...first.response.messages, { role: 'tool', content: approvals(first.content, () => true) }];
    await generateText({ model: new MockLanguageModelV3({ doGenerate: [text] }), tools: gateTools(b.gate, { bash: b.bash }, { toolNames: { bash: 'Bash' } }).tools, messages });
    expect(b.ran).toEqual(['git push origin a']);
  });

  it('a client-side tool (no execute) needs approval for everything toolgate does not allow', async () => {
    const { gate } = setup();
    const client = tool({ inputSchema: z.object({ command: z.string() }) });
    const gated = gateTools(gate, { client }, { toolNames: () => 'Bash' });
    const na = gated.tools.client!.needsApproval as (i: unknown, o: { toolCallId: string; messages: ModelMessage[] }) => Promise<boolean>;
    expect(await na({ command: 'echo hi' }, { toolCallId: 'a', messages: [] })).toBe(false);
    expect(await na({ command: 'rm x' }, { toolCallId: 'b', messages: [] })).toBe(true);
  });
});
