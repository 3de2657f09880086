/**
 * Observes the real Claude Code CLI's decision (allow / ask) on shell commands: for each command
 * the bundled `claude` binary runs offline against a scripted Messages API that asks for one Bash
 * call, with no settings (`--setting-sources ''`) in default mode. An allowed command runs; an
 * asked one is refused in `-p` mode with a permission message. Run it only inside the sandbox
 * (`scripts/observe-cli/sandbox.sh`): allowed commands really run.
 *
 * Input: JSON lines `{"id","command"}` on stdin. Output: JSON lines `{"id","command","result","text"}`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { offlineClaudeEnv, startFakeMessagesApi } from '../../examples/support/fake-messages-api.js';

const bin = process.env.CLAUDE_BIN ?? join(import.meta.dirname, '../../node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude');
const cwd = process.env.OBSERVE_CWD ?? process.cwd();

async function observe(command: string): Promise<{ result: 'allow' | 'ask' | 'error'; text: string }> {
  const api = await startFakeMessagesApi([{ toolUse: { name: 'Bash', input: { command, description: 'run' } } }, { text: 'Done.' }]);
  try {
    const config = mkdtempSync(join(tmpdir(), 'cc-config-'));
    const child = spawn(bin, ['-p', 'go', '--permission-mode', 'default', '--setting-sources', '', '--output-format', 'text'], {
      cwd,
      env: offlineClaudeEnv(api.url, config),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await new Promise((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    const r = api.toolResults[0];
    if (!r) return { result: 'error', text: `no tool result; stderr: ${stderr.slice(0, 300)}` };
    // An allowed command runs (a failing one reports "Exit code N"); an asked one is refused with a reason.
    const asked = r.isError && !/^Exit code \d+/.test(r.text);
    return { result: asked ? 'ask' : 'allow', text: r.text.slice(0, 300) };
  } finally {
    await api.close();
  }
}

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const { id, command } = JSON.parse(line) as { id: string; command: string };
  const o = await observe(command);
  process.stdout.write(JSON.stringify({ id, command, ...o }) + '\n');
}
