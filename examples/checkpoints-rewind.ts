/**
 * Checkpoints and rewind, end to end on real files (run: `npx tsx examples/checkpoints-rewind.ts`).
 *
 * In a temporary project, two prompts edit files; each Edit/Write call is recorded with
 * `recordBeforeEdit` before it runs (a gate does this for every allowed call). Then the code is
 * rewound to before the second prompt, and then to before the first, printing each report.
 */
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCheckpoints, createNodeCheckpointStorage, createNodeWorkspace } from '../src/checkpoints/index.js';
import type { ToolCall } from '../src/core/types.js';

async function main(): Promise<void> {
  const base = await fs.mkdtemp(join(tmpdir(), 'toolgate-example-'));
  const project = join(base, 'project');
  await fs.mkdir(join(project, 'src'), { recursive: true });
  await fs.writeFile(join(project, 'src/app.ts'), 'export const greeting = "hello";\n');

  const checkpoints = createCheckpoints({
    storage: createNodeCheckpointStorage(join(base, 'checkpoints')),
    workspace: createNodeWorkspace(),
    sessionId: 'example-session',
    workingDirectories: [project],
  });

  /** Record, then carry out, a tool call (the tools themselves are the host's). */
  async function run(call: ToolCall, promptId: string): Promise<void> {
    const recorded = await checkpoints.recordBeforeEdit(call, promptId);
    console.log(`  ${call.tool} ${String(call.input.file_path ?? call.input.command)} → ${recorded.kind}${'reason' in recorded ? ` (${recorded.reason})` : ''}`);
    const input = call.input as Record<string, string>;
    if (call.tool === 'Write') await fs.writeFile(input.file_path!, input.content!);
    if (call.tool === 'Edit') {
      const text = await fs.readFile(input.file_path!, 'utf8');
      await fs.writeFile(input.file_path!, text.replace(input.old_string!, input.new_string!));
    }
  }

  console.log('prompt 1: "say hi in French"');
  await checkpoints.beginPrompt('msg-1', 'say hi in French');
  await run({ tool: 'Edit', input: { file_path: join(project, 'src/app.ts'), old_string: 'hello', new_string: 'bonjour' } }, 'msg-1');

  console.log('prompt 2: "add a README and a test"');
  await checkpoints.beginPrompt('msg-2', 'add a README and a test');
  await run({ tool: 'Write', input: { file_path: join(project, 'README.md'), content: '# Demo\n' } }, 'msg-2');
  await run({ tool: 'Edit', input: { file_path: join(project, 'src/app.ts'), old_string: 'bonjour', new_string: 'salut' } }, 'msg-2');
  await run({ tool: 'Bash', input: { command: 'npm test' } }, 'msg-2');

  const points = await checkpoints.listRewindPoints();
  if (points.ok) {
    console.log('\nrewind points:');
    for (const p of points.points) console.log(`  ${p.promptId} "${p.text}" — files changed since: ${p.filesChangedSince.map((f) => f.slice(project.length + 1)).join(', ')}`);
  }

  const show = async () => {
    const app = await fs.readFile(join(project, 'src/app.ts'), 'utf8');
    const readme = await fs.readFile(join(project, 'README.md'), 'utf8').catch(() => null);
    console.log(`  src/app.ts: ${app.trim()}\n  README.md: ${readme === null ? '(absent)' : JSON.stringify(readme)}`);
  };

  console.log('\nrewind code and conversation to before prompt 2:');
  const second = await checkpoints.rewind({ code: true, conversation: true }, 'msg-2');
  console.log(JSON.stringify(second, (k, v: unknown) => (typeof v === 'string' && v.startsWith(project) ? v.slice(project.length + 1) : v), 2));
  await show();

  console.log('\nrewind code to before prompt 1:');
  const first = await checkpoints.rewindCode('msg-1');
  if (first.ok) console.log(`  restored: ${first.restored.length}, removed: ${first.removed.length}, unchanged: ${first.unchanged.length}, not restored: ${first.notRestored.length}, errors: ${first.errors.length}`);
  await show();

  await fs.rm(base, { recursive: true, force: true });
}

void main();
