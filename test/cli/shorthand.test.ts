/** The call shorthand of `toolgate check` (`Bash(git push)`, a JSON call or hook event). */
import { describe, expect, it } from 'vitest';
import { parseCallJson, parseCallShorthand } from '../../src/cli/shorthand.js';

describe('call shorthand', () => {
  it("fills each tool's main field", () => {
    expect(parseCallShorthand('Bash(git push origin main)')).toEqual({
      ok: true,
      call: { tool: 'Bash', input: { command: 'git push origin main' } },
    });
    expect(parseCallShorthand('Read(src/a.ts)')).toEqual({ ok: true, call: { tool: 'Read', input: { file_path: 'src/a.ts' } } });
    expect(parseCallShorthand('WebFetch(https://x.dev)')).toEqual({
      ok: true,
      call: { tool: 'WebFetch', input: { url: 'https://x.dev' } },
    });
    expect(parseCallShorthand('mcp__gh__get({"id":1})')).toEqual({ ok: true, call: { tool: 'mcp__gh__get', input: { id: 1 } } });
    expect(parseCallShorthand('Bash(echo (x))')).toEqual({ ok: true, call: { tool: 'Bash', input: { command: 'echo (x)' } } });
  });
  it('rejects what it cannot read, with a message', () => {
    expect(parseCallShorthand('not a call(').ok).toBe(false);
    expect(parseCallJson('{').ok).toBe(false);
    expect(parseCallJson('{"tool":"Bash","input":[]}').ok).toBe(false);
    expect(parseCallJson('{"tool_name":"Bash","tool_input":{"command":"ls"}}')).toEqual({
      ok: true,
      call: { tool: 'Bash', input: { command: 'ls' } },
    });
  });
});
