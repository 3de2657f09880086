import type { ToolCall } from '../core/types.js';

/** Which input field a shorthand `Tool(content)` fills, per tool. */
const SHORTHAND_FIELD: Record<string, string> = {
  Bash: 'command',
  Monitor: 'command',
  PowerShell: 'command',
  Read: 'file_path',
  Edit: 'file_path',
  Write: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
  NotebookRead: 'notebook_path',
  Glob: 'pattern',
  Grep: 'pattern',
  LSP: 'file_path',
  WebFetch: 'url',
  WebSearch: 'query',
  Agent: 'subagent_type',
  Task: 'subagent_type',
  Skill: 'skill',
};

/** Parse a call written as `Tool(content)` or `Tool`; the content fills the tool's main field. */
export function parseCallShorthand(text: string): { ok: true; call: ToolCall } | { ok: false; message: string } {
  const trimmed = text.trim();
  const m = /^([A-Za-z0-9_.:-]+)(?:\(([\s\S]*)\))?$/.exec(trimmed);
  if (!m || m[1] === undefined) {
    return { ok: false, message: `expected a call like 'Bash(git status)' or 'Read(src/a.ts)', got ${JSON.stringify(text)}` };
  }
  const tool = m[1];
  const content = m[2];
  if (content === undefined) return { ok: true, call: { tool, input: {} } };
  const field = SHORTHAND_FIELD[tool] ?? (tool.startsWith('mcp__') ? undefined : 'value');
  if (field === undefined) {
    try {
      const input = JSON.parse(content) as unknown;
      if (input && typeof input === 'object' && !Array.isArray(input))
        return { ok: true, call: { tool, input: input as Record<string, unknown> } };
    } catch {
      // fall through
    }
    return { ok: false, message: `MCP tool input must be a JSON object: ${tool}({"key": "value"})` };
  }
  return { ok: true, call: { tool, input: { [field]: content } } };
}

/** Parse `--call '<json>'`: `{ "tool": ..., "input": {...} }` (or the hook shape `tool_name` / `tool_input`). */
export function parseCallJson(text: string): { ok: true; call: ToolCall } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `--call is not valid JSON: ${(e as Error).message}` };
  }
  return callFromObject(value);
}

/** Accept `{tool, input}` or a hook event's `{tool_name, tool_input}`. */
export function callFromObject(value: unknown): { ok: true; call: ToolCall } | { ok: false; message: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'a call must be a JSON object' };
  const o = value as Record<string, unknown>;
  const tool = o['tool'] ?? o['tool_name'];
  const input = o['input'] ?? o['tool_input'] ?? {};
  if (typeof tool !== 'string' || tool === '') return { ok: false, message: 'a call needs a string "tool"' };
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, message: '"input" must be an object' };
  const id = o['id'] ?? o['tool_use_id'];
  return { ok: true, call: { tool, input: input as Record<string, unknown>, ...(typeof id === 'string' ? { id } : {}) } };
}
