/**
 * toolgate in charge of a real Claude Agent SDK `query()` — offline.
 *
 * The SDK starts the Claude Code CLI it ships; `ANTHROPIC_BASE_URL` points that process at a
 * scripted fake Messages API on 127.0.0.1 (examples/support/fake-messages-api.ts) that answers
 * with one tool call per turn and then a final text. So the real CLI calls toolgate's PreToolUse
 * hook for every call and `canUseTool` for the asks, and runs what toolgate allows in a temp dir:
 *
 *   1. Bash `echo hello`           allowed by a rule             → runs
 *   2. Bash `rm -rf build`         denied by a rule              → the model gets the reason
 *   3. Bash `touch approved.txt`   asks (ask rule)               → canUseTool approves → runs
 *   4. Write notes.txt             rewritten by a toolgate hook  → the rewritten content is written
 *
 * Run: npx tsx examples/claude-agent-sdk.ts
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { query, type CanUseTool } from '@anthropic-ai/claude-agent-sdk';
import { createGate } from '../src/gate/index.js';
import { toAgentSdkOptions } from '../src/adapters/claude-agent-sdk/index.js';
import { offlineClaudeEnv, startFakeMessagesApi } from './support/fake-messages-api.js';

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'toolgate-agent-sdk-'));
  const project = join(dir, 'project');
  await mkdir(project);

  const api = await startFakeMessagesApi([
    { toolUse: { name: 'Bash', input: { command: 'echo hello', description: 'Say hello' } } },
    { toolUse: { name: 'Bash', input: { command: 'rm -rf build', description: 'Clean' } } },
    { toolUse: { name: 'Bash', input: { command: 'touch approved.txt', description: 'Create a file' } } },
    { toolUse: { name: 'Write', input: { file_path: join(project, 'notes.txt'), content: 'draft\n' } } },
    { text: 'All done.' },
  ]);

  // The policy: toolgate's, not Claude Code's (settingSources: [] below).
  const gate = createGate({
    policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'], ask: ['Bash(touch *)'] } } }],
    cwd: project,
    home: dir,
    mode: 'acceptEdits',
    // An Agent SDK-style callback hook run by toolgate itself (not by Claude Code): it rewrites what Write writes.
    hookCallbacks: {
      PreToolUse: [
        {
          matcher: 'Write',
          hooks: [
            async (input) => {
              const toolInput = input['tool_input'] as { file_path: string; content: string };
              // A rewritten call is gated again from the top, hooks included: rewrite only once.
              if (toolInput.content.includes('(reviewed by toolgate)')) return {};
              return { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { ...toolInput, content: `${toolInput.content}(reviewed by toolgate)\n` } } };
            },
          ],
        },
      ],
    },
  });
  gate.on('decision', (r, call) => console.log(`toolgate: ${call.tool} ${JSON.stringify(call.input.command ?? call.input.file_path)} → ${r.behavior}${r.behavior === 'deny' ? ` (${r.message})` : ''}${r.rewrites > 0 ? ` after ${r.rewrites} rewrite(s)` : ''}`));

  // The person: approves every ask it is shown.
  const person: CanUseTool = async (toolName, input, { decisionReason }) => {
    console.log(`person: asked about ${toolName} ${JSON.stringify(input.command)} because "${decisionReason}" → yes`);
    return { behavior: 'allow', updatedInput: input, decisionClassification: 'user_temporary' };
  };

  const started = Date.now();
  const run = query({
    prompt: 'Tidy up the project.',
    options: {
      ...toAgentSdkOptions(gate, { canUseTool: person }),
      cwd: project,
      permissionMode: 'default',
      settingSources: [],
      persistSession: false,
      env: offlineClaudeEnv(api.url, join(dir, 'claude-config')),
      stderr: (text) => process.stderr.write(`[claude] ${text}`),
    },
  });
  let final = '';
  for await (const message of run) {
    if (message.type === 'system' && message.subtype === 'init') console.log(`claude: started Claude Code ${message.claude_code_version} (model ${message.model})`);
    if (message.type === 'assistant') {
      for (const block of message.message.content) if (block.type === 'tool_use') console.log(`model: wants ${block.name} ${JSON.stringify(block.input)}`);
    }
    if (message.type === 'result') final = message.subtype === 'success' ? message.result : message.subtype;
  }
  await api.close();

  console.log('\ntool results the model saw:');
  for (const r of api.toolResults) console.log(`  ${r.toolUseId} ${r.isError ? 'error' : 'ok   '} ${JSON.stringify(r.text.slice(0, 120))}`);
  console.log('\non disk:');
  console.log(`  approved.txt exists: ${existsSync(join(project, 'approved.txt'))}`);
  console.log(`  notes.txt: ${JSON.stringify(await readFile(join(project, 'notes.txt'), 'utf8').catch(() => '(absent)'))}`);
  console.log(`\nfinal answer: ${final} (${api.requests} model requests, ${Date.now() - started} ms)`);
  await rm(dir, { recursive: true, force: true });
}

await main();
