import type { ToolCall } from '../core/types.js';
import { primaryField } from '../rules/index.js';

/** Input field a `Tool(content)` shorthand fills for tools whose rules read another field. */
const SHORTHAND_FIELD: Record<string, string> = { Glob: 'pattern', Grep: 'pattern', WebSearch: 'query', Task: 'subagent_type' };

/** The field a bare string fills for `tool`, or `undefined` when the tool has none. */
export function fieldFor(tool: string): string | undefined {
  return SHORTHAND_FIELD[tool] ?? primaryField(tool);
}

/**
 * Read a call as written in a policy test: `{ tool, input }`, or the shorthand `Tool(content)`
 * (the content fills the tool's main field: `Bash(git status)`, `Read(src/a.ts)`,
 * `WebFetch(https://x.com)`), or a bare tool name (`mcp__github__get_issue`).
 * @public
 */
export function readCall(value: unknown): { ok: true; call: ToolCall } | { ok: false; message: string } {
  if (typeof value === 'string') {
    const m = /^([A-Za-z0-9_.*-]+)(?:\(([\s\S]*)\))?$/.exec(value.trim());
    if (m === null || m[1] === undefined)
      return { ok: false, message: `expected a call like "Bash(git status)", got ${JSON.stringify(value)}` };
    const tool = m[1];
    if (m[2] === undefined) return { ok: true, call: { tool, input: {} } };
    const field = fieldFor(tool);
    if (field === undefined)
      return { ok: false, message: `${tool} has no main input field: write the call as { "tool": "${tool}", "input": {...} }` };
    return { ok: true, call: { tool, input: { [field]: m[2] } } };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'a call must be "Tool(content)" or { "tool", "input" }' };
  const o = value as Record<string, unknown>;
  const tool = o['tool'] ?? o['tool_name'];
  const input = o['input'] ?? o['tool_input'] ?? {};
  if (typeof tool !== 'string' || tool === '') return { ok: false, message: 'a call needs a string "tool"' };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { ok: false, message: '"input" must be an object' };
  return { ok: true, call: { tool, input: input as Record<string, unknown> } };
}

/**
 * A call for an inline rule example: a string fills the rule tool's main field (a WebFetch host
 * becomes `https://host/`); for tools without one (MCP tools, bare tools) the string is the tool
 * name. Objects are read by {@link readCall}.
 */
export function exampleCall(ruleTool: string, value: unknown): { ok: true; call: ToolCall } | { ok: false; message: string } {
  if (typeof value !== 'string') return readCall(value);
  const tool = ruleTool === 'Task' ? 'Agent' : ruleTool;
  if (tool.includes('*') || tool.startsWith('mcp__')) return { ok: true, call: { tool: value, input: {} } };
  const field = primaryField(tool);
  if (field === undefined) return { ok: true, call: { tool, input: {} } };
  const text = tool === 'WebFetch' && !/^[a-z]+:\/\//i.test(value) ? `https://${value}/` : value;
  return { ok: true, call: { tool, input: { [field]: text } } };
}
