import { describe, expect, it } from 'vitest';
import { runExample } from './run-example.js';

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
