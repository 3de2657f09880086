/**
 * The MCP servers Claude Code starts by itself: each stdio server's `command` and `args`, as
 * `.mcp.json` (project scope) and `~/.claude.json` (user scope `mcpServers`, local scope
 * `projects[<project>].mcpServers`) name them. Claude Code spawns them at session start, with no
 * tool call and with the user's rights (its MCP documentation): the files such a command runs
 * are code as a hook's script is (red team 27, RT27-J; decision 0144).
 */
import type { ReadonlyFsView } from '../core/ports.js';

/** One server's command line, as shell text, and where it is configured (a reason's words). */
export interface McpServerCommand {
  command: string;
  /** What runs it, as a reason says (`.mcp.json's server x runs, which Claude Code starts …`). */
  runBy: string;
}

/**
 * The command lines of the stdio MCP servers the project's `.mcp.json` and the user's
 * `~/.claude.json` configure. Every `.mcp.json` server counts, approved or not: approving one
 * (`enableAllProjectMcpServers`, `enabledMcpjsonServers`, the start-up dialog) is by its name,
 * not by what its script holds now. A file the view cannot read or parse adds nothing (decision
 * 0136's rule: protect what it names); the file itself is a protected name.
 */
export function mcpServerCommands(projectDir: string | undefined, home: string, view: ReadonlyFsView | undefined): McpServerCommand[] {
  if (view?.readText === undefined) return [];
  const out: McpServerCommand[] = [];
  const h = home === '/' ? '' : home;
  if (projectDir !== undefined) {
    const project = jsonObject(view.readText(`${projectDir === '/' ? '' : projectDir}/.mcp.json`));
    out.push(...serversOf(project?.['mcpServers'], ".mcp.json's server", home, 'at each session start once it is approved'));
  }
  const user = jsonObject(view.readText(`${h}/.claude.json`));
  out.push(...serversOf(user?.['mcpServers'], "~/.claude.json's user-scope server", home));
  const projects = objectOf(user?.['projects']);
  if (projectDir !== undefined) out.push(...serversOf(objectOf(projects?.[projectDir])?.['mcpServers'], "~/.claude.json's local-scope server", home));
  return out;
}

/** The stdio servers of one `mcpServers` object: a `command` string with its string `args` (a server with a `url` is remote). */
function serversOf(servers: unknown, from: string, home: string, when = 'at each session start'): McpServerCommand[] {
  const out: McpServerCommand[] = [];
  for (const [name, server] of Object.entries(objectOf(servers) ?? {})) {
    const s = objectOf(server);
    const command = s?.['command'];
    if (typeof command !== 'string' || command === '') continue;
    const args = Array.isArray(s?.['args']) ? (s['args'] as unknown[]).filter((a): a is string => typeof a === 'string') : [];
    out.push({ command: [command, ...args].map((w) => shellWord(w, home)).join(' '), runBy: `${from} ${name} runs, which Claude Code starts ${when}, with no tool call` });
  }
  return out;
}

/**
 * A word as shell text. Claude Code hands each word to the program with no shell, after putting
 * in the variables `${VAR}` names (its MCP documentation: `${HOME}` is known here; another stays a
 * variable, which names no file); one with blanks or quotes is quoted, a `~` is no home directory.
 */
function shellWord(word: string, home: string): string {
  const w = word.replace(/\$\{HOME\}/g, home);
  if (/^[\w@%+=:,./-][\w@%+=:,./~-]*$/.test(w)) return w;
  return w.includes('${') ? `"${w.replace(/["\\`]/g, '\\$&')}"` : `'${w.replace(/'/g, `'\\''`)}'`;
}

function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    return objectOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
