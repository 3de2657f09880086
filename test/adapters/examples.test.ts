import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/esm/index.mjs', import.meta.url));

/** Run an example the way a user would (`npx tsx examples/<name>.ts`), from the repository root. */
function runExample(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, `examples/${name}.ts`], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('examples run offline and print their transcript', () => {
  it('agent-loop: hooks, an answered ask, denials and a rewind', async () => {
    const r = await runExample('agent-loop');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('[http hook] adds a license header to src/util.ts');
    expect(r.stdout).toContain('deny (preToolUseHook): guard-bash.sh: recursive deletes are not allowed');
    expect(r.stdout).toContain('deny (rules): denied by Edit(./.env)');
    expect(r.stdout).toContain('[person] asked about Bash "npm publish --access public"');
    expect(r.stdout).toContain('→ tool result: "would publish"');
    expect(r.stdout).toContain('util.ts starts with: "// SPDX-License-Identifier: MIT"');
    expect(r.stdout).toContain('after the rewind: src/ = [app.ts], app.ts = export const greeting = "hello";');
  });

  it('claude-agent-sdk: the real query() and Claude Code CLI against a fake Messages API', async () => {
    const r = await runExample('claude-agent-sdk');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/claude: started Claude Code \d+\.\d+\.\d+/);
    expect(r.stdout).toContain('toolgate: Bash "echo hello" → allow');
    expect(r.stdout).toContain('toolgate: Bash "rm -rf build" → deny');
    expect(r.stdout).toContain('person: asked about Bash "touch approved.txt"');
    expect(r.stdout).toMatch(/toolu_01 ok +"hello"/);
    expect(r.stdout).toMatch(/toolu_02 error .*Bash\(rm \*\)/);
    expect(r.stdout).toContain('approved.txt exists: true');
    expect(r.stdout).toContain('notes.txt: "draft\\n(reviewed by toolgate)\\n"');
    expect(r.stdout).toContain('final answer: All done.');
  });

  it('vercel-ai: asks as tool approvals, denials as tool errors', async () => {
    const r = await runExample('vercel-ai');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('call_2 tool error: denied by Bash(rm *)');
    expect(r.stdout).toContain('call_3 approval requested: ask rule Bash(git push *)');
    expect(r.stdout).toContain('[bash ran] git push origin main');
    expect(r.stdout).not.toContain('[bash ran] git push --force');
    expect(r.stdout).toContain('the model sees call_4: {"type":"execution-denied","reason":"No force-pushes to main."}');
  });

  it('openai-agents: guardrail denials, interruptions resumed from the run state', async () => {
    const r = await runExample('openai-agents');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('guardrail rejected: denied by Bash(rm *)');
    expect(r.stdout).toContain('interruptions: 2');
    expect(r.stdout).toContain('person: git push origin main (firm ask: ask rule Bash(git push *)');
    expect(r.stdout).toContain('[run_shell ran] git push origin main');
    expect(r.stdout).not.toContain('[run_shell ran] git push --force');
    expect(r.stdout).toContain('the model sees call_4: {"type":"text","text":"No force-pushes to main."}');
    expect(r.stdout).toContain('final answer: Pushed to main; no force-push.');
  });

  it('mcp: callTool gated as mcp__<server>__<tool>', async () => {
    const r = await runExample('mcp');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('toolgate: mcp__github__read_issue → allow');
    expect(r.stdout).toContain('→ tool error: mcp__github__delete_repo is removed by the deny rule');
    expect(r.stdout).toContain('→ ok: created "Crash on start" [triage]');
    expect(r.stdout).toContain('listTools offers: read_issue, create_issue');
  });
});
