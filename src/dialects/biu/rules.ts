/**
 * biu's rule strings and how they match (biu docs, "Rule syntax" and "Matching semantics per
 * tool family").
 * @packageDocumentation
 */
import { normalizePath, type NormalizeOptions } from '../../paths/index.js';
import { memo, pathGlobRegExp, textGlobRegExp } from '../shared/glob.js';

/**
 * A parsed biu rule: the tool name as written and the content qualifier, if any. A bare rule
 * (`Tool`, `Tool()`, `Tool(*)`, legacy `tool:**`) has no content.
 * @public
 */
export interface BiuRule {
  text: string;
  toolName: string;
  ruleContent?: string;
}

/** The result of parsing a biu rule. @public */
export type BiuRuleResult = { ok: true; rule: BiuRule } | { ok: false; message: string };

/**
 * Parse a biu rule: `Tool`, `Tool(content)` with `\(` `\)` escapes, `Tool(prefix:*)`; empty
 * content and `*` collapse to a bare rule; the legacy `tool:detail` form means
 * `tool(detail:*)` and legacy `tool:**` a bare rule (biu docs, "Rule syntax").
 * @public
 */
export function parseBiuRule(text: string): BiuRuleResult {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'empty rule' };
  const open = t.indexOf('(');
  if (open < 0) {
    const colon = t.indexOf(':');
    if (colon > 0) {
      const toolName = t.slice(0, colon).trim();
      const detail = t.slice(colon + 1).trim();
      if (!validToolName(toolName)) return { ok: false, message: `invalid tool name "${toolName}"` };
      if (detail === '' || detail === '*' || detail === '**') return { ok: true, rule: { text, toolName } };
      return { ok: true, rule: { text, toolName, ruleContent: `${detail}:*` } };
    }
    if (!validToolName(t)) return { ok: false, message: `invalid tool name "${t}"` };
    return { ok: true, rule: { text, toolName: t } };
  }
  if (!t.endsWith(')')) return { ok: false, message: 'a rule with "(" must end with ")"' };
  const toolName = t.slice(0, open).trim();
  if (!validToolName(toolName)) return { ok: false, message: `invalid tool name "${toolName}"` };
  const raw = t.slice(open + 1, -1);
  let content = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && (raw[i + 1] === '(' || raw[i + 1] === ')' || raw[i + 1] === '\\')) {
      content += raw[i + 1];
      i++;
    } else if (c === '(' || c === ')') {
      return { ok: false, message: 'unescaped parenthesis in the content; write \\( or \\)' };
    } else content += c;
  }
  if (content === '' || content === '*') return { ok: true, rule: { text, toolName } };
  return { ok: true, rule: { text, toolName, ruleContent: content } };
}

function validToolName(name: string): boolean {
  return /^[A-Za-z0-9_*.-]+$/.test(name);
}

/** Tool names biu treats as the same tool whatever their case: the canonical spelling. */
const CANONICAL = [
  'Bash',
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'Glob',
  'Grep',
  'NotebookEdit',
  'NotebookRead',
  'WebFetch',
  'WebSearch',
  'Agent',
  'Task',
  'TodoWrite',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
  'Skill',
];
const BY_LOWER = new Map(CANONICAL.map((n) => [n.toLowerCase(), n]));

/** The canonical spelling of a tool name (biu compares tool names without case). @public */
export function canonicalBiuTool(name: string): string {
  return BY_LOWER.get(name.toLowerCase()) ?? name;
}

/** Path-based tools: their content is a path glob, and the working-directory gate applies. @public */
export const BIU_PATH_TOOLS: readonly string[] = ['Read', 'Write', 'Edit', 'MultiEdit', 'Glob', 'Grep', 'NotebookEdit', 'NotebookRead'];
/** Tools that write files (biu "file writes" and acceptEdits). @public */
export const BIU_EDIT_TOOLS: readonly string[] = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'];
/** Tools that only read. @public */
export const BIU_READ_TOOLS: readonly string[] = ['Read', 'Glob', 'Grep', 'NotebookRead'];

/** Fields "other tools" are tried against, in order (biu docs, "Matching semantics"). */
const OTHER_FIELDS = ['path', 'file_path', 'pattern', 'command', 'url', 'query'] as const;

/** The command of a Bash call: `command`, or the legacy `cmd`. @public */
export function biuCommandOf(input: Record<string, unknown>): string | undefined {
  const c = input['command'] ?? input['cmd'];
  return typeof c === 'string' ? c : undefined;
}

/** The file path of a path-based call: `file_path`, `path` or `notebook_path`. @public */
export function biuPathOf(input: Record<string, unknown>): string | undefined {
  for (const k of ['file_path', 'path', 'notebook_path', 'filePath']) {
    const v = input[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

const textRe = memo((p: string) => textGlobRegExp(p));
const pathRe = memo((p: string) => pathGlobRegExp(p));

/**
 * Does a Bash content pattern match a command? `prefix:*` matches the prefix itself or
 * `prefix <anything>`; a pattern with `*` is a whole-string wildcard (a single trailing ` *` also
 * matches the bare prefix); anything else must equal the command. The command is not split into
 * parts (biu docs, "Matching semantics": "The full command string").
 * @public
 */
export function matchBiuCommand(pattern: string, command: string): boolean {
  const cmd = command.trim();
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return cmd === prefix || cmd.startsWith(`${prefix} `);
  }
  if (pattern.includes('*')) {
    if (textRe(pattern).test(cmd)) return true;
    if (pattern.endsWith(' *') && pattern.indexOf('*') === pattern.length - 1) return cmd === pattern.slice(0, -2);
    return false;
  }
  return cmd === pattern;
}

/**
 * Does a path content pattern match a path? Glob style: `**` across directories, `*` one level,
 * `?` one character. Relative patterns (`./src/**`, `src/**`) are taken from the working
 * directory, `~/` from home. A pattern without wildcards also covers what is inside it.
 * @public
 */
export function matchBiuPath(pattern: string, path: string, opts: NormalizeOptions): boolean {
  const abs = normalizePath(path, opts);
  const base = /[*?]/.test(pattern) ? pattern : pattern.replace(/\/+$/, '');
  const anchored = base.startsWith('/') || base.startsWith('~') ? base : `${opts.cwd.replace(/\/+$/, '')}/${base.replace(/^\.\//, '')}`;
  const full = anchored.startsWith('~') ? `${opts.home.replace(/\/+$/, '')}${anchored.slice(1)}` : anchored;
  if (pathRe(full).test(abs)) return true;
  if (!/[*?]/.test(full)) return abs.startsWith(`${full}/`);
  return false;
}

/** Does a rule's tool name cover a call's tool? Case-insensitive; `mcp__server` and `mcp__server__*` cover the server's tools. @public */
export function biuToolMatches(ruleTool: string, callTool: string): boolean {
  const r = ruleTool.toLowerCase();
  const c = callTool.toLowerCase();
  if (r === c) return true;
  if (r === 'task' && c === 'agent') return true;
  if (r.startsWith('mcp__')) {
    const server = r.endsWith('__*') ? r.slice(0, -3) : r;
    if (server.split('__').length === 2) return c.startsWith(`${server}__`);
  }
  if (r.includes('*')) return textRe(r).test(c);
  return false;
}

/**
 * Does a biu rule match a call? The tool name must match; a bare rule matches every call; the
 * content is matched per tool family (biu docs, "Matching semantics per tool family").
 * @public
 */
export function matchBiuRule(rule: BiuRule, tool: string, input: Record<string, unknown>, opts: NormalizeOptions): boolean {
  if (!biuToolMatches(rule.toolName, tool)) return false;
  const content = rule.ruleContent;
  if (content === undefined) return true;
  const canonical = canonicalBiuTool(tool);
  if (canonical === 'Bash') {
    const cmd = biuCommandOf(input);
    return cmd !== undefined && matchBiuCommand(content, cmd);
  }
  if (canonical === 'Grep') {
    const pattern = input['pattern'];
    if (typeof pattern === 'string' && textRe(content).test(pattern)) return true;
    const p = input['path'];
    return typeof p === 'string' && p !== '' && matchBiuPath(content, p, opts);
  }
  if (canonical === 'Glob') {
    const p = input['path'];
    if (typeof p === 'string' && p !== '' && matchBiuPath(content, p, opts)) return true;
    const pattern = input['pattern'];
    return typeof pattern === 'string' && (matchBiuPath(content, pattern, opts) || textRe(content).test(pattern));
  }
  if (BIU_PATH_TOOLS.includes(canonical)) {
    const p = biuPathOf(input);
    return p !== undefined && matchBiuPath(content, p, opts);
  }
  for (const field of OTHER_FIELDS) {
    const v = input[field];
    if (typeof v === 'string' && textRe(content).test(v)) return true;
  }
  return false;
}
