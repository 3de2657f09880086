/**
 * Observes what the real Claude Code CLI sends to an `http` hook: the headers it interpolates
 * from `allowedEnvVars` (the session's project, the shell) and the event's `cwd` and
 * `transcript_path`, after the agent's shell `cd`s into a subdirectory and out of the project, and
 * whether the Bash tool's environment holds `CLAUDE_PROJECT_DIR`. The hook allows only `cd` (it
 * changes only the shell's directory) and `printenv CLAUDE_PROJECT_DIR`; it denies `pwd`, which
 * is there to show the event's `cwd`. Offline: the Messages API is a local fake.
 *
 * Usage: `npx tsx scripts/observe-cli/observe-http-hook.ts` — prints one JSON line per hook request.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { offlineClaudeEnv, startFakeMessagesApi } from '../../examples/support/fake-messages-api.js';

const bin = process.env.CLAUDE_BIN ?? join(import.meta.dirname, '../../node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude');

interface Seen {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

async function hookServer(): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      seen.push({ headers: req.headers, body });
      const command = (body['tool_input'] as { command?: string } | undefined)?.command ?? '';
      const decision = command.startsWith('cd ') || command === 'printenv CLAUDE_PROJECT_DIR' ? 'allow' : 'deny';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: 'observed' },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/claude-code`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

async function run(label: string, extraEnv: Record<string, string | undefined>): Promise<void> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'cc-http-')));
  const project = join(root, 'proj');
  const outside = join(root, 'other');
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(outside);
  const hooks = await hookServer();
  const vars = ['CLAUDE_PROJECT_DIR', 'CLAUDE_CODE_SHELL', 'SHELL'];
  const settings = join(root, 'hook-settings.json');
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: '*',
            hooks: [
              {
                type: 'http',
                url: hooks.url,
                headers: {
                  'X-Toolgate-Project': '$CLAUDE_PROJECT_DIR',
                  'X-Toolgate-Shell': '${CLAUDE_CODE_SHELL}',
                  'X-Observed-Shell': '$SHELL',
                },
                allowedEnvVars: vars,
              },
            ],
          },
        ],
      },
    }),
  );
  mkdirSync(join(project, 'sub'));
  const api = await startFakeMessagesApi([
    { toolUse: { name: 'Bash', input: { command: `cd ${join(project, 'sub')}`, description: 'cd' } } },
    { toolUse: { name: 'Bash', input: { command: 'pwd', description: 'pwd' } } },
    { toolUse: { name: 'Bash', input: { command: 'printenv CLAUDE_PROJECT_DIR', description: 'env' } } },
    { toolUse: { name: 'Bash', input: { command: `cd ${outside}`, description: 'cd' } } },
    { toolUse: { name: 'Bash', input: { command: 'pwd', description: 'pwd' } } },
    { text: 'Done.' },
  ]);
  try {
    const config = mkdtempSync(join(tmpdir(), 'cc-config-'));
    const child = spawn(
      bin,
      ['-p', 'go', '--permission-mode', 'default', '--setting-sources', '', '--settings', settings, '--output-format', 'text'],
      {
        cwd: project,
        env: { ...offlineClaudeEnv(api.url, config), CLAUDE_PROJECT_DIR: undefined, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await new Promise((r) => child.on('close', r));
    clearTimeout(timer);
    for (const s of hooks.seen) {
      process.stdout.write(
        `${JSON.stringify({
          run: label,
          project,
          outside,
          command: (s.body['tool_input'] as { command?: string })?.command,
          cwd: s.body['cwd'],
          transcript_path: s.body['transcript_path'],
          project_header: s.headers['x-toolgate-project'],
          shell_header: s.headers['x-toolgate-shell'],
          observed_shell_header: s.headers['x-observed-shell'],
        })}\n`,
      );
    }
    if (hooks.seen.length === 0)
      process.stdout.write(`${JSON.stringify({ run: label, error: `no hook request; stderr: ${stderr.slice(0, 400)}` })}\n`);
    process.stdout.write(`${JSON.stringify({ run: label, toolResults: api.toolResults.map((r) => r.text.slice(0, 160)) })}\n`);
  } finally {
    await api.close();
    await hooks.close();
  }
}

await run('SHELL=/bin/bash', { SHELL: '/bin/bash', CLAUDE_CODE_SHELL: undefined });
await run('SHELL=/bin/bash CLAUDE_CODE_SHELL=/usr/bin/zsh', { SHELL: '/bin/bash', CLAUDE_CODE_SHELL: '/usr/bin/zsh' });
