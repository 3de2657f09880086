/**
 * A minimal agent loop around a gate — offline. The "model" is a script: a list of tool calls.
 * The loop gates each call, runs what is allowed on real files in a temp project, and feeds the
 * result back. Around it:
 *
 *   - a command hook (examples/hooks/guard-bash.sh) that blocks `rm -rf`,
 *   - an HTTP hook on 127.0.0.1 that adds a license header to every new .ts file (a rewrite),
 *   - a deny rule for `.env`, an ask rule for `npm publish` answered by a callback,
 *   - checkpoints: every allowed edit is recorded first, and at the end the code is rewound.
 *
 * Run: npx tsx examples/agent-loop.ts
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createCheckpoints, createNodeCheckpointStorage, createNodeWorkspace } from '../src/checkpoints/index.js';
import type { ToolCall } from '../src/core/types.js';
import { createGate, type CanUseTool } from '../src/gate/index.js';

const run = promisify(execFile);
const guardScript = fileURLToPath(new URL('./hooks/guard-bash.sh', import.meta.url));

async function main(): Promise<void> {
  const base = await fs.mkdtemp(join(tmpdir(), 'toolgate-agent-loop-'));
  const project = join(base, 'project');
  await fs.mkdir(join(project, 'src'), { recursive: true });
  await fs.writeFile(join(project, 'src/app.ts'), 'export const greeting = "hello";\n');
  const rel = (p: unknown) => (typeof p === 'string' ? relative(project, p) : String(p));
  const clean = (text: string) => text.split(`${project}/`).join('');

  // The HTTP hook: a tiny service on 127.0.0.1 that stamps a license header on new .ts files.
  const hookServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { tool_name: string; tool_input: { file_path?: string; content?: string } };
      const input = event.tool_input;
      res.setHeader('content-type', 'application/json');
      if (event.tool_name === 'Write' && input.file_path?.endsWith('.ts') && !input.content?.startsWith('// SPDX')) {
        console.log(`    [http hook] adds a license header to ${rel(input.file_path)}`);
        res.end(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { ...input, content: `// SPDX-License-Identifier: MIT\n${input.content ?? ''}` } } }));
      } else res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/pre-tool-use`;

  const checkpoints = createCheckpoints({
    storage: createNodeCheckpointStorage(join(base, 'checkpoints')),
    workspace: createNodeWorkspace(),
    sessionId: 'agent-loop',
    workingDirectories: [project],
  });

  // The person: approves `npm publish`, but only as a dry run it can see.
  const person: CanUseTool = async (tool, input, { decisionReason }) => {
    console.log(`    [person] asked about ${tool} ${JSON.stringify(input.command)} (${decisionReason}) → yes, but just echo it`);
    return { behavior: 'allow', updatedInput: { command: 'echo "would publish"' } };
  };

  const gate = createGate({
    policy: [
      {
        kind: 'projectSettings',
        settings: {
          permissions: { deny: ['Edit(./.env)'], ask: ['Bash(npm publish *)'] },
          hooks: {
            PreToolUse: [
              { matcher: 'Bash', hooks: [{ type: 'command', command: `sh "${guardScript}"`, timeout: 10 }] },
              { matcher: 'Write|Edit', hooks: [{ type: 'http', url: hookUrl, timeout: 10 }] },
            ],
          },
        },
      },
    ],
    cwd: project,
    home: base,
    mode: 'acceptEdits',
    canUseTool: person,
    checkpoints,
  });

  // The host's tools (the loop runs only what the gate allowed, with the input it says must run).
  async function runTool(call: ToolCall): Promise<string> {
    const input = call.input as Record<string, string>;
    switch (call.tool) {
      case 'Read':
        return await fs.readFile(input.file_path!, 'utf8');
      case 'Write':
        await fs.writeFile(input.file_path!, input.content!);
        return `wrote ${rel(input.file_path)}`;
      case 'Edit': {
        const text = await fs.readFile(input.file_path!, 'utf8');
        await fs.writeFile(input.file_path!, text.replace(input.old_string!, input.new_string!));
        return `edited ${rel(input.file_path)}`;
      }
      case 'Bash':
        return (await run('sh', ['-c', input.command!], { cwd: project })).stdout;
      default:
        return `unknown tool ${call.tool}`;
    }
  }

  // The scripted model: one prompt, seven tool calls.
  const prompt = { id: 'prompt-1', text: 'Say hi in French, add a helper, and publish.' };
  const script: ToolCall[] = [
    { tool: 'Read', input: { file_path: join(project, 'src/app.ts') } },
    { tool: 'Edit', input: { file_path: join(project, 'src/app.ts'), old_string: 'hello', new_string: 'bonjour' } },
    { tool: 'Write', input: { file_path: join(project, 'src/util.ts'), content: 'export const shout = (s: string) => s.toUpperCase();\n' } },
    { tool: 'Bash', input: { command: 'ls src' } },
    { tool: 'Bash', input: { command: 'rm -rf src' } },
    { tool: 'Write', input: { file_path: join(project, '.env'), content: 'TOKEN=123\n' } },
    { tool: 'Bash', input: { command: 'npm publish --access public' } },
  ];

  console.log(`user: ${prompt.text}`);
  await checkpoints.beginPrompt(prompt.id, prompt.text);
  for (const [i, call] of script.entries()) {
    console.log(`model: ${call.tool} ${call.tool === 'Bash' ? JSON.stringify(call.input.command) : rel(call.input.file_path)}`);
    const result = await gate.check({ ...call, id: `toolu_${i + 1}` }, { promptId: prompt.id });
    let output: string;
    if (result.behavior === 'allow') {
      output = await runTool(result.call);
      const recorded = result.checkpoint !== undefined ? `, checkpoint: ${result.checkpoint.kind}` : '';
      console.log(`  allow (${result.decidedBy}: ${clean(result.reason.message)}${recorded})`);
    } else if (result.behavior === 'deny') {
      output = `Error: ${result.message}`;
      console.log(`  deny (${result.decidedBy}): ${clean(result.message.trim())}`);
    } else {
      output = `Error: the call waits for approval`;
      console.log(`  ${result.behavior}`);
    }
    console.log(`  → tool result: ${JSON.stringify(clean(output.trim()).slice(0, 80))}`);
  }

  const show = async (label: string) => {
    const files = (await fs.readdir(join(project, 'src'))).sort();
    const app = (await fs.readFile(join(project, 'src/app.ts'), 'utf8')).trim();
    console.log(`${label}: src/ = [${files.join(', ')}], app.ts = ${app}, .env ${await fs.access(join(project, '.env')).then(() => 'exists', () => 'absent')}`);
  };
  console.log('');
  await show('after the prompt');
  console.log(`util.ts starts with: ${JSON.stringify((await fs.readFile(join(project, 'src/util.ts'), 'utf8')).split('\n')[0])}`);

  const rewound = await checkpoints.rewindCode(prompt.id);
  if (!rewound.ok) throw new Error(`rewind failed: ${JSON.stringify(rewound)}`);
  console.log(`rewind to before "${prompt.text}": restored ${rewound.restored.length}, removed ${rewound.removed.length}, errors ${rewound.errors.length}`);
  await show('after the rewind');

  hookServer.close();
  await fs.rm(base, { recursive: true, force: true });
}

await main();
