/**
 * toolgate with the OpenAI Agents SDK (`@openai/agents`) — offline, with a scripted `Model`.
 *
 * The model asks for four shell calls. toolgate allows `echo`, denies `rm` (the tool input
 * guardrail rejects it: the model reads the reason), and asks for the two `git push` calls — the
 * run stops with interruptions. The run state is serialized (as a server would between requests),
 * together with toolgate's asks (`saveAsks`), as a server would between requests; a fresh tool set
 * restores them (`restoreAsks`), a person approves one push and refuses the other, and the run
 * resumes from the state: the approved call is gated again, resumed through toolgate
 * (`gate.answer`) and runs.
 *
 * Run: npx tsx examples/openai-agents.ts
 */
import { Agent, run, RunState, setTracingDisabled, tool, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { z } from 'zod';
import { createGate } from '../src/gate/index.js';
import { gateAgentTools } from '../src/adapters/openai-agents/index.js';

setTracingDisabled(true);

/** A scripted model: the first request gets four tool calls, every later one a final text. */
class ScriptedModel implements Model {
  requests: ModelRequest[] = [];
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const call = (callId: string, command: string) => ({ type: 'function_call' as const, callId, name: 'run_shell', arguments: JSON.stringify({ command }), status: 'completed' as const });
    const output =
      this.requests.length === 1
        ? [call('call_1', 'echo hello'), call('call_2', 'rm -rf build'), call('call_3', 'git push origin main'), call('call_4', 'git push --force origin main')]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'Pushed to main; no force-push.' }] }];
    return { usage: new Usage(), output };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('streaming is not scripted');
  }
}

const gate = createGate({
  policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } } }],
  cwd: '/home/user/project',
  home: '/home/user',
  mode: 'default',
});

// The host's tool: it only prints (nothing really runs in this example).
const runShell = tool({
  name: 'run_shell',
  description: 'Run a shell command',
  parameters: z.object({ command: z.string() }),
  execute: async ({ command }) => {
    console.log(`  [run_shell ran] ${command}`);
    return `ran: ${command}`;
  },
});

const gated = gateAgentTools(gate, [runShell], { toolNames: { run_shell: 'Bash' } });

async function main(): Promise<void> {
  const model = new ScriptedModel();
  const agent = new Agent({ name: 'release', instructions: 'Publish the release.', model, tools: gated.tools });

  console.log('run 1');
  const first = await run(agent, 'Publish the release.');
  for (const g of first.toolInputGuardrailResults) if (g.output.behavior.type === 'rejectContent') console.log(`  guardrail rejected: ${g.output.behavior.message}`);
  console.log(`  interruptions: ${first.interruptions.length}`);

  // Between requests: the run state is a string, saved with toolgate's asks (their reason and kind);
  // a process that resumes it — here a fresh tool set, as after a restart — restores both.
  const saved = JSON.stringify({ state: first.state.toString(), asks: gated.saveAsks() });
  const resumed = gateAgentTools(gate, [runShell], { toolNames: { run_shell: 'Bash' } });
  const fromDisk = JSON.parse(saved) as { state: string; asks: unknown[] };
  resumed.restoreAsks(fromDisk.asks);
  const agent2 = new Agent({ name: 'release', instructions: 'Publish the release.', model, tools: resumed.tools });
  const state = await RunState.fromString(agent2, fromDisk.state);
  for (const interruption of state.getInterruptions()) {
    if (interruption.rawItem.type !== 'function_call') continue;
    const ask = resumed.pendingAsk(interruption.rawItem.callId, interruption.arguments);
    const command = (JSON.parse(interruption.arguments ?? '{}') as { command: string }).command;
    const approve = !command.includes('--force');
    console.log(`person: ${command} (${ask?.askKind} ask: ${ask?.reason.message ?? '?'}) → ${approve ? 'approve' : 'refuse'}`);
    if (approve) state.approve(interruption);
    else state.reject(interruption, { message: 'No force-pushes to main.' });
  }

  console.log('run 2 (resumed from the state)');
  const second = await run(agent2, state);
  const seen = model.requests[1]?.input;
  for (const item of Array.isArray(seen) ? seen : []) {
    if (item.type === 'function_call_result') console.log(`  the model sees ${item.callId}: ${JSON.stringify(item.output)}`);
  }
  console.log(`final answer: ${String(second.finalOutput)}`);
}

await main();
