/**
 * The Agent SDK example (examples/claude-agent-sdk.ts): the real `query()` and the Claude Code CLI
 * against a fake Messages API. In the `claude` suite: it starts the Claude Code binary; the other
 * examples are in examples.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runExample } from './run-example.js';

describe('examples run offline and print their transcript', () => {
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
});
