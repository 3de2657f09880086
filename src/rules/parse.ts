import type { Diagnostic } from '../core/types.js';
import { diag } from './diagnostics.js';
import { firstUnescaped, lastUnescaped, unescapeRuleContent } from './escape.js';
import { isMcpName, legacyToolName, PRIMARY_FIELD_NAMES, toolInfo } from './tools.js';
import type { ParseRuleResult, Rule } from './types.js';

const PARAM = /^([A-Za-z_-][A-Za-z0-9_-]*)\s*:\s*([\s\S]*)$/;
const HOST_BAD = /[\s/?#@\\()]/;

function fail(first: Diagnostic, ...rest: Diagnostic[]): ParseRuleResult {
  return { ok: false, issues: [first, ...rest] };
}

/** `[A-Za-z0-9_.*-]`, the characters a tool name may hold, by char code (settings load parses every rule). */
function isToolNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 42 || c === 45;
}

function bare(text: string, tool: string, toolIsGlob: boolean, warnings: Diagnostic[]): ParseRuleResult {
  return { ok: true, rule: { text, tool, toolIsGlob, family: 'bare' }, warnings };
}

/**
 * Parse a permission rule, `Tool` or `Tool(specifier)` (Claude Code docs, "Configure
 * permissions"). Never throws: bad input gives `{ ok: false, issues }` with stable `TG_RULE_*`
 * codes and a character `range` (0-based, end exclusive, into `text`); a rule that parses but is
 * suspicious or inert comes with `warnings`.
 *
 * - `Tool`, `Tool()`, `Tool(*)`, `WebFetch(domain:*)`: the bare tool (`family: 'bare'`).
 * - The specifier is read between the first unescaped `(` and a final `)`; `\(` `\)` `\\`
 *   unescape as in Claude Code. Parentheses inside need no escaping when the rule ends in `)`.
 * - Bash / Monitor → `bash` (command pattern; a legacy `:*` suffix warns). Read / Edit → `path`.
 *   Write, Glob, Grep, LSP, MultiEdit, NotebookEdit, NotebookRead path rules parse as `path` but
 *   are `ignored` with a warning. WebFetch → `domain` (`domain:host`, lower-cased, trailing dot
 *   removed). `Tool(param:value)` → `param` when `param` is a known non-primary input field of a
 *   known tool (`Agent(model:opus)`, `Bash(run_in_background:true)`); on a primary field
 *   (`Bash(command:rm *)`) it is `ignored` with a warning. `Bash(npm:*)` stays a bash rule.
 *   Any other tool (Agent, Skill, PowerShell, unknown tools) → `content`; a tool that takes no
 *   specifier (WebSearch, TodoWrite, ...) gives an `ignored` content rule with a warning.
 * - Tool names may hold `*` (`*`, `mcp__*`, `mcp__github__get_*`): `toolIsGlob`. MCP names take
 *   no specifier. `Task` is read as `Agent`.
 * @public
 */
export function parseRule(text: string): ParseRuleResult {
  if (typeof text !== 'string') return fail(diag('TG_RULE_EMPTY', 'A rule must be a string.', 0, 0));
  const warnings: Diagnostic[] = [];
  const s = text.trim();
  if (s === '') return fail(diag('TG_RULE_EMPTY', 'The rule is empty.', 0, text.length));
  // The trimmed text starts at its first non-whitespace character: the leading whitespace's length.
  const offset = s.length === text.length ? 0 : text.indexOf(s);
  if (s.length !== text.length) {
    warnings.push(diag('TG_RULE_WHITESPACE', 'Whitespace around the rule was removed.', 0, text.length));
  }

  // Without a backslash nothing is escaped: plain index searches give the same positions.
  const plain = s.indexOf('\\') === -1;
  const open = plain ? s.indexOf('(') : firstUnescaped(s, '(');
  let name: string;
  let raw: string | undefined;
  if (open === -1) {
    const stray = plain ? s.indexOf(')') : firstUnescaped(s, ')');
    if (stray !== -1) {
      return fail(diag('TG_RULE_UNBALANCED_PAREN', 'A `)` without a matching `(`.', offset + stray, offset + stray + 1));
    }
    name = s;
  } else {
    name = s.slice(0, open);
    // A rule that ends in `)` closes there (a final `)` is unescaped when there is no backslash).
    const close = plain ? (s.charCodeAt(s.length - 1) === 41 ? s.length - 1 : s.lastIndexOf(')')) : lastUnescaped(s, ')');
    if (close === -1 || close < open) {
      return fail(
        diag('TG_RULE_UNBALANCED_PAREN', 'This `(` is never closed: the rule must end with `)`.', offset + open, offset + open + 1),
      );
    }
    if (close !== s.length - 1) {
      return fail(
        diag(
          'TG_RULE_TRAILING_TEXT',
          `Unexpected text after the closing \`)\`: "${s.slice(close + 1)}".`,
          offset + close + 1,
          offset + s.length,
        ),
      );
    }
    raw = s.slice(open + 1, close);
  }

  if (name === '') return fail(diag('TG_RULE_EMPTY_TOOL', 'The rule has no tool name before `(`.', offset, offset + 1));
  for (let i = 0; i < name.length; i++) {
    if (!isToolNameChar(name.charCodeAt(i))) {
      return fail(diag('TG_RULE_INVALID_TOOL_NAME', `Tool names cannot contain "${name[i]}" (in "${name}").`, offset + i, offset + i + 1));
    }
  }
  let tool = name;
  const legacy = legacyToolName(name);
  if (legacy !== undefined) {
    tool = legacy;
    warnings.push(diag('TG_RULE_LEGACY_TOOL_NAME', `"${name}" is now called "${legacy}".`, offset, offset + name.length));
  }
  const toolIsGlob = tool.includes('*');

  if (raw === undefined) return bare(text, tool, toolIsGlob, warnings);
  const specStart = offset + open + 1;
  const specEnd = offset + s.length - 1;
  if (raw === '') {
    warnings.push(diag('TG_RULE_EMPTY_PARENS', `Empty parentheses mean every call: write "${tool}".`, specStart - 1, specEnd + 1));
    return bare(text, tool, toolIsGlob, warnings);
  }
  const content = plain ? raw : unescapeRuleContent(raw);
  if (content === '*') return bare(text, tool, toolIsGlob, warnings);
  if (toolIsGlob) {
    return fail(diag('TG_RULE_GLOB_SPECIFIER', 'A tool-name glob cannot take a specifier.', specStart, specEnd));
  }
  if (isMcpName(tool)) {
    return fail(
      diag('TG_RULE_MCP_SPECIFIER', `MCP tools take no specifier: write "${tool}" (or "mcp__server__*").`, specStart - 1, specEnd + 1),
    );
  }

  const info = toolInfo(tool);
  // PARAM needs a `:`; most specifiers have none.
  const param = content.includes(':') ? PARAM.exec(content) : null;
  if (info !== undefined && param !== null) {
    const field = param[1]!;
    const value = param[2]!;
    const isPrimary = field === info.primaryField && PRIMARY_FIELD_NAMES.includes(field);
    if (isPrimary || info.params.includes(field) || (field === info.primaryField && info.specifier === 'content')) {
      const rule: Rule = { text, tool, toolIsGlob: false, family: 'param', specifier: `${field}:${value}`, param: { name: field, value } };
      if (isPrimary) {
        rule.ignored = true;
        warnings.push(
          diag(
            'TG_RULE_PARAM_PRIMARY',
            `"${field}" is ${tool}'s primary field: write "${tool}(${value})"; this rule is ignored.`,
            specStart,
            specEnd,
          ),
        );
      } else if (info.specifier === 'bash' && value === '*') {
        warnings.push(
          diag(
            'TG_RULE_PARAM_AMBIGUOUS',
            `Read as "any call that sets ${field}"; for the \`${field}\` command write "${tool}(${field} *)".`,
            specStart,
            specEnd,
          ),
        );
      }
      return { ok: true, rule, warnings };
    }
  }

  const kind = info?.specifier ?? 'content';
  switch (kind) {
    case 'bash':
    case 'content': {
      if (content.trim() === ':*') return fail(diag('TG_RULE_EMPTY_PREFIX', '`:*` needs a prefix before it.', specStart, specEnd));
      if (content.endsWith(':*')) {
        const prefix = content.slice(0, -2);
        warnings.push(diag('TG_RULE_LEGACY_PREFIX', `Legacy ":*" suffix: write "${tool}(${prefix} *)".`, specEnd - 2, specEnd));
      }
      const rule: Rule = { text, tool, toolIsGlob: false, family: kind === 'bash' ? 'bash' : 'content', specifier: content };
      return { ok: true, rule, warnings };
    }
    case 'path':
      return { ok: true, rule: { text, tool, toolIsGlob: false, family: 'path', specifier: content }, warnings };
    case 'pathIgnored': {
      const cover = tool === 'Glob' || tool === 'Grep' || tool === 'LSP' || tool === 'NotebookRead' ? 'Read' : 'Edit';
      warnings.push(
        diag(
          'TG_RULE_PATH_IGNORED',
          `${tool}(...) path rules are never consulted: write "${cover}(${raw})", which covers ${tool}.`,
          specStart,
          specEnd,
        ),
      );
      return { ok: true, rule: { text, tool, toolIsGlob: false, family: 'path', specifier: content, ignored: true }, warnings };
    }
    case 'domain': {
      const m = /^domain:([\s\S]*)$/.exec(content);
      if (m === null) {
        return fail(
          diag('TG_RULE_DOMAIN', `WebFetch rules take "domain:<host>", e.g. "WebFetch(domain:example.com)".`, specStart, specEnd),
        );
      }
      const host = m[1]!.trim().toLowerCase().replace(/\.+$/, '');
      if (host === '*') return bare(text, tool, toolIsGlob, warnings);
      if (host === '' || HOST_BAD.test(host) || host.includes('..')) {
        return fail(diag('TG_RULE_DOMAIN', `"${m[1]!}" is not a host name or host pattern.`, specStart + 7, specEnd));
      }
      return { ok: true, rule: { text, tool, toolIsGlob: false, family: 'domain', specifier: `domain:${host}`, domain: host }, warnings };
    }
    case 'none':
      warnings.push(
        diag('TG_RULE_SPECIFIER_IGNORED', `${tool} takes no specifier: write "${tool}"; this rule is ignored.`, specStart, specEnd),
      );
      return { ok: true, rule: { text, tool, toolIsGlob: false, family: 'content', specifier: content, ignored: true }, warnings };
  }
}
