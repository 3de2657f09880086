/**
 * The MCP servers Claude Code starts by itself: each stdio server's `command` and `args`, as
 * `.mcp.json` (project scope) and `~/.claude.json` (user scope `mcpServers`, local scope
 * `projects[<project>].mcpServers`) name them. Claude Code spawns them at session start, with no
 * tool call and with the user's rights (its MCP documentation): the files such a command runs
 * are code as a hook's script is (red team 27, RT27-J; decision 0144).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { expandedWords, type ExpansionRules, type ExpansionWorld } from './configuration-variables.js';

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
export function mcpServerCommands(
  projectDir: string | undefined,
  home: string,
  view: ReadonlyFsView | undefined,
  /** The variables Claude Code expands `${VAR}` with (absent: each unknown). */
  variable: ExpansionWorld['variable'] = () => undefined,
): McpServerCommand[] {
  if (view?.readText === undefined) return [];
  const out: McpServerCommand[] = [];
  const h = home === '/' ? '' : home;
  // `${HOME}` is the home directory Claude Code runs with and `${PWD}` the folder it was started in
  // (the shell that started it exports both), where the facts do not say.
  const here = projectDir ?? home;
  const world: ExpansionWorld = { variable: (n) => (n === 'HOME' || n === 'PWD' ? stringOr(variable(n), n === 'HOME' ? home : here) : variable(n)), here };
  if (projectDir !== undefined) {
    const project = jsonObject(view.readText(`${projectDir === '/' ? '' : projectDir}/.mcp.json`));
    out.push(...serversOf(project?.['mcpServers'], ".mcp.json's server", world, 'at each session start once it is approved'));
  }
  const user = jsonObject(view.readText(`${h}/.claude.json`));
  out.push(...serversOf(user?.['mcpServers'], "~/.claude.json's user-scope server", world));
  const projects = objectOf(user?.['projects']);
  if (projectDir !== undefined) out.push(...serversOf(objectOf(projects?.[projectDir])?.['mcpServers'], "~/.claude.json's local-scope server", world));
  return out;
}

/**
 * The stdio servers of one `mcpServers` object: a `command` string with its string `args` (a server
 * with a `url` is remote), and its `env` entries, which are the server's environment — every
 * program it starts inherits them (node 20 loaded `NODE_OPTIONS=--require ./tools/pre.js`'s file at
 * `npx --version`, check29 c29-25): written as assignments before the command, read through the one
 * table of program variables as `NAME=value cmd` is. Claude Code expands `${VAR}` and
 * `${VAR:-default}` in each (`configuration-variables.ts`); a word whose value is not known gives
 * one command line per value it may have.
 */
function serversOf(servers: unknown, from: string, world: ExpansionWorld, when = 'at each session start'): McpServerCommand[] {
  const out: McpServerCommand[] = [];
  for (const [name, server] of Object.entries(objectOf(servers) ?? {})) {
    const s = objectOf(server);
    const command = s?.['command'];
    if (typeof command !== 'string' || command === '') continue;
    const args = Array.isArray(s?.['args']) ? (s['args'] as unknown[]).filter((a): a is string => typeof a === 'string') : [];
    const env = Object.entries(objectOf(s?.['env']) ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && /^[A-Za-z_]\w*$/.test(e[0]));
    const words = [...env.map(([k, v]) => ({ prefix: `${k}=`, word: v })), { prefix: '', word: command }, ...args.map((a) => ({ prefix: '', word: a }))];
    const runBy = `${from} ${name} runs, which Claude Code starts ${when}, with no tool call`;
    for (const line of expandedWords(words.map((w) => w.word), world, MCP_EXPANSION))
      out.push({ command: line.map((w, k) => `${words[k]!.prefix}${shellWord(w)}`).join(' '), runBy });
  }
  return out;
}

/**
 * Claude Code's expansion (its MCP documentation, "Environment variable expansion in .mcp.json"):
 * `${VAR}` and `${VAR:-default}` in `command`, `args` and `env`; an unset variable with no default
 * stays as written (a write-up on Claude Code 2.1.278: it reached the server as the literal text);
 * `$VAR` is not expanded.
 */
const MCP_EXPANSION: ExpansionRules = { defaults: true };

/**
 * A word as shell text. Claude Code hands each word to the program with no shell, so a word is
 * quoted whole (`'a b'`, a `~` no home directory); a variable whose value is not known stays a
 * variable (`"${TOKEN}"`), which names no file.
 */
function shellWord(w: string): string {
  if (/^[\w@%+=:,./-][\w@%+=:,./~-]*$/.test(w)) return w;
  if (w === '') return "''";
  return w.includes('${') ? `"${w.replace(/["\\`]/g, '\\$&')}"` : `'${w.replace(/'/g, `'\\''`)}'`;
}

function stringOr(value: string | null | undefined, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
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
