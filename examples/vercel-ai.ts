/**
 * toolgate with the Vercel AI SDK (`ai` v6) — offline, with a scripted model (`MockLanguageModelV3`).
 *
 * The model asks for four shell calls in one step. toolgate allows `echo`, denies `rm` (the model
 * gets a tool error with the reason) and asks for `git push` — which becomes the AI SDK's own tool
 * approval request. A person approves one push and refuses the other; the second `generateText`
 * call resumes: the approved call is resumed through toolgate (`gate.answer`) and runs, the refused
 * one reaches the model as `execution-denied` with the person's reason.
 *
 * Run: npx tsx examples/vercel-ai.ts
 */
import { generateText, tool, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createGate } from '../src/gate/index.js';
import { gateTools } from '../src/adapters/vercel-ai/index.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const toolCall = (id: string, command: string) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 'bash', input: JSON.stringify({ command }) });

const model = new MockLanguageModelV3({
  doGenerate: [
    {
      content: [toolCall('call_1', 'echo hello'), toolCall('call_2', 'rm -rf build'), toolCall('call_3', 'git push origin main'), toolCall('call_4', 'git push --force origin main')],
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      usage,
      warnings: [],
    },
    { content: [{ type: 'text', text: 'Pushed to main; I will not force-push.' }], finishReason: { unified: 'stop', raw: 'end_turn' }, usage, warnings: [] },
  ],
});

const gate = createGate({
  policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } } }],
  cwd: '/home/user/project',
  home: '/home/user',
  mode: 'default',
});

// The host's tool: it only prints (nothing really runs in this example).
const bash = tool({
  description: 'Run a shell command',
  inputSchema: z.object({ command: z.string() }),
  execute: async ({ command }) => {
    console.log(`  [bash ran] ${command}`);
    return `ran: ${command}`;
  },
});

const gated = gateTools(gate, { bash }, { toolNames: { bash: 'Bash' } });

async function main(): Promise<void> {
  const messages: ModelMessage[] = [{ role: 'user', content: 'Publish the release.' }];
  console.log('step 1: the model asks for four calls');
  const first = await generateText({ model, tools: gated.tools, messages });
  for (const part of first.content) {
    if (part.type === 'tool-result') console.log(`  ${part.toolCallId} result: ${JSON.stringify(part.output)}`);
    if (part.type === 'tool-error') console.log(`  ${part.toolCallId} tool error: ${String(part.error instanceof Error ? part.error.message : part.error)}`);
    if (part.type === 'tool-approval-request') console.log(`  ${part.toolCall.toolCallId} approval requested: ${gated.pendingAsk(part.toolCall.toolCallId, part.toolCall.input)?.reason.message}`);
  }

  // The person answers the approval requests (AI SDK: tool-approval-response parts).
  const responses: ToolApprovalResponse[] = [];
  for (const part of first.content) {
    if (part.type !== 'tool-approval-request') continue;
    const command = (part.toolCall.input as { command: string }).command;
    const approved = !command.includes('--force');
    console.log(`person: ${command} → ${approved ? 'approve' : 'refuse'}`);
    responses.push({ type: 'tool-approval-response', approvalId: part.approvalId, approved, ...(approved ? {} : { reason: 'No force-pushes to main.' }) });
  }
  messages.push(...first.response.messages, { role: 'tool', content: responses });

  console.log('step 2: resume');
  const second = await generateText({ model, tools: gated.tools, messages });
  const sent = model.doGenerateCalls[1]?.prompt ?? [];
  for (const m of sent) {
    if (m.role !== 'tool') continue;
    for (const p of m.content) if (p.type === 'tool-result') console.log(`  the model sees ${p.toolCallId}: ${JSON.stringify(p.output)}`);
  }
  console.log(`final answer: ${second.text}`);
}

await main();
